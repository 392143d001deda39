# siteagent: hot
"""An element's role: its explicit role="..." when it names a known role (none/presentation give way on
a focusable element), else the implicit role of its tag (HTML-AAM), decided here from the DOM with the
tables and rules of scan/roles.py. Hot: the walk asks for every element.
"""
from sites.page.scan.roles import (explicit_role, input_role, img_role, ROLES, TAG_ROLES, FOCUSABLE_TAGS,
                              SECTIONING_TAGS, SECTIONING_ROLES)
from sites.page.scan.tab.visible import parent_of
from webapi.jsobj import set_of, lookup_table

KNOWN_ROLE = set_of(ROLES)
TAG_ROLE = lookup_table(TAG_ROLES)
FOCUSABLE = set_of(FOCUSABLE_TAGS)
SECTIONING_TAG = set_of(SECTIONING_TAGS)
SECTIONING_ROLE = set_of(SECTIONING_ROLES)


def focusable(el):
    """Focusable for the presentational-role conflict rule: a disabled control is not (so role="none"
    holds on it, as in Chromium)."""
    return el.hasAttribute('tabindex') or (el.tagName == 'A' and el.hasAttribute('href')) or \
        (FOCUSABLE.has(el.tagName) and not el.disabled)


def in_sectioning(el):
    """Inside sectioning content (article, aside, main, nav, section, or those roles)."""
    node = parent_of(el)
    while node:
        if SECTIONING_TAG.has(node.tagName) or SECTIONING_ROLE.has(node.getAttribute('role')):
            return True
        node = parent_of(node)
    return False


def named_by_aria(el):
    return el.hasAttribute('aria-label') or el.hasAttribute('aria-labelledby')


def implicit_role(el):
    """The role of the element's tag (and, for some tags, its attributes and place); None for none."""
    tag = el.tagName
    role = TAG_ROLE[tag]
    if role != None:
        return role
    if tag == 'A' or tag == 'AREA':
        if el.hasAttribute('href'):
            return 'link'
        return 'generic' if tag == 'A' else None
    if tag == 'INPUT':
        return input_role((el.getAttribute('type') or '').lower(), el.hasAttribute('list'))
    if tag == 'SELECT':
        return 'listbox' if el.multiple or el.size > 1 else 'combobox'
    if tag == 'HEADER':
        return 'generic' if in_sectioning(el) else 'banner'
    if tag == 'FOOTER':
        return 'generic' if in_sectioning(el) else 'contentinfo'
    if tag == 'SECTION':
        return 'region' if named_by_aria(el) else 'generic'
    if tag == 'IMG':
        return img_role(el.getAttribute('alt'), named_by_aria(el), el.hasAttribute('title'))
    if tag == 'SUMMARY':
        return 'button'
    if el.isContentEditable and not (el.parentElement and el.parentElement.isContentEditable):
        return 'textbox'
    return None


def role_of(el):
    """The element's role, or None."""
    attr = el.getAttribute('role')
    explicit = None
    if attr:
        # most role attributes are one known role in lower case: no need to tokenise
        explicit = ('img' if attr == 'image' else attr) if KNOWN_ROLE.has(attr) else explicit_role(attr)
    if explicit and not ((explicit == 'none' or explicit == 'presentation') and focusable(el)):
        return explicit
    if el.tagName == 'SUMMARY':
        parent = el.parentElement
        if not parent or parent.tagName != 'DETAILS' or parent.querySelector(':scope > summary') is not el:
            return 'generic'
    return implicit_role(el)
