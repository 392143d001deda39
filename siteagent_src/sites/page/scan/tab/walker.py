# siteagent: hot
"""The scan: one pass over the flattened DOM (shadow roots, slots, same-origin frames) that yields the
rows formatting/scan_format.py turns into text.

Per element: skipped (script, style, aria-hidden, inert, hidden, no box), listed (a widget with a code:
`E` row with uid, name, value, states, href; a heading: `H` row), a section line (`S`: landmarks, named
forms, dialogs and regions), or walked through. Text goes to the innermost open block (scan/prose.py decides
what becomes a `P` row, and merges a block of paragraphs into one). Cross-origin frames the walk cannot
enter become `X` rows, closed shadow roots `Z` rows. Hot: this is the walk (docs/SUBSET.md, "Hot modules").
"""
from sites.page.scan.prose import prose_text, prose_row, merge_plan
from sites.page.scan.roles import (CODE, SECTION, NAMED_SECTIONS, SKIP_TAGS, BLOCK_TAGS, SENTENCE_TAGS, ITEM_ROLES,
                              RANGE_ROLES, CHECKABLE_ROLES, HEADING_CODE, heading_level)
from sites.page.scan.links import is_web_url
from sites.page.scan.uids import PROSE, fingerprint, uid_text
from sites.page.scan.tab.names import accessible_name
from sites.page.scan.tab.pseudo import begin_scan, end_scan, document_answer, note_other_tree, SCAN
from sites.page.scan.tab import model as tab_model
from sites.page.scan.tab.model import SHOWN, BOXLESS
from sites.page.scan.tab.roles import role_of
from sites.page.scan.tab.uids import check_route, raise_floor, max_uid, issue, resolve, read_base, href_of, STATE as UIDS
from sites.page.scan.tab.visible import VISIBILITY
from webapi.jsobj import record, set_of, lookup_table

