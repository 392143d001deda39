"""JSON-value helpers that behave the same under CPython and as Transcrypt JS, and the few string
primitives core needs with JavaScript's own meaning (whitespace, letters).

Values reaching core arrive as plain JSON data (JSON.parse, structured clone, chrome messaging):
plain JS objects, not Transcrypt dicts. Transcrypt's own `for k in obj`, `k in obj`, `len(obj)` and
`isinstance(obj, dict)` are wrong or crash on those, so core code asks these helpers instead.

The JS primitives below use comment-form pragmas, invisible to CPython:
`# __pragma__ ('skip')` hides the CPython body from Transcrypt, `#?` lines under `ecom` exist
only in the JS output. This is the only core module allowed them (checker SA410); each one has a
CPython twin and parity tests compare the two.
"""

# 1 under CPython (code points), 2 in JS (UTF-16 code units).
UNITS_PER_ASTRAL = len('\U0001F600')

def _js_kind(value):
    # __pragma__ ('skip')
    return 'other'
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    if (value === null) return 'null';
    var t = typeof value;
    if (t === 'boolean') return 'bool';
    if (t === 'number') return 'number';
    if (t === 'string') return 'string';
    if (t !== 'object') return 'other';
    if (Array.isArray (value)) return 'array';
    var proto = Object.getPrototypeOf (value);
    if (proto === Object.prototype || proto === null) return 'object';
    return 'other';
    """)
    ?'''
    # __pragma__ ('noecom')


def _py_kind(value):
    if value is None:
        return 'null'
    if isinstance(value, bool):
        return 'bool'
    if isinstance(value, (int, float)):
        return 'number'
    if isinstance(value, str):
        return 'string'
    if isinstance(value, (list, tuple)):
        return 'array'
    if isinstance(value, dict):
        return 'object'
    return 'other'


def kind_of(value):
    """"null" | "bool" | "number" | "string" | "array" | "object", or "other" (undefined, functions,
    class instances such as Date/Map, Python sets...)."""
    if UNITS_PER_ASTRAL == 2:
        return _js_kind(value)
    return _py_kind(value)


def own_keys(obj):
    """Own enumerable keys in the object's order (JS puts integer-like keys first). [] if not an object."""
    if kind_of(obj) != 'object':
        return []
    # __pragma__ ('skip')
    return list(obj)
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    #?return __pragma__ ('js', 'Object.keys (obj)')
    # __pragma__ ('noecom')


def has_key(obj, key):
    """True when obj is an object with an own key `key` (never looks at the prototype chain)."""
    if kind_of(obj) != 'object':
        return False
    # __pragma__ ('skip')
    return key in obj
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    #?return __pragma__ ('js', 'Object.prototype.hasOwnProperty.call (obj, key)')
    # __pragma__ ('noecom')


def get_key(obj, key, default):
    """obj[key] when it is an own key of an object, else default."""
    if has_key(obj, key):
        return obj[key]
    return default


def list_has(items, value):
    """Scalar membership in an array (== on scalars only)."""
    if kind_of(items) != 'array':
        return False
    for item in items:
        if item == value and kind_of(item) == kind_of(value):
            return True
    return False


def is_finite_number(value):
    return kind_of(value) == 'number' and value - value == 0


def is_integral(value):
    """A finite number with no fractional part (1.0 counts, like JSON Schema "integer")."""
    # Not `value % 1 == 0`: Transcrypt's % is ((a % b) + b) % b, which calls 1e-38 integral.
    return is_finite_number(value) and value // 1 == value


def _js_str_len(text):
    # __pragma__ ('skip')
    return len(text)
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    #?return __pragma__ ('js', '{}', 'text.length - (text.match (/[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]/g) || []).length')
    # __pragma__ ('noecom')


def all_digits(text):
    """A non-empty string of ASCII digits only."""
    if kind_of(text) != 'string' or len(text) == 0:
        return False
    for ch in text:
        if ch < '0' or ch > '9':
            return False
    return True


def str_len(text):
    """Length in code points on both sides (JS `.length` counts UTF-16 units; a lone surrogate
    counts as one, as `for ch in text` yields it)."""
    if UNITS_PER_ASTRAL == 1:
        return len(text)
    return _js_str_len(text)


