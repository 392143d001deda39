# siteagent: hot
"""Accessible names (W3C accname 1.2, with HTML-AAM's element rules) computed from the DOM, one named
function per step of the spec's text computation (`text_of`): 2A `hidden_text`, 2B `labelledby_name`,
2C `embedded_value`, 2D `aria_label_name`, 2E `host_language_name` (labels, legend, captions, alt,
`svg_title`), 2F/2H `content_name` and `content_text_of` (children, owned elements, ::before/::after),
2G text nodes in `text_of`, the draft's Name From Heading `heading_name` (at the root), 2I `tooltip_name`. The rules that need no DOM are in scan/names.py, each with a
CPython test that quotes the spec; tests/browser/accname_cases.py checks the whole against the spec and
Chromium. A name is a function of (element, DOM): `name_of(el)`.

A computation carries a context record (`context`): the elements visited on the way (no element counts
twice), whether this is a recursion into a descendant or a referenced element, the root (the element
being named), the ::before/::after answer of pseudo.py (None: never read them), the element whose own
aria-hidden ancestors do not hide its parts (`stop`), whether the text is read for a <label>, through
a reference to a hidden element, or through aria-labelledby, the document's aria-owns (owns.py), and,
set by each element's step, whether its text came from its content (`from_content`: a text from an
attribute, alt or value is set off by spaces, as Chromium does). The DOM's answers (hidden or not, CSS
display, generated content, ownership) come from visible.py, pseudo.py and owns.py. Where the spec
leaves a choice we follow Chromium, and say so where it is made. Hot: the walk names every element it lists.
"""
from sites.page.scan.names import (squash, join_parts, content_piece, with_pseudo, input_host_name, tooltip_text,
                              is_blank, embedded_kind, range_text, comment_text, transformed)
from sites.page.scan.roles import (FROM_CONTENT, NO_CONTENT, NAME_PROHIBITED, SKIP_TAGS, NAME_FROM_HEADING,
                              HEADING_CANDIDATES)
from sites.page.scan.tab.owns import ownership, owns_of, owner_of
from sites.page.scan.tab.pseudo import document_answer, reads_pseudo, pseudo_part, note_named_root, transforms_in
from sites.page.scan.tab.roles import role_of
from sites.page.scan.tab.visible import is_hidden, hidden_under_shown, aria_hidden, is_spaced, block_of
from webapi.jsobj import record, copy_record, set_of, as_array, is_instance, is_undefined

NAMED_FROM_CONTENT = set_of(FROM_CONTENT)
NO_NAME_FROM_CONTENT = set_of(NO_CONTENT)
PROHIBITED = set_of(NAME_PROHIBITED)
FROM_HEADING = set_of(NAME_FROM_HEADING)
SKIP = set_of(SKIP_TAGS)
LABELLED_BY = 'aria-labelledby'
LABELED_BY = 'aria-labeledby'          # the misspelling, which browsers accept too


def context(visited, recursion, root, pseudo, stop, in_label, ref_hidden, labelledby, owns):
    ctx = record()
    ctx.owns = owns
    ctx.from_content = True
    ctx.visited = visited
    ctx.recursion = recursion
    ctx.root = root
    ctx.pseudo = pseudo
    ctx.stop = stop
    ctx.in_label = in_label
    ctx.ref_hidden = ref_hidden
    ctx.labelledby = labelledby
    ctx.ref = None                      # the node aria-labelledby names directly (read even when visited)
    return ctx


def recursing(ctx):
    """The context for a descendant: the same, as a recursion."""
    if ctx.recursion:
        return ctx
    inner = copy_record(ctx)
    inner.recursion = True
    return inner


def new_visited():
    return set_of([])


# --- the steps ------------------------------------------------------------------------------------

def hidden_text(el, ctx):
    """2A: a hidden element gives no text, except that visibility:hidden hides only the element's own
    text, not descendants made visible again."""
    if el.checkVisibility and el.checkVisibility() and not aria_hidden(el, ctx.stop) and not ctx.visited.has(el):
        text = content_text_of(el, recursing(ctx), False)
        ctx.from_content = True
        return text
    return ''


