"""The worker half of the site kit: handler registration, and the tab plumbing every site shares
(find or open the site's tab, navigate it, run a tab-half handler or step in it).

    @worker_handler(SEARCH)                     # SEARCH: a declaration from the site's tools.py
    async def search(args, ctx):
        tab = await site_tab(SITE, SITE['open_url'])
        await navigate(tab['id'], url)
        return await in_tab(tab['id'], WAIT_LIST, {...})     # a step, by its symbol

Everything here raises ToolError (reason, message, hint) instead of returning a failure; the rules
engine turns it into the outcome.
"""
from buildinfo import CONFIG
from core.outcome import ToolError, error_from
from core.jsonval import kind_of, has_key, get_key, obj_keys
from core.origins import host_of
from core.health import health_report
from core.reasons import NO_TARGET_TAB, TAB_TIMEOUT, TAB_CLOSED, PERMISSION_REQUIRED, ADAPTER_ERROR
from webapi.chrome import (tabs_query, tab_get, tab_create, send_to_frame, inject_files, permission_contains,
                           on_tab_removed, off_tab_removed, storage_get, tab_navigate,
                           tab_update_within)
from webapi.js import deferred, with_timeout, sleep, now_ms

TARGET_KEY = 'target_tab'        # storage.session: the tab the user attached in the console

HANDLERS = {}       # tool name -> async (args, ctx) -> result
HOOKS = {}          # site id -> {preview?, effective_args?, judge?}


def worker_handler(declaration):
    """Register the decorated async function as the worker-half handler of a declared tool."""
    def register(fn):
        HANDLERS[declaration['name']] = fn
        return fn
    return register


def site_hooks(site, hooks):
    """A site's optional hooks for the rules engine (docs/ADAPTERS.md):
    `preview`: async (tool_name, args) -> approval text or None (None: the generic preview);
    `effective_args`: async (tool_name, args) -> what the call really acts on, or None;
    `judge`: async (tool_name, args, ctx) -> {risk, preview?}, for tools declared with risk 'dynamic'."""
    HOOKS[site['id']] = hooks


def hook(site_id, hook_name):
    """A site's hook, or None."""
    if site_id in HOOKS and hook_name in HOOKS[site_id] and HOOKS[site_id][hook_name] != None:
        return HOOKS[site_id][hook_name]
    return None


def tab_error(reason, message, hint):
    return ToolError(reason, message, {'hint': hint} if hint != None else None)


# --- finding and loading the site's tab ---------------------------------------------------------

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


def no_access(url):
    return tab_error(PERMISSION_REQUIRED, 'Site Agent has no access to ' + str(host_of(url)),
                     'open the Site Agent console and grant access to this site (Chrome asks you once)')


async def wait_for_load(tab_id, timeout_ms):
    """The tab once its status is 'complete'; raises tab_timeout or tab_closed."""
    deadline = now_ms() + timeout_ms
    while now_ms() < deadline:
        found = await tab_get(tab_id)
        if not found['ok']:
            raise tab_error(TAB_CLOSED, 'the tab was closed while loading', None)
        if found['value']['status'] == 'complete':
            return found['value']
        await tab_update_within(tab_id, 50)      # the status change wakes it at once; 50 ms polls the rest
    raise tab_error(TAB_TIMEOUT, 'the tab did not finish loading within ' + str(timeout_ms) + ' ms',
                    'the site may be slow; check the tab before retrying')


async def open_tab(url, active):
    tab = await tab_create({'url': url, 'active': active})
    return await wait_for_load(tab['id'], CONFIG['tab_timeout_ms'])


async def navigate(tab_id, url):
    """Load url in the tab and wait for it; the loaded tab."""
    moved = await tab_navigate(tab_id, url)
    if not moved['ok']:
        raise tab_error(TAB_CLOSED, 'the tab could not be navigated: ' + moved['error'], None)
    await sleep(30)
    return await wait_for_load(tab_id, CONFIG['tab_timeout_ms'])


async def site_tab(site, open_url):
    """The site's tab (the attached one, else its active or latest); when none is open and open_url
    is given, that page is opened in a background tab. Raises no_target_tab or permission_required."""
    tab = await find_site_tab(site['hosts'])
    if tab == None:
        if open_url == None:
            raise tab_error(NO_TARGET_TAB, 'no open tab for ' + site['id'],
                            'open the site in a tab, or attach one from the console')
        if not await has_host_access(open_url):
            raise no_access(open_url)
        return await open_tab(open_url, False)
    if not await has_host_access(tab['url']):
        raise no_access(tab['url'])
    return tab


# --- running the tab half -----------------------------------------------------------------------

