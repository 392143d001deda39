"""Tool outcomes: `{ok: True, tool, result}` or `{ok: False, reason, message, ...extra}`."""
from core.jsonval import kind_of, has_key, obj_keys
from core.reasons import ADAPTER_ERROR

_RESERVED = ['ok', 'reason', 'message', '__proto__', 'constructor', 'prototype']


def _reserved(key):
    for k in _RESERVED:
        if k == key:
            return True
    return False


def success(tool, result):
    return {'ok': True, 'tool': tool, 'result': result}


def failure(reason, message, extra):
    """A failure; keys of `extra` (e.g. hint) are merged but cannot replace ok/reason/message."""
    out = {'ok': False, 'reason': reason, 'message': message}
    for key in obj_keys(extra):
        if not _reserved(key):
            out[key] = extra[key]
    return out


def normalize(tool, value):
    """Pass through anything shaped like an outcome (boolean `ok`); wrap everything else as success.
    A failure without a string reason becomes adapter_error; non-JSON values (undefined) become null."""
    kind = kind_of(value)
    if kind == 'object' and has_key(value, 'ok') and kind_of(value['ok']) == 'bool':
        if value['ok']:
            return value
        if has_key(value, 'reason') and kind_of(value['reason']) == 'string' and len(value['reason']) > 0:
            return value
        message = 'The adapter reported a failure without a reason.'
        if has_key(value, 'message') and kind_of(value['message']) == 'string':
            message = value['message']
        return failure(ADAPTER_ERROR, message, None)
    if kind == 'other':
        return success(tool, None)
    return success(tool, value)