def id_refs(el, attr_name):
    """The elements an IDREF list attribute names, in order (looked up in the element's tree, then the document)."""
    root = el.getRootNode()
    out = []
    for ref in (el.getAttribute(attr_name) or '').split():
        if not ref:
            continue
        target = (root.getElementById(ref) if root.getElementById else None) or document.getElementById(ref)
        if target:
            out.append(target)
    return out


def labelledby_name(el, ctx):
    """2B: the names of the elements aria-labelledby names, joined; None when it names none (or is not
    followed: inside another aria-labelledby)."""
    attr_name = LABELLED_BY if el.hasAttribute(LABELLED_BY) else (LABELED_BY if el.hasAttribute(LABELED_BY) else None)
    if ctx.labelledby or not attr_name:
        return None
    refs = id_refs(el, attr_name)
    if refs.length == 0:
        return None
    parts = []
    for ref in refs:
        hidden = is_hidden(ref, None)
        inner = context(ctx.visited, ref is not el, el, ctx.pseudo, None, False, hidden or ctx.ref_hidden, True,
                        ctx.owns)
        inner.ref = ref
        parts.append(squash(text_of(ref, inner, False)))
        # a node named through aria-labelledby counts once: the rest of this computation skips it (Chromium;
        # WPT: an image a link references is skipped when the heading around them reaches it again)
        ctx.visited.add(ref)
    joined = join_parts(parts)
    return joined if joined else None


def chosen_options(el, ctx):
    """The options chosen in a combobox or listbox that is not a <select>: aria-selected="true" options
    inside it, else inside the elements it owns (a combobox whose listbox is elsewhere, aria-owns)."""
    chosen = as_array(el.querySelectorAll('[role="option"][aria-selected="true"]'))
    if chosen.length == 0:
        for owned in owns_of(el, ctx.owns):
            if owned.getAttribute('role') == 'option' and owned.getAttribute('aria-selected') == 'true':
                chosen.append(owned)
            for option in as_array(owned.querySelectorAll('[role="option"][aria-selected="true"]')):
                chosen.append(option)
    return chosen


def embedded_value(el, role, ctx):
    """2C: the value a control embedded in a name gives (a text field's text, a list's chosen option, a
    range's value text, nothing for a menu: names.embedded_kind), or None for an element that is not such
    a control."""
    kind = embedded_kind(role)
    if kind == None:
        return None
    tag = el.tagName
    if kind == 'text':
        if tag == 'INPUT' or tag == 'TEXTAREA':
            return el.value
        return el.textContent
    if kind == 'choice':
        if tag == 'SELECT':
            chosen = []
            for option in as_array(el.selectedOptions or []):
                chosen.append(option.label or option.textContent)
            return ' '.join(chosen)
        if tag == 'INPUT':
            return el.value
        texts = []
        for option in chosen_options(el, ctx):
            texts.append(text_of(option, context(new_visited(), True, option, ctx.pseudo, None, False, False, False,
                                                 ctx.owns), False))
        return ' '.join(texts)
    if kind == 'range':
        native = None if is_undefined(el.value) or el.value == None else String(el.value)
        return range_text(el.getAttribute('aria-valuetext'), el.getAttribute('aria-valuenow'), native)
    return ''


def aria_label_name(el, ctx, role, is_root):
    """2D: aria-label, unless blank, on a slot, or on a control embedded in a name (which gives its value
    instead); else None. A role that prohibits naming (generic, paragraph...) still takes it: ARIA makes
    that an authoring error with no user-agent requirement to ignore it, and Chromium names it."""
    label = el.getAttribute('aria-label')
    if is_blank(label) or el.tagName == 'SLOT':
        return None
    if ctx.recursion and not is_root and embedded_kind(role) != None:
        return None
    return label


