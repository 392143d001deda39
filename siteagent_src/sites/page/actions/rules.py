"""The page tool's actions without the DOM: key chords for `press`, the text `read` returns, how far
`scroll` moves, and what the risk judge is told about a target's form (actions/tab.py reads the DOM).

Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import trim_space, all_digits, kind_of

# key names a chord may end with, and the key they press (`Esc` is Escape, `Space` the space bar)
KEY_NAMES = {'Enter': 'Enter', 'Tab': 'Tab', 'Escape': 'Escape', 'Esc': 'Escape', 'Backspace': 'Backspace',
             'Delete': 'Delete', 'ArrowUp': 'ArrowUp', 'ArrowDown': 'ArrowDown', 'ArrowLeft': 'ArrowLeft',
             'ArrowRight': 'ArrowRight', 'Home': 'Home', 'End': 'End', 'PageUp': 'PageUp', 'PageDown': 'PageDown',
             'Space': ' '}
MODIFIERS = {'control': 'ctrlKey', 'ctrl': 'ctrlKey', 'shift': 'shiftKey', 'alt': 'altKey', 'option': 'altKey',
             'meta': 'metaKey', 'cmd': 'metaKey', 'command': 'metaKey'}
# form fields the risk judge is not told about (they hold no user input), and how many it reads
UNLISTED_TAGS = ['FIELDSET', 'OBJECT', 'OUTPUT']
UNLISTED_TYPES = ['hidden', 'submit', 'button', 'reset', 'image']
FORM_FIELDS_READ = 60
FORM_FIELDS_SHOWN = 12
FIELD_LABEL_CAP = 80
SCROLL_SHARE = 0.8           # a scroll moves this much of the viewport (or the element)


def parse_chord(chord):
    """{key, ctrlKey, shiftKey, altKey, metaKey} for a chord such as `Enter`, `Control+A`, `shift + Tab`
    or `F5`: modifiers (any case) joined by '+', then a key name (KEY_NAMES), one character, or F1..F99.
    None when it is not one."""
    if kind_of(chord) != 'string':
        return None
    parts = []
    for part in chord.split('+'):
        part = trim_space(part)
        if len(part) > 0:
            parts.append(part)
    if len(parts) == 0:
        return None
    out = {'key': None, 'ctrlKey': False, 'shiftKey': False, 'altKey': False, 'metaKey': False}
    for part in parts[0:len(parts) - 1]:
        low = part.lower()
        if low not in MODIFIERS:
            return None
        out[MODIFIERS[low]] = True
    last = parts[len(parts) - 1]
    if last in KEY_NAMES:
        out['key'] = KEY_NAMES[last]
    elif len(last) == 1:
        out['key'] = last
    elif len(last) <= 3 and last[0] == 'F' and all_digits(last[1:len(last)]):
        out['key'] = last
    else:
        return None
    return out


def key_code(key):
    """The KeyboardEvent `code` sent with a key: `Key` and the letter in upper case for one character."""
    return 'Key' + key.upper() if len(key) == 1 else key


def read_text(text):
    """What `read` returns of an element's text: runs of spaces and tabs as one space, at most one blank
    line in a row, trimmed."""
    out = []
    index = 0
    while index < len(text):
        ch = text[index]
        if ch == ' ' or ch == '\t':
            while index < len(text) and (text[index] == ' ' or text[index] == '\t'):
                index += 1
            out.append(' ')
            continue
        if ch == '\n':
            end = index
            while end < len(text) and text[end] == '\n':
                end += 1
            out.append('\n\n' if end - index >= 3 else text[index:end])
            index = end
            continue
        out.append(ch)
        index += 1
    return trim_space(''.join(out))


def scroll_move(direction, width, height):
    """[dx, dy] for a scroll `direction` over a box of width x height: SCROLL_SHARE of it; None for
    anything but down, up, left and right."""
    if direction == 'down':
        return [0, height * SCROLL_SHARE]
    if direction == 'up':
        return [0, -height * SCROLL_SHARE]
    if direction == 'right':
        return [width * SCROLL_SHARE, 0]
    if direction == 'left':
        return [-width * SCROLL_SHARE, 0]
    return None


def field_listed(tag, field_type):
    """Whether a form field is told to the risk judge (type lower-cased)."""
    return tag not in UNLISTED_TAGS and field_type not in UNLISTED_TYPES


def field_line(label, field_name, field_id, field_type, tag):
    """`<label, else name, else id, else type> (<type, else tag>)`: one field of a form as the judge reads it."""
    shown = label
    for other in [field_name, field_id, field_type]:
        if shown != '':
            break
        shown = other
    return shown + ' (' + (field_type if field_type != '' else tag.lower()) + ')'


def submits(tag, has_form, type_attr, type_prop):
    """Whether activating the element submits its form: a button of type submit (the default), or an
    input of type submit or image."""
    if not has_form:
        return False
    if tag == 'BUTTON':
        return (type_attr if type_attr is not None and type_attr != '' else 'submit').lower() == 'submit'
    if tag == 'INPUT':
        low = type_prop.lower()
        return low == 'submit' or low == 'image'
    return False
