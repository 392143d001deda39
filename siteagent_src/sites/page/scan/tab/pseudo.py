# siteagent: hot
"""::before/::after text for accessible names: which elements may have it, per tree (a document, or a
shadow root: a document's rules never reach into one), and what it says (names.content_text).

The base selectors of style rules that set a content string (names.pseudo_bases) are read once per tree
and kept while every sheet keeps its rule count (CSS-in-JS inserts rules into a sheet it has); the
elements they match are found again once the tree has changed. A sheet that cannot be read (another
origin's) makes the answer `True`: ask every element. During a scan each tree is asked once (the scan
runs no page script). Hot: names ask for every named element.
"""
from sites.page.scan.names import pseudo_bases, content_text, pseudo_spaced
from webapi.jsobj import record, set_of, new_map, is_instance, as_array

SVG_NS = 'http://www.w3.org/2000/svg'
NO_PSEUDO = set_of([])            # no element of the tree has generated text (not False: see reads_pseudo)
# what a tree's MutationObserver watches: any change may add or remove an element a rule reaches
WATCH = record()
WATCH.subtree = True
WATCH.childList = True
WATCH.attributes = True

# tree -> record {signature, bases, unknown, members, stale, watch}
_trees = __new__(WeakMap())
# Per scan: `other_trees`, a shadow root or a frame's document was entered (names then ask each
# element's own tree); `answers`, tree -> its answer during a scan (None outside one).
SCAN = record()
SCAN.other_trees = False
SCAN.answers = None
SCAN.transforms = None          # per scan: tree -> whether a text-transform may apply in it
SCAN.named_roots = []           # per scan: shadow roots a name was read through (model.py observes them)


def begin_scan():
    SCAN.other_trees = False
    SCAN.answers = new_map()
    SCAN.transforms = new_map()
    SCAN.named_roots = []


def end_scan():
    SCAN.answers = None
    SCAN.transforms = None
    SCAN.named_roots = []


def note_other_tree():
    SCAN.other_trees = True


def note_named_root(root):
    """A name was read from inside this shadow root (a widget's content is its name, and the walk does
    not enter a widget): its changes change that name, so the live model must hear of them too."""
    SCAN.other_trees = True
    SCAN.named_roots.append(root)


def same_origin(href):
    if not href:
        return False
    try:
        return __new__(URL(href, location.href)).origin == location.origin
    except:  # noqa: E722 (a native TypeError for a bad URL)
        return False


def collect_rules(rules, bases):
    """The base selectors of rules (and of the sheets they @import, and of the rules inside @media and
    the like) into bases. True: a sheet that cannot be read."""
    for rule in rules:
        if is_instance(rule, window.CSSImportRule):
            if sheet_bases(rule.styleSheet, bases) is True:
                return True
            continue
        if rule.cssRules and not rule.selectorText:
            if collect_rules(rule.cssRules, bases) is True:
                return True
            continue
        selector = rule.selectorText
        if not selector:
            continue
        if rule.style and rule.style.textTransform and rule.style.textTransform != 'none':
            bases.transforms = True
        if selector.indexOf(':') < 0:
            continue
        content = rule.style and rule.style.content
        if not content:
            continue
        for base in pseudo_bases(selector, content):
            bases.append(base)
    return False


def sheet_bases(sheet, bases):
    """A sheet's base selectors into bases; True: a sheet that cannot be read."""
    if not sheet:
        return False
    rules = None
    try:
        rules = sheet.cssRules
    except:  # noqa: E722 (a SecurityError: another origin's sheet)
        # a same-origin sheet is always readable once loaded: one that throws failed to load
        return not same_origin(sheet.href)
    return collect_rules(rules, bases) if rules else False


def signature(sheets):
    """The sheets' count and each one's rule count ('x' when unreadable)."""
    out = str(sheets.length)
    for sheet in sheets:
        count = 'x'
        try:
            count = str(sheet.cssRules.length)
        except:  # noqa: E722 (another origin's sheet, or not loaded)
            count = 'x'
        out += ',' + count
    return out


