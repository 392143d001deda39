"""The console's MCP card: turn the native-messaging link on or off (asking for the optional
nativeMessaging permission inside the click), list the connected MCP clients, disconnect them all."""
from webapi.chrome import send_message
from webapi.native import native_permission_request
from webapi.dom import by_id, set_text, listen
from webapi.ui import h, replace_children, show, local_time
from webapi.js import later

REFRESH_MS = 2000


async def ask(message):
    reply = await send_message(message)
    return reply['value'] if reply['ok'] else None


def status_text(state):
    if not state['enabled']:
        return 'Off: no MCP client can reach this browser.'
    if not state['permitted']:
        return 'On, but Chrome has not granted the native messaging permission.'
    if not state['connected']:
        why = state['error'] if state['error'] else 'the native host is not running'
        return 'On, not connected: ' + why + '. Run `siteagent mcp doctor`.'
    host = state['host']
    label = host['label'] if host != None else 'native host'
    return 'On: connected through ' + label + '.'


def show_state(state):
    if state == None:
        return
    by_id('mcp-switch').checked = state['enabled'] == True
    set_text(by_id('mcp-status'), status_text(state))
    rows = []
    for client in state['clients']:
        paired = 'paired' if client['paired'] == True else ('refused' if client['paired'] == False else 'not paired yet')
        rows.append(h('li', {'class': 'mcp-client', 'data-conn': client['conn']}, [
            h('div', {'class': 'grow'}, [h('strong', None, [client['name'] + ' (self-reported)']),
                                        h('div', {'class': 'muted small'},
                                          ['since ' + local_time(client['since']) + ' · ' + paired])])]))
    replace_children(by_id('mcp-clients'), rows)
    show(by_id('mcp-disconnect'), len(state['clients']) > 0)


async def refresh():
    show_state(await ask({'kind': 'mcp_state'}))


def tick():
    refresh()
    later(tick, REFRESH_MS)


def on_switch(event):
    on = by_id('mcp-switch').checked == True

    async def apply(granted):
        if on and granted != True:
            by_id('mcp-switch').checked = False
            set_text(by_id('mcp-status'), 'Chrome did not grant the native messaging permission; MCP stays off.')
            return
        show_state(await ask({'kind': 'mcp_enable', 'on': on}))
    if on:
        native_permission_request().then(apply)     # inside the click: Chrome may ask the user
    else:
        apply(True)


async def on_disconnect(event):
    show_state(await ask({'kind': 'mcp_disconnect_all'}))


def start_mcp_card():
    listen(by_id('mcp-switch'), 'change', on_switch)
    listen(by_id('mcp-disconnect'), 'click', on_disconnect)
    tick()
