"""MCP clients through the native host: the worker's end of `siteagent native-host`.

The port opens only when the user turned MCP on in the console (and the nativeMessaging
permission is granted); a restarted worker reopens it. Every call enters dispatch.call, the one
gate sequence, with source "mcp" and the client's self-reported name as its origin. The host and
the MCP server are untrusted relays: nothing they send approves anything.

Pairing: the first call of a client whose name is not paired opens the approval window ("<name>
(self-reported)"): Allow pairs it for this browser session, or for 8 hours when the user ticks
the box. A refused client's every call is refused. The console lists clients and disconnects
them all (which also forgets every pairing); the toolbar badge shows when one is connected.

A cancelled request, a closed socket or a server that exited voids the call: its approval
window closes and it does not run.
"""
from core.outcome import failure
from core.chunks import join_step
from core.reasons import MCP_NOT_PAIRED, MCP_CANCELLED, BAD_REQUEST, APPROVAL_PENDING, APPROVAL_TIMEOUT, ADAPTER_ERROR
from webapi.native import native_permitted, native_connect, native_post, native_close
from webapi.chrome import storage_get, storage_set, set_badge
from webapi.chrome_extra import set_badge_title
from webapi.js import now_ms, random_id, obj_keys, drop_key, from_json, later, serialized, attempt_async
from entries.worker import approvals, dispatch, audit_store, health

HOST_NAME = 'com.siteagent.bridge'
ENABLED_KEY = 'mcp_enabled'         # storage.local: the console's switch
SESSION_PAIRS = 'mcp_pairs'         # storage.session: {client name: paired at (ms)}
LASTING_PAIRS = 'mcp_pairs_8h'      # storage.local: {client name: paired until (ms)}
PAIR_MS = 8 * 3600 * 1000
PAIRING_TOOL = {'name': 'mcp_pairing', 'risk': 'irreversible'}

_link = {'port': None, 'host': None, 'error': '', 'retry_ms': 500, 'wanted': False}
_clients = {}       # conn -> {name, version, since, paired: None | True | False}
_calls = {}         # conn + ' ' + request id -> the call's ctx
_chunks = {}        # chunk id -> {n, parts}


def shown_name(client):
    return client['name'] + ' (self-reported)'


def post(message):
    if _link['port'] != None:
        native_post(_link['port'], message)


def show_badge():
    if len(obj_keys(_clients)) > 0:
        set_badge('MCP', '#1a73e8')
        set_badge_title('Site Agent: ' + str(len(obj_keys(_clients))) + ' MCP client(s) connected')
    else:
        restore_badge()


async def restore_badge():
    """No client left: the health badge if a check has run, else none."""
    if await health.last_state() != None:
        await health.restore_badge()
    else:
        health.show_badge([])


# --- the port ---------------------------------------------------------------------------------

async def start():
    """At worker start: reopen the port if the user turned MCP on."""
    if await storage_get('local', ENABLED_KEY, False) == True:
        _link['wanted'] = True
        await connect()


async def connect():
    if _link['port'] != None or not _link['wanted']:
        return
    if not await native_permitted():
        _link['error'] = 'the nativeMessaging permission is not granted'
        return
    opened = native_connect(HOST_NAME, on_host_message, on_host_gone)
    if not opened['ok']:
        _link['error'] = opened['error']
        return
    _link['port'] = opened['port']
    _link['error'] = ''


def on_host_gone(error):
    """The host exited (or never started: error says why). Void what its clients were waiting for,
    then reconnect with back-off while MCP stays on."""
    _link['port'] = None
    _link['host'] = None
    _link['error'] = error
    for conn in obj_keys(_clients):
        closed(conn)
    if _link['wanted']:
        wait = _link['retry_ms']
        _link['retry_ms'] = min(60000, _link['retry_ms'] * 2)
        later(connect, wait)


async def set_enabled(on):
    await storage_set('local', ENABLED_KEY, on == True)
    _link['wanted'] = on == True
    if on == True:
        _link['retry_ms'] = 500
        await connect()
    elif _link['port'] != None:
        port = _link['port']
        on_host_gone('')
        native_close(port)
    return await state()


async def state():
    rows = []
    for conn in obj_keys(_clients):
        client = _clients[conn]
        rows.append({'conn': conn, 'name': client['name'], 'version': client['version'], 'since': client['since'],
                     'paired': client['paired']})
    return {'enabled': _link['wanted'], 'connected': _link['port'] != None, 'host': _link['host'],
            'error': _link['error'], 'clients': rows, 'permitted': await native_permitted()}


async def disconnect_all():
    """The console's one click: every client is dropped and every pairing forgotten."""
    post({'t': 'drop_all'})
    for conn in obj_keys(_clients):
        closed(conn)
    await storage_set('session', SESSION_PAIRS, {})
    await storage_set('local', LASTING_PAIRS, {})
    await audit_store.record('mcp_disconnect_all', 'console', {'ok': True}, {})
    return await state()


# --- frames from the host ---------------------------------------------------------------------

def on_host_message(message):
    if message == None:
        return
    if message['t'] == 'chunk':
        whole = joined(message)
        if whole != None:
            handle(whole)
        return
    handle(message)


def joined(chunk):
    """The whole message once its last chunk arrived (core/chunks.py), else None."""
    cid = chunk['cid']
    step = join_step(_chunks[cid] if cid in _chunks else None, chunk)
    if step['entry'] != None:
        _chunks[cid] = step['entry']
        return None
    drop_key(_chunks, cid)
    if step['text'] == None:
        console.warn('Site Agent: a chunk from the native host did not fit; its message was dropped')
        return None
    parsed = from_json(step['text'])
    return parsed['value'] if parsed['ok'] else None