def tree_sheets(tree):
    sheets = as_array(tree.styleSheets or [])
    if tree.adoptedStyleSheets:
        for sheet in tree.adoptedStyleSheets:
            sheets.append(sheet)
    return sheets


def _stale_on_change(entry):
    def changed():
        entry.stale = True
        entry.watch.disconnect()
    return changed


def tree_answer(tree):
    """True (ask every element), NO_PSEUDO, or the Set of the tree's elements a rule may give text."""
    sheets = tree_sheets(tree)
    sig = signature(sheets)
    entry = _trees['get'](tree)
    if not entry or entry.signature != sig:
        if entry and entry.watch:
            entry.watch.disconnect()
        bases = []
        bases.transforms = False
        unknown = False
        for sheet in sheets:
            if sheet_bases(sheet, bases) is True:
                unknown = True
                break
        entry = record()
        entry.signature = sig
        entry.bases = bases
        entry.transforms = unknown or bases.transforms
        entry.unknown = unknown
        entry.members = None
        entry.stale = True
        entry.watch = None
        _trees.set(tree, entry)
    if entry.unknown:
        return True
    if entry.bases.length == 0:
        return NO_PSEUDO
    if entry.watch and not entry.stale and entry.watch.takeRecords().length > 0:
        entry.stale = True          # changed in this task: its observer has not been called yet
    if entry.members == None or entry.stale:
        members = set_of([])
        for base in entry.bases:
            try:
                for el in tree.querySelectorAll(base):
                    members.add(el)
            except:  # noqa: E722 (a selector querySelectorAll refuses, such as :hover in some engines)
                pass
        entry.members = members
        entry.stale = False
        if not entry.watch:
            entry.watch = __new__(MutationObserver(_stale_on_change(entry)))
        entry.watch.observe(tree, WATCH)
    return entry.members


def document_answer():
    return tree_answer(document)


def answer_in_scan(tree):
    if SCAN.answers == None:
        return tree_answer(tree)
    answer = SCAN.answers['get'](tree)
    if answer == None:
        answer = tree_answer(tree)
        SCAN.answers.set(tree, answer)
    return answer


def transforms_in(el):
    """Whether a text-transform may apply to el's text: a style rule of its document sets one (or a
    sheet cannot be read), or an element of the document has one in its style attribute. Asked once
    per document during a scan; in a shadow tree and outside a scan, always (the caller reads the
    computed style)."""
    if SCAN.answers == None:
        return True
    tree = el.getRootNode() if SCAN.other_trees else document
    if tree.nodeType != 9:
        return True                 # a shadow tree inherits its host's text-transform: always read
    known = SCAN.transforms['get'](tree)
    if known == None:
        answer_in_scan(tree)
        entry = _trees['get'](tree)
        known = True if not entry or entry.transforms else \
            tree.querySelector('[style*="text-transform" i]') != None
        SCAN.transforms.set(tree, known)
    return known


def reads_pseudo(el, answer):
    """Whether el's ::before/::after text is read. answer: the document's (document_answer), or a false
    value for never; an element of another tree (a shadow root, a frame) is judged by that tree's own
    sheets. Images and SVG elements never generate those boxes."""
    if not answer or el.tagName == 'IMG' or el.namespaceURI == SVG_NS:
        return False
    if SCAN.other_trees:
        tree = el.getRootNode()
        if tree is not document:
            answer = answer_in_scan(tree) if tree.nodeType == 9 or tree.nodeType == 11 else NO_PSEUDO
    return answer is True or answer.has(el)


def pseudo_text(el, which):
    """The text of el's ::before or ::after box ('::before' / '::after')."""
    return content_text(getComputedStyle(el, which).content)


def pseudo_part(el, which):
    """[text, spaced] of el's ::before or ::after box: its text (names.content_text), and whether it is
    set off by a space (names.pseudo_spaced: its display, and the horizontal padding or margin that
    draws a gap beside it)."""
    style = getComputedStyle(el, which)
    text = content_text(style.content)
    if text == '':
        return ['', False]
    return [text, pseudo_spaced(style.display, style.paddingLeft, style.paddingRight, style.marginLeft,
                                style.marginRight, which == '::before')]