# Whitespace that `squeeze` collapses, and the invisible characters it drops (controls, bidi
# overrides and isolates; a control that is also whitespace counts as whitespace).
SQUEEZE_SPACE = ' \n\t\r\f\v\u00a0\u200b\u2028\u2029\u3000'


def _squeeze_hidden(ch):
    code = ord(ch[0])
    if code < 0x20 or (code >= 0x7F and code <= 0x9F):
        return True
    return (code >= 0x202A and code <= 0x202E) or (code >= 0x2066 and code <= 0x2069)


def collapse_runs(text, is_space, is_dropped):
    """Each run of is_space characters becomes one space (none at the ends), is_dropped characters
    vanish. Both predicates get a character as `for ch in text` yields it."""
    parts = []
    pending = False
    for ch in text:
        if is_space(ch):
            pending = len(parts) > 0
            continue
        if is_dropped(ch):
            continue
        if pending:
            parts.append(' ')
            pending = False
        parts.append(ch)
    return ''.join(parts)


def _py_squeeze(text):
    return collapse_runs(text, lambda ch: SQUEEZE_SPACE.find(ch) >= 0, _squeeze_hidden)


def _js_squeeze(text):
    # __pragma__ ('skip')
    return text
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    if (!/[\\x00-\\x1f\\x7f-\\xa0\\u200b\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069\\u3000]|  |^ | $/.test (text)) return text;
    return text.replace (/[\\x00-\\x08\\x0e-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]+/g, '')
        .replace (/[ \\n\\t\\r\\f\\v\\u00a0\\u200b\\u2028\\u2029\\u3000]+/g, ' ')
        .replace (/^ | $/g, '');
    """)
    ?'''
    # __pragma__ ('noecom')


def squeeze(text):
    """Whitespace runs (SQUEEZE_SPACE) become one space, controls and bidi overrides are dropped,
    the ends are trimmed."""
    if UNITS_PER_ASTRAL == 1:
        return _py_squeeze(text)
    return _js_squeeze(text)


def _js_str_head(text, count):
    # __pragma__ ('skip')
    return text[0:count]
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    if (text.length <= count) return text;
    var i = 0, n = 0;
    while (n < count && i < text.length) {
        var c = text.charCodeAt (i);
        if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.length) {
            var d = text.charCodeAt (i + 1);
            if (d >= 0xDC00 && d <= 0xDFFF) { i += 2; n += 1; continue; }
        }
        i += 1; n += 1;
    }
    return text.slice (0, i);
    """)
    ?'''
    # __pragma__ ('noecom')


def str_head(text, count):
    """The first `count` code points of text (never splits a surrogate pair)."""
    if UNITS_PER_ASTRAL == 1:
        return text[0:count]
    return _js_str_head(text, count)


def _js_run_end(text, start, chars, inside):
    # __pragma__ ('skip')
    return start
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    var n = text.length;
    while (start < n && (chars.indexOf (text [start]) >= 0) === inside) start += 1;
    return start;
    """)
    ?'''
    # __pragma__ ('noecom')


def run_end(text, start, chars, inside):
    """Where the run that starts at `start` ends: the first index whose character is not in `chars`
    (inside=True) or is in it (inside=False); len(text) when the run reaches the end."""
    if UNITS_PER_ASTRAL == 2:
        return _js_run_end(text, start, chars, inside)
    while start < len(text) and (chars.find(text[start]) >= 0) == inside:
        start += 1
    return start


