"""Accessible names (accname 1.2): the rules that need no DOM, once the strings are read. The steps that
walk the DOM are in scan/tab/names.py; these are what they assemble with.

- whitespace: `squash` (JS whitespace and U+200B runs to one space, trimmed) is how every name ends;
- joining: the parts of aria-labelledby or of several <label>s are joined by a space;
- content: a block child's text is set off by spaces, <br> and comments are a space; ::before/::after
  text is set off when its box is (`with_pseudo`, `pseudo_spaced`);
- embedded controls (step 2C): which roles give their value, chosen option or range value
  (`embedded_kind`, `range_text`);
- host language: the defaults of submit/reset/image inputs, and which of value/alt names an input;
- tooltip: title, else placeholder (inputs and textareas), else aria-placeholder;
- CSS text-transform: the text a text node shows (`transformed`: uppercase, lowercase, capitalize);
- CSS generated content: which style rules can give an element ::before/::after text
  (`pseudo_bases`), and the text a computed `content` value gives (`content_text`).

Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import trim_space, squash as squash_spaces

PSEUDO_NONE = ['', 'none', 'normal']


def squash(text):
    """The name as read: whitespace runs (JS whitespace and U+200B) become one space, ends trimmed."""
    return squash_spaces(text)


def is_blank(text):
    """None, or only JS whitespace (what `.trim() === ''` tests)."""
    return text is None or trim_space(text) == ''


def join_parts(parts):
    """Names of several referenced elements or labels: joined by a space, then squashed."""
    return squash(' '.join(parts))


def content_piece(piece, blockish):
    """A child's text inside its parent's name: a block-level child's is set off by spaces."""
    if blockish:
        return ' ' + piece + ' '
    return piece


REACT_SEPARATOR = ' '


def comment_text(data):
    """What a comment between text nodes adds to a name from content: a space, so that text nodes a
    comment splits are read as words (the WPT reading of accname 1.2 2F: "heading<!-- x -->label" is
    "heading label"); nothing for `<!-- -->`, the empty separator React writes between the pieces of
    one string in its output ("13<!-- --> response<!-- -->s"), which Chromium joins as rendered."""
    return '' if data == REACT_SEPARATOR else ' '


def with_pseudo(before, before_spaced, content, after, after_spaced):
    """accname 1.2 step 2F.ii/2F.iv: "the text alternative of the current node's ::before pseudo
    element" is prepended and that of ::after appended; a space sets each off only when its box is
    spaced (pseudo_spaced), as for any child (content_piece). Empty parts add nothing."""
    out = content
    if before != '':
        out = before + (' ' if before_spaced else '') + out
    if after != '':
        out = out + (' ' if after_spaced else '') + after
    return out


def _positive_length(value):
    """A computed CSS length ('0px', '3.2px', '-1px', 'auto') that is more than zero."""
    if value is None:
        return False
    text = trim_space(value)
    if text == '' or text[0] == '-':
        return False
    for ch in text:
        if ch >= '1' and ch <= '9':
            return True
        if ch != '0' and ch != '.':
            return False
    return False


def pseudo_spaced(display, padding_left, padding_right, margin_left, margin_right, is_before):
    """Whether a ::before/::after box's text is set off from the element's content by a space: when it
    is not inline (accname 1.2 step 2F: "If the current node ... is a block-level element, add a space"),
    or when the side it turns to the content has padding or margin, a gap drawn in place of a space.
    Chromium joins an inline pseudo box with no space whatever its padding; this is our departure
    (docs/PROTOCOL.md, "Names"): a gap on screen reads as a word break."""
    if display != 'inline' and display != 'contents' and display != '':
        return True
    if is_before:
        return _positive_length(padding_right) or _positive_length(margin_right)
    return _positive_length(padding_left) or _positive_length(margin_left)


# step 2C: the roles of a control embedded in another element's name, by what they give
EMBEDDED_TEXT = ['textbox', 'searchbox']
EMBEDDED_CHOICE = ['combobox', 'listbox']
EMBEDDED_RANGE = ['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']
EMBEDDED_NOTHING = ['menu', 'menubar']


