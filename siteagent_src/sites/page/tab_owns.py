# siteagent: hot
"""aria-owns as accessible names see it, decided once per document (per scan, or per name outside one).

An owner's aria-owns IDs name the elements it owns (looked up in its own tree, then the document). The
relations are taken in document order and a later one is dropped when it would break the tree (WAI-ARIA
1.2, aria-owns: "an element can have only one owner"; authors "MUST NOT create circular references"):
the target is the owner itself or one of its ancestors (DOM parents and owners before it), or another
owner already owns it. The spec leaves which relation wins to the user agent; document order is ours.

`owns_of(el)`: the elements el owns, in order ([] for none); `owner_of(el)`: the element that owns el,
or None. An owned element's content belongs to its owner's name (appended after the owner's own
children), not to its DOM parent's. Only owners in the document (not inside shadow roots) are found.
Hot: names ask for every child they read, so the answer for a document without aria-owns is one Set test.
"""
from sites.page.tab_visible import parent_of
from webapi.jsobj import record, new_map

OWNS = 'aria-owns'
NONE = record()
NONE.owners = None               # owner -> [owned], None when the document has no aria-owns
NONE.owned = None                # owned -> owner
_state = record()
_state.scan = None               # the answer for the running scan (None outside one)


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


def read_owns(doc):
    """The ownership of a document: a record {owners, owned} (both None when nothing is owned)."""
    elements = doc.querySelectorAll('[aria-owns]')
    if elements.length == 0:
        return NONE
    owners = new_map()
    owned = new_map()
    for owner in elements:
        kept = []
        for ref in (owner.getAttribute(OWNS) or '').split():
            target = ref_target(owner, ref) if ref else None
            if not target or owned.has(target) or would_cycle(owner, target, owned):
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


def begin_owns():
    _state.scan = read_owns(document)


def end_owns():
    _state.scan = None


def ownership():
    """The current answer: the scan's, else read now."""
    return _state.scan if _state.scan != None else read_owns(document)


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
