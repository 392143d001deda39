"""Google Meet's worker half: status (also when no Meet tab is open), create and open (the only
tools that may open or navigate a Meet tab), and the approval previews.

Each handler returns a plain result or raises ToolError.
"""
from core.outcome import ToolError, invalid_arg
from core.reasons import ADAPTER_ERROR
from sites.meet.logic import parse_meeting_ref, code_from_url, match_participant, action_preview, NEW_MEETING_URL
from sites.meet.tools import SITE, STATUS, CREATE_MEETING, OPEN_MEETING, JOIN, STATUS_NOW, AWAIT_LOBBY, NAMES
from sites.kit.worker import (worker_handler, site_hooks, find_site_tab, has_host_access, no_access, site_tab,
                              navigate, in_tab)


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
        if state == 'in_call' or state == 'asking':
            if code != None and here['code'] == code:
                return here
            raise ToolError(ADAPTER_ERROR, tool_name + ' refused: the Meet tab is in the call ' + str(here['code'])
                            + '; leave it first (meet_leave)', {'state': state})
        if code == None or here['code'] != code or state != 'lobby':
            await navigate(tab['id'], url)
    return await in_tab(tab['id'], AWAIT_LOBBY, {})


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
