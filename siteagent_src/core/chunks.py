"""Joining the native host's chunk frames (host -> extension frames stay under Chrome's 1 MB cap;
siteagent_runtime/framing.py splits a bigger message into `{t: "chunk", cid, i, n, data}` frames
whose `data`, in order, is the message's JSON text)."""
from core.jsonval import kind_of, has_key, is_integral

MAX_CHUNKS = 512            # 512 chunks of 128 Ki characters: 64 Mi characters, the link's cap


def join_step(entry, chunk):
    """One chunk into its message's entry (None for the first). Returns `{entry, text, error}`:
    `text` is the whole JSON text once the last chunk arrived (entry None), `error` a reason
    (`bad_chunk`) when the chunk does not fit (entry None: the message is dropped)."""
    if kind_of(chunk) != 'object' or not has_key(chunk, 'i') or not has_key(chunk, 'n') or not has_key(chunk, 'data'):
        return {'entry': None, 'text': None, 'error': 'bad_chunk'}
    i = chunk['i']
    n = chunk['n']
    if not is_integral(i) or not is_integral(n) or kind_of(chunk['data']) != 'string':
        return {'entry': None, 'text': None, 'error': 'bad_chunk'}
    if n < 1 or n > MAX_CHUNKS or i < 0 or i >= n:
        return {'entry': None, 'text': None, 'error': 'bad_chunk'}
    if entry is None:
        entry = {'n': n, 'got': 0, 'parts': [None for k in range(n)]}
    if entry['n'] != n or entry['parts'][i] is not None:
        return {'entry': None, 'text': None, 'error': 'bad_chunk'}
    parts = [p for p in entry['parts']]
    parts[i] = chunk['data']
    got = entry['got'] + 1
    if got < n:
        return {'entry': {'n': n, 'got': got, 'parts': parts}, 'text': None, 'error': None}
    return {'entry': None, 'text': ''.join(parts), 'error': None}