def handle(message):
    kind = message['t']
    if kind == 'host':
        _link['host'] = {'label': message['label'], 'pid': message['pid']}
        _link['retry_ms'] = 500
    elif kind == 'open':
        client = message['client']
        _clients[message['conn']] = {'name': client['name'], 'version': client['version'], 'since': now_ms(),
                                     'paired': None}
        show_badge()
    elif kind == 'close':
        closed(message['conn'])
    elif kind == 'cancel':
        void_request(message['conn'] + ' ' + message['id'], 'the MCP client cancelled the call; nothing ran')
    elif kind == 'req':
        serve(message)


def void_request(key, why):
    if key not in _calls:
        return
    ctx = _calls[key]
    ctx['voided'] = True
    approvals.void_call(ctx['call_id'], MCP_CANCELLED, why)


def closed(conn):
    """A socket closed (the MCP server exited) or the host went: void the client's calls."""
    for key in obj_keys(_calls):
        if key.startswith(conn + ' '):
            void_request(key, 'the MCP client went away; nothing ran')
    if conn in _clients:
        drop_key(_clients, conn)
        show_badge()


async def serve(message):
    conn = message['conn']
    req_id = message['id']
    if message['op'] == 'list':
        post({'t': 'reply', 'conn': conn, 'id': req_id, 'outcome': {'ok': True, 'result': await dispatch.list_tools()}})
        return
    if message['op'] != 'call' or conn not in _clients:
        post({'t': 'reply', 'conn': conn, 'id': req_id, 'outcome': failure(BAD_REQUEST, 'unknown request', None)})
        return
    client = _clients[conn]
    key = conn + ' ' + req_id

    def progress(note):
        post({'t': 'note', 'conn': conn, 'id': req_id, 'note': note})
    ctx = {'source': 'mcp', 'origin': 'MCP client ' + shown_name(client), 'call_id': random_id(),
           'tab_id': None, 'window_id': None, 'theme': 'light', 'progress': progress, 'voided': False}
    _calls[key] = ctx

    async def run(request):
        refused = await paired(conn, ctx)
        if refused != None:
            return refused
        return await dispatch.call(request, ctx)
    args = message['args'] if message['args'] != None else {}
    ran = await attempt_async(run, {'name': message['name'], 'args': args})
    drop_key(_calls, key)
    # the server waits for this reply: an unexpected error still answers (dispatch.call itself never throws)
    outcome = ran['value'] if ran['ok'] else failure(ADAPTER_ERROR, 'the MCP call failed: ' + ran['error'], None)
    post({'t': 'reply', 'conn': conn, 'id': req_id, 'outcome': outcome})


async def paired(conn, ctx):
    """None when the client may call; else the refusal. Asks the user once per client (one pairing
    window at a time)."""
    async def check():
        if conn not in _clients:
            return failure(MCP_CANCELLED, 'the MCP client went away; nothing ran', None)
        client = _clients[conn]
        if client['paired'] == None and await remembered(client['name']):
            client['paired'] = True
        if client['paired'] == None:
            client['paired'] = await ask(client, ctx)
        if client['paired'] == True:
            return None
        if client['paired'] == False:
            return failure(MCP_NOT_PAIRED, 'the user did not allow ' + shown_name(client) + ' to use Site Agent', None)
        client['paired'] = None
        return failure(MCP_NOT_PAIRED, shown_name(client) + ' is not paired yet: answer the pairing window', None)
    return await serialized('mcp_pairing', check)


async def remembered(name):
    if name in await storage_get('session', SESSION_PAIRS, {}):
        return True
    lasting = await storage_get('local', LASTING_PAIRS, {})
    return name in lasting and lasting[name] > now_ms()


async def ask(client, ctx):
    """True (paired), False (refused), or None (no answer: the window was busy or timed out)."""
    preview = ('Allow "' + shown_name(client) + '" to use Site Agent in this browser?\n\n'
               + 'The name is what the MCP client says it is; any program of yours could claim it.\n'
               + 'Reading tools run without asking. Every irreversible step still asks you in a window like this.\n\n'
               + 'Allow pairs it for this browser session, or for 8 hours if you tick the box.')
    answer = await approvals.request(PAIRING_TOOL, {'client': client['name']}, preview, ctx,
                                     {'flags': [], 'confirm': [], 'remember': 'Remember for 8 hours',
                                      'title': 'Let ' + shown_name(client) + ' use Site Agent?'})
    if answer['allowed']:
        if 'remember' in answer and answer['remember'] == True:
            lasting = await storage_get('local', LASTING_PAIRS, {})
            lasting[client['name']] = now_ms() + PAIR_MS
            await storage_set('local', LASTING_PAIRS, lasting)
        else:
            pairs = await storage_get('session', SESSION_PAIRS, {})
            pairs[client['name']] = now_ms()
            await storage_set('session', SESSION_PAIRS, pairs)
        await audit_store.record('mcp_pairing', 'mcp', {'ok': True}, {'client': True})
        return True
    await audit_store.record('mcp_pairing', 'mcp', failure(answer['reason'], answer['message'], None), {'client': True})
    if answer['reason'] == APPROVAL_PENDING or answer['reason'] == APPROVAL_TIMEOUT or ctx['voided']:
        return None
    return False
