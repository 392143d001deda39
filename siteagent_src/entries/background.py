"""Service worker: checks every sender, then hands requests to the rules engine."""
from buildinfo import CONFIG
from core.protocol import API_VERSION
from core.origins import origin_allowed
from core.outcome import failure
from core.reasons import BAD_REQUEST, APPROVAL_DENIED
from webapi.chrome import (on_message, on_port, PORT_BRIDGE, on_installed, on_startup, on_action_clicked, runtime_id, extension_origin,
                             extension_url, tabs_query, tab_get, inject_files, tab_create, manifest,
                             set_session_access_trusted_only, register_content_script, granted_origins,
                             on_permissions_changed, permission_remove)
from webapi.chrome_extra import on_alarm, manifest_hosts
from webapi.js import random_id, serialized, attempt_async
from core.catalogue import find_tool
from entries.worker.sites import catalogue
from core.outcome import success
from entries.worker import dispatch, approvals, journal, audit_store, health, macros, mcp
from entries.worker.state import (set_paused, set_tool_enabled, load_switches, set_target_tab, target_tab,
                                  clear_target_tab)
from entries.worker.livereload import start_live_reload

GOOGLE_SCRIPT_ID = 'siteagent-content'

ready = dispatch.recover()


def sender_kind(sender):
    """'bridge' for the top frame of a trusted page, 'extension' for our own pages, else None."""
    if sender['id'] != runtime_id():
        return None
    if sender['origin'] == extension_origin():
        return 'extension'
    if 'tab' in sender and sender['frameId'] == 0 and origin_allowed(sender['origin'], CONFIG['trusted_origins']):
        return 'bridge'
    if 'tab' in sender and sender['frameId'] == 0:
        return 'content'
    return None


def sender_ctx(sender, source, call_id, theme):
    tab = sender['tab'] if 'tab' in sender else None
    return {'source': source, 'origin': sender['origin'], 'call_id': call_id or random_id(),
            'tab_id': tab['id'] if tab != None else None,
            'window_id': tab['windowId'] if tab != None else None,
            'theme': theme or 'light'}


async def handle_bridge(message, sender, progress):
    """progress(note) (or None on sendMessage) reaches the bridge before the answer: the approval
    window's approval_waiting / approval_decided for a CALL_TOOL (entries/worker/approvals.py)."""
    request = message['request']
    kind = request['type']
    if kind == 'PING':
        return {'ok': True, 'version': CONFIG['version'], 'apiVersion': API_VERSION}
    if kind == 'LIST_TOOLS':
        return await dispatch.list_tools()
    if kind == 'CALL_TOOL':
        ctx = sender_ctx(sender, 'site', message['callId'], message['theme'])
        ctx['progress'] = progress
        outcome = await dispatch.call(request, ctx)
        await macros.note_call(request['name'], request['args'], 'site', outcome)
        return outcome
    if kind == 'CHALLENGE':
        return await dispatch.challenge(sender_ctx(sender, 'site', message['callId'], None))
    if kind == 'CALL_STATUS':
        return await journal.status(message['callId'])
    return failure(BAD_REQUEST, 'unsupported request type', None)


async def console_action(action, args, outcome):
    """Console actions that are not tool calls are audited too (source "console", key names only)."""
    await audit_store.record(action, 'console', outcome, args)
    return outcome


async def tab_summary(tab_id):
    if tab_id == None:
        return None
    found = await tab_get(tab_id)
    if not found['ok']:
        return None
    tab = found['value']
    return {'id': tab['id'], 'title': tab['title'], 'url': tab['url'], 'windowId': tab['windowId']}


async def list_tabs():
    tabs = await tabs_query({})
    return [{'id': t['id'], 'title': t['title'], 'url': t['url'], 'active': t['active'], 'windowId': t['windowId']}
            for t in tabs if t['url'] != None and (t['url'].startswith('https://') or t['url'].startswith('http://'))]


async def permission_rows():
    granted = await granted_origins()
    required = manifest_hosts()
    return [{'pattern': p, 'granted': p in granted, 'required': p in required} for p in CONFIG['optional_hosts']]


