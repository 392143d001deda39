"""The page <-> extension message envelope (window.postMessage), parsed defensively.

A request is `{source, id, type, name?, args?, token?}`; a reply is `{source, id, type, payload}`.
`parse_request` never throws and never serialises oversized input.
"""
from core.jsonval import kind_of, has_key, own_keys, str_len
from core.canonical import json_size, TOO_BIG
from core.reasons import BAD_REQUEST

API_VERSION = 2

PING = 'PING'
LIST_TOOLS = 'LIST_TOOLS'
CALL_TOOL = 'CALL_TOOL'
CHALLENGE = 'CHALLENGE'          # a fresh nonce for a signed call (signed-calls mode)
REQUEST_TYPES = [PING, LIST_TOOLS, CALL_TOOL, CHALLENGE]

MAX_ID_LENGTH = 128
MAX_NAME_LENGTH = 64
MAX_TOKEN_LENGTH = 4096
MAX_ARGS_DEPTH = 32
FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype']


def is_request_type(value):
    if kind_of(value) != 'string':
        return False
    for known in REQUEST_TYPES:
        if known == value:
            return True
    return False


def is_tool_name(value):
    """`^[a-z][a-z0-9_]*$`, at most MAX_NAME_LENGTH characters."""
    if kind_of(value) != 'string' or len(value) == 0 or len(value) > MAX_NAME_LENGTH:
        return False
    first = True
    for ch in value:
        lower = ch >= 'a' and ch <= 'z'
        if first:
            if not lower:
                return False
        elif not (lower or (ch >= '0' and ch <= '9') or ch == '_'):
            return False
        first = False
    return True


def _forbidden_key(key):
    for bad in FORBIDDEN_KEYS:
        if bad == key:
            return True
    return False


def find_forbidden_key(value, depth):
    """The first `__proto__` / `constructor` / `prototype` key anywhere in value, or None."""
    if depth > MAX_ARGS_DEPTH + 1:
        return None
    kind = kind_of(value)
    if kind == 'array':
        for item in value:
            found = find_forbidden_key(item, depth + 1)
            if found is not None:
                return found
    elif kind == 'object':
        for key in own_keys(value):
            if _forbidden_key(key):
                return key
            found = find_forbidden_key(value[key], depth + 1)
            if found is not None:
                return found
    return None


def _longer_than(text, limit):
    """Code-point length > limit, without walking a huge string (a code point is at most 2 JS units)."""
    if len(text) > 2 * limit:
        return True
    return str_len(text) > limit


def _bad(request_id, request_type, message):
    rid = None
    if kind_of(request_id) == 'string' and not _longer_than(request_id, MAX_ID_LENGTH):
        rid = request_id
    rtype = None
    if is_request_type(request_type):
        rtype = request_type
    return {'ok': False, 'id': rid, 'type': rtype, 'reason': BAD_REQUEST, 'message': message}


def _field(data, key):
    if has_key(data, key):
        return data[key]
    return None


def parse_request(data, page_source, max_bytes):
    """None when data is not an object whose `source` equals page_source (not ours: ignore);
    else `{ok: True, id, type, name, args, token}` or `{ok: False, id, type, reason: "bad_request", message}`.
    Never throws (a bare except also catches native JS errors)."""
    try:
        return _parse(data, page_source, max_bytes)
    except:  # noqa: E722 - native JS errors are not Exceptions under Transcrypt
        return _bad(None, None, 'malformed request')


def _parse(data, page_source, max_bytes):
    if kind_of(data) != 'object' or not has_key(data, 'source'):
        return None
    source = data['source']
    if kind_of(source) != 'string' or source != page_source:
        return None
    request_id = _field(data, 'id')
    request_type = _field(data, 'type')
    if kind_of(request_id) != 'string' or len(request_id) == 0:
        return _bad(request_id, request_type, 'id must be a non-empty string')
    if _longer_than(request_id, MAX_ID_LENGTH):
        return _bad(request_id, request_type, 'id must be at most 128 characters')
    if not is_request_type(request_type):
        return _bad(request_id, request_type, 'type must be one of PING, LIST_TOOLS, CALL_TOOL, CHALLENGE')
    token = _field(data, 'token')
    if token is not None:
        if kind_of(token) != 'string' or _longer_than(token, MAX_TOKEN_LENGTH):
            return _bad(request_id, request_type, 'token must be a string of at most 4096 characters')
    name = None
    args = {}
    if request_type == CALL_TOOL:
        name = _field(data, 'name')
        if kind_of(name) != 'string':
            return _bad(request_id, request_type, 'name must be a string')
        if not is_tool_name(name):
            return _bad(request_id, request_type, 'name must match ^[a-z][a-z0-9_]*$ (at most 64 characters)')
        if has_key(data, 'args'):
            args = data['args']
            if kind_of(args) != 'object':
                return _bad(request_id, request_type, 'args must be an object')
            size = json_size(args, max_bytes, MAX_ARGS_DEPTH)
            if size == TOO_BIG:
                return _bad(request_id, request_type, 'args are larger than the size limit')
            if size < 0:
                return _bad(request_id, request_type, 'args nest too deeply or hold values JSON cannot carry')
            bad_key = find_forbidden_key(args, 0)
            if bad_key is not None:
                return _bad(request_id, request_type, 'args may not contain the key ' + bad_key)
    return {'ok': True, 'id': request_id, 'type': request_type, 'name': name, 'args': args, 'token': token}


def reply(extension_source, request_id, request_type, payload):
    """The reply envelope posted back to the page."""
    return {'source': extension_source, 'id': request_id, 'type': request_type, 'payload': payload}


PROGRESS = 'PROGRESS'
APPROVAL_WAITING = 'approval_waiting'
APPROVAL_DECIDED = 'approval_decided'


def progress(extension_source, call_id, note):
    """An interim message about a call (not a reply): `{source, type: "PROGRESS", callId, stage, tool,
    ...}`. It never has an `id`, so a client that matches replies by id ignores it and still takes the
    reply as the outcome. `note` comes from the worker: approval_waiting carries `timeoutMs`,
    approval_decided carries `allowed` and, when denied, `reason`. None for anything else."""
    if kind_of(note) != 'object' or not has_key(note, 'stage') or kind_of(call_id) != 'string':
        return None
    stage = note['stage']
    tool = note['tool'] if has_key(note, 'tool') and is_tool_name(note['tool']) else None
    out = {'source': extension_source, 'type': PROGRESS, 'callId': call_id, 'stage': stage, 'tool': tool}
    if stage == APPROVAL_WAITING:
        if has_key(note, 'timeoutMs') and kind_of(note['timeoutMs']) == 'number':
            out['timeoutMs'] = note['timeoutMs']
        return out
    if stage == APPROVAL_DECIDED:
        out['allowed'] = has_key(note, 'allowed') and note['allowed'] is True
        if not out['allowed'] and has_key(note, 'reason') and kind_of(note['reason']) == 'string':
            out['reason'] = note['reason']
        return out
    return None
