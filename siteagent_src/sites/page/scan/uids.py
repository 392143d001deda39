"""Uids that never lie: how a scan names an element (`u<n>`), what a uid is checked against when it comes
back (its element's fingerprint: role and name; prose blocks only by identity), and the refusals.

The table itself (uid -> weak reference, fingerprint, route) lives in the tab (scan/tab/uids.py). Numbers never
repeat within a tab: the worker passes the highest one it has seen as a floor.

Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import all_digits, kind_of
from core.reasons import INVALID_ARGS, STALE_UID

PROSE = 'prose'          # the fingerprint of a prose block: it has no role or name to keep
HINT = 'scan again'
UNKNOWN = 'is unknown on this page (the page was reloaded or navigated)'
ROUTE_CHANGED = 'is from before a route change'
GONE = 'is gone from the page'
CHANGED = 'changed its role or name'


def fingerprint(role, name):
    """What an element must still be for its uid to resolve: its role and accessible name (both strings)."""
    return role + '|' + name


def uid_text(number):
    return 'u' + str(number)


def uid_number(uid):
    """The n of a uid `u<n>` (ASCII digits), or None for anything else."""
    if kind_of(uid) != 'string' or len(uid) < 2 or uid[0] != 'u' or not all_digits(uid[1:len(uid)]):
        return None
    return int(uid[1:len(uid)])


def not_a_uid(uid):
    """The refusal for an argument that is not a uid from a scan."""
    return {'ok': False, 'reason': INVALID_ARGS, 'field': 'uid',
            'message': 'uid: "' + (uid if kind_of(uid) == 'string' else str(uid)) + '" is not a uid from a scan (u<n>)'}


def stale(uid, why):
    """The refusal for a uid that no longer names what it named (why: UNKNOWN, ROUTE_CHANGED, GONE, CHANGED)."""
    return {'ok': False, 'reason': STALE_UID, 'message': 'uid: ' + uid + ' ' + why, 'hint': HINT}
