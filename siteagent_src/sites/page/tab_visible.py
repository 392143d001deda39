# siteagent: hot
"""Visibility as the scan and the names see it: rendered (CSS display, visibility, content-visibility,
as `checkVisibility` reads them) and not aria-hidden, across shadow roots and slots.

`stop` is the element a name is computed for (its own aria-hidden ancestors do not hide its parts), or
None. Hot: the walk asks for every element (docs/SUBSET.md, "Hot modules").
"""
from webapi.jsobj import record

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


def aria_hidden(el, stop):
    """el or an ancestor up to (not including) stop has aria-hidden="true"."""
    node = el
    while node and node is not stop:
        if node.nodeType == 1 and node.getAttribute('aria-hidden') == 'true':
            return True
        node = parent_of(node)
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
    return el.getAttribute('aria-hidden') == 'true'
