"""Deterministic JSON text: sorted keys (by code point), no whitespace, JS `JSON.stringify` escaping.

`canonical_json(v)` equals CPython `json.dumps(v, sort_keys=True, separators=(',', ':'),
ensure_ascii=False)` for str/int/bool/None/list/dict, except that numbers print like JS
(1.0 -> "1", 1e16 -> "10000000000000000", -0.0 -> "0"; ints beyond 2**53 print as the double JS
would read) and lone surrogates are escaped (`\\udxxx`) as JS does. Returns None for NaN, Infinity,
non-JSON values, non-string keys and nesting deeper than MAX_DEPTH.

`json_size(v, limit, max_depth)` is the UTF-8 byte length of canonical_json(v), computed without
building the text and stopping as soon as it passes `limit`.
"""
from core.jsonval import kind_of, obj_keys, own_keys, UNITS_PER_ASTRAL

MAX_DEPTH = 64
TOO_BIG = -1
INVALID = -2

_HEX = '0123456789abcdef'
_SHORT_ESCAPES = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f'}


def _hex4(n):
    return _HEX[(n // 4096) % 16] + _HEX[(n // 256) % 16] + _HEX[(n // 16) % 16] + _HEX[n % 16]


def _escape_char(ch):
    """The escape for one character (a JS pair counts as one), or None if it is written as is."""
    if len(ch) == 2:
        return None
    if ch in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[ch]
    code = ord(ch)
    if code < 0x20 or (code >= 0xD800 and code <= 0xDFFF):
        return '\\u' + _hex4(code)
    return None


def quote_string(text):
    parts = ['"']
    run_start = 0
    pos = 0
    for ch in text:
        esc = _escape_char(ch)
        if esc is not None:
            if pos > run_start:
                parts.append(text[run_start:pos])
            parts.append(esc)
            run_start = pos + len(ch)
        pos += len(ch)
    if pos > run_start:
        parts.append(text[run_start:pos])
    parts.append('"')
    return ''.join(parts)


def _js_number_text(text):
    """Re-spell a shortest round-trip float text (Python repr or JS toString) the ECMAScript way."""
    negative = False
    if text.startswith('-'):
        negative = True
        text = text[1:]
    exp = 0
    epos = text.find('e')
    if epos < 0:
        epos = text.find('E')
    if epos >= 0:
        exp = int(text[epos + 1:])
        text = text[0:epos]
    dot = text.find('.')
    if dot >= 0:
        digits = text[0:dot] + text[dot + 1:]
        point = dot + exp
    else:
        digits = text
        point = len(text) + exp
    start = 0
    while start < len(digits) and digits[start] == '0':
        start += 1
        point -= 1
    end = len(digits)
    while end > start and digits[end - 1] == '0':
        end -= 1
    digits = digits[start:end]
    if len(digits) == 0:
        return '0'
    k = len(digits)
    n = point
    if k <= n and n <= 21:
        out = digits + ''.join(['0' for i in range(n - k)])
    elif 0 < n and n <= 21:
        out = digits[0:n] + '.' + digits[n:]
    elif -6 < n and n <= 0:
        out = '0.' + ''.join(['0' for i in range(-n)]) + digits
    else:
        e = n - 1
        sign = '+'
        if e < 0:
            sign = '-'
            e = -e
        mant = digits[0:1]
        if k > 1:
            mant = mant + '.' + digits[1:]
        out = mant + 'e' + sign + str(e)
    if negative:
        return '-' + out
    return out


def number_text(value):
    """JSON text of a number as JS prints it, or None for NaN / Infinity (and bools)."""
    if kind_of(value) != 'number':
        return None
    if value - value != 0:
        return None
    if UNITS_PER_ASTRAL == 1 and isinstance(value, int):
        if value <= MAX_SAFE and value >= -MAX_SAFE:
            return str(value)
        try:
            value = float(value)
        except Exception:
            return None
    return _js_number_text(str(value))


MAX_SAFE = 9007199254740992


def _write(value, depth, parts):
    kind = kind_of(value)
    if kind == 'null':
        parts.append('null')
        return True
    if kind == 'bool':
        parts.append('true' if value else 'false')
        return True
    if kind == 'number':
        text = number_text(value)
        if text is None:
            return False
        parts.append(text)
        return True
    if kind == 'string':
        parts.append(quote_string(value))
        return True
    if kind == 'array':
        if depth >= MAX_DEPTH:
            return False
        parts.append('[')
        first = True
        for item in value:
            if not first:
                parts.append(',')
            first = False
            if not _write(item, depth + 1, parts):
                return False
        parts.append(']')
        return True
    if kind == 'object':
        if depth >= MAX_DEPTH:
            return False
        parts.append('{')
        first = True
        for key in obj_keys(value):
            if kind_of(key) != 'string':
                return False
            if not first:
                parts.append(',')
            first = False
            parts.append(quote_string(key))
            parts.append(':')
            if not _write(value[key], depth + 1, parts):
                return False
        parts.append('}')
        return True
    return False


def canonical_json(value):
    """Canonical JSON text of value, or None when it cannot be represented (see module doc)."""
    parts = []
    if not _write(value, 0, parts):
        return None
    return ''.join(parts)


def _string_size(text, budget):
    """UTF-8 bytes of quote_string(text), or budget + 1 once it exceeds budget."""
    if len(text) > budget:
        return budget + 1
    size = 2
    for ch in text:
        if len(ch) == 2:
            size += 4
        else:
            esc = _escape_char(ch)
            if esc is not None:
                size += len(esc)
            else:
                code = ord(ch)
                if code < 0x80:
                    size += 1
                elif code < 0x800:
                    size += 2
                elif code < 0x10000:
                    size += 3
                else:
                    size += 4
        if size > budget:
            return budget + 1
    return size


def _size(value, depth, max_depth, budget):
    # Returns bytes used (> budget means too big, stop) or INVALID.
    kind = kind_of(value)
    if kind == 'null':
        return 4
    if kind == 'bool':
        return 4 if value else 5
    if kind == 'number':
        text = number_text(value)
        if text is None:
            return INVALID
        return len(text)
    if kind == 'string':
        return _string_size(value, budget)
    if kind == 'array':
        if depth >= max_depth:
            return INVALID
        if len(value) > budget:
            return budget + 1
        used = 2
        index = 0
        for item in value:
            if index > 0:
                used += 1
            index += 1
            part = _size(item, depth + 1, max_depth, budget - used)
            if part < 0:
                return INVALID
            used += part
            if used > budget:
                return budget + 1
        return used
    if kind == 'object':
        if depth >= max_depth:
            return INVALID
        keys = own_keys(value)
        if len(keys) > budget:
            return budget + 1
        used = 2
        index = 0
        for key in keys:
            if kind_of(key) != 'string':
                return INVALID
            if index > 0:
                used += 1
            index += 1
            used += _string_size(key, budget - used) + 1
            if used > budget:
                return budget + 1
            part = _size(value[key], depth + 1, max_depth, budget - used)
            if part < 0:
                return INVALID
            used += part
            if used > budget:
                return budget + 1
        return used
    return INVALID


def json_size(value, limit, max_depth):
    """UTF-8 byte length of canonical_json(value) if it is <= limit; TOO_BIG (-1) when larger;
    INVALID (-2) when the value cannot be serialised or nests deeper than max_depth containers."""
    used = _size(value, 0, max_depth, limit)
    if used == INVALID:
        return INVALID
    if used > limit:
        return TOO_BIG
    return used