async def revoke(pattern):
    if pattern not in CONFIG['optional_hosts']:
        return failure(BAD_REQUEST, pattern + ' is not one of the optional host permissions', {'field': 'origin'})
    removed = await permission_remove(pattern)
    if not removed['ok']:
        return failure(BAD_REQUEST, 'Chrome refused to revoke ' + pattern + ': ' + removed['error'], {'field': 'origin'})
    return {'ok': removed['value'] == True, 'pattern': pattern}


async def panel_state():
    """What the side panel shows: switches, pending approvals, the target tab and the latest calls."""
    switches = await load_switches()
    tools = catalogue()
    feed = []
    for entry in await audit_store.read_latest(60, {}):
        tool = find_tool(tools, entry['tool'])
        if tool == None or len(feed) >= 30:
            continue
        item = {'ts': entry['ts'], 'tool': entry['tool'], 'source': entry['source'], 'ok': entry['ok'],
                'reason': entry['reason'], 'risk': tool['risk'] if tool != None else None}
        feed.append(item)
    return {'paused': switches['paused'], 'pending': approvals.pending_summary(),
            'target': await tab_summary(await target_tab()), 'feed': feed}


async def panel_call(message, sender):
    """A tool call from the side panel's chat (issue 30): the same gate as every caller, source 'panel'."""
    ctx = sender_ctx(sender, 'panel', message['callId'], message['theme'] if 'theme' in message else 'light')
    if ctx['window_id'] == None and 'windowId' in message:
        ctx['window_id'] = message['windowId']
    args = message['args'] if message['args'] != None else {}
    outcome = await dispatch.call({'name': message['name'], 'args': args}, ctx)
    await macros.note_call(message['name'], args, 'panel', outcome)
    return outcome


async def handle_macro(kind, message):
    if kind == 'macro_record_start':
        state = await macros.start_recording(message['source'], message['count'])
        return await console_action('macro_record_start', {'source': True, 'count': True}, success(kind, state))
    if kind == 'macro_record_stop':
        return await macros.stop_recording()
    if kind == 'macro_record_discard':
        await macros.discard_recording()
        return {'ok': True}
    if kind == 'macro_recording':
        return await macros.recording()
    if kind == 'macro_save':
        saved = await macros.save_recorded(message['name'], message['description'], message['marks'])
        return await console_action('macro_save', {'name': True}, saved)
    if kind == 'macro_delete':
        return await console_action('macro_delete', {'name': True}, await macros.delete_macro(message['name']))
    if kind == 'macro_export':
        return await macros.export_all()
    if kind == 'macro_import':
        return await console_action('macro_import', {'text': True}, await macros.import_text(message['text']))
    if kind == 'macros':
        return await macros.all_macros()
    return failure(BAD_REQUEST, 'unknown message kind', None)


async def handle_mcp(kind, message):
    """The console's MCP section (entries/worker/mcp.py)."""
    if kind == 'mcp_state':
        return await mcp.state()
    if kind == 'mcp_enable':
        await console_action('mcp_enable', {'on': True}, {'ok': True})
        return await mcp.set_enabled(message['on'] == True)
    if kind == 'mcp_disconnect_all':
        return await mcp.disconnect_all()
    return failure(BAD_REQUEST, 'unknown message kind', None)


