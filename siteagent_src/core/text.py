"""Text as people see it, pure: which characters are space or invisible, folding labels and names
for comparison, trimming. Walked by code point, so CPython and JS agree (tests/parity)."""
from core.jsonval import kind_of, code_point, collapse_runs


def is_space(code):
    """White space of any script: ASCII, NBSP, U+1680, U+2000-U+200A, line/paragraph separators,
    narrow NBSP, medium mathematical space, ideographic space."""
    return (code == 0x20 or (code >= 0x09 and code <= 0x0D) or code == 0xA0 or code == 0x1680
            or (code >= 0x2000 and code <= 0x200A) or code == 0x2028 or code == 0x2029 or code == 0x202F
            or code == 0x205F or code == 0x3000)


def is_invisible(code):
    """Controls, zero-width and bidi characters, soft hyphen, BOM: they change nothing anyone can see
    or type, so labels and names are compared without them."""
    return (code < 0x09 or (code > 0x0D and code < 0x20) or (code >= 0x7F and code <= 0x9F)
            or (code >= 0x200B and code <= 0x200F) or (code >= 0x202A and code <= 0x202E)
            or (code >= 0x2060 and code <= 0x206F) or code == 0xFEFF or code == 0xAD)


def fold_text(text):
    """A label or name as compared: invisible characters dropped, every run of white space one
    space, trimmed. Case is kept. '' for a non-string."""
    if kind_of(text) != 'string':
        return ''
    # is_invisible and is_space never overlap, so the order of the two tests changes nothing
    return collapse_runs(text, lambda ch: is_space(code_point(ch)), lambda ch: is_invisible(code_point(ch)))


def is_direction_mark(code):
    """U+200E/U+200F, U+202A-U+202E, U+2066-U+2069: the bidi marks a page puts around text."""
    return (code == 0x200E or code == 0x200F or (code >= 0x202A and code <= 0x202E)
            or (code >= 0x2066 and code <= 0x2069))


def fold_label(text):
    """A control's label as matched against the labels a site really uses: direction marks dropped
    (sites wrap text in them), white space folded, trimmed. Any other invisible character is kept,
    so a label padded with one (a zero-width space) never reads as the real control's."""
    if kind_of(text) != 'string':
        return ''
    return collapse_runs(text, lambda ch: is_space(code_point(ch)), lambda ch: is_direction_mark(code_point(ch)))


def only_chars(text, allowed):
    """Every character of text is one of allowed's (one UTF-16 unit each; an astral character never is)."""
    for ch in text:
        if len(ch) != 1 or ch not in allowed:
            return False
    return True


def trim(text):
    """White space (is_space) stripped at both ends, the same on CPython and JS; '' for a non-string.
    Invisible characters are kept (JS's trim would drop U+FEFF, Python's would not)."""
    if kind_of(text) != 'string':
        return ''
    start = 0
    end = len(text)
    while start < end and is_space(ord(text[start])):
        start += 1
    while end > start and is_space(ord(text[end - 1])):
        end -= 1
    return text[start:end]
