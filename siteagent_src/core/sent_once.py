"""Long texts sent once per channel: a port's answers repeat a long text (a repeat scan of a big page
answers the same 200,000-character text each time), and every copy costs a serialisation in the
sender, a trip through the browser process and a parse in the receiver. The sender replaces a long
string equal to the last long string it sent on that channel by a marker, and the receiver puts back
the last long string it received. Both ends see the same strings in the same order (a port delivers
in order), so one slot each is enough. Only the fields of objects are looked at (not arrays: a scan's
rows are many small strings), to MAX_DEPTH; the sender's value is not changed (objects on the way to
a replaced string are copied)."""
from core.jsonval import kind_of, own_keys, has_key

LONG = 20000          # characters: shorter strings are sent as they are
MAX_DEPTH = 6
MARK = '__sa_text_again'


def new_memo():
    return {'last': None}


def squeeze_sent(memo, value):
    """value to post on the channel whose memo this is."""
    return _walk(memo, value, 0, True)


def restore_received(memo, value):
    """value as the sender meant it, from what arrived on the channel whose memo this is."""
    return _walk(memo, value, 0, False)


def _is_mark(value):
    return kind_of(value) == 'object' and has_key(value, MARK) and len(own_keys(value)) == 1


def _walk(memo, value, depth, sending):
    kind = kind_of(value)
    if kind == 'string':
        if len(value) < LONG:
            return value
        if sending and memo['last'] is not None and memo['last'] == value:
            marker = {}
            marker[MARK] = True
            return marker
        memo['last'] = value
        return value
    if kind != 'object' or depth >= MAX_DEPTH:
        return value
    if not sending and _is_mark(value):
        return memo['last'] if memo['last'] is not None else value
    copy = None
    for key in own_keys(value):
        child = value[key]
        now = _walk(memo, child, depth + 1, sending)
        if now is not child:
            if copy is None:
                copy = {}
                for other in own_keys(value):
                    copy[other] = value[other]
            copy[key] = now
    return copy if copy is not None else value
