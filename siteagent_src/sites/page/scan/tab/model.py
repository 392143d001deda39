# siteagent: hot
"""The live page model: what a repeat scan keeps from the scans before it (docs/PROTOCOL.md, "Repeat scans").

After a scan, each walked element whose subtree is big enough keeps its segment (scan/tab/walker.py: the rows,
counts and prose text its walk produced, in the context it was walked in). A MutationObserver on the
document and on every shadow root the walk entered queues what changes; the next scan turns that into
dirty marks: `sub` (the element's flat subtree is walked again) and `path` (the element itself is walked
again, its children may be replayed). A mutation marks the flat parent of the element it touched as `sub`
(siblings' styles follow from sibling selectors, a parent's :empty from its children), and every flat
ancestor as `path` (names from content, blocks, sections). Changes without a mutation are caught too:
form controls' values and checked states (compared with the last scan's), custom elements defined or
given a shadow root, running or finished animations and transitions, focus (`:focus` rules), images
loading, popovers toggling, and the visibility and box of every kept row (one read each). A name that
depends on other elements (aria-labelledby and the other IDREF attributes, <label>s) is walked again
when anything under the element it references changes.

The whole page is walked instead (`full`) when a change could reach anywhere: a first scan, another
route, a resize or zoom, a media query that flips (in a sheet that cannot be read: any of the
non-size media features), web fonts loaded, style sheets added, removed or edited (rule counts), a
mutation of a <style>/<link>/<base> or of <html>/<body>, an `id` or IDREF attribute, nodes with ids,
IDREFs or labels inserted or removed, container queries in the sheets (or a sheet that cannot be read)
with any change, `:has()` with any change a selector can see (an image, frame or sheet that loaded only
moves boxes, which the kept rows' box reads catch), hovering with `:hover` rules, focus with `:focus-within` rules, a
uid dropped as stale, too many queued mutations. Same-origin frames are walked every time.
Hot: `note` runs once per walked element.
"""
from sites.page.scan.tab.pseudo import tree_sheets, SCAN
from sites.page.scan.tab.visible import parent_of, VISIBILITY
from webapi.jsobj import record, set_of, new_map, is_instance

SEGMENT_MIN = 6             # an element whose walk visits fewer elements keeps no segment
PENDING_CAP = 20000         # more queued mutation records than this: walk the whole page
STYLE_TAGS = set_of(['STYLE', 'LINK', 'BASE'])
IDREF_ATTRS = ['aria-labelledby', 'aria-labeledby', 'aria-describedby', 'aria-owns', 'aria-details',
               'aria-errormessage', 'aria-activedescendant', 'aria-controls', 'aria-flowto', 'headers', 'list',
               'form', 'popovertarget', 'commandfor', 'for', 'anchor']
IDREF = set_of(IDREF_ATTRS)
# nodes inserted or removed with one of these inside change what other elements are named by (and so
# does an element with an id that an IDREF names, or named when it was removed)
REFERRING = 'style,link,base,label,[' + '],['.join(IDREF_ATTRS) + ']'
REFERRERS = '[' + '],['.join(IDREF_ATTRS) + ']'
CONTROLS = 'input,select,textarea'
# a sheet that cannot be read may use any media feature: these are watched instead (Media Queries 5's
# features that are not the viewport's size, one query per value that is not the default; the size
# ones come with a resize, and the resolution with devicePixelRatio)
UNREAD_MEDIA = ['print', '(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)',
                '(prefers-contrast: more)', '(prefers-contrast: less)', '(prefers-contrast: custom)',
                '(prefers-reduced-transparency: reduce)', '(prefers-reduced-data: reduce)',
                '(forced-colors: active)', '(inverted-colors: inverted)', '(hover: none)', '(any-hover: none)',
                '(pointer: coarse)', '(pointer: none)', '(any-pointer: coarse)', '(any-pointer: none)',
                '(orientation: portrait)', '(display-mode: fullscreen)', '(display-mode: standalone)',
                '(display-mode: minimal-ui)', '(display-mode: picture-in-picture)', '(color-gamut: p3)',
                '(color-gamut: rec2020)', '(dynamic-range: high)', '(video-dynamic-range: high)',
                '(update: slow)', '(update: none)', '(scripting: none)', '(monochrome)', '(grid)',
                '(overflow-block: paged)', '(overflow-inline: none)']
