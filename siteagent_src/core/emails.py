"""Email addresses, pure: the one validator every site and the rules engine use, normalisation,
and the address in a Google account control's label.

A plain address is `local@domain.tld`: at most 254 characters, a local part of at most 64 of
A-Z a-z 0-9 and !#$%&'*+/=?^_`{|}~-. with no leading, trailing or doubled dot (RFC 5322's
dot-atom; quoted local parts are refused), and a domain of at least two labels of letters, digits
and hyphens (no label starting or ending with one), whose last label is letters only or an IDN
(`xn--`) label, as every real top-level domain is.
"""
from core.jsonval import kind_of
from core.text import fold_text, trim, only_chars

MAX_ADDRESS = 254
MAX_LOCAL = 64
_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
_LOCAL_CHARS = _LETTERS + '0123456789!#$%&\'*+/=?^_`{|}~-.'
_LABEL_CHARS = _LETTERS + '0123456789-'


def address_problem(address):
    """None for a plain address, else why not (a phrase to put after the address in a message)."""
    if kind_of(address) != 'string':
        return 'must be a string'
    if len(address) == 0:
        return 'is empty'
    if len(address) > MAX_ADDRESS:
        return 'is longer than ' + str(MAX_ADDRESS) + ' characters'
    at = address.find('@')
    if at <= 0 or address.find('@', at + 1) >= 0:
        return 'needs exactly one @ with a name before it'
    local = address[0:at]
    domain = address[at + 1:]
    if len(local) > MAX_LOCAL:
        return 'has a name part longer than ' + str(MAX_LOCAL) + ' characters'
    if not only_chars(local, _LOCAL_CHARS):
        return 'has a character that is not allowed before the @ (no spaces, quotes, commas or <>)'
    if local[0] == '.' or local[len(local) - 1] == '.' or local.find('..') >= 0:
        return 'has a misplaced dot before the @'
    labels = domain.split('.')
    if len(labels) < 2:
        return 'needs a domain with a dot after the @'
    for label in labels:
        if len(label) == 0 or len(label) > 63 or not only_chars(label, _LABEL_CHARS):
            return 'has an invalid domain after the @'
        if label[0] == '-' or label[len(label) - 1] == '-':
            return 'has an invalid domain after the @'
    tld = labels[len(labels) - 1]
    if len(tld) < 2 or not (only_chars(tld, _LETTERS) or (tld.startswith('xn--') and only_chars(tld, _LABEL_CHARS))):
        return 'has an invalid top-level domain'
    return None


def is_address(text):
    """A plain address (see the module's rule)."""
    return address_problem(text) is None


def normalize_address(text):
    """The plain address, lower-cased, from `a@b.example` or `Name <a@b.example>` (white space around
    it ignored); None when it is not one."""
    if kind_of(text) != 'string' or len(text) > 320:
        return None
    value = trim(text)
    open_at = value.find('<')
    if open_at >= 0:
        if len(value) == 0 or value[len(value) - 1] != '>':
            return None
        value = trim(value[open_at + 1:len(value) - 1])
    value = value.lower()
    return value if is_address(value) else None


def account_from_label(label):
    """The address in a Google account control's label, lower-cased: 'Google Account: Name
    (name@example.com)' -> 'name@example.com'; None when the label has none."""
    text = fold_text(label)
    open_at = text.rfind('(')
    close_at = text.rfind(')')
    if open_at < 0 or close_at < open_at:
        return None
    candidate = trim(text[open_at + 1:close_at]).lower()
    return candidate if is_address(candidate) else None