def labels_text(el, ctx):
    """The names of an element's <label>s, joined ('' without labels)."""
    if not el.labels or el.labels.length == 0:
        return ''
    parts = []
    for label in as_array(el.labels):
        hidden = is_hidden(label, None)
        parts.append(text_of(label, context(ctx.visited, True, ctx.root, ctx.pseudo, None, True, hidden,
                                            ctx.labelledby, ctx.owns), False))
    return join_parts(parts)


def host_language_name(el, ctx):
    """2E: what HTML names the element with: labels, an input's value or alt, an image's alt, a fieldset's
    legend, a figure's or table's caption, an optgroup's label, an SVG element's <title>."""
    tag = el.tagName
    if tag == 'INPUT':
        labels = labels_text(el, ctx)
        if labels:
            return labels
        return input_host_name((el.getAttribute('type') or '').lower(), el.getAttribute('value'),
                               el.getAttribute('alt'), el.hasAttribute('title'))
    if tag == 'TEXTAREA' or tag == 'SELECT' or tag == 'METER' or tag == 'PROGRESS' or tag == 'OUTPUT' or tag == 'BUTTON':
        return labels_text(el, ctx)
    if tag == 'IMG' or tag == 'AREA':
        return el.getAttribute('alt') or ''
    if tag == 'FIELDSET':
        legend = el.querySelector(':scope > legend')
        return text_of(legend, recursing(ctx), False) if legend else ''
    if tag == 'FIGURE':
        caption = el.querySelector(':scope > figcaption')
        return text_of(caption, recursing(ctx), False) if caption else ''
    if tag == 'TABLE':
        caption = el.caption
        return text_of(caption, recursing(ctx), False) if caption else ''
    if tag == 'OPTGROUP':
        return el.getAttribute('label') or ''
    if is_instance(el, window.SVGElement):
        return svg_title(el)
    return ''


def svg_title(el):
    """SVG-AAM: an SVG element's name is its <title> child; a <use> without one is named by the <title>
    of the element it shows (an icon sprite's <symbol>), as Chromium names it through the shadow tree
    the <use> clones."""
    title = el.querySelector(':scope > title')
    if title:
        return title.textContent
    if el.tagName != 'use':
        return ''
    href = el.getAttribute('href') or el.getAttributeNS('http://www.w3.org/1999/xlink', 'href') or ''
    if href.indexOf('#') != 0 or href.length < 2:
        return ''
    shown = el.getRootNode().getElementById(href[1:]) if el.getRootNode().getElementById else None
    title = shown.querySelector(':scope > title') if shown else None
    return title.textContent if title else ''


def flat_children(el):
    """The element's children in the flat tree: its shadow root's, a slot's assigned nodes (else its own)."""
    if el.shadowRoot:
        note_named_root(el.shadowRoot)
        return el.shadowRoot.childNodes
    if el.tagName == 'SLOT':
        assigned = el.assignedNodes()
        return assigned if assigned.length > 0 else el.childNodes
    return el.childNodes


def is_blockish(el):
    """A child whose text is set off by spaces: not inline (visible.is_spaced)."""
    return is_spaced(el)


def pseudo_of(el, ctx, which):
    """[text, spaced] of el's ::before or ::after, when the context reads them (else ['', False])."""
    if not reads_pseudo(el, ctx.pseudo):
        return ['', False]
    return pseudo_part(el, which)


def text_transform(el):
    """el's computed `text-transform` (what its text nodes show: names.transformed); 'none' without
    reading the style when no rule or style attribute of its tree sets one (pseudo.transforms_in)."""
    if not transforms_in(el):
        return 'none'
    return getComputedStyle(el).textTransform or 'none'