HEAD_IGNORED = set_of(['TITLE', 'SCRIPT', 'NOSCRIPT', 'META', 'TEMPLATE'])
WATCH = record()
WATCH.subtree = True
WATCH.childList = True
WATCH.attributes = True
WATCH.characterData = True
# what a watched element was: a listed row (shown), a widget without a box, a custom element
SHOWN = 0
BOXLESS = 1
CUSTOM = 2

M = record()
M.live = False              # a model from the last scan exists
M.segment_min = SEGMENT_MIN   # (the test probe lowers it, so that every level is replayed)
M.segs = __new__(WeakMap())  # element -> its segment (walker.py)
M.sub = set_of([])
M.path = set_of([])
M.full = True
M.why = 'first scan'
M.pending = []
M.overflow = False
M.observer = None
M.roots = []                # shadow roots observed (document first)
M.root_set = __new__(WeakSet())
M.watch = []                # the last scan's watched elements
M.controls = []             # [element, state] of the last scan
M.animated = []             # animation targets at the last scan
M.focused = []              # focus targets since the last scan
M.loaded = []               # elements loaded (images, frames, sheets: load and error events) since the last scan
M.toggled = []              # popovers and <details>/<dialog> toggled since the last scan
M.seen_change = False       # (begin) a mark comes from a change a selector can see: not only loads and boxes
M.hovered = False
M.resized = False
M.fonts = False             # web fonts finished loading since the last scan
M.dpr = 0
M.images_loading = False    # an image in a shadow root was still loading at the last scan
M.listening = False
M.route = None
M.epoch = -1
M.pseudo_kind = None
M.sig = None                # the style sheets' signature
M.flags = None              # what the sheets use: has, hover, focus, focus_within, container
M.media = []                # [MediaQueryList, matches]
M.refs = new_map()          # a referenced element -> [elements named through it]
M.ref_ids = set_of([])      # every id an IDREF attribute names (found or not)
M.vw = 0
M.vh = 0
M.stats = record()
M.stats.scans = 0
M.stats.full = 0
M.stats.replayed = 0


# --- watching ---------------------------------------------------------------------------------------

def _queue(records, _observer):
    if M.overflow:
        return
    if M.pending.length + records.length > PENDING_CAP:
        M.overflow = True
        M.pending = []
        return
    for rec in records:
        M.pending.append(rec)


def _on_focus(event):
    if M.live and M.focused.length < 1000:
        path = event.composedPath()
        M.focused.append(path[0] if path.length > 0 else event.target)


def _on_hover(event):
    if M.live and event.isTrusted:
        M.hovered = True


def _on_load(event):
    if M.live and M.loaded.length < 1000:
        path = event.composedPath()
        M.loaded.append(path[0] if path.length > 0 else event.target)


def _on_toggle(event):
    if M.live and M.toggled.length < 1000:
        path = event.composedPath()
        M.toggled.append(path[0] if path.length > 0 else event.target)


def _on_resize(_event):
    M.resized = True


def _on_fonts(_event):
    M.fonts = True


def _listen():
    if M.listening:
        return
    M.listening = True
    M.observer = __new__(MutationObserver(_queue))
    M.observer.observe(document, WATCH)
    for kind in ['focusin', 'focusout']:
        document.addEventListener(kind, _on_focus, True)
    for kind in ['mouseover', 'mouseout', 'mousedown', 'mouseup']:
        document.addEventListener(kind, _on_hover, True)
    for kind in ['load', 'error']:
        document.addEventListener(kind, _on_load, True)
    for kind in ['beforetoggle', 'toggle']:
        document.addEventListener(kind, _on_toggle, True)
    window.addEventListener('resize', _on_resize, True)
    if document.fonts:
        document.fonts.addEventListener('loadingdone', _on_fonts)


