"""Content script on Google tabs: runs adapter tools in the page, once per page."""
from webapi.chrome import on_message, on_port, context_alive, PORT_TAB
from webapi.js import random_id
from webapi.dom import query_all
from adapters.content_registry import run_tool, health

GUARD = '__siteagentContent'


async def handle(message, sender):
    if message == None or not context_alive():
        return None
    if message['kind'] == 'adapter_call':
        return await run_tool(message['tool'], message['args'])
    if message['kind'] == 'health':
        return health(message['selectors'])
    if message['kind'] == 'ping':
        return {'ok': True, 'installs': window[GUARD]['installs']}
    return None


def install():
    previous = window[GUARD] or None
    if previous != None and previous['alive']():
        return False
    installs = previous['installs'] + 1 if previous != None else 1
    window[GUARD] = {'alive': context_alive, 'installs': installs}
    document.documentElement.setAttribute('data-siteagent-content', str(installs))
    document.documentElement.setAttribute('data-siteagent-instance', random_id())
    on_message(handle)
    on_port(PORT_TAB, handle)
    return True


install()