def embedded_kind(role):
    """accname 1.2 step 2C, "Embedded Control": what a control inside another element's name gives:
    'text' ("If the embedded control has role textbox, return its value"), 'choice' ("If the embedded
    control has role combobox or listbox, return the text alternative of the chosen option"), 'range'
    ("If the embedded control has role range ... return the value of aria-valuetext ... aria-valuenow
    ... the host language value"), 'nothing' for a menu (the spec lists no menu; Chromium gives an
    embedded menu no text, its items being choices not yet made, and so do we), or None: not an
    embedded control (a menu button is a button: it is named as one, 2C's "menu button" rule)."""
    if role in EMBEDDED_TEXT:
        return 'text'
    if role in EMBEDDED_CHOICE:
        return 'choice'
    if role in EMBEDDED_RANGE:
        return 'range'
    if role in EMBEDDED_NOTHING:
        return 'nothing'
    return None


def range_text(valuetext, valuenow, native):
    """accname 1.2 step 2C, range: "If the aria-valuetext property is present, return its value,
    Otherwise, if the aria-valuenow property is present, return its value, Otherwise, use the value as
    specified by a host language attribute." None for absent ones; '' when none is present."""
    if valuetext is not None:
        return valuetext
    if valuenow is not None:
        return valuenow
    return native if native is not None else ''


def input_default(input_type):
    """The name a submit, reset or image input has when nothing else names it."""
    if input_type == 'submit':
        return 'Submit'
    if input_type == 'reset':
        return 'Reset'
    if input_type == 'image':
        return 'Submit Query'
    return ''


def input_host_name(input_type, value, alt, has_title):
    """The host-language name of an <input> that no <label> names (step 2E): a button's value (else its
    default), an image button's alt, else its value, else its default unless a title will name it."""
    if input_type == 'button' or input_type == 'submit' or input_type == 'reset':
        # HTML: "If the element has a value attribute, the button's label must be the value of that
        # attribute; otherwise, ... 'Submit'": value="" is an empty label (Chromium agrees), not the default
        if value is not None:
            return value
        return '' if input_type == 'button' else input_default(input_type)
    if input_type == 'image':
        if not is_blank(alt):
            return alt
        if not is_blank(value):
            return value
        if has_title:
            return ''
        return 'Submit Query'
    return ''


def tooltip_text(title, placeholder, aria_placeholder, is_field):
    """Step 2I: title, else (inputs and textareas) placeholder, else aria-placeholder; blank ones skipped."""
    if not is_blank(title):
        return title
    if is_field and not is_blank(placeholder):
        return placeholder
    if not is_blank(aria_placeholder):
        return aria_placeholder
    return ''


# --- CSS generated content ------------------------------------------------------------------------

def _word_char(ch):
    return (ch >= 'a' and ch <= 'z') or (ch >= 'A' and ch <= 'Z') or (ch >= '0' and ch <= '9') or ch == '_'


def _pseudo_at(text, index):
    """Length of `::before`, `:before`, `::after` or `:after` (ASCII letters in any case, then a word
    boundary) at index (a ':'), else 0."""
    start = index + 1
    if start < len(text) and text[start] == ':':
        start += 1
    for word in ['before', 'after']:
        end = start + len(word)
        if text[start:end].lower() == word and (end >= len(text) or not _word_char(text[end])):
            return end - index
    return 0


def names_pseudo(selector):
    """Whether a selector (or a part of one) names ::before or ::after (`:before`, any case)."""
    low = selector.lower()
    return low.find(':before') >= 0 or low.find(':after') >= 0


def strip_pseudo(part):
    """A selector part without its ::before/::after (the element the rule's box hangs on), trimmed; '*'
    when nothing is left."""
    out = []
    index = 0
    copied = 0
    while index < len(part):
        if part[index] == ':':
            size = _pseudo_at(part, index)
            if size > 0:
                out.append(part[copied:index])
                index += size
                copied = index
                continue
        index += 1
    out.append(part[copied:len(part)])
    base = trim_space(''.join(out))
    return base if base != '' else '*'


def _icon_only(content):
    """A content value that is one quoted string of private-use icons, escapes, hex digits and spaces,
    with at least one private-use character or escape (an icon font's glyph, never words: "A", "add"
    or "Cafe" are words made of hex letters)."""
    if len(content) < 2:
        return False
    first = content[0]
    last = content[len(content) - 1]
    if (first != '"' and first != "'") or (last != '"' and last != "'"):
        return False
    glyph = False
    for ch in content[1:len(content) - 1]:
        code = ord(ch[0])
        if len(ch) == 1 and code >= 0xE000 and code <= 0xF8FF:
            glyph = True
            continue
        if ch == '\\':
            glyph = True
            continue
        low = ch.lower()
        if ch == ' ' or (ch >= '0' and ch <= '9') or (len(ch) == 1 and low >= 'a' and low <= 'f'):
            continue
        return False
    return glyph


