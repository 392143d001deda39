"""Roles and the scan's codes: the tables the walker (scan/tab/walker.py, scan/tab/roles.py) reads, and the rules
that choose a role from what an element says about itself, once its attributes are read.

Pure: runs under CPython and as JS (parity-tested). The tab layer turns the lists into JS Sets and the
dicts into lookup tables once, at load (webapi/jsobj.py).
"""
from core.jsonval import trim_space, split_space

# Elements the walk never enters (and that never give text to a name).
SKIP_TAGS = ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE', 'PARAM', 'SOURCE',
             'TRACK', 'DATALIST', 'OPTION', 'OPTGROUP']
# Block elements: each opens a prose block, and their text is set off by spaces inside a name.
BLOCK_TAGS = ['P', 'DIV', 'LI', 'TD', 'TH', 'DD', 'DT', 'BLOCKQUOTE', 'PRE', 'FIGCAPTION', 'SECTION', 'ARTICLE',
              'ADDRESS', 'CAPTION', 'BODY', 'MAIN', 'ASIDE', 'HEADER', 'FOOTER', 'NAV', 'FORM', 'FIELDSET', 'TABLE',
              'TR', 'UL', 'OL', 'DL', 'FIGURE', 'DETAILS', 'CENTER', 'DIALOG', 'SEARCH', 'LEGEND']
# Blocks that read as sentences: a link or button inside one lends its name to the block's prose.
SENTENCE_TAGS = ['P', 'LI', 'TD', 'TH', 'DD', 'DT', 'BLOCKQUOTE', 'FIGCAPTION', 'CAPTION', 'ADDRESS', 'PRE']
# Roles named from their content (accname 1.2, "name from: contents").
FROM_CONTENT = ['button', 'cell', 'checkbox', 'columnheader', 'comment', 'gridcell', 'heading', 'link', 'menuitem',
                'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'sectionhead', 'switch',
                'tab', 'tooltip', 'treeitem']
# Containers that never give their content to an ancestor's name (Chromium: no name from contents;
# table is left out: Chromium tells layout tables, which do give theirs, from data tables).
NO_CONTENT = ['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'complementary',
              'contentinfo', 'dialog', 'document', 'feed', 'figure', 'form', 'grid', 'group', 'listbox', 'log', 'main',
              'marquee', 'menu', 'menubar', 'meter', 'navigation', 'note', 'progressbar', 'radiogroup', 'search',
              'searchbox', 'slider', 'spinbutton', 'status', 'tablist', 'tabpanel', 'term', 'textbox', 'timer',
              'toolbar', 'tree', 'treegrid']
# Roles named by their first heading when nothing of the author's names them (the ARIA editor's draft,
# w3c/aria PR 2650: alertdialog, article and dialog are "nameFrom: author, heading").
NAME_FROM_HEADING = ['alertdialog', 'article', 'dialog']
HEADING_CANDIDATES = 'h1, h2, h3, h4, h5, h6, [role]'
# Roles whose aria-label does not name them (ARIA: "name prohibited").
NAME_PROHIBITED = ['caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'paragraph', 'presentation',
                   'none', 'strong', 'subscript', 'superscript', 'mark', 'time']
# The role tokens an explicit role="..." may name.
ROLES = ['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'button', 'caption', 'cell',
         'checkbox', 'code', 'columnheader', 'combobox', 'comment', 'complementary', 'contentinfo', 'definition',
         'deletion', 'dialog', 'directory', 'document', 'emphasis', 'feed', 'figure', 'form', 'generic', 'grid',
         'gridcell', 'group', 'heading', 'img', 'image', 'insertion', 'link', 'list', 'listbox', 'listitem', 'log',
         'main', 'mark', 'marquee', 'math', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
         'meter', 'navigation', 'none', 'note', 'option', 'paragraph', 'presentation', 'progressbar', 'radio',
         'radiogroup', 'region', 'row', 'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'sectionhead',
         'separator', 'slider', 'spinbutton', 'status', 'strong', 'subscript', 'suggestion', 'superscript', 'switch',
         'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox', 'time', 'timer', 'toolbar', 'tooltip', 'tree',
         'treegrid', 'treeitem']
# The scan's code for each actionable role (docs/PROTOCOL.md); headings print as H1..H6.
CODE = {'link': 'L', 'button': 'B', 'textbox': 'T', 'searchbox': 'T', 'spinbutton': 'T', 'combobox': 'S',
        'listbox': 'S', 'checkbox': 'C', 'switch': 'C', 'menuitemcheckbox': 'M', 'radio': 'R', 'menuitemradio': 'M',
        'menuitem': 'M', 'tab': 'TB', 'option': 'O', 'slider': 'SL', 'treeitem': 'O'}
