"""Google Meet's worker half: status (also when no Meet tab is open), create and open (the only
tools that may open or navigate a Meet tab), join (which may wait for a host to admit you) and
send_chat (a send that may have gone out is never a plain failure), and the approval previews.

Each handler returns a plain result or raises ToolError.
"""
from core.outcome import ToolError, invalid_arg
from core.reasons import ADAPTER_ERROR, NO_TARGET_TAB, TAB_TIMEOUT, TAB_CLOSED, UNVERIFIED
from sites.meet.logic import (parse_meeting_ref, code_from_url, match_participant, action_preview, NEW_MEETING_URL,
                              state_failure_text)
from sites.meet.ids import STATUS_NOW, AWAIT_LOBBY, NAMES, CLICK_JOIN, POST_CHAT
from sites.meet.tools import SITE, STATUS, CREATE_MEETING, OPEN_MEETING, JOIN, SEND_CHAT
from sites.kit.worker import (worker_handler, site_hooks, find_site_tab, has_host_access, no_access, site_tab,
                              navigate, in_tab)
from webapi.js import now_ms, sleep

POLL_MS = 1000              # how often meet_join looks again while a host has not admitted you


@worker_handler(STATUS)
async def status(args, ctx):
    tab = await find_site_tab(SITE['hosts'])
    if tab == None:
        return {'state': 'no_tab', 'code': None, 'url': None,
                'message': 'no Meet tab is open; use meet_open_meeting or meet_create_meeting'}
    return await in_tab(tab['id'], STATUS_NOW, {})


async def _open_in_meet_tab(tool_name, url, code):
    """Load url in the Meet tab (or a new background tab) unless that tab is in a call; wait for the lobby."""
    tab = await find_site_tab(SITE['hosts'])
    if tab == None:
        tab = await site_tab(SITE, url)
    else:
        if not await has_host_access(tab['url']):
            raise no_access(tab['url'])
        try:
            here = await in_tab(tab['id'], STATUS_NOW, {})
        except ToolError:
            here = {'state': 'unknown', 'code': None}
        state = here['state']
        if state == 'in_call' or state == 'waiting':
            if code != None and here['code'] == code:
                return here
            raise ToolError(ADAPTER_ERROR, tool_name + ' refused: the Meet tab is in the call ' + str(here['code'])
                            + '; leave it first (meet_leave)', {'state': state})
        if code == None or here['code'] != code or state != 'lobby':
            await navigate(tab['id'], url)
    out = await in_tab(tab['id'], AWAIT_LOBBY, {})
    if out['state'] == 'not_found':
        raise invalid_arg('meeting', 'Meet says there is no such meeting ("Check your meeting code"): '
                          + str(out['code']))
    return out


@worker_handler(CREATE_MEETING)
async def create(args, ctx):
    out = await _open_in_meet_tab('meet_create_meeting', NEW_MEETING_URL, None)
    out['created'] = True
    out['joined'] = False
    return out


@worker_handler(OPEN_MEETING)
async def open_meeting(args, ctx):
    parsed = parse_meeting_ref(args['meeting'])
    if not parsed['ok']:
        raise invalid_arg('meeting', parsed['message'])
    out = await _open_in_meet_tab('meet_open_meeting', parsed['url'], parsed['code'])
    out['joined'] = out['state'] == 'in_call'
    return out


async def _meet_tab():
    tab = await find_site_tab(SITE['hosts'])
    if tab == None:
        raise ToolError(NO_TARGET_TAB, 'no Meet tab is open', {'hint': 'open the meeting first (meet_open_meeting)'})
    if not await has_host_access(tab['url']):
        raise no_access(tab['url'])
    return tab


@worker_handler(JOIN)
async def join(args, ctx):
    """Click the join control, then (wait_admitted_s) look again every second while the waiting room
    shows. Joined only on the call's own evidence."""
    tab = await _meet_tab()
    wait_s = args['wait_admitted_s'] if 'wait_admitted_s' in args and args['wait_admitted_s'] != None else 0
    clicked = await in_tab(tab['id'], CLICK_JOIN, {})
    state = clicked['state']
    started = now_ms()
    deadline = started + wait_s * 1000
    while (state == 'waiting' or state == 'unknown') and now_ms() < deadline:
        await sleep(POLL_MS)
        now = await in_tab(tab['id'], STATUS_NOW, {})      # (await x)['k'] compiles to await x['k']
        state = now['state']
    if state != 'in_call' and state != 'waiting' and state != 'denied':
        raise ToolError(ADAPTER_ERROR, 'clicked "' + clicked['via'] + '", but ' + state_failure_text('meet_join', state, 'in_call')
                        + '. Check meet_status before trying again', {'state': state})
    out = {'joined': state == 'in_call', 'state': state, 'via': clicked['via'], 'microphone': clicked['microphone'],
           'camera': clicked['camera'], 'code': clicked['code'], 'waited_s': (now_ms() - started) // 1000}
    if state == 'waiting':
        out['message'] = 'asked to join; a host has not admitted you yet (check again with meet_status)'
    elif state == 'denied':
        out['message'] = 'the request to join was refused or not answered'
    return out


@worker_handler(SEND_CHAT)
async def send_chat(args, ctx):
    """Post the message in the tab. A tab that stops answering once the step started may have sent it:
    that is `unverified`, not a plain failure."""
    tab = await _meet_tab()
    try:
        return await in_tab(tab['id'], POST_CHAT, {'text': args['text']})
    except ToolError as err:
        if err.reason == TAB_TIMEOUT or err.reason == TAB_CLOSED:
            raise ToolError(UNVERIFIED, 'the Meet tab stopped answering while sending (' + err.detail + '): the message '
                            'may have gone out. Read the chat (meet_read_chat) before sending it again',
                            {'hint': 'check the Meet chat before retrying: a retry may send the message twice'})
        raise err


_PARTICIPANT_LISTS = {'meet_admit_participant': 'waiting', 'meet_mute_participant': 'others',
                      'meet_remove_participant': 'others'}


async def preview(tool_name, args):
    """Approval text: what will happen, to whom, in which meeting (read from the tab where that helps)."""
    try:
        return await _preview(tool_name, args)
    except:  # a page that cannot be read still gets a preview from the arguments alone
        return action_preview(tool_name, args, None, {'note': 'the Meet tab could not be read'})


async def _preview(tool_name, args):
    tab = await find_site_tab(SITE['hosts'])
    code = code_from_url(tab['url']) if tab != None else None
    detail = {}
    if tab != None and tool_name == JOIN['name']:
        try:
            now = await in_tab(tab['id'], STATUS_NOW, {})
            detail = {'mic': now['microphone'], 'camera': now['camera'],
                      'join_label': now['join_label'] if 'join_label' in now else None}
        except ToolError:
            detail = {}
    elif tab != None and tool_name in _PARTICIPANT_LISTS:
        try:
            listed = await in_tab(tab['id'], NAMES, {'list': _PARTICIPANT_LISTS[tool_name]})
        except ToolError:
            listed = None
        if listed != None:
            found = match_participant(listed['names'], args['name'])
            if len(listed['names']) == 0:
                found = {'status': 'unknown'}
            if found['status'] == 'several':
                detail = {'note': str(len(found['candidates'])) + ' people have this name: the action will be refused'}
            elif found['status'] == 'none':
                detail = {'note': 'nobody by this exact name is in the list: the action will be refused'}
    return action_preview(tool_name, args, code, detail)


site_hooks(SITE, {'preview': preview})
