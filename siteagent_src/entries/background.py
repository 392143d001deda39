"""Service worker: checks every sender, then hands requests to the rules engine."""
from buildinfo import CONFIG
from core.protocol import API_VERSION
from core.origins import origin_allowed
from core.outcome import failure
from core.reasons import BAD_REQUEST
from platform.chrome import (on_message, on_installed, on_action_clicked, runtime_id, extension_origin,
                             extension_url, tabs_query, inject_files, tab_create, manifest,
                             set_session_access_trusted_only, register_content_script, granted_origins,
                             on_permissions_changed)
from platform.js import random_id
from entries.worker import dispatch, approvals, journal, audit_store
from entries.worker.state import set_paused, set_tool_enabled, load_switches, set_target_tab, target_tab
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


async def handle_bridge(message, sender):
    request = message['request']
    kind = request['type']
    if kind == 'PING':
        return {'ok': True, 'version': CONFIG['version'], 'apiVersion': API_VERSION}
    if kind == 'LIST_TOOLS':
        return await dispatch.list_tools()
    if kind == 'CALL_TOOL':
        ctx = sender_ctx(sender, 'site', message['callId'], message['theme'])
        return await dispatch.call(request, ctx)
    if kind == 'CHALLENGE':
        return await dispatch.challenge(sender_ctx(sender, 'site', message['callId'], None))
    if kind == 'CALL_STATUS':
        return await journal.status(message['callId'])
    return failure(BAD_REQUEST, 'unsupported request type', None)


async def handle_extension(message, sender):
    kind = message['kind']
    tab = sender['tab'] if 'tab' in sender else None
    if kind == 'approval_view':
        return approvals.view(message['id'])
    if kind == 'approval_decide':
        return approvals.decide(message['id'], message['allow'], tab['windowId'] if tab != None else None,
                                message['typed'])
    if kind == 'console_call':
        ctx = sender_ctx(sender, 'console', None, 'light')
        return await dispatch.call({'name': message['name'], 'args': message['args'] if message['args'] != None else {}}, ctx)
    if kind == 'console_state':
        switches = await load_switches()
        return {'switches': switches, 'tools': dispatch.catalogue(), 'target': await target_tab(),
                'pending': approvals.pending_summary(), 'version': CONFIG['version']}
    if kind == 'set_paused':
        return await set_paused(message['paused'])
    if kind == 'set_tool_enabled':
        return await set_tool_enabled(message['name'], message['enabled'])
    if kind == 'attach_tab':
        await set_target_tab(message['tabId'])
        return {'ok': True}
    if kind == 'audit':
        return await audit_store.read_latest(message['count'] if message['count'] != None else 50,
                                            message['filters'] if message['filters'] != None else {})
    return failure(BAD_REQUEST, 'unknown message kind', None)


async def handle(message, sender):
    await ready
    kind = sender_kind(sender)
    if kind == None or message == None:
        return None
    if kind == 'bridge' and message['kind'] == 'bridge':
        return await handle_bridge(message, sender)
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
    await register_content_script(GOOGLE_SCRIPT_ID, await granted_google_patterns(), ['content.js'])


async def installed(details):
    await sync_content_scripts()
    await reinject_open_tabs()


def open_console(tab):
    tab_create({'url': extension_url('console.html')})


set_session_access_trusted_only()
on_message(handle)
on_installed(installed)
on_action_clicked(open_console)
on_permissions_changed(lambda change: sync_content_scripts())
start_live_reload(CONFIG['live_reload_port'])
