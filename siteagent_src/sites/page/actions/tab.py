"""The page tool's actions in the tab: what the risk judge is told about a target, click, type, select,
check, press, scroll, read, wait for text, and the page settling. Each refuses with a ToolError
(invalid_args naming the field) what it cannot do safely. The pure rules are in actions/rules.py.
"""
from core.outcome import ToolError
from core.reasons import INVALID_ARGS
from sites.page.actions.rules import (parse_chord, key_code, read_text, scroll_move, field_listed, field_line, submits,
                                FORM_FIELDS_READ, FORM_FIELDS_SHOWN, FIELD_LABEL_CAP)
from sites.page.scan.names import squash
from sites.page.scan.roles import TYPEABLE_ROLES, CHECKABLE_ROLES, RADIO_ROLES
from sites.page.scan.tab.names import accessible_name, name_of
from sites.page.scan.tab.roles import role_of
from sites.page.scan.tab.uids import resolve
from webapi.jsobj import as_array

SETTLE_POLL_MS = 25


def _refuse(field, message):
    """invalid_args with the message as it is (select's messages do not start with the field)."""
    return ToolError(INVALID_ARGS, message, {'field': field})


def _role_text(role):
    return role if role != None else 'null'


# --- describing a target (for the risk judge) ------------------------------------------------------

def _form_info(form):
    fields = []
    secrets = []
    for field in as_array(form.elements or [])[0:FORM_FIELDS_READ]:
        field_type = (field['type'] or '').lower()
        if not field_listed(field.tagName, field_type):
            continue
        label = accessible_name(field, False, None, None)[0:FIELD_LABEL_CAP]
        fields.append(field_line(label, field['name'] or '', field.id or '', field_type, field.tagName))
        secrets.append({'type': field_type, 'autocomplete': field.getAttribute('autocomplete') or '',
                        'name': field['name'] or '', 'id': field.id or '', 'label': label})
    return {'name': accessible_name(form, False, None, None) or form.getAttribute('name') or form.id or '',
            'action': form.action if form.getAttribute('action') else '',
            'method': (form.method or 'get').lower(), 'fields': fields[0:FORM_FIELDS_SHOWN],
            'secret_fields_raw': secrets}


def describe_element(el, submitting):
    """{role, name, tag, href, page_url, submits, form}: what the risk judge reads about a target."""
    role = role_of(el)
    form = el.form or (el.closest('form') if el.closest else None)
    return {'role': role, 'name': name_of(el), 'tag': el.tagName.lower(),
            'href': (el.getAttribute('href') or '') if role == 'link' else None, 'page_url': location.href,
            'submits': True if submitting else submits(el.tagName, bool(el.form), el.getAttribute('type'),
                                                       el['type'] or ''),
            'form': _form_info(form) if form else None}


# --- acting ---------------------------------------------------------------------------------------

def _fire(el, kind, init):
    """A bubbling, cancelable, composed pointer, keyboard or mouse event with init's fields."""
    options = {'bubbles': True, 'cancelable': True, 'composed': True, 'view': window}
    options.update(init)
    if kind.startswith('pointer'):
        event = __new__(PointerEvent(kind, options))
    elif kind.startswith('key'):
        event = __new__(KeyboardEvent(kind, options))
    else:
        event = __new__(MouseEvent(kind, options))
    return el.dispatchEvent(event)


def click_element(el):
    """The events a click makes, in order, at the element's centre (scrolled into view first)."""
    el.scrollIntoView({'block': 'center', 'inline': 'center'})
    rect = el.getBoundingClientRect()
    x = rect.left + rect.width / 2
    y = rect.top + rect.height / 2
    _fire(el, 'pointerdown', {'isPrimary': True, 'pointerType': 'mouse', 'clientX': x, 'clientY': y, 'button': 0})
    _fire(el, 'mousedown', {'clientX': x, 'clientY': y, 'button': 0})
    if el.focus:
        el.focus({'preventScroll': True})
    _fire(el, 'pointerup', {'isPrimary': True, 'pointerType': 'mouse', 'clientX': x, 'clientY': y, 'button': 0})
    _fire(el, 'mouseup', {'clientX': x, 'clientY': y, 'button': 0})
    el.click()


def is_disabled(el):
    """Disabled (the property), aria-disabled, or inside a disabled fieldset (but not its legend)."""
    if el.disabled or el.getAttribute('aria-disabled') == 'true':
        return True
    return bool(el.closest and el.closest('fieldset[disabled]') and el.tagName != 'LEGEND')


