"""The rules engine: every call passes the same gates in the same order, enforced here, not by the page."""
from buildinfo import CONFIG
from core.catalogue import find_tool, public_listing
from core.policy import decide
from core.schema import validate
from core.outcome import success, failure, ToolError
from core.preview import build_preview
from core.contracts import preview_note
from core.reasons import INVALID_ARGS, ADAPTER_ERROR, APPROVAL_DENIED, WORKER_RESTARTED
from entries.worker.sites import SITES, catalogue, site_of
from sites.kit.worker import HANDLERS, hook, run_site_tool
from core.canonical import canonical_json
from core.taint import flag_lines
from webapi.js import attempt_async, obj_keys, sleep, from_json, go_on
from entries.worker import approvals, audit_store, journal, signing
from entries.worker.session_rules import (check_rates, check_recipients, taint_flags, rule_of_two_applies,
                                          remember_recipients, begin_note, leak_flags)
from entries.worker.state import load_switches

async def rules_state():
    switches = await load_switches()
    return {'paused': switches['paused'], 'disabled': switches['disabled'], 'allowlist': CONFIG['public_tools']}


async def list_tools():
    return public_listing(catalogue(), await rules_state())


def first_error(errors):
    err = errors[0]
    return failure(INVALID_ARGS, err['field'] + ': ' + err['message'], {'field': err['field']})


async def preview_for(tool, args):
    """The approval text: the site's preview hook (else the arguments), then a note naming the
    unconfirmed page contracts the tool relies on (core/contracts.py), if any."""
    note = preview_note(tool)
    make = hook(tool['site'], 'preview')
    if make != None:
        text = await make(tool['name'], args)
        if text != None:
            return text + '\n\n' + note if len(note) > 0 else text
    sections = []
    for key in obj_keys(tool['inputSchema']['properties']):
        if key in args:
            sections.append([key, args[key]])
    text = build_preview(sections, 1500)
    return text + '\n\n' + note if len(note) > 0 else text


async def judge_call(tool, args, ctx):
    """A `risk_by: dynamic` tool's risk for these args, from its site's judge hook (async (name, args,
    ctx) -> {risk, preview?}; a ToolError it raises refuses the call: {outcome}). No judge, or a judge
    that fails otherwise: irreversible."""
    judge = hook(tool['site'], 'judge')
    if judge == None:
        return {'risk': 'irreversible', 'preview': None}
    ran = await attempt_async(lambda a: judge(tool['name'], a, ctx), args)
    if not ran['ok']:
        thrown = ran['thrown']
        if thrown != None and isinstance(thrown, ToolError):
            return {'outcome': thrown.outcome()}
        return {'risk': 'irreversible', 'preview': None}
    if ran['value'] == None or ran['value']['risk'] not in ['read', 'write', 'irreversible']:
        return {'risk': 'irreversible', 'preview': None}
    return ran['value']


def with_risk(tool, risk):
    """A copy of the tool definition with another risk."""
    out = {}
    for key in obj_keys(tool):
        out[key] = tool[key]
    out['risk'] = risk
    return out


def panel_call_id(ctx):
    """The side panel's own id for a call, kept in its audit entry so a chat card links to it."""
    return ctx['call_id'] if ctx['source'] == 'panel' else None


async def _refused(name, ctx, outcome, args):
    await audit_store.record(name, ctx['source'], outcome, args, panel_call_id(ctx))
    return outcome


async def _test_pause(tool, stage):
    """Test builds only: a test tool may ask for a pause at a stage, so tests can kill the worker there."""
    if CONFIG['test_adapter'] and 'test_pauses' in tool and stage in tool['test_pauses']:
        await sleep(tool['test_pauses'][stage])


def frozen_args(args):
    """A private copy of args and its canonical text: what executes is exactly what was hashed."""
    text = canonical_json(args)
    return {'text': text, 'value': from_json(text)['value']}


async def effective_args(tool, args):
    """What the call will really act on, for recipient rules and taint. A send of an open draft takes
    its recipients and text from the page (the adapter's `effective_args`), not from its arguments."""
    effective = hook(tool['site'], 'effective_args')
    if effective == None:
        return args
    ran = await attempt_async(lambda a: effective(tool['name'], a), args)
    if not ran['ok'] or ran['value'] == None:
        return args
    return ran['value']


async def gate(request, tool, args, ctx):
    """The hardening gates after schema validation: `{flags, confirm, approve}`; a refusal is raised
    (ToolError: rate_limited, token_*, invalid_args, recipient_not_allowed)."""
    if ctx['source'] != 'console':
        check_rates(ctx['origin'], tool['name'])
    await signing.verify(request, tool, args, ctx)
    effective = await effective_args(tool, args)
    sends = await check_recipients(tool, effective)
    flags = [] if tool['risk'] == 'read' else await taint_flags(effective)
    flags.extend(await leak_flags(tool, effective, ctx))        # any risk: a navigation is a read
    approve = len(sends['confirm']) > 0 or len(flags) > 0 or await rule_of_two_applies(tool, ctx)
    return {'flags': flags, 'confirm': sends['confirm'], 'approve': approve}


