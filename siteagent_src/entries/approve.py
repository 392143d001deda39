"""Approval window: shows the preview as text; only a trusted click on Allow or Deny answers."""
from core.recipients import confirmation_matches
from webapi.chrome import send_message
from webapi.dom import by_id, set_text, listen, apply_theme
from webapi.js import query_param, now_ms

ARM_DELAY_MS = 700      # Allow stays disabled briefly, so a click meant for the page cannot land on it

approval_id = query_param(location.href, 'id')
state = {'answered': False, 'expires': 0, 'armed': False, 'confirm': []}


async def answer(allow):
    if state['answered']:
        return
    state['answered'] = True
    by_id('allow').disabled = True
    by_id('deny').disabled = True
    await send_message({'kind': 'approval_decide', 'id': approval_id, 'allow': allow, 'typed': typed_values(),
                        'remember': by_id('approve-remember').checked == True})


def on_allow(event):
    if event.isTrusted:
        answer(True)


def on_deny(event):
    if event.isTrusted:
        answer(False)


def tick():
    left = max(0, round((state['expires'] - now_ms()) / 1000))
    set_text(by_id('approve-countdown'), 'Denied automatically in ' + str(left) + ' s')
    if left > 0 and not state['answered']:
        setTimeout(tick, 500)


def typed_values():
    return [by_id('confirm-' + str(i)).value for i in range(len(state['confirm']))]


def confirmations_done():
    typed = typed_values()
    for i in range(len(state['confirm'])):
        if not confirmation_matches(state['confirm'][i], typed[i]):
            return False
    return True


def refresh_allow(event):
    """Allow is enabled only once armed and every new recipient was typed in by the user."""
    if not state['answered']:
        by_id('allow').disabled = not (state['armed'] and confirmations_done())


def arm():
    state['armed'] = True
    refresh_allow(None)


def show_flags(flags, confirm):
    box = by_id('approve-flags')
    if len(flags) == 0 and len(confirm) == 0:
        return
    box.hidden = False
    for line in flags:
        item = document.createElement('p')
        item.className = 'flag'
        set_text(item, line)
        box.appendChild(item)
    for i in range(len(confirm)):
        label = document.createElement('label')
        label.className = 'confirm'
        set_text(label, 'New recipient ' + confirm[i] + ': type the address or its domain to confirm')
        field = document.createElement('input')
        field.id = 'confirm-' + str(i)
        field.setAttribute('autocomplete', 'off')
        field.setAttribute('spellcheck', 'false')
        label.appendChild(field)
        box.appendChild(label)
        listen(field, 'input', refresh_allow)


def show(view):
    if view == None:
        set_text(by_id('approve-origin'), 'This approval is no longer pending.')
        by_id('allow').disabled = True
        return
    apply_theme(view['theme'])
    set_text(by_id('approve-title'), view['title'] if view['title'] != None else 'Allow ' + view['tool'] + '?')
    by_panel = 'source' in view and view['source'] == 'panel'
    set_text(by_id('approve-origin'), 'Requested by ' + ('the model in the Site Agent side panel' if by_panel else view['origin']))
    set_text(by_id('approve-tool'), view['tool'])
    set_text(by_id('approve-risk'), view['risk'])
    set_text(by_id('approve-preview'), view['preview'])
    if view['remember'] != None:
        by_id('approve-remember-row').hidden = False
        set_text(by_id('approve-remember-label'), view['remember'])
    state['confirm'] = view['confirm']
    show_flags(view['flags'], view['confirm'])
    state['expires'] = now_ms() + (view['expires'] - view['now'])
    tick()
    setTimeout(arm, ARM_DELAY_MS)


async def load():
    listen(by_id('allow'), 'click', on_allow)
    listen(by_id('deny'), 'click', on_deny)
    reply = await send_message({'kind': 'approval_view', 'id': approval_id})
    show(reply['value'] if reply['ok'] else None)


load()