CODES = lookup_table(CODE)
SECTIONS = lookup_table(SECTION)
NAMED_SECTION = set_of(NAMED_SECTIONS)
SKIP = set_of(SKIP_TAGS)
BLOCKS = set_of(BLOCK_TAGS)
SENTENCE = set_of(SENTENCE_TAGS)
ITEMS = set_of(ITEM_ROLES)
RANGE = set_of(RANGE_ROLES)
CHECKABLE = set_of(CHECKABLE_ROLES)
NO_VALUE_INPUTS = set_of(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file'])
VALUE_CAP = 200                  # a contenteditable's value is its first 200 characters
MASK = '••••'                    # a password field's value, when it has one


# --- what an element shows ------------------------------------------------------------------------

def states_of(el, role):
    """The element's states, in the scan's order."""
    out = []
    checked = el.getAttribute('aria-checked')
    if CHECKABLE.has(role):
        if el.checked if el.tagName == 'INPUT' else checked == 'true':
            out.append('checked')
        elif checked == 'mixed' or el.indeterminate:
            out.append('mixed')
    if el.disabled or el.getAttribute('aria-disabled') == 'true':
        out.append('disabled')
    if el.getAttribute('aria-expanded') == 'true':
        out.append('expanded')
    # (a listed <details> itself, e.g. role=button, reads its parent's `open`, as the JS walker did:
    # kept, so the scan text stays the same; only a <summary> is listed without a role)
    if el.tagName == 'DETAILS' or (el.tagName == 'SUMMARY' and el.parentElement and
                                   el.parentElement.tagName == 'DETAILS'):
        out.append('expanded' if el.parentElement.open else 'collapsed')
    if el.required or el.getAttribute('aria-required') == 'true':
        out.append('required')
    if el.getAttribute('aria-selected') == 'true' or (el.tagName == 'OPTION' and el.selected):
        out.append('selected')
    if el.readOnly or el.getAttribute('aria-readonly') == 'true':
        out.append('readonly')
    if el.getAttribute('aria-pressed') == 'true':
        out.append('pressed')
    return out


def value_of(el, role):
    """The value a field shows (a password's as a mask), None for elements without one."""
    tag = el.tagName
    if tag == 'INPUT':
        kind = (el['type'] or '').lower()
        if kind == 'password':
            return MASK if el.value else ''
        if NO_VALUE_INPUTS.has(kind):
            return None
        return el.value
    if tag == 'TEXTAREA':
        return el.value
    if tag == 'SELECT':
        labels = []
        for option in el.selectedOptions:
            labels.append(option.label or option.textContent.strip())
        return ', '.join(labels)
    if role == 'textbox' and el.isContentEditable:
        return el.textContent[0:VALUE_CAP]
    if role == 'combobox' or RANGE.has(role):
        return el.getAttribute('aria-valuetext') or el.getAttribute('aria-valuenow')
    return None


# --- the walk's state -----------------------------------------------------------------------------

def walk_state(viewport, pseudo, closed_roots):
    """What one walk carries: the rows so far (None in a block's slot until it is decided), the open
    prose blocks (innermost last), the count of prose rows and of rows other than prose and links
    (merge's quick refusal), the viewport when only what is on screen is listed, and the elements seen."""
    st = record()
    st.rows = []
    st.prose = []
    st.prose_rows = 0
    st.other_rows = 0
    st.viewport = viewport
    st.vw = window.innerWidth
    st.vh = window.innerHeight
    st.pseudo = pseudo
    st.closed_roots = closed_roots
    st.count = 0
    st.model = None         # tab_model's model, when this walk keeps and replays segments
    st.replay = False       # segments may be replayed here (not inside a subtree walked again)
    st.watch = None
    st.frames = 0           # inside a same-origin frame (walked every time: no segments there)
    st.volatile = 0         # frames walked so far: an element with a frame inside keeps no segment
    st.kept = 0             # segments kept by this walk, and the references they hold (the model's size)
    st.kept_refs = 0
    st.replayed = 0
    return st


def open_block(st, at, el, depth):
    """A prose block: its row slot (-1 for none: a muted item's text goes nowhere), its element, the texts
    it shows, its first text that is not only whitespace, and the row counts when it opened."""
    block = record()
    block.at = at
    block.el = el
    block.depth = depth
    block.parts = []
    block.own = ''
    block.p0 = st.prose_rows
    block.o0 = st.other_rows
    st.prose.append(block)


def add_text(block, text):
    block.parts.append(text)
    if not block.own:
        block.own = text.strip()


def push(st, row):
    st.rows.append(row)
    if not (row[0] == 'E' and row[2] == 'L'):
        st.other_rows += 1


def box(st, el):
    """Whether el has a box (in the viewport, for a viewport scan): true or a DOMRect, else None."""
    if not st.viewport:
        width = el.offsetWidth              # undefined (== None) for an SVG element
        if width != None:
            return True if width > 0 or el.offsetHeight > 0 or el.getClientRects().length > 1 else None
    rect = el.getBoundingClientRect()
    if rect.width == 0 and rect.height == 0:
        return None
    if st.viewport and (rect.bottom < 0 or rect.right < 0 or rect.top > st.vh or rect.left > st.vw):
        return None
    return rect


def flush(st, block):
    """A closed block's text becomes its prose row, when it is prose."""
    if not block.el:
        return
    text = prose_text(block.parts, block.own)
    if text == None:
        return
    if st.viewport and not box(st, block.el):
        return
    st.rows[block.at] = prose_row(block.depth, uid_text(issue(block.el, PROSE)), text)
    st.prose_rows += 1


def merge(st, block):
    """A closed block whose subtree printed only prose (two rows or more) and links: one summary row for
    the block, which `read` expands, then its links."""
    rows = st.rows
    at = block.at
    if rows.length - at < 3 or st.other_rows > block.o0 or st.prose_rows == block.p0:
        return False
    plan = merge_plan(rows, at, block.parts)
    if plan == None:
        return False
    rows[at + 1:] = []
    rows[at] = ['P', block.depth, uid_text(issue(block.el, PROSE)), plan[0], plan[1]]
    st.prose_rows += 1 - plan[2]
    for link in plan[3]:
        rows.append(link)
    return True


# --- the walk -------------------------------------------------------------------------------------

def walk_frame(st, el, depth, hidden_here):
    """An iframe or frame: its document walked in place when the walk may enter it, else an `X` row for
    a web page the worker scans on its own."""
    if hidden_here:
        return
    watched = st.watch != None and st.frames == 0
    if not box(st, el):
        if watched:
            tab_model.note(st, el, BOXLESS, None)
        return
    doc = None
    try:
        doc = el.contentDocument
    except:  # noqa: E722 (a SecurityError)
        doc = None
    if doc:
        st.volatile += 1            # a document the walk may enter changes unobserved: walked every time
    elif watched:
        tab_model.note(st, el, SHOWN, None)     # (another origin's frame: a load event tells when it navigates)
    if doc and doc.body:
        note_other_tree()
        st.rows.append(None)
        open_block(st, st.rows.length - 1, doc.body, depth)
        st.frames += 1
        walk(st, doc.body, depth)
        st.frames -= 1
        flush(st, st.prose.pop())
        return
    src = el.src or el.getAttribute('src') or 'about:blank'
    if is_web_url(src):
        push(st, ['X', depth, src])


def empty_named(st, el, role, code):
    """A control whose own box is empty (an icon link the page's style sheet gives no size, or one whose
    sheet did not load: `<a href="/podcasts/" title="Podcasts"></a>`) and that has a name: Chromium keeps
    it in its tree, named, and a click still reaches it, so the full scan lists it. Only an element with
    no text inside (an icon link's empty spans count as nothing): one whose text is clipped to a zero
    box is hidden on purpose. Not in a viewport scan (it is nowhere on screen), never a heading."""
    if st.viewport or code == HEADING_CODE or el.getClientRects().length == 0:
        return False
    if el.hasChildNodes() and el.textContent.trim() != '':
        return False
    return accessible_name(el, st.pseudo, el, role) != ''


def list_element(st, el, role, code, depth):
    """A widget or heading with a box: its row (a heading only with a name). True when the walk goes on
    inside it: headings, links and items (menu items, tabs, tree items, options) are walked for what they
    contain (a link in a menu item is what a click must reach), their text muted; other widgets' insides
    are part of their name."""
    name = accessible_name(el, st.pseudo, el, role)
    if code == HEADING_CODE:
        if name:
            push(st, ['H', depth, heading_level(el.getAttribute('aria-level'), el.tagName), name])
    else:
        n = issue(el, fingerprint(role, name))
        push(st, ['E', depth, code, uid_text(n), name, value_of(el, role), states_of(el, role),
                  href_of(el) if role == 'link' else None])
    prose = st.prose
    owner = prose[prose.length - 1].el if prose.length > 0 else None
    if owner and (role == 'link' or role == 'button') and name and SENTENCE.has(owner.tagName):
        prose[prose.length - 1].parts.append(' ' + name + ' ')
    return code == HEADING_CODE or role == 'link' or ITEMS.has(role)


def section_of(el, role):
    """[kind, name] of the section line an element opens, or None."""
    kind = SECTIONS[role]
    if kind == None:
        return None
    name = ''
    if NAMED_SECTION.has(kind):
        name = accessible_name(el, False, None, None) or el.getAttribute('name') or el.id or ''
        if kind == 'region' and not name:
            return None
        if kind == 'dialog' and el.tagName == 'DIALOG' and not el.open:
            return False
    return [kind, name or None]


def walk_slotted(st, el, depth, hidden_here, shadow, top):
    """The children of a shadow host (its shadow root's) or of a slot (its assigned nodes, else its own)."""
    if shadow:
        note_other_tree()
        if st.model != None and st.frames == 0:
            tab_model.observe_root(shadow)
        kids = shadow.childNodes
    else:
        kids = el.assignedNodes()
        if kids.length == 0:
            kids = el.childNodes
    for child in kids:
        if child.nodeType == 1:
            walk(st, child, depth)
        elif child.nodeType == 3 and not hidden_here and top:
            add_text(top, child.data)


def top_kind(top):
    """What a subtree's walk reads of the innermost open block: none, a muted item's, a sentence's, other."""
    if not top:
        return 0
    if not top.el:
        return 1
    return 2 if SENTENCE.has(top.el.tagName) else 3


def replay(st, seg, depth):
    """The element's segment from an earlier scan, in place of its walk, when it was walked in the same
    context (depth, innermost block). False when it cannot be replayed."""
    if seg.depth != depth:
        return False
    prose = st.prose
    top = prose[prose.length - 1] if prose.length > 0 else None
    if top_kind(top) != seg.top:
        return False
    if top and top.own == '' and seg.own == None:
        return False
    rows = st.rows
    for row in seg.rows:
        rows.append(row)
    watch = st.watch
    for entry in seg.watch:
        watch.append(entry)
    st.count += seg.count
    st.prose_rows += seg.dprose
    st.other_rows += seg.dother
    if top:
        parts = top.parts
        for part in seg.parts:
            parts.append(part)
        if top.own == '':
            top.own = seg.own
    if seg.other:
        note_other_tree()
    st.replayed += 1
    return True


def walk(st, el, depth):
    """walk_element, or the element's segment from the last scan when nothing it shows has changed
    (model.py); a walked element keeps its segment for the next scan."""
    model = st.model
    if model == None or st.frames > 0:
        walk_element(st, el, depth)
        return
    if st.replay:
        if model.sub.has(el):
            st.replay = False
            keep(st, model, el, depth)
            st.replay = True
            return
        if not model.path.has(el):
            seg = model.segs['get'](el)
            if seg != None and replay(st, seg, depth):
                return
    keep(st, model, el, depth)


def keep(st, model, el, depth):
    """Walk el and keep what its walk added (rows, watched elements, counts, the text it gave the
    innermost open block) as its segment."""
    rows0 = st.rows.length
    watch0 = st.watch.length
    count0 = st.count
    prose0 = st.prose_rows
    other0 = st.other_rows
    volatile0 = st.volatile
    prose = st.prose
    top = prose[prose.length - 1] if prose.length > 0 else None
    parts0 = top.parts.length if top else 0
    own0 = top.own if top else ''
    walk_element(st, el, depth)
    if st.volatile != volatile0 or st.count - count0 < model.segment_min:
        model.segs.delete(el)
        return
    seg = record()
    seg.depth = depth
    seg.top = top_kind(top)
    seg.rows = st.rows.slice(rows0)
    seg.watch = st.watch.slice(watch0)
    seg.count = st.count - count0
    seg.dprose = st.prose_rows - prose0
    seg.dother = st.other_rows - other0
    seg.parts = top.parts.slice(parts0) if top else None
    # the block's first text, when this walk set it or it was unset; None: set before (unknown here)
    seg.own = (top.own if own0 == '' else None) if top else ''
    seg.other = SCAN.other_trees
    model.segs.set(el, seg)
    st.kept += 1
    st.kept_refs += seg.rows.length + seg.watch.length + (seg.parts.length if seg.parts else 0)


def walk_element(st, el, depth):
    st.count += 1
    tag = el.tagName
    if SKIP.has(tag):
        return
    if el.getAttribute('aria-hidden') == 'true' or el.inert:
        return
    role = role_of(el)
    # a childless element that is not a widget prints nothing: no visibility check needed
    has_kids = el.hasChildNodes()
    shadow = el.shadowRoot
    custom = tag.indexOf('-') >= 0      # a custom element (tagName keeps the hyphen)
    if custom and st.watch != None and st.frames == 0:
        tab_model.note_custom(st, el)
    if not has_kids and tag != 'IFRAME' and tag != 'FRAME' and tag != 'SLOT' and not shadow and \
            not (st.closed_roots and custom) and not CODES[role]:
        return
    hidden_here = False
    if not el.checkVisibility(VISIBILITY):
        if not el.checkVisibility() and getComputedStyle(el).display != 'contents':
            return
        hidden_here = True
    if tag == 'IFRAME' or tag == 'FRAME':
        walk_frame(st, el, depth, hidden_here)
        return
    child_depth = depth
    section_at = -1
    in_prose = False
    mute = False
    if not hidden_here:
        code = HEADING_CODE if role == 'heading' else CODES[role]
        if code and role == 'option' and tag == 'OPTION':
            pass                        # listed through its select
        elif code:
            if box(st, el) or empty_named(st, el, role, code):
                if st.watch != None and st.frames == 0:
                    tab_model.note(st, el, SHOWN, None)
                if not list_element(st, el, role, code, depth):
                    return
                mute = True
            else:
                if st.watch != None and st.frames == 0:
                    tab_model.note(st, el, BOXLESS, None)
                if tag != 'A':
                    return
        elif SECTIONS[role] != None:
            section = section_of(el, role)
            if section is False:
                return
            if section:
                push(st, ['S', depth, section[0], section[1]])
                section_at = st.rows.length - 1
                child_depth = depth + 1
    if mute:
        open_block(st, -1, None, child_depth)
    elif not hidden_here and BLOCKS.has(tag) and tag != 'BODY':
        st.rows.append(None)
        open_block(st, st.rows.length - 1, el, child_depth)
        in_prose = True
    if not shadow and st.closed_roots and custom and chrome.dom.openOrClosedShadowRoot(el):
        push(st, ['Z', child_depth, el.localName])
    # the children: elements walked, text given to the innermost open block
    top = st.prose[st.prose.length - 1] if st.prose.length > 0 else None
    if shadow or tag == 'SLOT':
        walk_slotted(st, el, child_depth, hidden_here, shadow, top)
    elif el.childElementCount == 0:
        if has_kids and not hidden_here and top:
            text = el.textContent
            if text:
                add_text(top, text)
    else:
        child = el.firstChild
        while child:
            kind = child.nodeType
            if kind == 1:
                walk(st, child, child_depth)
            elif kind == 3 and not hidden_here and top:
                add_text(top, child.data)
            child = child.nextSibling
    if in_prose:
        block = st.prose.pop()
        if not merge(st, block):
            flush(st, block)
    elif mute:
        flush(st, st.prose.pop())
    if section_at >= 0:
        rows = st.rows
        empty = True
        index = section_at + 1
        while index < rows.length:
            if rows[index] != None:
                empty = False
                break
            index += 1
        if empty:
            rows[section_at:] = []
            st.other_rows -= 1


def scan(opts):
    """The rows of the page (or of opts.within's subtree): a record {ok, url, title, count, rows,
    frames, max_uid, ms}, or the refusal of a bad `within` uid. opts: {floor, viewport, within}."""
    begin_scan()
    try:
        return walk_page(opts)
    finally:
        end_scan()


def walk_page(opts):
    started = performance.now()
    check_route()
    viewport = True if opts and opts['viewport'] else False
    live = not viewport and not (opts and (opts['within'] or opts['fresh']))
    if opts and opts['floor']:
        raise_floor(opts['floor'])
    pseudo = document_answer()
    read_base()
    closed_roots = True if chrome.dom and chrome.dom.openOrClosedShadowRoot else False
    st = walk_state(viewport, pseudo, closed_roots)
    root = document.body or document.documentElement
    t0 = performance.now()
    if live:
        tab_model.begin(st, UIDS.route, UIDS.dropped, 'all' if pseudo is True else 'some')
    t1 = performance.now()
    if opts and opts['within']:
        found = resolve(opts['within'])
        if not found['ok']:
            return found
        root = found.el
    walk(st, root, 0)
    t2 = performance.now()
    if live:
        tab_model.commit(st)
    t3 = performance.now()
    rows = []
    frames = []
    for row in st.rows:
        if row != None:
            if row[0] == 'X':
                frame = record()
                frame.index = rows.length
                frame.src = row[2]
                frame.depth = row[1]
                frames.append(frame)
            rows.append(row)
    out = record()
    out.ok = True
    out.url = location.href
    out.title = document.title
    out.count = st.count
    out.rows = rows
    out.frames = frames
    out.max_uid = max_uid()
    if live:
        out.model = record()
        out.model.full = tab_model.M.full
        out.model.why = tab_model.M.why if tab_model.M.full else None
        out.model.replayed = st.replayed
        out.model.kept = st.kept
        out.model.kept_refs = st.kept_refs
        out.model.watch = st.watch.length
        out.model.ms = [Math.round((t1 - t0) * 10) / 10, Math.round((t2 - t1) * 10) / 10,
                        Math.round((t3 - t2) * 10) / 10, Math.round((performance.now() - t3) * 10) / 10]
    out.ms = Math.round((performance.now() - started) * 10) / 10
    return out