def pseudo_bases(selector, content):
    """The base selectors a style rule gives ::before/::after text to: one per comma-separated part that
    names a pseudo-element, when the rule's `content` is a string that can hold words (not none/normal,
    not empty quotes, not only icon glyphs). [] otherwise."""
    if selector is None or selector == '' or selector.find(':') < 0 or not names_pseudo(selector):
        return []
    if content is None or content in PSEUDO_NONE or content == '""' or content == "''":
        return []
    if (content.find('"') < 0 and content.find("'") < 0) or _icon_only(content):
        return []
    out = []
    for part in selector.split(','):
        if names_pseudo(part):
            out.append(strip_pseudo(part))
    return out


_LINE_ENDS = '\n\r\u2028\u2029'


def _quoted_end(text, start):
    """text[start] is '"': the index just past the closing quote of the CSS string that starts there
    (a backslash escapes the next character, but not a line end), or -1 when there is none."""
    index = start + 1
    while index < len(text):
        ch = text[index]
        if ch == '"':
            return index + 1
        if ch == '\\':
            if index + 1 >= len(text) or _LINE_ENDS.find(text[index + 1]) >= 0:
                return -1
            index += 2
            continue
        index += 1
    return -1


def _unescape(body):
    out = []
    index = 0
    while index < len(body):
        if body[index] == '\\' and index + 1 < len(body):
            out.append(body[index + 1])
            index += 2
            continue
        out.append(body[index])
        index += 1
    return ''.join(out)


def _alt_text(content):
    """The `/ "alt"` part that ends a content value (its alternative text), quotes kept, or None."""
    index = content.find('/')
    while index >= 0:
        at = index + 1
        while at < len(content) and trim_space(content[at]) == '':
            at += 1
        if at < len(content) and content[at] == '"':
            end = _quoted_end(content, at)
            if end > 0 and trim_space(content[end:len(content)]) == '':
                return content[at:end]
        index = content.find('/', index + 1)
    return None


def content_text(content):
    """The text a computed `content` value gives: its alternative text (after `/`) when it has one, else
    its strings, unescaped and joined; private-use characters (icon glyphs) dropped. '' for none/normal."""
    if content is None or content in PSEUDO_NONE:
        return ''
    alt = _alt_text(content)
    source = alt if alt is not None else content
    parts = []
    index = source.find('"')
    while index >= 0:
        end = _quoted_end(source, index)
        if end > 0:
            parts.append(_unescape(source[index + 1:end - 1]))
            index = source.find('"', end)
        else:
            index = source.find('"', index + 1)
    out = []
    for ch in ''.join(parts):
        code = ord(ch[0])
        if len(ch) == 1 and code >= 0xE000 and code <= 0xF8FF:
            continue
        out.append(ch)
    return ''.join(out)


def _is_letter(ch):
    return ch.lower() != ch.upper()


def transformed(text, transform):
    """text as CSS `text-transform` shows it, which is what the accessibility tree exposes (the ARIA WG,
    July 2024: "Match current (intentional) browser behavior", web-platform-tests PR 46527; w3c/css-aam
    issue 25): 'uppercase', 'lowercase', 'capitalize' (the first letter of each word, after leading
    punctuation; a word starts the text or follows whitespace). Other values (none, full-width,
    full-size-kana: implementors agree the last does not change the exposed text) leave it as it is."""
    if text is None or transform is None:
        return text
    if transform == 'uppercase':
        return text.upper()
    if transform == 'lowercase':
        return text.lower()
    if transform != 'capitalize':
        return text
    out = []
    seeking = True
    for ch in text:
        if trim_space(ch) == '':
            seeking = True
            out.append(ch)
            continue
        if seeking and _is_letter(ch):
            out.append(ch.upper())
            seeking = False
            continue
        if seeking and ch >= '0' and ch <= '9':
            seeking = False
        out.append(ch)
    return ''.join(out)
