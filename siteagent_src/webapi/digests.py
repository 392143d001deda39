"""SHA-256 keys of short strings (`h:<hex>`), remembered for the worker's life.

The taint and leak notes, and the gates that check a call's arguments against them, key what a result
held by these digests, and a scan repeats most of its links, so each string is hashed once. A digest
being computed is joined, not computed again (a gate's check that runs while a note hashes the same
string waits for that digest).
"""
from webapi.js import sha256_hex, obj_keys, drop_key

MAX_HASHED = 20000
_hashed = {}         # '=<string>' -> 'h:<sha256>'
_hashing = {}        # '=<string>' -> the promise of its batch ({'=<string>': 'h:<sha256>'})
_size = {'n': 0}     # keys in _hashed (Object.keys of them on every batch: 3.9 ms of six page loads' worker time)


async def _digest(missing):
    """Digests of `missing` in parallel: {'=<string>': key}; they are remembered too."""
    try:
        digests = await Promise.all([sha256_hex(text) for text in missing])
    finally:
        for text in missing:
            drop_key(_hashing, '=' + text)
    if _size['n'] + len(missing) > MAX_HASHED:
        for key in obj_keys(_hashed):
            drop_key(_hashed, key)
        _size['n'] = 0
    out = {}
    for index in range(len(missing)):
        key = '=' + missing[index]
        out[key] = 'h:' + digests[index]
        if key not in _hashed:
            _size['n'] += 1
        _hashed[key] = out[key]
    return out


async def hash_keys(texts):
    """'h:<sha256>' per string, in order."""
    found = {}
    batches = []
    missing = []
    for text in texts:
        key = '=' + text
        if key in found:
            continue
        if key in _hashed:
            found[key] = _hashed[key]
        elif key in _hashing:
            if _hashing[key] not in batches:
                batches.append(_hashing[key])
            found[key] = None
        else:
            missing.append(text)
            found[key] = None
    if len(missing) > 0:
        batch = _digest(missing)
        for text in missing:
            _hashing['=' + text] = batch
        batches.append(batch)
    for done in await Promise.all(batches):
        for key in obj_keys(done):
            if key in found:
                found[key] = done[key]
    return [found['=' + text] for text in texts]
