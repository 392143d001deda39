# siteagent: hot
"""Visibility as the scan and the names see it: rendered (CSS display, visibility, content-visibility,
as `checkVisibility` reads them, so a style sheet's class counts as an inline style does) and not
aria-hidden or inert, across shadow roots and slots. Also how an element lays out for a name's spacing
(`is_spaced`, `block_of`): what accname 1.2 step 2F asks of CSS display.

`stop` is the element a name is computed for (its own aria-hidden ancestors do not hide its parts), or
None. Hot: the walk asks for every element (docs/SUBSET.md, "Hot modules").
"""
from webapi.jsobj import record, set_of

# checkVisibility's options: visibility:hidden counts as hidden
VISIBILITY = record()
VISIBILITY.visibilityProperty = True


def parent_of(node):
    """The node's parent in the flat tree: its slot when it is slotted, a shadow root's host, else its
    parent element (None at the top)."""
    if node.assignedSlot:
        return node.assignedSlot
    parent = node.parentNode
    if parent and parent.nodeType == 11:
        return parent.host or None
    return parent if parent and parent.nodeType == 1 else None


# the document's aria-owns as owns.py last read it (owned -> owner), or None: an owned element's
# ancestors for aria-hidden are its owner's, not its DOM parents (WPT accname/aria-owns.html)
OWNERS = record()
OWNERS.owned = None


def ax_parent_of(node):
    """The node's parent in the accessibility tree: its owner (aria-owns) when owned, else parent_of."""
    if OWNERS.owned != None and node.nodeType == 1:
        owner = OWNERS.owned['get'](node)
        if owner != None:
            return owner
    return parent_of(node)


def aria_hidden(el, stop):
    """el or an ancestor up to (not including) stop has aria-hidden="true" or is inert (the `inert`
    attribute: Chromium leaves inert content out of names, as the scan leaves it out of its rows). The
    ancestors are those of the accessibility tree: an owned element's are its owner's."""
    node = el
    while node and node is not stop:
        if node.nodeType == 1 and (node.getAttribute('aria-hidden') == 'true' or node.hasAttribute('inert')):
            return True
        node = ax_parent_of(node)
    return False


def is_hidden(node, stop):
    """A node (an element, or a text node by its parent) that is not rendered, or is aria-hidden below stop.
    An element with display:contents has no box: its parent decides."""
    el = node if node.nodeType == 1 else parent_of(node)
    if not el:
        return False
    if el.checkVisibility and not el.checkVisibility(VISIBILITY):
        if getComputedStyle(el).display != 'contents':
            return True
        up = parent_of(el)
        if up and up is not stop and is_hidden(up, stop):
            return True
    if not el.checkVisibility:
        style = getComputedStyle(el)
        if style.display == 'none' or style.visibility == 'hidden' or style.visibility == 'collapse':
            return True
    return aria_hidden(el, stop or None)


def hidden_under_shown(el, stop):
    """is_hidden for an element whose parent is known to be shown (visible, no aria-hidden up to stop):
    only the element itself is looked at."""
    if not el.checkVisibility:
        return is_hidden(el, stop)
    if not el.checkVisibility(VISIBILITY) and getComputedStyle(el).display != 'contents':
        return True
    return el.getAttribute('aria-hidden') == 'true' or el.hasAttribute('inert')


# Atomic inline boxes: replaced elements and form controls lay out as one box of their own, as an
# inline-block does, whatever their computed display says (Chromium separates their text by a space).
ATOMIC_TAGS = set_of(['IMG', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'VIDEO', 'AUDIO', 'IFRAME', 'OBJECT', 'EMBED',
                      'CANVAS', 'METER', 'PROGRESS'])


def inline_display(display):
    """A computed display that keeps a box in its parent's line (inline, or no box of its own)."""
    return display == 'inline' or display == 'contents' or display == 'none' or display == 'ruby' or \
        display == 'ruby-text'


def is_spaced(el):
    """accname 1.2 step 2F: an element that is not inline (block, inline-block, flex, table-cell, list
    item...: its own box) or an atomic inline has its text set off by spaces. Read from the computed
    display, not the tag: a <div> made inline by a style sheet joins its neighbours ("1/50United")."""
    if ATOMIC_TAGS.has(el.tagName):
        return True
    return not inline_display(getComputedStyle(el).display)


def block_of(el):
    """The element whose box holds el's line: el itself when it is not inline, else the nearest such
    ancestor in the flat tree (None past the top)."""
    node = el
    while node:
        if ATOMIC_TAGS.has(node.tagName) or not inline_display(getComputedStyle(node).display):
            return node
        node = parent_of(node)
    return None