def tab_message(name, args):
    return {'kind': 'adapter_call', 'tool': name, 'args': args}


def unwrap(name, body):
    """The result inside a tab's `{result}` / `{failure}` envelope; a failure is raised."""
    if body == None:
        raise ToolError(ADAPTER_ERROR, 'the tab answered nothing for ' + name, None)
    if 'failure' in body:
        raise error_from(body['failure'])
    return body['result']


async def run_in_tab(tab_id, name, args):
    """Run the tab-half handler `name` in the tab (top frame) and return its result. Raises
    tab_closed (the tab went away), tab_timeout, or adapter_error (no content script could run it)."""
    message = tab_message(name, args)
    closed = deferred()

    def on_removed(removed_id):
        if removed_id == tab_id:
            closed.resolve({'closed': True})
    on_tab_removed(on_removed)
    try:
        delivery = with_timeout(_deliver(tab_id, message), CONFIG['tab_timeout_ms'] + 200,
                                lambda: {'ok': False, 'timeout': True, 'error': 'timeout'})
        reply = await Promise.race([delivery, closed.promise])
    finally:
        off_tab_removed(on_removed)
    if closed.settled:
        raise tab_error(TAB_CLOSED, 'the tab was closed during the call', None)
    if reply['ok']:
        return unwrap(name, reply['value'])
    still_there = await tab_get(tab_id)
    if not still_there['ok']:
        raise tab_error(TAB_CLOSED, 'the tab was closed during the call', None)
    if 'timeout' in reply:
        raise tab_error(TAB_TIMEOUT, 'the tab did not answer within ' + str(CONFIG['tab_timeout_ms']) + ' ms',
                        'the page may be busy; check it before retrying')
    raise ToolError(ADAPTER_ERROR, 'the tab could not run ' + name + ': ' + reply['error'], None)


async def _deliver(tab_id, message):
    reply = await send_to_frame(tab_id, 0, message, CONFIG['tab_timeout_ms'])
    if not reply['ok'] and 'timeout' not in reply and 'Receiving end does not exist' in reply['error']:
        injected = await inject_files(tab_id, ['content.js'])
        if injected['ok']:
            reply = await send_to_frame(tab_id, 0, message, CONFIG['tab_timeout_ms'])
    return reply


async def in_tab(tab_id, declaration, args):
    """Run a declared step or tab tool (by its symbol) in the tab; its result, or raises."""
    return await run_in_tab(tab_id, declaration['name'], args)


async def run_site_tool(site, name, args):
    """A tool declared to run in the tab: find (or open) the site's tab, then run it there."""
    tab = await site_tab(site, site['open_url'])
    return await run_in_tab(tab['id'], name, args)


# --- health ---------------------------------------------------------------------------------------

def health_checked(site):
    """True when the health check has something to count for the site: a tab of its own, and
    selectors, or a contract table (which only its tab half holds: core/contracts.py)."""
    if len(site['hosts']) == 0:
        return False
    return has_key(site, 'contracts_in_tab') or len(obj_keys(site['selectors'])) > 0


async def check_site(site):
    """How the site's selectors fare in its open tab: a health report (per contract for a site with
    a contract table: the tab computes it, core/contracts.py contract_report; else per selector, from
    the tab's counts: core/health.py), or one with ok None when no tab of the site is open, the
    extension may not read it, or the tab did not answer (nothing to check)."""
    tab = await find_site_tab(site['hosts'])
    if tab == None:
        return {'adapter': site['id'], 'ok': None, 'tab': None, 'selectors': [], 'broken': [],
                'note': 'no open tab'}
    if not await has_host_access(tab['url']):
        return {'adapter': site['id'], 'ok': None, 'tab': tab['id'], 'selectors': [], 'broken': [],
                'note': 'no host access'}
    reply = await send_to_frame(tab['id'], 0, {'kind': 'health', 'site': site['id'], 'selectors': site['selectors']},
                                CONFIG['tab_timeout_ms'])
    if not reply['ok'] or reply['value'] == None:
        return {'adapter': site['id'], 'ok': None, 'tab': tab['id'], 'selectors': [], 'broken': [],
                'note': 'the tab did not answer'}
    if has_key(site, 'contracts_in_tab'):
        report = reply['value']
        if kind_of(report) != 'object' or get_key(report, 'adapter', None) != site['id']:
            return {'adapter': site['id'], 'ok': None, 'tab': tab['id'], 'selectors': [], 'broken': [],
                    'note': 'the tab has no contract table for ' + site['id']}
    else:
        report = health_report(site, reply['value'])
    report['tab'] = tab['id']
    report['url'] = tab['url']
    return report
