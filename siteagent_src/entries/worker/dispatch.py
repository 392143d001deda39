"""The rules engine: every call passes the same gates in the same order, enforced here, not by the page."""
from buildinfo import CONFIG
from core.catalogue import find_tool, public_listing
from core.policy import decide
from core.schema import validate
from core.outcome import success, failure, normalize
from core.origins import host_of
from core.preview import build_preview
from core.reasons import (INVALID_ARGS, ADAPTER_ERROR, NO_TARGET_TAB, TAB_TIMEOUT, TAB_CLOSED,
                          PERMISSION_REQUIRED, APPROVAL_DENIED, WORKER_RESTARTED)
from adapters.registry import ADAPTERS, catalogue, adapter_by_id
from core.adapter import health_report
from adapters import test_worker
from platform.chrome import (tabs_query, tab_get, send_to_tab, inject_files, permission_contains,
                             on_tab_removed, off_tab_removed)
from platform.js import attempt_async, deferred, with_timeout, error_text, obj_keys
from entries.worker import approvals, audit_store, journal
from entries.worker.state import load_switches, target_tab

WORKER_ADAPTERS = {'test': test_worker}


async def rules_state():
    switches = await load_switches()
    return {'paused': switches['paused'], 'disabled': switches['disabled'], 'allowlist': None}


async def list_tools():
    return public_listing(catalogue(), await rules_state())


def first_error(errors):
    err = errors[0]
    return failure(INVALID_ARGS, err['field'] + ': ' + err['message'], {'field': err['field']})


def preview_for(tool, args):
    sections = []
    for key in obj_keys(tool['inputSchema']['properties']):
        if key in args:
            sections.append([key, args[key]])
    return build_preview(sections, 1500)


async def call(request, ctx):
    """ctx: {source, origin, tab_id, window_id, theme, call_id}. Always resolves to an outcome."""
    name = request['name']
    args = request['args']
    tool = find_tool(catalogue(), name)
    verdict = decide(tool, name, await rules_state(), ctx['source'])
    if verdict['action'] == 'refuse':
        outcome = failure(verdict['reason'], verdict['message'], None)
        await audit_store.record(name, ctx['source'], outcome, args)
        return outcome
    errors = validate(tool['inputSchema'], args)
    if len(errors) > 0:
        outcome = first_error(errors)
        await audit_store.record(name, ctx['source'], outcome, args)
        return outcome
    if verdict['action'] == 'approve':
        await journal.mark(ctx['call_id'], name, 'approving')
        answer = await approvals.request(tool, args, preview_for(tool, args), ctx)
        if not answer['allowed']:
            outcome = failure(answer['reason'], answer['message'], None)
            await journal.finish(ctx['call_id'], name, outcome)
            await audit_store.record(name, ctx['source'], outcome, args)
            return outcome
        if await approvals.args_hash(args) != answer['hash']:
            outcome = failure(APPROVAL_DENIED, 'the arguments changed after approval', None)
            await journal.finish(ctx['call_id'], name, outcome)
            await audit_store.record(name, ctx['source'], outcome, args)
            return outcome
    await journal.mark(ctx['call_id'], name, 'executing')
    outcome = await execute(tool, args, ctx)
    await journal.finish(ctx['call_id'], name, outcome)
    await audit_store.record(name, ctx['source'], outcome, args)
    return outcome


async def health_of_all(args, ctx):
    """browser_health: each adapter's selectors, counted in its open tab."""
    reports = []
    for adapter in ADAPTERS:
        if len(adapter['hosts']) == 0 or len(obj_keys(adapter['selectors'])) == 0:
            continue
        tab = await pick_tab(adapter['hosts'])
        if tab == None:
            reports.append({'adapter': adapter['id'], 'ok': None, 'tab': None, 'selectors': [], 'broken': []})
            continue
        reply = await send_to_tab(tab['id'], {'kind': 'health', 'selectors': adapter['selectors']}, CONFIG['tab_timeout_ms'])
        counts = reply['value'] if reply['ok'] and reply['value'] != None else {}
        report = health_report(adapter, counts)
        report['tab'] = tab['id']
        reports.append(report)
    return {'adapters': reports}


WORKER_TOOLS = {'browser_health': health_of_all}