def observe_root(root):
    """A shadow root the walk entered: its mutations are queued too."""
    if M.observer == None or M.root_set.has(root):
        return
    M.root_set.add(root)
    M.roots.append(root)
    M.observer.observe(root, WATCH)


def drop():
    """Forget the model (the next scan walks the whole page). A navigation drops it with the document."""
    M.live = False
    M.segs = __new__(WeakMap())
    M.watch = []
    M.controls = []
    M.animated = []
    M.refs = new_map()


# --- style sheets -----------------------------------------------------------------------------------

def _sheets():
    """The document's and the observed shadow roots' sheets (roots gone from the page are dropped)."""
    kept = []
    sheets = tree_sheets(document)
    for root in M.roots:
        if root.host and root.host.isConnected:
            kept.append(root)
            for sheet in tree_sheets(root):
                sheets.append(sheet)
        else:
            M.root_set.delete(root)     # observed again (and listed) if the walk meets it again
    M.roots = kept
    return sheets


def _signature(sheets):
    """The sheets' count, and each one's rule count, disabled state and media (with its @imports')."""
    out = str(sheets.length)
    for sheet in sheets:
        out += ',' + _sheet_signature(sheet)
    return out


def _sheet_signature(sheet):
    if not sheet:
        return '-'
    rules = None
    try:
        rules = sheet.cssRules
    except:  # noqa: E722 (another origin's sheet, or not loaded yet)
        return 'x'
    out = str(rules.length) + ('d' if sheet.disabled else '') + (sheet.media.mediaText if sheet.media else '')
    for rule in rules:
        if not is_instance(rule, window.CSSImportRule):
            break                       # @import rules come first
        out += '[' + _sheet_signature(rule.styleSheet) + ']'
    return out


def _scan_rules(rules, flags, media):
    """Flags of the selectors in rules (and in @media, @supports, @import...); False: unreadable."""
    for rule in rules:
        if is_instance(rule, window.CSSImportRule):
            inner = None
            try:
                inner = rule.styleSheet.cssRules if rule.styleSheet else None
            except:  # noqa: E722
                return False
            if rule.media and rule.media.mediaText:
                media.append(rule.media.mediaText)
            if inner and _scan_rules(inner, flags, media) is False:
                return False
            continue
        if is_instance(rule, window.CSSContainerRule):
            flags.container = True
        if is_instance(rule, window.CSSMediaRule) and rule.conditionText:
            media.append(rule.conditionText)
        selector = rule.selectorText
        if selector and selector.indexOf(':') >= 0:
            if selector.indexOf(':has(') >= 0:
                flags.has = True
            if selector.indexOf(':hover') >= 0 or selector.indexOf(':active') >= 0:
                flags.hover = True
            if selector.indexOf(':focus-within') >= 0:
                flags.focus_within = True
            if selector.indexOf(':focus') >= 0:
                flags.focus = True
        if rule.cssRules and rule.cssRules.length > 0:
            if _scan_rules(rule.cssRules, flags, media) is False:
                return False
    return True


def _read_flags(sheets):
    flags = record()
    flags.has = False
    flags.hover = False
    flags.focus = False
    flags.focus_within = False
    flags.container = False
    media = []
    unknown = False
    for sheet in sheets:
        rules = None
        try:
            rules = sheet.cssRules
        except:  # noqa: E722 (another origin's sheet: anything is possible)
            unknown = True
            break
        if sheet.media and sheet.media.mediaText:
            media.append(sheet.media.mediaText)
        if rules and _scan_rules(rules, flags, media) is False:
            unknown = True
            break
    if unknown:
        for text in UNREAD_MEDIA:
            media.append(text)
        flags.has = True
        flags.hover = True
        flags.focus = True
        flags.focus_within = True
        flags.container = True
    M.flags = flags
    M.media = []
    seen = set_of([])
    for text in media:
        if not seen.has(text):
            seen.add(text)
            mql = window.matchMedia(text)
            M.media.append([mql, mql.matches])


