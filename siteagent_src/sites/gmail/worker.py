"""Gmail's worker half: navigates the Gmail tab and runs the tab half's steps there; the send and
delete previews (what the user approves is what is on the page, checked again before the click).

Each handler returns a plain result or raises ToolError.
"""
from buildinfo import CONFIG
from core.outcome import ToolError, invalid_arg, result_of
from core.reasons import ADAPTER_ERROR, TAB_TIMEOUT, TAB_CLOSED, UNVERIFIED
from sites.gmail.logic import (validate_draft, parse_thread_id, search_url, thread_url, check_query,
                               send_preview_text, delete_preview_text, refusal_preview, fingerprint)
from sites.gmail.ids import (WAIT_LIST, WAIT_THREAD, THREAD_DETAILS, DRAFT_DETAILS, WAIT_COMPOSE, CLICK_SEND,
                             THREAD_ACTION)
from sites.gmail.tools import (SITE, SEARCH, OPEN_THREAD, COMPOSE_DRAFT, SEND_DRAFT, ARCHIVE_THREAD, MARK_THREAD,
                               LABEL_THREAD, DELETE_THREAD)
from sites.kit.worker import worker_handler, site_hooks, site_tab, navigate, in_tab

# What the approval window showed, per tool: the call acts only if the page still shows it.
_approved = {'gmail_send_draft': None, 'gmail_delete_thread': None}


def _wait_budget():
    return max(500, CONFIG['tab_timeout_ms'] - 700)


async def _tab(open_missing):
    return await site_tab(SITE, SITE['open_url'] if open_missing else None)


@worker_handler(SEARCH)
async def search(args, ctx):
    query = result_of(check_query(args['query']))['query']
    tab = await _tab(True)
    await navigate(tab['id'], search_url(query))
    limit = args['limit'] if 'limit' in args else None
    return await in_tab(tab['id'], WAIT_LIST, {'query': query, 'limit': limit, 'wait_ms': _wait_budget()})


def _thread_arg(args):
    """The wanted thread's id from args.thread_id, or None for the open thread."""
    if 'thread_id' not in args or args['thread_id'] == None:
        return None
    parsed = parse_thread_id(args['thread_id'])
    if parsed == None:
        raise invalid_arg('thread_id', 'is not a Gmail thread id')
    return parsed


async def _open(tab_id, thread_id):
    """Navigate to the thread and wait for it to show."""
    await navigate(tab_id, thread_url(thread_id))
    return await in_tab(tab_id, WAIT_THREAD, {'thread_id': thread_id, 'wait_ms': _wait_budget()})


@worker_handler(OPEN_THREAD)
async def open_thread(args, ctx):
    wanted = _thread_arg(args)
    tab = await _tab(True)
    return await _open(tab['id'], wanted)


@worker_handler(COMPOSE_DRAFT)
async def compose(args, ctx):
    checked = result_of(validate_draft(args))
    tab = await _tab(True)
    await navigate(tab['id'], checked['url'])
    draft = await in_tab(tab['id'], WAIT_COMPOSE, {'wait_ms': _wait_budget()})
    return {'opened': True, 'sent': False, 'draft': draft,
            'note': 'Draft only. Nothing was sent; gmail_send_draft sends it after the user approves.'}


async def _prepare_thread(args, open_missing):
    """{tab_id, thread}: the wanted thread open in the Gmail tab, and what it shows."""
    wanted = _thread_arg(args)
    tab = await _tab(open_missing or wanted != None)
    if wanted != None:
        await _open(tab['id'], wanted)
    return {'tab_id': tab['id'], 'thread': await in_tab(tab['id'], THREAD_DETAILS, {})}


async def _thread_tool(args, action, label):
    ready = await _prepare_thread(args, False)
    call = {'action': action, 'expect': ready['thread']['thread_id']}
    if label != None:
        call['label'] = label
    return await in_tab(ready['tab_id'], THREAD_ACTION, call)


@worker_handler(ARCHIVE_THREAD)
async def archive(args, ctx):
    return await _thread_tool(args, 'archive', None)


@worker_handler(MARK_THREAD)
async def mark(args, ctx):
    return await _thread_tool(args, args['mark'], None)


@worker_handler(LABEL_THREAD)
async def label(args, ctx):
    action = 'label_remove' if 'action' in args and args['action'] == 'remove' else 'label_apply'
    return await _thread_tool(args, action, args['label'])


@worker_handler(DELETE_THREAD)
async def delete_thread(args, ctx):
    approved = _approved['gmail_delete_thread']
    _approved['gmail_delete_thread'] = None
    ready = await _prepare_thread(args, False)
    if approved == None or fingerprint(ready['thread']) != approved:
        raise ToolError(ADAPTER_ERROR, 'the open thread is not the one the user approved; nothing was deleted', None)
    return await in_tab(ready['tab_id'], THREAD_ACTION, {'action': 'delete', 'expect': ready['thread']['thread_id']})


@worker_handler(SEND_DRAFT)
async def send(args, ctx):
    approved = _approved['gmail_send_draft']
    _approved['gmail_send_draft'] = None
    tab = await _tab(False)
    expect = fingerprint(await in_tab(tab['id'], DRAFT_DETAILS, {}))
    if approved == None or expect != approved:
        raise ToolError(ADAPTER_ERROR, 'the open draft is not the one the user approved; nothing was sent', None)
    try:
        return await in_tab(tab['id'], CLICK_SEND, {'expect': expect})
    except ToolError as err:
        # the tab stopped answering once the send step started: the click may have happened
        if err.reason == TAB_TIMEOUT or err.reason == TAB_CLOSED:
            raise ToolError(UNVERIFIED, 'the Gmail tab stopped answering while sending (' + err.detail + '): the mail '
                            'may have gone out. Check the Sent folder before sending again',
                            {'hint': 'check the Sent folder before retrying: a retry may send the message twice'})
        raise err


async def _open_draft():
    tab = await _tab(False)
    return await in_tab(tab['id'], DRAFT_DETAILS, {})


async def preview(tool_name, args):
    """Approval text for send/delete, read from the tab; remembers what was shown."""
    if tool_name == SEND_DRAFT['name'] or tool_name == DELETE_THREAD['name']:
        _approved[tool_name] = None
        try:
            if tool_name == SEND_DRAFT['name']:
                draft = await _open_draft()
                _approved[tool_name] = fingerprint(draft)
                return send_preview_text(draft)
            ready = await _prepare_thread(args, False)
            _approved[tool_name] = fingerprint(ready['thread'])
            return delete_preview_text(ready['thread'])
        except ToolError as err:
            return refusal_preview(err.detail)
    return None


async def effective_args(tool_name, args):
    """For the rules engine: what gmail_send_draft will really send (the open draft's recipients and
    text), so recipient rules and taint judge the draft, not the call's empty arguments."""
    if tool_name != SEND_DRAFT['name']:
        return None
    try:
        draft = await _open_draft()
    except ToolError:
        return None
    return {'to': draft['to'], 'cc': draft['cc'], 'bcc': draft['bcc'], 'subject': draft['subject'],
            'body': draft['body']}


site_hooks(SITE, {'preview': preview, 'effective_args': effective_args})
