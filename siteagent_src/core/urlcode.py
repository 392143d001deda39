"""URL text, pure: percent-encoding (encodeURIComponent and its inverse, identical under CPython and JS;
UTF-8; a lone surrogate has no UTF-8 form and becomes U+FFFD; bad sequences decode to U+FFFD), and the
query elision a scan shows an href with."""
from core.jsonval import kind_of, code_point, UNITS_PER_ASTRAL

_HEX_UP = '0123456789ABCDEF'
_HEX_LOW = '0123456789abcdef'
_UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*\'()'


def _utf8_bytes(code):
    if code >= 0xD800 and code <= 0xDFFF:
        code = 0xFFFD               # a lone surrogate has no UTF-8 form
    if code < 0x80:
        return [code]
    if code < 0x800:
        return [0xC0 + code // 64, 0x80 + code % 64]
    if code < 0x10000:
        return [0xE0 + code // 4096, 0x80 + (code // 64) % 64, 0x80 + code % 64]
    return [0xF0 + code // 262144, 0x80 + (code // 4096) % 64, 0x80 + (code // 64) % 64, 0x80 + code % 64]


def percent_encode(text):
    """encodeURIComponent: UTF-8, everything outside A-Z a-z 0-9 - _ . ! ~ * ' ( ) escaped."""
    if kind_of(text) != 'string':
        return ''
    parts = []
    for ch in text:
        if len(ch) == 1 and ch in _UNRESERVED:
            parts.append(ch)
            continue
        for byte in _utf8_bytes(code_point(ch)):
            parts.append('%' + _HEX_UP[byte // 16] + _HEX_UP[byte % 16])
    return ''.join(parts)


def _hex_value(ch):
    index = _HEX_LOW.find(ch.lower())
    return index


def char_of(code):
    if code < 0x10000 or UNITS_PER_ASTRAL == 1:
        return chr(code)
    code = code - 0x10000
    return chr(0xD800 + code // 1024) + chr(0xDC00 + code % 1024)


def percent_decode(text, plus_is_space):
    """Decode %XX runs as UTF-8 (bad sequences become U+FFFD); '+' is a space when asked."""
    if kind_of(text) != 'string':
        return ''
    out = []
    pending = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == '%' and i + 2 < n and _hex_value(text[i + 1]) >= 0 and _hex_value(text[i + 2]) >= 0:
            pending.append(_hex_value(text[i + 1]) * 16 + _hex_value(text[i + 2]))
            i += 3
            continue
        if len(pending) > 0:
            out.append(_decode_utf8(pending))
            pending = []
        out.append(' ' if ch == '+' and plus_is_space else ch)
        i += 1
    if len(pending) > 0:
        out.append(_decode_utf8(pending))
    return ''.join(out)


def _decode_utf8(data):
    out = []
    i = 0
    n = len(data)
    while i < n:
        b = data[i]
        need = 0
        code = 0
        low = 0
        if b < 0x80:
            out.append(chr(b))
            i += 1
            continue
        if b >= 0xC2 and b <= 0xDF:
            need = 1
            code = b - 0xC0
            low = 0x80
        elif b >= 0xE0 and b <= 0xEF:
            need = 2
            code = b - 0xE0
            low = 0x800
        elif b >= 0xF0 and b <= 0xF4:
            need = 3
            code = b - 0xF0
            low = 0x10000
        else:
            out.append('\ufffd')
            i += 1
            continue
        j = 1
        good = True
        while j <= need:
            if i + j >= n or data[i + j] < 0x80 or data[i + j] > 0xBF:
                good = False
                break
            code = code * 64 + (data[i + j] - 0x80)
            j += 1
        if not good or code < low or code > 0x10FFFF or (code >= 0xD800 and code <= 0xDFFF):
            out.append('\ufffd')
            i += j if not good else need + 1
            continue
        out.append(char_of(code))
        i += need + 1
    return ''.join(out)


def elide_query(text):
    """An href as a scan shows it, before its cap: a query (tracking parameters) elided to `?…`, a bare
    trailing `#` or `?` dropped. One rule for the scan's text (sites/page/formatting/scan_format) and for
    the leak rule that must recognise it (core/leaks)."""
    at = text.find('?')
    if at >= 0 and at < len(text) - 1:
        return text[0:at] + '?\u2026'
    if text.endswith('#') or text.endswith('?'):
        return text[0:len(text) - 1]
    return text
