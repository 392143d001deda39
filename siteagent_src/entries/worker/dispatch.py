"""The rules engine: every call passes the same gates in the same order, enforced here, not by the page."""
from buildinfo import CONFIG
from core.catalogue import find_tool, public_listing
from core.policy import decide
from core.schema import validate
from core.outcome import success, failure, normalize
from core.preview import build_preview
from core.reasons import INVALID_ARGS, ADAPTER_ERROR, APPROVAL_DENIED, WORKER_RESTARTED
from adapters.registry import ADAPTERS, catalogue, site_of
from adapters import site_tabs
from core.adapter import health_report
from platform.chrome import send_to_tab
from platform.js import attempt_async, obj_keys
from entries.worker import approvals, audit_store, journal
from entries.worker.state import load_switches

async def rules_state():
    switches = await load_switches()
    return {'paused': switches['paused'], 'disabled': switches['disabled'], 'allowlist': None}


async def list_tools():
    return public_listing(catalogue(), await rules_state())


def first_error(errors):
    err = errors[0]
    return failure(INVALID_ARGS, err['field'] + ': ' + err['message'], {'field': err['field']})


async def preview_for(tool, args):
    site = site_of(tool['site'])
    if site != None and site['preview'] != None:
        text = await site['preview'](tool['name'], args)
        if text != None:
            return text
    sections = []
    for key in obj_keys(tool['inputSchema']['properties']):
        if key in args:
            sections.append([key, args[key]])
    return build_preview(sections, 1500)


async def judge_call(tool, args, ctx):
    """A `risk_by: dynamic` tool's risk for these args, from its adapter's judge (async (name, args, ctx)
    -> {risk, preview?} or {outcome}: a refusal). No judge, or a judge that fails: irreversible."""
    site = site_of(tool['site'])
    if site == None or 'judge' not in site or site['judge'] == None:
        return {'risk': 'irreversible', 'preview': None}
    ran = await attempt_async(lambda a: site['judge'](tool['name'], a, ctx), args)
    if not ran['ok'] or ran['value'] == None or ran['value']['risk'] not in ['read', 'write', 'irreversible']:
        return {'risk': 'irreversible', 'preview': None}
    return ran['value']


def with_risk(tool, risk):
    """A copy of the tool definition with another risk."""
    out = {}
    for key in obj_keys(tool):
        out[key] = tool[key]
    out['risk'] = risk
    return out


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
    judged = None
    if 'risk_by' in tool and tool['risk_by'] == 'dynamic':
        judged = await judge_call(tool, args, ctx)
        if 'outcome' in judged and judged['outcome'] != None:
            await audit_store.record(name, ctx['source'], judged['outcome'], args)
            return judged['outcome']
        tool = with_risk(tool, judged['risk'])
        verdict = decide(tool, name, await rules_state(), ctx['source'])
    if verdict['action'] == 'approve':
        await journal.mark(ctx['call_id'], name, 'approving')
        shown = judged['preview'] if judged != None and 'preview' in judged and judged['preview'] != None else None
        answer = await approvals.request(tool, args, shown if shown != None else await preview_for(tool, args), ctx)
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
        tab = await site_tabs.find_site_tab(adapter['hosts'])
        if tab == None:
            reports.append({'adapter': adapter['id'], 'ok': None, 'tab': None, 'selectors': [], 'broken': []})
            continue
        reply = await send_to_tab(tab['id'], {'kind': 'health', 'selectors': adapter['selectors']},
                                  CONFIG['tab_timeout_ms'])
        counts = reply['value'] if reply['ok'] and reply['value'] != None else {}
        report = health_report(adapter, counts)
        report['tab'] = tab['id']
        reports.append(report)
    return {'adapters': reports}


WORKER_TOOLS = {'browser_health': health_of_all}


async def execute(tool, args, ctx):
    name = tool['name']
    site = site_of(tool['site'])
    if name in WORKER_TOOLS:
        ran = await attempt_async(lambda a: WORKER_TOOLS[name](a, ctx), args)
    elif site == None:
        return failure(ADAPTER_ERROR, 'no adapter serves ' + name, None)
    elif name in site['worker_tools']:
        # Macros (issue 7): worker tools may run further calls through every gate, and see the catalogue.
        ctx['call'] = call
        ctx['catalogue'] = catalogue()
        ran = await attempt_async(lambda a: site['worker_tools'][name](a, ctx), args)
    else:
        adapter = site['adapter']
        open_url = adapter['open_url'] if 'open_url' in adapter else None
        ran = await site_tabs.run_site_tool(adapter, name, args, open_url)
    if not ran['ok']:
        if 'outcome' in ran:
            return ran['outcome']
        return failure(ADAPTER_ERROR, name + ' failed: ' + ran['error'], None)
    return normalize(name, ran['value'])


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
