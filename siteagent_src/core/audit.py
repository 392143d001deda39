"""The audit log: one entry per call, argument key names only (never values), newest last."""
from core.jsonval import kind_of, has_key, obj_keys

AUDIT_CAP = 200


def make_entry(ts, tool, source, outcome, args):
    """`{ts, tool, source, ok, reason, arg_keys}`; reason is None unless the outcome failed."""
    ok = has_key(outcome, 'ok') and outcome['ok'] is True
    reason = None
    if not ok and has_key(outcome, 'reason') and kind_of(outcome['reason']) == 'string':
        reason = outcome['reason']
    return {'ts': ts, 'tool': tool, 'source': source, 'ok': ok, 'reason': reason, 'arg_keys': obj_keys(args)}


def append(log, entry, cap):
    """A new list: log plus entry, keeping the newest `cap` (AUDIT_CAP when cap is None)."""
    if cap is None:
        cap = AUDIT_CAP
    out = []
    if kind_of(log) == 'array':
        for item in log:
            out.append(item)
    out.append(entry)
    if len(out) > cap:
        out = out[len(out) - cap:]
    return out


def _matches(entry, filters, key):
    if not has_key(filters, key) or filters[key] is None:
        return True
    return has_key(entry, key) and entry[key] == filters[key]


def latest(log, n, filters):
    """Up to n entries (all when n is None), newest first, matching filters `{tool, ok, source}`
    (a missing or None filter matches anything)."""
    out = []
    if kind_of(log) != 'array':
        return out
    index = len(log) - 1
    while index >= 0:
        if n is not None and len(out) >= n:
            break
        entry = log[index]
        if _matches(entry, filters, 'tool') and _matches(entry, filters, 'ok') and _matches(entry, filters, 'source'):
            out.append(entry)
        index -= 1
    return out