HEADING_CODE = 'H'
# Items of a menu, tab list, tree or list box: the walk goes on inside them (a link in a menu item is
# what a click must reach).
ITEM_ROLES = ['menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'option']
# Landmarks and the like: the section line each opens ([main], [form:name], ...).
SECTION = {'main': 'main', 'navigation': 'nav', 'banner': 'header', 'contentinfo': 'footer',
           'complementary': 'aside', 'search': 'search', 'form': 'form', 'dialog': 'dialog', 'alertdialog': 'dialog',
           'region': 'region'}
# Sections whose line carries a name.
NAMED_SECTIONS = ['form', 'dialog', 'region']
# Roles whose value is a number on a range (their aria-valuetext / aria-valuenow is their value).
RANGE_ROLES = ['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']
# Roles with a checked state, and those of them that only a click on another one unchecks.
CHECKABLE_ROLES = ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']
RADIO_ROLES = ['radio', 'menuitemradio']
# Roles a `type` goes to (when the element is an input, a textarea or contenteditable).
TYPEABLE_ROLES = ['textbox', 'searchbox', 'spinbutton', 'combobox']
# Tags that take focus without a tabindex.
FOCUSABLE_TAGS = ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']
# Tags whose role needs nothing but the tag (HTML-AAM); A, AREA, INPUT, SELECT, HEADER, FOOTER,
# SECTION, IMG and SUMMARY depend on more and are decided by implicit_role's callers.
TAG_ROLES = {'BUTTON': 'button', 'TEXTAREA': 'textbox', 'H1': 'heading', 'H2': 'heading', 'H3': 'heading',
             'H4': 'heading', 'H5': 'heading', 'H6': 'heading', 'MAIN': 'main', 'NAV': 'navigation',
             'ASIDE': 'complementary', 'FORM': 'form', 'SEARCH': 'search', 'DIALOG': 'dialog', 'OPTION': 'option',
             'FIELDSET': 'group', 'TABLE': 'table', 'FIGURE': 'figure', 'P': 'paragraph', 'LI': 'listitem',
             'UL': 'list', 'OL': 'list', 'TD': 'cell', 'TH': 'columnheader', 'TR': 'row', 'OUTPUT': 'status',
             'PROGRESS': 'progressbar', 'METER': 'meter', 'HR': 'separator', 'ARTICLE': 'article',
             'BLOCKQUOTE': 'blockquote', 'CODE': 'code', 'EM': 'emphasis', 'STRONG': 'strong', 'DEL': 'deletion',
             'S': 'deletion', 'INS': 'insertion', 'SUB': 'subscript', 'SUP': 'superscript', 'SPAN': 'generic',
             'DIV': 'generic', 'B': 'generic', 'I': 'generic', 'U': 'generic', 'SMALL': 'generic'}
# Sectioning content and roles: a header or footer inside one is no banner or contentinfo.
SECTIONING_TAGS = ['ARTICLE', 'ASIDE', 'MAIN', 'NAV', 'SECTION']
SECTIONING_ROLES = ['article', 'complementary', 'main', 'navigation', 'region']
# <input type> values that are text fields (with `list`: a combobox).
TEXT_INPUTS = ['text', 'email', 'tel', 'url', 'search', 'password', 'number', '']
# ... and those that are text fields with a picker, or a button (file).
PICKER_INPUTS = ['color', 'date', 'datetime-local', 'month', 'time', 'week', 'file']


def explicit_role(attr):
    """The role an element's role="..." gives it: the first token that is a known role ('image' is 'img'),
    else None. Tokens are split on JS whitespace and compared in lower case."""
    if attr is None or attr == '':
        return None
    for token in split_space(trim_space(attr).lower()):
        if token in ROLES:
            return 'img' if token == 'image' else token
    return None


def input_role(input_type, has_list):
    """The role of an <input> from its type attribute (lower-cased, '' when missing) and whether it has
    a `list` (a datalist makes a text field a combobox). None for type=hidden."""
    if input_type == 'button' or input_type == 'submit' or input_type == 'reset' or input_type == 'image':
        return 'button'
    if input_type == 'checkbox':
        return 'checkbox'
    if input_type == 'radio':
        return 'radio'
    if input_type == 'range':
        return 'slider'
    if input_type == 'number':
        return 'spinbutton'
    if input_type == 'hidden':
        return None
    if input_type == 'search':
        return 'combobox' if has_list else 'searchbox'
    if input_type in TEXT_INPUTS:
        return 'combobox' if has_list else 'textbox'
    if input_type in PICKER_INPUTS:
        return 'button' if input_type == 'file' else 'textbox'
    return 'textbox'


def img_role(alt, named, has_title):
    """An <img> with alt="" and no other name (aria-label, aria-labelledby, title) is presentation."""
    if alt == '' and not named and not has_title:
        return 'presentation'
    return 'img'


def section_kind(role):
    """The section a role opens ('nav' for navigation, ...), or None."""
    if role in SECTION:
        return SECTION[role]
    return None


def scan_code(role):
    """The scan's code for a role: 'H' for a heading, 'L', 'B', 'T'... for actionable roles, else None."""
    if role == 'heading':
        return HEADING_CODE
    if role in CODE:
        return CODE[role]
    return None


def leading_int(text):
    """JavaScript's parseInt(text, 10): the integer at the start of text after JS whitespace (an optional
    sign, then ASCII digits), or None where parseInt gives NaN."""
    if text is None:
        return None
    body = trim_space(text)
    sign = 1
    index = 0
    if len(body) > 0 and (body[0] == '-' or body[0] == '+'):
        sign = -1 if body[0] == '-' else 1
        index = 1
    value = 0
    digits = 0
    while index < len(body) and body[index] >= '0' and body[index] <= '9':
        value = value * 10 + (ord(body[index]) - 48)
        digits += 1
        index += 1
    if digits == 0:
        return None
    return sign * value


def heading_level(aria_level, tag):
    """A heading's level: aria-level when it reads as 1..6, else the tag's digit (H1..H6), else 2."""
    source = aria_level
    if source is None or source == '':
        source = tag[1] if len(tag) == 2 and tag[0] == 'H' else '2'
    level = leading_int(source)
    if level is None or level < 1 or level > 6:
        return 2
    return level