async def handle_extension(message, sender):
    kind = message['kind']
    tab = sender['tab'] if 'tab' in sender else None
    if kind == 'approval_view':
        return approvals.view(message['id'])
    if kind == 'approval_decide':
        return approvals.decide(message['id'], message['allow'], tab['windowId'] if tab != None else None,
                                message['typed'], message['remember'] == True)
    if kind == 'console_call':
        ctx = sender_ctx(sender, 'console', None, message['theme'] if 'theme' in message else 'light')
        args = message['args'] if message['args'] != None else {}
        outcome = await dispatch.call({'name': message['name'], 'args': args}, ctx)
        await macros.note_call(message['name'], args, 'console', outcome)
        return outcome
    if kind == 'console_state':
        switches = await load_switches()
        return {'switches': switches, 'tools': catalogue(), 'target': await target_tab(),
                'target_tab': await tab_summary(await target_tab()),
                'pending': approvals.pending_summary(), 'version': CONFIG['version'],
                'health': await health.last_state(), 'recording': await macros.recording(),
                'macros': await macros.all_macros()}
    if kind == 'set_paused':
        switches = await set_paused(message['paused'])
        await console_action('set_paused', {'paused': True}, {'ok': True})
        return switches
    if kind == 'set_tool_enabled':
        switches = await set_tool_enabled(message['name'], message['enabled'])
        await console_action('set_tool_enabled', {'name': True, 'enabled': True}, {'ok': True})
        return switches
    if kind == 'attach_tab':
        await set_target_tab(message['tabId'])
        return await console_action('attach_tab', {'tabId': True}, {'ok': True})
    if kind == 'detach_tab':
        await clear_target_tab()
        return await console_action('detach_tab', {}, {'ok': True})
    if kind == 'list_tabs':
        return await list_tabs()
    if kind == 'permissions':
        return await permission_rows()
    if kind == 'revoke_permission':
        return await console_action('revoke_permission', {'origin': True}, await revoke(message['origin']))
    if kind == 'health_state':
        return await health.last_state()
    if kind == 'health_check_now':
        return await health.run_check('console')
    if kind == 'panel_state':
        return await panel_state()
    if kind == 'panel_tools':
        return await dispatch.list_tools()
    if kind == 'panel_call':
        return await panel_call(message, sender)
    if kind == 'panel_stop':
        return {'ok': True, 'denied': approvals.void_call(message['callId'], APPROVAL_DENIED,
                                                         'stopped by the user in the side panel; nothing ran')}
    if kind == 'focus_approval':
        await approvals.focus(message['id'])
        return {'ok': True}
    if kind == 'audit':
        return await audit_store.read_latest(message['count'] if message['count'] != None else 50,
                                            message['filters'] if message['filters'] != None else {})
    if kind.startswith('mcp_'):
        return await handle_mcp(kind, message)
    if kind.startswith('macro'):
        return await handle_macro(kind, message)
    return failure(BAD_REQUEST, 'unknown message kind', None)


async def handle(message, sender, progress=None):
    await ready
    kind = sender_kind(sender)
    if kind == None or message == None:
        return None
    if kind == 'bridge' and message['kind'] == 'bridge':
        return await handle_bridge(message, sender, progress)
    if kind == 'extension':
        return await handle_extension(message, sender)
    return None


async def reinject_open_tabs():
    """Tabs opened before an install or update get fresh content scripts, not stale or none."""
    scripts = manifest()['content_scripts']
    if scripts == None:
        return
    for script in scripts:
        for tab in await tabs_query({'url': script['matches']}):
            await inject_files(tab['id'], script['js'])
    google = await granted_google_patterns()
    if len(google) > 0:
        for tab in await tabs_query({'url': google}):
            await inject_files(tab['id'], ['content.js'])


async def granted_google_patterns():
    """Granted site patterns with a concrete host (the Google sites), not the page tool's wildcards."""
    granted = await granted_origins()
    return [p for p in CONFIG['optional_hosts'] if p in granted and not p.startswith('https://*') and not p.startswith('http://*')]


async def sync_content_scripts():
    # Permission events arrive in bursts: one registration at a time, or Chrome sees a duplicate id.
    async def sync():
        await attempt_async(lambda p: register_content_script(GOOGLE_SCRIPT_ID, p, ['content.js']),
                            await granted_google_patterns())
    return await serialized(GOOGLE_SCRIPT_ID, sync)


async def installed(details):
    await sync_content_scripts()
    await reinject_open_tabs()
    await health.ensure_alarm()


async def started():
    await health.ensure_alarm()
    await health.restore_badge()


async def on_health_alarm(alarm_name):
    if health.is_health_alarm(alarm_name):
        await ready
        await health.run_check('alarm')


def open_console(tab):
    tab_create({'url': extension_url('console.html')})


set_session_access_trusted_only()
on_message(handle)
on_port(PORT_BRIDGE, handle)
on_installed(installed)
on_startup(started)
on_alarm(on_health_alarm)
health.ensure_alarm()
on_action_clicked(open_console)
on_permissions_changed(lambda change: sync_content_scripts())
start_live_reload(CONFIG['live_reload_port'])
ready.then(lambda done: mcp.start())