def _set_native_value(el, value):
    """The value set through the element's own prototype setter (frameworks watch that one)."""
    if el.tagName == 'TEXTAREA':
        proto = HTMLTextAreaElement.prototype
    elif el.tagName == 'SELECT':
        proto = HTMLSelectElement.prototype
    else:
        proto = HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value)


def _submit_form(form):
    if form.requestSubmit:
        form.requestSubmit()
    else:
        form.submit()


def _submit_from(el):
    form = el.form or (el.closest and el.closest('form'))
    if form:
        _submit_form(form)
        return 'form'
    press_keys(el, 'Enter')
    return 'enter'


def type_into(el, value, clear, submit):
    """Type value into a text field (its value set, then input and change) or a contenteditable
    (insertText); clear replaces what is there; submit submits its form (or presses Enter)."""
    role = role_of(el)
    is_field = (el.tagName == 'INPUT' and role in TYPEABLE_ROLES) or el.tagName == 'TEXTAREA'
    if not is_field and not el.isContentEditable:
        raise _refuse('uid', 'uid: the element is a ' + _role_text(role) + ', not a text field')
    if is_disabled(el) or el.readOnly:
        raise _refuse('uid', 'uid: the field is disabled or read-only')
    el.scrollIntoView({'block': 'center'})
    el.focus({'preventScroll': True})
    if is_field:
        _set_native_value(el, ('' if clear else el.value) + value)
        el.dispatchEvent(__new__(InputEvent('input', {'bubbles': True, 'composed': True, 'inputType': 'insertText',
                                                      'data': value})))
        el.dispatchEvent(__new__(Event('change', {'bubbles': True})))
    else:
        if clear:
            selection = window.getSelection()
            whole = document.createRange()
            whole.selectNodeContents(el)
            selection.removeAllRanges()
            selection.addRange(whole)
        if not document.execCommand('insertText', False, value):
            el.textContent = ('' if clear else el.textContent) + value
    result = {'ok': True, 'typed': len(value)}
    if submit:
        result['submitted'] = _submit_from(el)
    return result


def _option_label(option):
    return squash(option.label or option.textContent)


def select_in(el, value, label):
    """Pick an option of a <select> (by value, else by label) or of an ARIA listbox/combobox (by label or
    data-value: clicked)."""
    if el.tagName == 'SELECT':
        if is_disabled(el):
            raise _refuse('uid', 'uid: the list is disabled')
        options = as_array(el.options)
        want = squash(label).lower() if label != None else None
        chosen = None
        if value != None:
            for option in options:
                if option.value == value:
                    chosen = option
                    break
        if chosen == None and want != None:
            for option in options:
                if _option_label(option).lower() == want:
                    chosen = option
                    break
        if chosen == None:
            shown = []
            for option in options[0:20]:
                shown.append(_option_label(option))
            raise _refuse('value' if value != None else 'label', 'no option matches; options: ' + ' | '.join(shown))
        if chosen.disabled:
            raise _refuse('value', 'that option is disabled')
        el.focus({'preventScroll': True})
        chosen.selected = True
        el.dispatchEvent(__new__(Event('input', {'bubbles': True})))
        el.dispatchEvent(__new__(Event('change', {'bubbles': True})))
        return {'ok': True, 'selected': {'value': chosen.value, 'label': _option_label(chosen)}}
    want = squash(label or value or '').lower()
    for option in as_array(el.querySelectorAll('[role="option"]')):
        # (an option without data-value is no match for a call without value: both are null)
        if name_of(option).lower() == want or (value != None and option.getAttribute('data-value') == value):
            click_element(option)
            return {'ok': True, 'selected': {'label': name_of(option)}}
    raise _refuse('label', 'no option matches in this ' + _role_text(role_of(el)))


def _checked_now(el):
    return el.checked if el.tagName == 'INPUT' else el.getAttribute('aria-checked') == 'true'


def check_element(el, checked):
    """Set a checkbox, radio or switch to `checked` (by a click, only when it is not already so)."""
    role = role_of(el)
    if role not in CHECKABLE_ROLES:
        raise _refuse('uid', 'uid: the element is a ' + _role_text(role) + ', not a checkbox, radio or switch')
    if is_disabled(el):
        raise _refuse('uid', 'uid: the control is disabled')
    now = _checked_now(el)
    if now == checked:
        return {'ok': True, 'checked': now, 'changed': False}
    if not checked and role in RADIO_ROLES:
        raise _refuse('checked', 'checked: a radio cannot be unchecked; check another one')
    click_element(el)
    after = _checked_now(el)
    return {'ok': True, 'checked': after, 'changed': after != now}