def _js_run_start(text, end, chars):
    # __pragma__ ('skip')
    return end
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    while (end > 0 && chars.indexOf (text [end - 1]) >= 0) end -= 1;
    return end;
    """)
    ?'''
    # __pragma__ ('noecom')


def run_start(text, end, chars):
    """Where the run of `chars` characters that ends just before `end` starts (`end` when there is none)."""
    if UNITS_PER_ASTRAL == 2:
        return _js_run_start(text, end, chars)
    while end > 0 and chars.find(text[end - 1]) >= 0:
        end -= 1
    return end


def code_point(ch):
    """Code point of a one-character string as iterated by `for ch in text` (a pair in JS)."""
    if len(ch) == 2:
        return (ord(ch[0]) - 0xD800) * 0x400 + (ord(ch[1]) - 0xDC00) + 0x10000
    return ord(ch)


def _unit_rank(unit):
    # Maps UTF-16 units so that comparing them orders strings by code point.
    if unit >= 0xD800 and unit <= 0xDFFF:
        return unit + 0x2000
    if unit >= 0xE000 and unit <= 0xFFFF:
        return unit - 0x800
    return unit


def str_less(a, b):
    """a < b by code points (Python's order; JS `<` compares UTF-16 units)."""
    if UNITS_PER_ASTRAL == 1:
        return a < b
    n = min(len(a), len(b))
    for i in range(n):
        ua = ord(a[i])
        ub = ord(b[i])
        if ua != ub:
            return _unit_rank(ua) < _unit_rank(ub)
    return len(a) < len(b)


def sort_strings(items):
    """A new list of the strings sorted by code point (stable merge sort)."""
    out = []
    for item in items:
        out.append(item)
    width = 1
    n = len(out)
    while width < n:
        merged = []
        start = 0
        while start < n:
            mid = min(start + width, n)
            end = min(start + 2 * width, n)
            i = start
            j = mid
            while i < mid and j < end:
                if str_less(out[j], out[i]):
                    merged.append(out[j])
                    j += 1
                else:
                    merged.append(out[i])
                    i += 1
            while i < mid:
                merged.append(out[i])
                i += 1
            while j < end:
                merged.append(out[j])
                j += 1
            start = end
        out = merged
        width = width * 2
    return out


def obj_keys(obj):
    """Own keys of an object sorted by code point; [] for anything else."""
    return sort_strings(own_keys(obj))


def plain_object():
    """A new empty object for data with arbitrary keys. In JS a plain `{}`: a Transcrypt dict display
    hides members such as `__class__` and `py_keys`, and a key of that name written into it would
    not be an own enumerable key (JSON would drop it). Never write a `__proto__` key into it."""
    # __pragma__ ('skip')
    return {}
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    #?__pragma__ ('js', '{}', 'return {};')
    # __pragma__ ('noecom')


# JavaScript's whitespace: the `\s` class and what String.prototype.trim removes (WhiteSpace and
# LineTerminator). Python's isspace() differs: it also takes \x1c-\x1f and \x85, and not \ufeff.
JS_SPACE = '\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a' + \
    '\u2028\u2029\u202f\u205f\u3000\ufeff'
# ... and the zero-width space, which accessible names treat as whitespace too
JS_SPACE_ZW = JS_SPACE + '\u200b'


def trim_space(text):
    """text without JS_SPACE at either end, as String.prototype.trim does."""
    if UNITS_PER_ASTRAL == 2:
        return text.strip()         # Transcrypt's strip() is String.prototype.trim
    return text[run_end(text, 0, JS_SPACE, True):run_start(text, len(text), JS_SPACE)]


def split_space(text):
    """The runs of text between JS_SPACE characters, in order (no empty ones)."""
    out = []
    index = run_end(text, 0, JS_SPACE, True)
    while index < len(text):
        end = run_end(text, index, JS_SPACE, False)
        out.append(text[index:end])
        index = run_end(text, end, JS_SPACE, True)
    return out


def _js_squash(text):
    # __pragma__ ('skip')
    return text
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    '''?
    __pragma__ ('js', '{}', """
    if (!/[^\\S ]|\\u200b| {2}|^ | $/.test (text)) return text;
    return text.replace (/[\\s\\u200b]+/g, ' ').trim ();
    """)
    ?'''
    # __pragma__ ('noecom')


def squash(text):
    """Each run of JS_SPACE_ZW characters becomes one space, none at the ends; nothing else changes
    (unlike `squeeze`, controls stay). The rule for accessible names and the scan's prose."""
    if UNITS_PER_ASTRAL == 2:
        return _js_squash(text)
    return collapse_runs(text, lambda ch: JS_SPACE_ZW.find(ch) >= 0, lambda ch: False)


def _js_has_letter_or_digit(text):
    # __pragma__ ('skip')
    return False
    # __pragma__ ('noskip')
    # __pragma__ ('ecom')
    #?return __pragma__ ('js', '{}', '/[\\p{L}\\p{N}]/u.test (text)')
    # __pragma__ ('noecom')


def has_letter_or_digit(text):
    """Whether text holds a Unicode letter or number (general category L* or N*)."""
    if UNITS_PER_ASTRAL == 2:
        return _js_has_letter_or_digit(text)
    # __pragma__ ('skip')
    import unicodedata
    for ch in text:
        if unicodedata.category(ch)[0] in 'LN':
            return True
    # __pragma__ ('noskip')
    return False
