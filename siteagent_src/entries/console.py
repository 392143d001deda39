"""Extension console: status and the pause switch (the full console grows with issue 7)."""
from platform.chrome import send_message
from platform.dom import by_id, set_text, listen


async def refresh():
    reply = await send_message({'kind': 'console_state'})
    if not reply['ok'] or reply['value'] == None:
        set_text(by_id('console-status'), 'The service worker did not answer.')
        return
    state = reply['value']
    by_id('pause-switch').checked = state['switches']['paused']
    set_text(by_id('console-status'), str(len(state['tools'])) + ' tools; '
             + ('paused' if state['switches']['paused'] else 'running'))


async def on_pause(event):
    await send_message({'kind': 'set_paused', 'paused': by_id('pause-switch').checked})
    await refresh()


listen(by_id('pause-switch'), 'change', on_pause)
refresh()
