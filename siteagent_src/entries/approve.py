"""Approval window: shows the preview as text; only a trusted click on Allow or Deny answers."""
from platform.chrome import send_message
from platform.dom import by_id, set_text, listen, apply_theme
from platform.js import query_param, now_ms

ARM_DELAY_MS = 700      # Allow stays disabled briefly, so a click meant for the page cannot land on it

approval_id = query_param(location.href, 'id')
state = {'answered': False, 'expires': 0}


async def answer(allow):
    if state['answered']:
        return
    state['answered'] = True
    by_id('allow').disabled = True
    by_id('deny').disabled = True
    await send_message({'kind': 'approval_decide', 'id': approval_id, 'allow': allow})


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


def arm():
    if not state['answered']:
        by_id('allow').disabled = False


def show(view):
    if view == None:
        set_text(by_id('approve-origin'), 'This approval is no longer pending.')
        by_id('allow').disabled = True
        return
    apply_theme(view['theme'])
    set_text(by_id('approve-title'), 'Allow ' + view['tool'] + '?')
    set_text(by_id('approve-origin'), 'Requested by ' + view['origin'])
    set_text(by_id('approve-tool'), view['tool'])
    set_text(by_id('approve-risk'), view['risk'])
    set_text(by_id('approve-preview'), view['preview'])
    state['expires'] = now_ms() + (view['expires'] - view['now'])
    tick()
    setTimeout(arm, ARM_DELAY_MS)


async def load():
    listen(by_id('allow'), 'click', on_allow)
    listen(by_id('deny'), 'click', on_deny)
    reply = await send_message({'kind': 'approval_view', 'id': approval_id})
    show(reply['value'] if reply['ok'] else None)


load()
