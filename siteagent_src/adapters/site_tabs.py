"""Tab plumbing shared by every adapter: find or open the site's tab, navigate, wait, run a tab tool."""
from buildinfo import CONFIG
from core.outcome import failure
from core.origins import host_of
from core.reasons import (NO_TARGET_TAB, TAB_TIMEOUT, TAB_CLOSED, PERMISSION_REQUIRED, ADAPTER_ERROR)
from webapi.chrome import (tabs_query, tab_get, tab_create, send_to_tab, inject_files, permission_contains,
                             on_tab_removed, off_tab_removed, storage_get, tab_navigate)
from webapi.js import deferred, with_timeout, sleep, now_ms

TARGET_KEY = 'target_tab'


def fail(reason, message, hint):
    """A tab-plumbing failure: {ok: false, outcome}."""
    extra = {'hint': hint} if hint != None else None
    return {'ok': False, 'outcome': failure(reason, message, extra)}


async def attached_tab():
    tab_id = await storage_get('session', TARGET_KEY, None)
    if tab_id == None:
        return None
    found = await tab_get(tab_id)
    return found['value'] if found['ok'] else None


async def find_site_tab(hosts):
    """The attached tab when it belongs to the site, else the site's active or most recent tab."""
    attached = await attached_tab()
    if attached != None and (len(hosts) == 0 or host_of(attached['url']) in hosts):
        return attached
    if len(hosts) == 0:
        return None
    tabs = await tabs_query({'url': ['https://' + h + '/*' for h in hosts]})
    if len(tabs) == 0:
        return None
    best = tabs[0]
    for tab in tabs:
        if tab['active'] != best['active']:
            if tab['active']:
                best = tab
        elif tab['lastAccessed'] > best['lastAccessed']:
            best = tab
    return best


async def has_host_access(url):
    host = host_of(url)
    if host == None:
        return False
    return await permission_contains('https://' + host + '/*')


def permission_failure(url):
    return fail(PERMISSION_REQUIRED, 'Site Agent has no access to ' + str(host_of(url)),
                'open the Site Agent console and grant access to this site (Chrome asks you once)')


async def wait_for_load(tab_id, timeout_ms):
    """Resolve {ok, tab} once the tab's status is 'complete', or a tab_timeout / tab_closed failure."""
    deadline = now_ms() + timeout_ms
    while now_ms() < deadline:
        found = await tab_get(tab_id)
        if not found['ok']:
            return fail(TAB_CLOSED, 'the tab was closed while loading', None)
        if found['value']['status'] == 'complete':
            return {'ok': True, 'tab': found['value']}
        await sleep(50)
    return fail(TAB_TIMEOUT, 'the tab did not finish loading within ' + str(timeout_ms) + ' ms',
                'the site may be slow; check the tab before retrying')


async def open_tab(url, active):
    tab = await tab_create({'url': url, 'active': active})
    return await wait_for_load(tab['id'], CONFIG['tab_timeout_ms'])


async def navigate(tab_id, url):
    """Load url in the tab and wait for it."""
    moved = await tab_navigate(tab_id, url)
    if not moved['ok']:
        return fail(TAB_CLOSED, 'the tab could not be navigated: ' + moved['error'], None)
    await sleep(30)
    return await wait_for_load(tab_id, CONFIG['tab_timeout_ms'])


async def site_tab(adapter, open_url):
    """{ok, tab}: the site's tab; when none is open and open_url is given, open it and wait."""
    tab = await find_site_tab(adapter['hosts'])
    if tab == None:
        if open_url == None:
            return fail(NO_TARGET_TAB, 'no open tab for ' + adapter['id'],
                        'open the site in a tab, or attach one from the console')
        if not await has_host_access(open_url):
            return permission_failure(open_url)
        return await open_tab(open_url, False)
    if not await has_host_access(tab['url']):
        return permission_failure(tab['url'])
    return {'ok': True, 'tab': tab}


async def run_in_tab(tab_id, tool_name, args):
    """Run a tab tool in the tab's content script: {ok, value} or {ok: false, outcome}."""
    message = {'kind': 'adapter_call', 'tool': tool_name, 'args': args}
    closed = deferred()

    def on_removed(removed_id):
        if removed_id == tab_id:
            closed.resolve(fail(TAB_CLOSED, 'the tab was closed during the call', None))
    on_tab_removed(on_removed)
    try:
        delivery = with_timeout(_deliver(tab_id, message), CONFIG['tab_timeout_ms'] + 200,
                                lambda: {'ok': False, 'timeout': True})
        reply = await Promise.race([delivery, closed.promise])
        if closed.settled:
            return await closed.promise
        if reply['ok']:
            return reply
        still_there = await tab_get(tab_id)
        if not still_there['ok']:
            return fail(TAB_CLOSED, 'the tab was closed during the call', None)
        if 'timeout' in reply:
            return fail(TAB_TIMEOUT, 'the tab did not answer within ' + str(CONFIG['tab_timeout_ms']) + ' ms',
                        'the page may be busy; check it before retrying')
        return fail(ADAPTER_ERROR, 'the tab could not run ' + tool_name + ': ' + reply['error'], None)
    finally:
        off_tab_removed(on_removed)


async def _deliver(tab_id, message):
    reply = await send_to_tab(tab_id, message, CONFIG['tab_timeout_ms'])
    if not reply['ok'] and 'timeout' not in reply and 'Receiving end does not exist' in reply['error']:
        injected = await inject_files(tab_id, ['content.js'])
        if injected['ok']:
            reply = await send_to_tab(tab_id, message, CONFIG['tab_timeout_ms'])
    return reply


async def run_site_tool(adapter, tool_name, args, open_url):
    """Find (or open) the site's tab, then run a tab tool there."""
    found = await site_tab(adapter, open_url)
    if not found['ok']:
        return found
    return await run_in_tab(found['tab']['id'], tool_name, args)