async def call(request, ctx):
    """ctx: {source, origin, tab_id, window_id, theme, call_id}. Always resolves to an outcome."""
    name = request['name']
    args = request['args']
    tool = find_tool(catalogue(), name)
    verdict = decide(tool, name, await rules_state(), ctx['source'])
    if verdict['action'] == 'refuse':
        return await _refused(name, ctx, failure(verdict['reason'], verdict['message'], None), args)
    errors = validate(tool['inputSchema'], args)
    if len(errors) > 0:
        return await _refused(name, ctx, first_error(errors), args)
    judged = None
    if 'risk_by' in tool and tool['risk_by'] == 'dynamic':
        judged = await judge_call(tool, args, ctx)
        if 'outcome' in judged and judged['outcome'] != None:
            return await _refused(name, ctx, judged['outcome'], args)
        tool = with_risk(tool, judged['risk'])
        verdict = decide(tool, name, await rules_state(), ctx['source'])
    try:
        gates = await gate(request, tool, args, ctx)
    except ToolError as err:
        return await _refused(name, ctx, err.outcome(), args)
    if verdict['action'] == 'approve' or gates['approve']:
        await journal.mark(ctx['call_id'], name, 'approving', ctx['source'])
        await _test_pause(tool, 'before_approval')
        shown = judged['preview'] if judged != None and 'preview' in judged and judged['preview'] != None else None
        preview = shown if shown != None else await preview_for(tool, args)
        if len(gates['flags']) > 0:
            preview = build_preview([['Flagged', '\n'.join(flag_lines(gates['flags']))]], 600) + '\n\n' + preview
        answer = await approvals.request(tool, args, preview, ctx,
                                         {'flags': flag_lines(gates['flags']), 'confirm': gates['confirm']})
        if not answer['allowed']:
            outcome = failure(answer['reason'], answer['message'], None)
            await journal.finish(ctx['call_id'], name, outcome)
            return await _refused(name, ctx, outcome, args)
        await remember_recipients(gates['confirm'])
        await _test_pause(tool, 'after_approval')
        frozen = frozen_args(args)
        await journal.mark(ctx['call_id'], name, 'executing', ctx['source'])
        if await approvals.text_hash(frozen['text']) != answer['hash']:
            outcome = failure(APPROVAL_DENIED, 'the arguments changed after approval; nothing ran', None)
            await journal.finish(ctx['call_id'], name, outcome)
            return await _refused(name, ctx, outcome, args)
        args = frozen['value']
    else:
        issue(lambda c: journal.mark(c, name, 'executing', ctx['source']), ctx['call_id'])
    outcome = await execute(tool, args, ctx)
    issue(lambda c: journal.finish(c, name, outcome), ctx['call_id'])
    if outcome['ok']:
        begin_note(tool, outcome['result'], ctx)
    # the audit write is sent now (or awaited while the log loads). The notes of a read result are
    # not awaited: they run 150 ms later (note_later.py), so neither this reply nor a
    # caller's next call shares the worker with them, and the gates that need them hurry them
    await audit_store.record_soon(name, ctx['source'], outcome, args, panel_call_id(ctx))
    return outcome


def issue(write, arg):
    """Start a journal write and go on without waiting for Chrome to confirm it. The journal writes
    its key directly (no read first), so the chrome.storage call is sent to the browser right away
    and applied in order with this worker's later storage calls: a later read sees it, and a worker
    killed after sending it does not lose it. Errors are logged, never thrown."""
    go_on(write, arg, lambda error: console.warn('Site Agent: a journal or audit write failed: ' + error))


async def challenge(ctx):
    return await signing.challenge(ctx)


async def execute(tool, args, ctx):
    """Run the tool's handler: a worker-half handler here, or a tab-half one in the site's tab.
    A ToolError becomes its outcome; any other error is an adapter_error naming the tool."""
    name = tool['name']
    if name in HANDLERS:
        # Macros (issue 7): worker tools may run further calls through every gate, and see the catalogue.
        ctx['call'] = call
        ctx['catalogue'] = catalogue()
        ctx['sites'] = SITES
        ran = await attempt_async(lambda a: HANDLERS[name](a, ctx), args)
    elif tool['runs_in'] == 'tab' and site_of(tool['site']) != None:
        ran = await attempt_async(lambda a: run_site_tool(site_of(tool['site']), name, a), args)
    else:
        return failure(ADAPTER_ERROR, 'no handler serves ' + name, None)
    if not ran['ok']:
        thrown = ran['thrown']
        if thrown != None and isinstance(thrown, ToolError):
            return thrown.outcome()
        return failure(ADAPTER_ERROR, name + ' failed: ' + ran['error'], None)
    return success(name, ran['value'])


async def recover():
    """Settle what a killed worker left behind: approvals are denied, executions reported unknown."""
    await approvals.recover_orphans()
    # every call is journalled before its approval window opens: one audit entry per orphan call
    for call_record in await journal.orphans():
        if call_record['state'] == 'approving':
            outcome = failure(APPROVAL_DENIED, 'the extension restarted while waiting for approval; nothing ran', None)
        else:
            outcome = failure(WORKER_RESTARTED, 'the extension restarted during the call; check the result before retrying', None)
        await journal.finish(call_record['id'], call_record['tool'], outcome)
        source = call_record['source'] if 'source' in call_record and call_record['source'] != None else 'site'
        await audit_store.record(call_record['tool'], source, outcome, {})