async def execute(tool, args, ctx):
    name = tool['name']
    site = tool['site']
    if name in WORKER_TOOLS:
        ran = await attempt_async(lambda a: WORKER_TOOLS[name](a, ctx), args)
        if not ran['ok']:
            return failure(ADAPTER_ERROR, name + ' failed: ' + ran['error'], None)
        return normalize(name, ran['value'])
    runs_in_tab = 'runs_in' in tool and tool['runs_in'] == 'tab'
    if site in WORKER_ADAPTERS and not runs_in_tab:
        ran = await attempt_async(lambda a: WORKER_ADAPTERS[site].execute(name, a, ctx), args)
    else:
        ran = await run_in_tab(tool, args, ctx)
    if not ran['ok']:
        if 'outcome' in ran:
            return ran['outcome']
        return failure(ADAPTER_ERROR, name + ' failed: ' + ran['error'], None)
    return normalize(name, ran['value'])


def adapter_hosts(tool):
    adapter = adapter_by_id(tool['site'])
    return adapter['hosts'] if adapter != None else []


async def pick_tab(hosts):
    """The attached tab when it belongs to the site, else the site's most recently used tab."""
    attached = await target_tab()
    if attached != None:
        found = await tab_get(attached)
        if found['ok'] and (len(hosts) == 0 or host_of(found['value']['url']) in hosts):
            return found['value']
    if len(hosts) == 0:
        return None
    tabs = await tabs_query({'url': ['https://' + h + '/*' for h in hosts]})
    if len(tabs) == 0:
        return None
    best = tabs[0]
    for tab in tabs:
        if tab['active'] or tab['lastAccessed'] > best['lastAccessed']:
            best = tab
    return best


def failed(reason, message, hint):
    extra = {'hint': hint} if hint != None else None
    return {'ok': False, 'outcome': failure(reason, message, extra)}


async def run_in_tab(tool, args, ctx):
    hosts = adapter_hosts(tool)
    tab = await pick_tab(hosts)
    if tab == None:
        return failed(NO_TARGET_TAB, 'no open tab for ' + tool['site'],
                      'open the site in a tab, or attach one from the console')
    host = host_of(tab['url'])
    if len(hosts) > 0 and not await permission_contains('https://' + host + '/*'):
        return failed(PERMISSION_REQUIRED, 'Site Agent has no access to ' + host,
                      'grant access from the Site Agent console (it asks under your click)')
    message = {'kind': 'adapter_call', 'tool': tool['name'], 'args': args}
    return await send_with_retry(tab['id'], message)


async def send_with_retry(tab_id, message):
    closed = deferred()

    def on_removed(removed_id):
        if removed_id == tab_id:
            closed.resolve({'ok': False, 'outcome': failure(TAB_CLOSED, 'the tab was closed during the call', None)})
    on_tab_removed(on_removed)
    try:
        reply = await with_timeout(_deliver(tab_id, message), CONFIG['tab_timeout_ms'] + 200,
                                   lambda: {'ok': False, 'timeout': True})
        if closed.settled:
            return await closed.promise
        race = await with_timeout(closed.promise, 0, lambda: None)
        if race != None:
            return race
        if reply['ok']:
            return reply
        if 'timeout' in reply:
            return failed(TAB_TIMEOUT, 'the tab did not answer within ' + str(CONFIG['tab_timeout_ms']) + ' ms',
                          'the page may be busy or still loading; check it before retrying')
        return failed(ADAPTER_ERROR, 'the tab could not run the tool: ' + reply['error'], None)
    finally:
        off_tab_removed(on_removed)


async def _deliver(tab_id, message):
    reply = await send_to_tab(tab_id, message, CONFIG['tab_timeout_ms'])
    if not reply['ok'] and 'Receiving end does not exist' in reply['error']:
        injected = await inject_files(tab_id, ['content.js'])
        if injected['ok']:
            reply = await send_to_tab(tab_id, message, CONFIG['tab_timeout_ms'])
    return reply


async def recover():
    """Settle what a killed worker left behind: approvals are denied, executions reported unknown."""
    orphaned = await approvals.recover_orphans()
    for rec in orphaned:
        await audit_store.record(rec['tool'], 'site', failure(APPROVAL_DENIED, 'worker restarted during approval', None), {})
    for call_record in await journal.orphans():
        if call_record['state'] == 'approving':
            outcome = failure(APPROVAL_DENIED, 'the extension restarted while waiting for approval; nothing ran', None)
        else:
            outcome = failure(WORKER_RESTARTED, 'the extension restarted during the call; check the result before retrying', None)
        await journal.finish(call_record['id'], call_record['tool'], outcome)
        if call_record['state'] != 'approving':
            await audit_store.record(call_record['tool'], 'site', outcome, {})
