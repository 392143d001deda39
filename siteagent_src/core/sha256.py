"""SHA-256 (FIPS 180-4) of a byte sequence, as lower-case hex, computed at once.

The taint and leak notes key every address and link a result shows by its digest (webapi/digests.py).
`crypto.subtle.digest` answers each digest in a task of its own (about 50 us apiece in the worker), so
a page's few hundred links cost milliseconds on the caller's path and kept other messages waiting
behind the answers; this computes them in the call. The bytes come from the platform (TextEncoder in
JS, str.encode in CPython). Signing and approvals keep `crypto.subtle` (webapi/js.sha256_hex).

Every word is kept as a signed 32-bit integer in both languages: JS's bitwise operators give that, and
`_s32` makes CPython's integers agree (the low 32 bits of a Python int's two's complement are JS's).
A logical right shift (JS's `>>>`, which the subset has no operator for) is an arithmetic shift with
the sign bits masked off. tests/parity and tests/unit/core/test_sha256.py compare it with hashlib.
"""

_K = [0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]
_H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
_HEX = '0123456789abcdef'
MAX_BYTES = 1 << 28         # the bit length is written as one 32-bit word (the high word is 0)


def _s32(x):
    """x's low 32 bits as a signed integer (what JS's bitwise operators give)."""
    x = x & 0xFFFFFFFF
    if x >= 0x80000000:
        x -= 0x100000000
    return x


def _shr(x, n):
    """Logical right shift of a 32-bit word by n (1-31)."""
    return (x >> n) & ((1 << (32 - n)) - 1)


def _rotr(x, n):
    return _s32(_shr(x, n) | (x << (32 - n)))


def _signed(words):
    return [_s32(w) for w in words]


_KS = _signed(_K)
_H0S = _signed(_H0)


def _block(h, w):
    """One 64-byte block (w: its 16 words, extended in place to 64) into the state h (8 words)."""
    for t in range(16, 64):
        x = w[t - 15]
        y = w[t - 2]
        s0 = _rotr(x, 7) ^ _rotr(x, 18) ^ _shr(x, 3)
        s1 = _rotr(y, 17) ^ _rotr(y, 19) ^ _shr(y, 10)
        w.append(_s32(w[t - 16] + s0 + w[t - 7] + s1))
    a = h[0]
    b = h[1]
    c = h[2]
    d = h[3]
    e = h[4]
    f = h[5]
    g = h[6]
    k = h[7]
    for t in range(64):
        big1 = _rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)
        choose = (e & f) ^ (~e & g)
        t1 = _s32(k + big1 + choose + _KS[t] + w[t])
        big0 = _rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)
        major = (a & b) ^ (a & c) ^ (b & c)
        t2 = _s32(big0 + major)
        k = g
        g = f
        f = e
        e = _s32(d + t1)
        d = c
        c = b
        b = a
        a = _s32(t1 + t2)
    h[0] = _s32(h[0] + a)
    h[1] = _s32(h[1] + b)
    h[2] = _s32(h[2] + c)
    h[3] = _s32(h[3] + d)
    h[4] = _s32(h[4] + e)
    h[5] = _s32(h[5] + f)
    h[6] = _s32(h[6] + g)
    h[7] = _s32(h[7] + k)


def _byte_at(data, size, i):
    """Byte i of the padded message: the data, 0x80, zeros, then the bit length (big-endian)."""
    if i < size:
        return data[i]
    if i == size:
        return 0x80
    end = ((size + 8) >> 6 << 6) + 64       # the padded length: a multiple of 64 with room for 9 bytes
    at = i - (end - 4)
    if at < 0:
        return 0
    return ((size * 8) >> (8 * (3 - at))) & 0xFF


def sha256_hex_of(data):
    """SHA-256 of data (a sequence of byte values, 0-255) as 64 lower-case hex digits; None when it is
    longer than MAX_BYTES."""
    size = len(data)
    if size > MAX_BYTES:
        return None
    h = [word for word in _H0S]
    total = ((size + 8) >> 6 << 6) + 64
    for start in range(0, total, 64):
        w = []
        for j in range(16):
            at = start + 4 * j
            if at + 3 < size:
                word = (data[at] << 24) | (data[at + 1] << 16) | (data[at + 2] << 8) | data[at + 3]
            else:
                word = (_byte_at(data, size, at) << 24) | (_byte_at(data, size, at + 1) << 16) | \
                    (_byte_at(data, size, at + 2) << 8) | _byte_at(data, size, at + 3)
            w.append(_s32(word))
        _block(h, w)
    out = []
    for word in h:
        for i in range(7, -1, -1):
            out.append(_HEX[(word >> (4 * i)) & 15])
    return ''.join(out)
