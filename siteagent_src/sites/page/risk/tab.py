"""What a judged action sits in, read from the page for the risk judge (sites/page/risk/judge.py): the
element's description and icon, the dialog around it, its form's submit button, a link's resolved
target and the page title. Tab layer, through the DOM kit (webapi/dom.py) only.

Names here are computed simply (aria-labelledby text, aria-label, title, the first heading), not by
the walker's accessible-name code: the element's own name comes from the walker (`describeEl`).
"""
from core.jsonval import squeeze
from webapi.dom import (attr, closest, find, find_all, text_of, tag_of, page_title, shadow_host, ref_element,
                        resolve_url)

DIALOGS = 'dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]'
HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]'
ICON_PARTS = 'svg, i, span, img, use, [data-icon]'
SUBMITTERS = 'button:not([type]), button[type="submit"], input[type="submit"], input[type="image"]'
ICON_ATTRS = ['class', 'data-icon', 'data-lucide', 'data-feather', 'icon', 'name', 'value']
# The attributes by which a framework turns a click into a request other than a GET, or asks first:
# Rails UJS (rails-ujs: data-method, data-confirm), Turbo (data-turbo-method, data-turbo-confirm), htmx
# (hx-delete, hx-put, hx-patch, hx-post, hx-confirm). A form's hidden _method field is the same override
# for a form (Rails' button_to and form_with, Laravel's @method, Symfony's _method).
METHOD_ATTRS = ['data-method', 'data-turbo-method']
HX_METHODS = ['delete', 'put', 'patch', 'post']
CONFIRM_ATTRS = ['data-confirm', 'data-turbo-confirm', 'hx-confirm']
SECTION_HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"], legend'
SECTION_HOPS = 6
SECTION_SIBLINGS = 40
NAME_CAP = 300
TEXT_CAP = 600
ICON_CAP = 400
SHADOW_HOPS = 6


def _clip(text, cap):
    if text == None:
        return ''
    return squeeze(str(text))[0:cap]


def _refs_text(element, attr_name):
    """The text of the elements an IDREF list attribute names, in order."""
    ids = attr(element, attr_name)
    if ids == None:
        return ''
    parts = []
    for ref in squeeze(ids).split(' '):
        if len(ref) == 0:
            continue
        node = ref_element(element, ref)
        if node != None:
            parts.append(text_of(node))
    return _clip(' '.join(parts), NAME_CAP)


def _attr_text(element, attr_name):
    return _clip(attr(element, attr_name), NAME_CAP)


def _description(element, name):
    """[text, 'description'|'title'] : aria-describedby, aria-description, else a title that is not
    already the name."""
    described = _refs_text(element, 'aria-describedby')
    if len(described) > 0:
        return [described, 'description']
    described = _attr_text(element, 'aria-description')
    if len(described) > 0:
        return [described, 'description']
    title = _attr_text(element, 'title')
    if len(title) == 0:
        inner = find(element, 'svg > title')
        title = _clip(text_of(inner), NAME_CAP) if inner != None else ''
    if len(title) > 0 and title != _clip(name, NAME_CAP):
        return [title, 'title']
    return ['', None]


def _dialog_of(element):
    """The nearest dialog around element, across shadow roots."""
    node = element
    for hop in range(SHADOW_HOPS):
        found = closest(node, DIALOGS)
        if found != None:
            return found
        node = shadow_host(node)
        if node == None:
            return None
    return None


def _dialog(element):
    box = _dialog_of(element)
    if box == None:
        return None
    role = attr(box, 'role')
    heading_el = find(box, HEADINGS)
    heading = _clip(text_of(heading_el), NAME_CAP) if heading_el != None else ''
    name = _refs_text(box, 'aria-labelledby')
    if len(name) == 0:
        name = _attr_text(box, 'aria-label')
    if len(name) == 0:
        name = _attr_text(box, 'title')
    description = _refs_text(box, 'aria-describedby')
    if len(description) == 0:
        description = _attr_text(box, 'aria-description')
    return {'role': 'alertdialog' if role == 'alertdialog' else 'dialog', 'name': name if len(name) > 0 else heading,
            'heading': heading, 'description': description, 'text': _clip(text_of(box), TEXT_CAP)}