# --- dirty marks ------------------------------------------------------------------------------------

def _full(why):
    if not M.full:
        M.full = True
        M.why = why


def mark_path(node):
    """node and its flat ancestors are walked again (their children may be replayed)."""
    while node and not M.path.has(node):
        M.path.add(node)
        node = parent_of(node)


def mark_sub(node):
    """node's flat subtree is walked again."""
    if not node or node is document.documentElement or node.nodeType != 1:
        _full('a change at the top of the page')
        return
    M.sub.add(node)
    mark_path(node)


def changed(el):
    """el changed (attributes, children, style, state): its flat parent's subtree is walked again, and
    its DOM parent's (a slotted element's slot may change with it)."""
    if not el or el.nodeType != 1 or not el.isConnected:
        return
    up = parent_of(el)
    mark_sub(up)
    dom = el.parentNode
    if dom and dom is not up:
        mark_sub(dom.host if dom.nodeType == 11 else dom)


def _in_head(el):
    head = document.head
    return head and head.contains(el)


def _touches_refs(nodes):
    """Inserted or removed nodes that bring or take style, labels, IDREFs or an id that an IDREF names."""
    for node in nodes:
        if node.nodeType != 1:
            continue
        if node.matches(REFERRING) or node.querySelector(REFERRING):
            return True
        if M.ref_ids.size > 0:
            if node.id and M.ref_ids.has(node.id):
                return True
            for el in node.querySelectorAll('[id]'):
                if M.ref_ids.has(el.id):
                    return True
    return False


def _take_record(rec):
    kind = rec['type']
    target = rec.target
    if kind == 'characterData':
        el = target.parentNode
        if el and el.nodeType == 1 and STYLE_TAGS.has(el.tagName):
            _full('a style element changed')
            return
        if el and el.nodeType == 1 and _in_head(el):
            return
        if el and el.nodeType == 11:
            el = el.host
        changed(el)
        return
    if kind == 'attributes':
        name = rec.attributeName
        if target.nodeType != 1 or STYLE_TAGS.has(target.tagName):
            _full('a style element changed')
            return
        if name == 'id' or IDREF.has(name):
            _full('an id or IDREF attribute changed')
            return
        if _in_head(target):
            return
        if target is document.documentElement or target is document.body:
            _full('<html> or <body> changed')
            return
        changed(target)
        return
    # childList
    if target.nodeType == 1 and STYLE_TAGS.has(target.tagName):
        _full('a style element changed')
        return
    if _touches_refs(rec.addedNodes) or _touches_refs(rec.removedNodes):
        _full('nodes with style, labels, IDREFs or referenced ids were inserted or removed')
        return
    if target.nodeType == 9:
        _full('the document changed')
        return
    el = target.host if target.nodeType == 11 else target
    if el.nodeType == 1 and _in_head(el):
        if not HEAD_IGNORED.has(el.tagName) and el is not document.head:
            _full('the head changed')
        return
    if el.closest and el.closest('label'):
        _full('a label changed its children')
        return
    if el is document.documentElement:
        _full('<html> changed')
        return
    changed(el)


def _control_state(el):
    tag = el.tagName
    if tag == 'SELECT':
        out = ''
        for option in el.selectedOptions:
            out += str(option.index) + ','
        return out
    if tag == 'INPUT':
        return ('1' if el.checked else '0') + ('1' if el.indeterminate else '0') + el.value
    return el.value


def _custom_state(el):
    return ('d' if el.matches(':defined') else 'u') + ('s' if el.shadowRoot else 'n')


def has_box(el):
    width = el.offsetWidth
    if width != None:
        return width > 0 or el.offsetHeight > 0 or el.getClientRects().length > 1
    rect = el.getBoundingClientRect()
    return rect.width != 0 or rect.height != 0


