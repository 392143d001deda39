"""Indented JSON for people, split so that content marked `untrusted: true` can be fenced off."""
from core.jsonval import kind_of, obj_keys, has_key
from core.canonical import canonical_json

INDENT = '  '


def _pad(level):
    return ''.join([INDENT for _ in range(level)])


def _is_untrusted(value):
    return kind_of(value) == 'object' and has_key(value, 'untrusted') and value['untrusted'] is True


def _push(parts, text, untrusted):
    last = parts[len(parts) - 1] if len(parts) > 0 else None
    if last is not None and not untrusted and not last['untrusted']:
        last['text'] = last['text'] + text
    else:
        parts.append({'text': text, 'untrusted': untrusted})


def _walk(value, level, parts, fenced):
    kind = kind_of(value)
    if kind == 'object' and not fenced and _is_untrusted(value):
        inner = []
        _walk(value, level, inner, True)
        parts.append({'text': ''.join([p['text'] for p in inner]), 'untrusted': True})
        return
    if kind == 'array':
        if len(value) == 0:
            _push(parts, '[]', fenced)
            return
        _push(parts, '[\n', fenced)
        index = 0
        for item in value:
            _push(parts, _pad(level + 1), fenced)
            _walk(item, level + 1, parts, fenced)
            index += 1
            _push(parts, ',\n' if index < len(value) else '\n', fenced)
        _push(parts, _pad(level) + ']', fenced)
        return
    if kind == 'object':
        keys = obj_keys(value)
        if len(keys) == 0:
            _push(parts, '{}', fenced)
            return
        _push(parts, '{\n', fenced)
        index = 0
        for key in keys:
            _push(parts, _pad(level + 1) + canonical_json(key) + ': ', fenced)
            _walk(value[key], level + 1, parts, fenced)
            index += 1
            _push(parts, ',\n' if index < len(keys) else '\n', fenced)
        _push(parts, _pad(level) + '}', fenced)
        return
    text = canonical_json(value)
    _push(parts, text if text is not None else 'null', fenced)


def pretty_parts(value):
    """`[{text, untrusted}]`: concatenated, the texts are the value as indented JSON; each object
    marked `untrusted: true` (outermost only) is one part of its own with untrusted true. Keys sorted."""
    parts = []
    _walk(value, 0, parts, False)
    return parts
