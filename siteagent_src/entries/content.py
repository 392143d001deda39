"""Content script on site tabs (Google tabs, and any page the page tool works on): runs the sites'
tab halves, once per page. Importing a site's tab half registers its handlers (sites/kit/tab.py);
`siteagent check` proves every folder in sites/ with a tab half is listed here (buildtool/sites.py)."""
from webapi.chrome import on_message, on_port, context_alive, PORT_TAB
from webapi.js import random_id, obj_keys
from webapi.dom import find_all
from sites.kit.tab import run
from sites.kit.tab_locate import site_health
# The sites' tab halves: importing one registers its handlers.
from sites.console import tab as console_site  # noqa: F401
from sites.gmail import tab as gmail_site  # noqa: F401
from sites.calendar import tab as calendar_site  # noqa: F401
from sites.meet import tab as meet_site  # noqa: F401
from sites.page import tab as page_site  # noqa: F401

if __pragma__('defined', 'test_adapter'):       # test builds only (a build switch, SA413)
    from sites.testsite import tab as test_site  # noqa: F401
    from sites.page import tab_probe as page_probes  # noqa: F401

GUARD = '__siteagentContent'


def health(selectors):
    """How many elements each selector finds on this page ({key: count})."""
    counts = {}
    for key in obj_keys(selectors):
        counts[key] = len(find_all(None, selectors[key]))
    return counts


async def handle(message, sender):
    if message == None or not context_alive():
        return None
    if message['kind'] == 'adapter_call':
        return await run(message['tool'], message['args'])
    if message['kind'] == 'health':
        by_contract = site_health(message['site']) if 'site' in message else None
        return by_contract if by_contract != None else health(message['selectors'])
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