def _key_event(kind, init):
    options = {'bubbles': True, 'cancelable': True, 'composed': True}
    options.update(init)
    return __new__(KeyboardEvent(kind, options))


def press_keys(el, chord):
    """keydown (keypress for a character or Enter), the default action the page would miss from a
    synthetic event (Enter submits a field's form or activates a link or button, Space a button or
    checkbox, Escape closes a dialog) unless a listener cancelled it, then keyup."""
    parsed = parse_chord(chord)
    if parsed == None:
        raise _refuse('key', 'key: "' + str(chord) + '" is not a key or chord (e.g. Enter, Escape, Control+A)')
    target = el or document.activeElement or document.body
    key = parsed['key']
    init = {'code': key_code(key)}
    init.update(parsed)
    go = target.dispatchEvent(_key_event('keydown', init))
    if len(key) == 1 or key == 'Enter':
        target.dispatchEvent(_key_event('keypress', init))
    effect = None
    if go and not parsed['ctrlKey'] and not parsed['metaKey'] and not parsed['altKey']:
        tag = target.tagName
        if key == 'Enter':
            if tag == 'INPUT' and target.form and role_of(target) != 'button':
                _submit_form(target.form)
                effect = 'submitted'
            elif tag == 'A' or tag == 'BUTTON' or role_of(target) == 'button' or role_of(target) == 'link':
                target.click()
                effect = 'activated'
        elif key == ' ' and (tag == 'BUTTON' or role_of(target) == 'button' or role_of(target) == 'checkbox'):
            target.click()
            effect = 'activated'
        elif key == 'Escape' and target.closest and target.closest('dialog[open]'):
            target.closest('dialog[open]').close()
            effect = 'closed dialog'
    target.dispatchEvent(_key_event('keyup', init))
    return {'ok': True, 'key': chord, 'effect': effect}


def scroll_by(el, direction, to_el):
    """Bring to_el into view, or scroll el (None: the page) up, down, left, right, to the top or bottom."""
    if to_el:
        to_el.scrollIntoView({'block': 'center'})
        return {'ok': True, 'scrolled': 'to'}
    target = el or document.scrollingElement or document.documentElement
    height = el.clientHeight if el else window.innerHeight
    width = el.clientWidth if el else window.innerWidth
    way = direction or 'down'
    if way == 'top':
        target.scrollTo(0, 0)
    elif way == 'bottom':
        target.scrollTo(0, target.scrollHeight)
    else:
        move = scroll_move(way, width, height)
        target.scrollBy(move[0], move[1])
    return {'ok': True, 'scrolled': way, 'x': Math.round(target.scrollLeft or window.scrollX),
            'y': Math.round(target.scrollTop or window.scrollY)}


def read_element(el):
    """The element's role, name and whole text (marked untrusted: the page wrote it)."""
    text = (el.innerText if el.innerText != None else el.textContent) or ''
    return {'ok': True, 'untrusted': True, 'role': role_of(el), 'name': name_of(el), 'text': read_text(text)}


def page_has_text(text):
    body = (document.body.innerText or '') if document.body else ''
    return squash(body).lower().find(squash(text).lower()) >= 0


def settle(quiet_ms, cap_ms):
    """A promise of {settled, ms}: resolved once the DOM has not changed for quiet_ms, or after cap_ms."""
    def run(done):
        start = performance.now()
        last = [start]

        def changed():
            last[0] = performance.now()
        observer = __new__(MutationObserver(changed))
        observer.observe(document, {'subtree': True, 'childList': True, 'attributes': True, 'characterData': True})

        def tick():
            now = performance.now()
            if now - last[0] >= quiet_ms or now - start >= cap_ms:
                observer.disconnect()
                done({'settled': now - last[0] >= quiet_ms, 'ms': Math.round(now - start)})
            else:
                setTimeout(tick, SETTLE_POLL_MS)
        setTimeout(tick, quiet_ms)
    return __new__(Promise(run))


def describe(uid, submitting):
    found = resolve(uid)
    if not found['ok']:
        return found
    return {'ok': True, 'target': describe_element(found.el, submitting)}
