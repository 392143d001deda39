# siteagent: hot
"""aria-owns as accessible names see it, decided once per document (read again after the DOM changes).

An owner's aria-owns IDs name the elements it owns (looked up in its own tree, then the document). The
relations are taken in document order and a later one is dropped when it would break the tree (WAI-ARIA
1.2, aria-owns: "an element can have only one owner"; authors "MUST NOT create circular references"):
the target is the owner itself or one of its ancestors (DOM parents and owners before it), or another
owner already owns it. The spec leaves which relation wins to the user agent; document order is ours.

`owns_of(el)`: the elements el owns, in order ([] for none); `owner_of(el)`: the element that owns el,
or None. An owned element's content belongs to its owner's name (appended after the owner's own
children), not to its DOM parent's. Only owners in the document (not inside shadow roots) are found.
The answer is also handed to visible.py (OWNERS), whose aria-hidden test climbs from an owned element
to its owner. Hot: names ask for every child they read, so the answer for a document without aria-owns is one Set test.
"""
from sites.page.scan.tab.visible import parent_of, aria_hidden, OWNERS, VISIBILITY
from webapi.jsobj import record, new_map

OWNS = 'aria-owns'
NONE = record()
NONE.owners = None               # owner -> [owned], None when the document has no aria-owns
NONE.owned = None                # owned -> owner
_state = record()
_state.answer = None             # the document's answer while no change is seen
_state.stale = True
_state.watch = None
# what may change ownership: elements added or removed, an aria-owns or id changed
WATCH = record()
WATCH.subtree = True
WATCH.childList = True
WATCH.attributes = True
WATCH.attributeFilter = ['aria-owns', 'id']


def ref_target(el, ref):
    root = el.getRootNode()
    found = root.getElementById(ref) if root.getElementById else None
    return found or document.getElementById(ref)


def ax_parent(el, owned):
    """el's parent in the accessibility tree as far as decided: its owner, else its flat-tree parent."""
    owner = owned['get'](el)
    return owner if owner != None else parent_of(el)


def would_cycle(owner, target, owned):
    """target is owner, or an ancestor of owner through DOM parents and the owners decided so far."""
    node = owner
    while node:
        if node is target:
            return True
        node = ax_parent(node, owned)
    return False


def shown(el):
    """Rendered (display, visibility, content-visibility: not hidden from all users)."""
    return not el.checkVisibility or el.checkVisibility(VISIBILITY)


def read_owns(doc):
    """The ownership of a document: a record {owners, owned} (both None when nothing is owned). WAI-ARIA
    1.2, aria-owns: user agents "MUST NOT resolve aria-owns when it is set on an element that has been
    excluded from the accessibility tree" (not rendered, or aria-hidden), nor "when it references an
    element that is, or has a DOM ancestor that is, hidden from all users" (not rendered)."""
    elements = doc.querySelectorAll('[aria-owns]')
    if elements.length == 0:
        return NONE
    owners = new_map()
    owned = new_map()
    for owner in elements:
        if not shown(owner) or aria_hidden(owner, None):
            continue
        kept = []
        for ref in (owner.getAttribute(OWNS) or '').split():
            target = ref_target(owner, ref) if ref else None
            if not target or owned.has(target) or would_cycle(owner, target, owned) or not shown(target):
                continue
            owned.set(target, owner)
            kept.append(target)
        if kept.length > 0:
            owners.set(owner, kept)
    if owned.size == 0:
        return NONE
    out = record()
    out.owners = owners
    out.owned = owned
    return out


def _stale():
    _state.stale = True
    _state.watch.disconnect()


def ownership():
    """The document's answer, read again only after the DOM changed (a MutationObserver marks it stale,
    then stops watching until the next read). During a scan the page runs no script: one read serves
    every name of the scan."""
    if _state.answer == None or _state.stale:
        OWNERS.owned = None             # aria-hidden owners are judged by their DOM ancestors
        _state.answer = read_owns(document)
        _state.stale = False
        OWNERS.owned = _state.answer.owned
        if not _state.watch:
            _state.watch = __new__(MutationObserver(_stale))
        _state.watch.observe(document, WATCH)
    return _state.answer


def owns_of(el, answer):
    if answer.owners == None:
        return []
    found = answer.owners['get'](el)
    return found if found != None else []


def owner_of(el, answer):
    if answer.owned == None:
        return None
    found = answer.owned['get'](el)
    return found if found != None else None
