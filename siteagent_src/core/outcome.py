"""Tool outcomes: `{ok: True, tool, result}` or `{ok: False, reason, message, ...extra}`.

Handlers do not build failures by hand: they raise `ToolError(reason, message, extra)`, and the
rules engine (or the tab's dispatcher, at the message boundary) turns it into the outcome, once.
"""
from core.jsonval import kind_of, has_key, obj_keys
from core.reasons import ADAPTER_ERROR, INVALID_ARGS

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


class ToolError(Exception):
    """A call that cannot go on: a stable reason code (core.reasons), a message for the model, and
    optional extra fields (`field`, `hint`, ...). It crosses `await` like any Python exception
    (docs/SUBSET.md); native JS errors are not ToolErrors and need a bare `except:`."""

    def __init__(self, reason, message, extra):
        Exception.__init__(self, message)
        self.reason = reason
        self.detail = message
        self.extra = extra

    def outcome(self):
        return failure(self.reason, self.detail, self.extra)


def error_from(outcome):
    """The ToolError that carries a failure outcome (as it came back from a tab or another call)."""
    extra = {}
    for key in obj_keys(outcome):
        if not _reserved(key):
            extra[key] = outcome[key]
    reason = outcome['reason'] if has_key(outcome, 'reason') and kind_of(outcome['reason']) == 'string' else ADAPTER_ERROR
    message = outcome['message'] if has_key(outcome, 'message') and kind_of(outcome['message']) == 'string' else ''
    return ToolError(reason, message, extra if len(obj_keys(extra)) > 0 else None)


def result_of(outcome):
    """The outcome itself when it is ok; else its failure raised (error_from). For a handler that
    reads a sub-call's or a pure check's `{ok, ...}` only to pass a failure up."""
    if outcome['ok']:
        return outcome
    raise error_from(outcome)


def invalid_arg(field, message):
    """invalid_args naming the field: `field: message`, with `{field}`."""
    return ToolError(INVALID_ARGS, field + ': ' + message, {'field': field})