def _recheck(entry):
    """Whether a watched element still looks as it did (one read or two, no writes)."""
    el = entry.el
    if not el.isConnected:
        return True             # its removal is a mutation
    if entry.kind == CUSTOM:
        return _custom_state(el) == entry.state
    shown = el.checkVisibility(VISIBILITY) and has_box(el)
    return shown if entry.kind == SHOWN else not shown


def _referenced_changed(target):
    """A referenced element inside a subtree walked again, on a path walked again, or removed."""
    if not target.isConnected or M.path.has(target):
        return True
    node = target
    while node:
        if M.sub.has(node):
            return True
        node = parent_of(node)
    return False


def _collect_refs():
    refs = new_map()
    ids = set_of([])
    trees = [document]
    for root in M.roots:
        trees.append(root)
    for tree in trees:
        for el in tree.querySelectorAll(REFERRERS):
            for name in IDREF_ATTRS:
                value = el.getAttribute(name)
                if not value:
                    continue
                for ref in value.split():
                    if not ref:
                        continue
                    ids.add(ref)
                    for found in [tree.getElementById(ref) if tree.getElementById else None,
                                  document.getElementById(ref)]:
                        if found:
                            _add_ref(refs, found, el)
        for label in tree.querySelectorAll('label'):
            if label.control:
                _add_ref(refs, label, label.control)
    M.refs = refs
    M.ref_ids = ids


def _add_ref(refs, target, referrer):
    if not refs.has(target):
        refs.set(target, [])
    refs['get'](target).append(referrer)


# --- a scan -----------------------------------------------------------------------------------------

def begin(st, route, epoch, pseudo_kind):
    """Before a walk: what must be walked again (st.model, st.replay). route: the uid table's route;
    epoch: scan/tab/uids' count of dropped uids; pseudo_kind: what scan/tab/pseudo answered (True, none, a set)."""
    _listen()
    M.stats.scans += 1
    M.sub = set_of([])
    M.path = set_of([])
    M.full = not M.live
    M.why = 'first scan'
    sheets = _sheets()
    sig = _signature(sheets)
    if sig != M.sig:
        M.sig = sig
        _read_flags(sheets)
        _full('the style sheets changed')
    if route != M.route or epoch != M.epoch:
        if route != M.route:
            drop()              # another route: nothing of the old page's model is kept
        _full('another route, or a uid was dropped')
    if pseudo_kind != M.pseudo_kind:
        _full('::before/::after rules changed')
    if M.resized or window.innerWidth != M.vw or window.innerHeight != M.vh or window.devicePixelRatio != M.dpr:
        _full('the window was resized')
    if M.fonts:
        _full('web fonts finished loading')
    for pair in M.media:
        if pair[0].matches != pair[1]:
            _full('a media query changed')
            pair[1] = pair[0].matches
    records = M.observer.takeRecords()
    for rec in records:
        M.pending.append(rec)
    if M.overflow:
        _full('too many changes')
    if not M.full:
        _dirty_marks()
    if not M.full and _full_anyway():
        _full(':has() or container queries (or a sheet that cannot be read) with a change')
    M.pending = []
    M.overflow = False
    M.focused = []
    M.loaded = []
    M.toggled = []
    M.hovered = False
    M.resized = False
    M.fonts = False
    M.route = route
    M.epoch = epoch
    M.pseudo_kind = pseudo_kind
    M.vw = window.innerWidth
    M.vh = window.innerHeight
    M.dpr = window.devicePixelRatio
    if M.full:
        M.stats.full += 1
        M.segs = __new__(WeakMap())
    st.model = M
    st.replay = not M.full
    st.watch = []
    st.roots0 = M.roots.length