def content_text_of(el, ctx, shown):
    """2F: the text of the element's children (and its ::before/::after text), in the flat tree, without
    the children another element owns and with those el owns after its own (owns.py); a child that is
    not inline, or is named by an attribute (alt, aria-label, a value), is set off by spaces; <br> is a
    space, and so is a comment (names.comment_text). shown: el is known visible (its text nodes need no check)."""
    before = pseudo_of(el, ctx, '::before')
    out = ''
    text_checked = False
    text_hidden = False
    transform = 'none'
    inner = recursing(ctx)
    owned = ctx.owns.owned != None
    for child in flat_children(el):
        kind = child.nodeType
        if kind == 3:
            if not text_checked:
                text_checked = True
                text_hidden = not shown and not ctx.ref_hidden and is_hidden(child, ctx.stop)
                transform = text_transform(el)
            if not text_hidden:
                out += child.data if transform == 'none' else transformed(child.data, transform)
            continue
        if kind == 8:
            out += comment_text(child.data)
            continue
        if kind != 1:
            continue
        tag = child.tagName
        if SKIP.has(tag) and tag != 'OPTION':
            continue
        if owned and owner_of(child, ctx.owns) != None:
            continue                    # read where its owner is (el's own are appended below)
        out += child_piece(child, inner, shown, False, el)
    if owned:
        for child in owns_of(el, ctx.owns):
            out += child_piece(child, inner, False, True, el)
    after = pseudo_of(el, ctx, '::after')
    return with_pseudo(before[0], before[1], out, after[0], after[1])


def child_piece(child, inner, shown, is_owned, parent):
    """One element child's part of its parent's text: its text alternative, set off by spaces when its
    box is its own (block, inline-block, a form control: Chromium and accname 1.2 2F), when its text is
    not its content, or, for an owned child, when it sits in another block than its owner; a <br>, and
    an empty child with a box of its own, are a space."""
    inner.from_content = True
    piece = text_of(child, inner, shown)
    if child.tagName == 'BR':
        return ' '
    if piece == '':
        return ' ' if not is_owned and is_blockish(child) and not is_hidden(child, inner.stop) else ''
    spaced = not inner.from_content or is_blockish(child) or (is_owned and block_of(child) is not block_of(parent))
    return content_piece(piece, spaced)


def content_name(el, ctx, role, is_root):
    """2F at the top: name from content, for the roles named by their content at the root, and for
    everything but containers inside a name (always inside a label or a referenced element); else None."""
    if is_root:
        nameable = NAMED_FROM_CONTENT.has(role) or el.tagName == 'SUMMARY'
    else:
        nameable = ctx.labelledby or ctx.in_label or not NO_NAME_FROM_CONTENT.has(role)
    if not (nameable or (ctx.recursion and is_root)) or (is_root and PROHIBITED.has(role)):
        return None
    content = content_text_of(el, ctx, ctx.stop is el if is_root else not ctx.ref_hidden)
    return content if not is_blank(content) else None


def heading_name(el, ctx):
    """Name From Heading (accname editor's draft, with ARIA's nameFrom: heading): "return the text
    alternative of the first descendant element node matching the role of heading in a depth-first
    search" (document order is a depth-first pre-order walk; a hidden heading is not in the tree, so it
    does not match). None when no shown heading gives text."""
    for cand in as_array(el.querySelectorAll(HEADING_CANDIDATES)):
        if role_of(cand) != 'heading' or is_hidden(cand, ctx.stop):
            continue
        text = text_of(cand, recursing(ctx), True)
        return text if not is_blank(text) else None
    return None


def tooltip_name(el):
    """2I: title, else a field's placeholder, else aria-placeholder (names.tooltip_text; each attribute is
    read only when the one before it did not name the element)."""
    title = el.getAttribute('title')
    if not is_blank(title):
        return title
    tag = el.tagName
    field = tag == 'INPUT' or tag == 'TEXTAREA'
    return tooltip_text(None, el.getAttribute('placeholder') if field else None, el.getAttribute('aria-placeholder'),
                        field)


# --- the computation ------------------------------------------------------------------------------