def _icon_words(element):
    """Class names, icon names, sprite ids and image file names of element and the icons inside it."""
    parts = []
    nodes = [element]
    nodes.extend(find_all(element, ICON_PARTS)[0:12])
    for node in nodes:
        for name in ICON_ATTRS:
            value = attr(node, name)
            if value != None and len(value) > 0:
                parts.append(value)
        tag = tag_of(node)
        if tag == 'use':
            ref = attr(node, 'href')
            if ref == None:
                ref = attr(node, 'xlink:href')
            if ref != None and ref.find('#') >= 0:
                parts.append(ref[ref.find('#') + 1:])
        elif tag == 'img':
            src = attr(node, 'src')
            if src != None:
                pieces = src.split('/')
                parts.append(pieces[len(pieces) - 1])
    return _clip(' '.join(parts), ICON_CAP)


def _submit_name(form):
    """What the form's default button says (aria-label, text, value, title)."""
    button = find(form, SUBMITTERS)
    if button == None:
        return ''
    for name in ['aria-label']:
        value = _attr_text(button, name)
        if len(value) > 0:
            return value
    text = _clip(text_of(button), NAME_CAP)
    if len(text) > 0:
        return text
    value = _attr_text(button, 'value')
    return value if len(value) > 0 else _attr_text(button, 'title')


def _request(element):
    """{method, url, via, confirm}: the request a click sends by a framework's attributes, or None."""
    method = None
    url = None
    via = None
    for name in METHOD_ATTRS:
        value = attr(element, name)
        if value != None and len(squeeze(value)) > 0:
            method = squeeze(value).lower()
            via = name
            break
    if method == None:
        for verb in HX_METHODS:
            value = attr(element, 'hx-' + verb)
            if value != None:
                method = verb
                via = 'hx-' + verb
                url = resolve_url(value) if len(value) > 0 else None
                break
    confirm = None
    for name in CONFIRM_ATTRS:
        value = attr(element, name)
        if value != None:
            confirm = _clip(value, NAME_CAP)
            break
    if method == None and confirm == None:
        return None
    return {'method': method, 'url': url, 'via': via, 'confirm': confirm}


def _section_heading(element):
    """The heading (or fieldset legend) element sits under: the nearest one before it in document order
    inside its ancestors up to SECTION_HOPS levels (its earlier siblings, then its parent's...; at most
    SECTION_SIBLINGS siblings a level); '' when none."""
    node = element
    for hop in range(SECTION_HOPS):
        if node == None:
            return ''
        sib = node.previousElementSibling
        seen = 0
        while sib != None and seen < SECTION_SIBLINGS:
            if closest(sib, SECTION_HEADINGS) is sib:
                return _clip(text_of(sib), NAME_CAP)
            inner = find_all(sib, SECTION_HEADINGS)
            if len(inner) > 0:
                return _clip(text_of(inner[len(inner) - 1]), NAME_CAP)
            sib = sib.previousElementSibling
            seen += 1
        node = node.parentElement
    return ''


def _script_submits(element):
    """A link whose href or click handler submits its form (href="javascript:...submit()")."""
    for name in ['href', 'onclick']:
        value = attr(element, name)
        if value != None and (value.find('submit(') >= 0 or value.find('requestSubmit(') >= 0):
            return True
    return False


def context_of(element, target):
    """The context the judge reads besides the walker's target ({name, role, href, form, ...})."""
    name = target['name'] if 'name' in target and target['name'] != None else ''
    described = _description(element, name)
    out = {'description': described[0], 'description_from': described[1], 'icon': _icon_words(element),
           'dialog': _dialog(element), 'form': None, 'href_url': None, 'page_title': _clip(page_title(), NAME_CAP)}
    owner = element.form if tag_of(element) in ['button', 'input', 'select', 'textarea'] else None
    if owner == None:
        owner = closest(element, 'form')
    if owner != None:
        override = find(owner, 'input[name="_method"]')
        out['form'] = {'submit_name': _submit_name(owner),
                       'method_override': squeeze(override.value or '').lower() if override != None else ''}
    if target['role'] == 'link':
        out['href_url'] = resolve_url(attr(element, 'href'))
        out['link_submits'] = owner != None and _script_submits(element)
    out['request'] = _request(element)
    out['section'] = _section_heading(element) if out['dialog'] == None else ''
    return out