def _dirty_marks():
    M.seen_change = True            # (every mark until the loads below comes from such a change)
    for rec in M.pending:
        _take_record(rec)
        if M.full or _full_anyway():
            return
    if M.hovered and M.flags.hover:
        _full('the pointer moved, with :hover rules')
        return
    if M.focused.length > 0 and M.flags.focus:
        if M.flags.focus_within:
            _full('focus moved, with :focus-within rules')
            return
        for el in M.focused:
            changed(el)
    for el in M.toggled:
        changed(el)
    for pair in M.controls:
        if pair[0].isConnected and _control_state(pair[0]) != pair[1]:
            changed(pair[0])
    for el in M.animated:
        changed(el)
    _animations_changed()
    M.seen_change = M.sub.size > 0 or M.path.size > 0
    if _full_anyway():
        return
    # an image, frame or sheet that loaded (or failed to) changes boxes, not what a selector matches
    for el in M.loaded:
        changed(el)
    if M.sub.size == 0 and M.path.size == 0 and M.pending.length == 0 and M.loaded.length == 0 and \
            not M.images_loading:
        return                  # nothing happened: no box can have changed either
    if _full_anyway():
        return
    for entry in M.watch:
        if not _recheck(entry):
            changed(entry.el)
            if entry.kind == CUSTOM:
                M.seen_change = True    # defined, or given a shadow root: `:defined` sees that
    if M.full:
        return
    if M.sub.size > 0 or M.path.size > 0:
        M.refs.forEach(_ref_changed)


def _full_anyway():
    """Whether a mark makes begin walk the whole page: with container queries (or a sheet that cannot be
    read), any mark (a box that changed size may change any style); with `:has()`, a mark from a change a
    selector can see (the DOM, a control's state, focus, a toggle, an animation, a custom element defined),
    not one from an element that loaded or a box that moved. Then the rest of the marks (one box read per watched element) is
    not looked for."""
    if M.sub.size == 0 and M.path.size == 0:
        return False
    return M.flags.container or (M.flags.has and M.seen_change)


def _ref_changed(referrers, target):
    if _referenced_changed(target):
        for el in referrers:
            if el.isConnected:
                mark_path(el)


def _animations():
    out = []
    for anim in document.getAnimations():
        effect = anim.effect
        if effect and effect.target:
            out.append(effect.target)
    for root in M.roots:
        if root.getAnimations:
            for anim in root.getAnimations():
                effect = anim.effect
                if effect and effect.target:
                    out.append(effect.target)
    return out


def _animations_changed():
    for el in _animations():
        changed(el)


def note(st, el, kind, state):
    """A watched element, in walk order (walker.py)."""
    entry = record()
    entry.el = el
    entry.kind = kind
    entry.state = state
    st.watch.append(entry)


def note_custom(st, el):
    note(st, el, CUSTOM, _custom_state(el))


def commit(st):
    """After a walk: keep what the next scan compares with."""
    M.live = True
    M.watch = st.watch
    for root in SCAN.named_roots:
        if root.ownerDocument is document:     # not a frame's: the walk observes none of those
            observe_root(root)
    controls = []
    trees = [document]
    for root in M.roots:
        trees.append(root)
    for tree in trees:
        for el in tree.querySelectorAll(CONTROLS):
            controls.append([el, _control_state(el)])
    M.controls = controls
    M.animated = _animations()
    # an image loading in a shadow root tells no listener here (its load event stays in its tree)
    M.images_loading = False
    for root in M.roots:
        for img in root.querySelectorAll('img'):
            if not img.complete:
                M.images_loading = True
                break
    if M.roots.length != st.roots0:
        sheets = _sheets()          # the walk entered new shadow roots: their sheets count too
        M.sig = _signature(sheets)
        _read_flags(sheets)
    if M.full or M.roots.length != st.roots0:
        _collect_refs()


def size():
    """The model's size: kept segments are not countable (a WeakMap), so the walker counts them."""
    out = record()
    out.watch = M.watch.length
    out.controls = M.controls.length
    out.roots = M.roots.length
    out.refs = M.refs.size
    out.scans = M.stats.scans
    out.full = M.stats.full
    return out