def element_text(el, ctx, is_root):
    """Steps 2B to 2I for an element that is not hidden (or reached through a hidden reference)."""
    role = role_of(el)
    name = labelledby_name(el, ctx)
    if name != None:
        ctx.from_content = False
        return name
    if ctx.recursion and not is_root:
        value = embedded_value(el, role, ctx)
        if value != None:
            ctx.from_content = False
            return value
    name = aria_label_name(el, ctx, role, is_root)
    if name != None:
        ctx.from_content = False
        return name
    if el.tagName == 'IMG' and el.hasAttribute('alt') and is_blank(el.getAttribute('alt')):
        ctx.from_content = True
        return ''                       # 2E: alt="" is the image's text alternative, even with a title (Chromium)
    # 2E: "unless the element is marked as presentational" (at the root too: an <img role="none"> has no
    # name, as in Chromium; role_of already gave a focusable element its own role back)
    if role != 'presentation' and role != 'none':
        host = host_language_name(el, ctx)
        if not is_blank(host):
            ctx.from_content = False
            return host
    if is_root and FROM_HEADING.has(role):
        name = heading_name(el, ctx)
        if name != None:
            ctx.from_content = False
            return name
    name = content_name(el, ctx, role, is_root)
    if name != None:
        ctx.from_content = True
        return name
    name = tooltip_name(el)
    ctx.from_content = name == ''
    return name


def text_of(node, ctx, parent_shown):
    """The text alternative of a node (accname 1.2, "compute the text alternative"). parent_shown: the
    node's parent is known shown, so only the node itself is checked for 2A."""
    kind = node.nodeType
    if kind == 3:
        if not ctx.ref_hidden and is_hidden(node, ctx.stop):
            return ''
        parent = node.parentElement
        transform = text_transform(parent) if parent else 'none'
        return node.data if transform == 'none' else transformed(node.data, transform)
    if kind != 1:
        return ''
    el = node
    if ctx.visited.has(el) and el is not ctx.ref:
        return ''
    is_root = el is ctx.root
    if not is_root and not ctx.ref_hidden and (hidden_under_shown(el, ctx.stop) if parent_shown else
                                               is_hidden(el, ctx.stop)):
        return hidden_text(el, ctx)
    ctx.visited.add(el)
    try:
        return element_text(el, ctx, is_root)
    finally:
        if not ctx.recursion or is_root:
            ctx.visited.delete(el)


def plain_named(el, role):
    """A widget with no element children, no ARIA naming and no host-language name is named by its text
    (and ::before/::after text): what text_of computes, without the recursion."""
    if el.firstElementChild or el.shadowRoot or not NAMED_FROM_CONTENT.has(role) or el.hasAttribute('aria-label') or \
            el.hasAttribute(LABELLED_BY) or el.hasAttribute(LABELED_BY) or el.hasAttribute('aria-owns'):
        return False
    tag = el.tagName
    if tag == 'INPUT' or tag == 'SELECT' or tag == 'TEXTAREA' or tag == 'IMG' or tag == 'AREA':
        return False
    return tag != 'BUTTON' or not el.labels or el.labels.length == 0


def accessible_name(el, pseudo, stop, role):
    """The element's accessible name, squashed. pseudo: pseudo.py's answer for the document, False to
    leave ::before/::after out, None to ask for it; stop: the element itself when it is known visible
    (the walk), else None; role: its role when known, else None."""
    answer = document_answer() if pseudo == None else pseudo
    if stop is el and plain_named(el, role if role != None else role_of(el)):
        content = el.textContent
        transform = text_transform(el) if content else 'none'
        if transform != 'none':
            content = transformed(content, transform)
        if reads_pseudo(el, answer):
            before = pseudo_part(el, '::before')
            after = pseudo_part(el, '::after')
            content = with_pseudo(before[0], before[1], content, after[0], after[1])
        content = squash(content)
        if content:
            return content
        return squash(tooltip_name(el))
    return squash(text_of(el, context(new_visited(), False, el, answer, stop, False, False, False, ownership()),
                          False))


def name_of(el):
    """The accessible name of any element (::before/::after text included)."""
    return accessible_name(el, None, None, None)
