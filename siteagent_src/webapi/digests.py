"""SHA-256 keys of short strings (`h:<hex>`), remembered for the worker's life.

The taint and leak notes, and the gates that check a call's arguments against them, key what a result
held by these digests, and a scan repeats most of its links, so each string is hashed once. They are
computed in the call (core/sha256.py over the string's UTF-8, as TextEncoder gives it): with
`crypto.subtle` each one answered in a task of its own, ~50 us apiece, and a page's few hundred links
held the caller's answer, and the messages queued behind those answers, for 2-10 ms.
"""
from core.sha256 import sha256_hex_of
from webapi.js import sha256_hex, obj_keys, drop_key, utf8_bytes

MAX_HASHED = 20000
_hashed = {}         # '=<string>' -> 'h:<sha256>'
_size = {'n': 0}     # keys in _hashed


async def hash_keys(texts):
    """'h:<sha256>' per string, in order."""
    out = []
    for text in texts:
        key = '=' + text
        if key not in _hashed:
            if _size['n'] >= MAX_HASHED:
                for old in obj_keys(_hashed):
                    drop_key(_hashed, old)
                _size['n'] = 0
            hexed = sha256_hex_of(utf8_bytes(text))
            _hashed[key] = 'h:' + (hexed if hexed != None else await sha256_hex(text))
            _size['n'] += 1
        out.append(_hashed[key])
    return out
