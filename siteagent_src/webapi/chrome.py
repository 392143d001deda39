"""The chrome.* surface Site Agent uses, with Transcrypt's renamed members reached by subscript."""
# __pragma__ ('noalias', 'get')
# __pragma__ ('noalias', 'update')
# __pragma__ ('noalias', 'keys')
from webapi.js import with_timeout, attempt_async, deferred, error_text  # noqa: F401 (error_text: read by the raw JS below)
from core.sent_once import new_memo, squeeze_sent, restore_received  # noqa: F401 (read by the raw JS below)


def runtime_id():
    return chrome.runtime.id


def extension_origin():
    return 'chrome-extension://' + chrome.runtime.id


def extension_url(path):
    return chrome.runtime.getURL(path)


def manifest():
    return chrome.runtime.getManifest()


def _own_chrome():
    __pragma__('js', '{}', '''return typeof chrome === "undefined" ? null : chrome;''')


# The `chrome` object of the extension instance that loaded this bundle. After a reload, scripts
# injected again share the page's isolated world but get a new `chrome`; the old one loses its runtime.
_OWN_CHROME = _own_chrome()


def context_alive():
    """False in a content script whose extension instance was reloaded or removed."""
    __pragma__('js', '{}', '''try { return !!(_OWN_CHROME && _OWN_CHROME.runtime && _OWN_CHROME.runtime.id); } catch (e) { return false; }''')


def reload_extension():
    chrome.runtime.reload()


# --- storage ------------------------------------------------------------------------------------

async def storage_get(area, key, fallback):
    found = await chrome.storage[area].get(key)
    if key in found:
        return found[key]
    return fallback


async def storage_get_all(area):
    return await chrome.storage[area].get(None)


async def storage_get_keys(area, keys):
    """`{key: value}` for those of `keys` that are stored (one call)."""
    return await chrome.storage[area].get(keys)


async def storage_set(area, key, value):
    item = {}
    item[key] = value
    await chrome.storage[area].set(item)


async def storage_set_many(area, items):
    await chrome.storage[area].set(items)


async def storage_remove(area, key):
    await chrome.storage[area].remove(key)


def on_storage_changed(area, key, handler):
    """handler(new_value_or_None) whenever `key` in `area` changes (our writes included)."""
    def listener(changes, area_name):
        if area_name == area and key in changes:
            change = changes[key]
            handler(change['newValue'] if 'newValue' in change else None)
    chrome.storage.onChanged.addListener(listener)


def set_session_access_trusted_only():
    """Content scripts may not read chrome.storage.session (the default; asserted explicitly)."""
    return chrome.storage.session.setAccessLevel({'accessLevel': 'TRUSTED_CONTEXTS'})


# --- messaging ----------------------------------------------------------------------------------

PORT_TAB = 'siteagent-tab'          # worker -> a frame's content script
PORT_BRIDGE = 'siteagent-bridge'    # bridge content script -> worker


def _serve(handler, message, sender, send, progress):
    """Run handler(message, sender, progress) and send exactly one answer, whatever it does (throw
    synchronously, reject with a Python or a native error), so no caller waits for a timeout.
    `progress(note)` sends interim notes before the answer (ports only; null for sendMessage)."""
    __pragma__('js', '{}', '''
    var answered = false;
    function reply(value) {
        if (answered) { return; }
        answered = true;
        try { send(value); } catch (e) { /* the port is gone */ }
    }
    function failed(error) {
        var text;
        text = error_text(error);
        reply({ok: false, reason: "adapter_error", message: text});
    }
    try { Promise.resolve(handler(message, sender, progress)).then(reply, failed); }
    catch (e) { failed(e); }''')


def on_message(handler):
    """handler(message, sender) -> Promise of a reply; the reply goes back through sendResponse."""
    __pragma__('js', '{}', '''
    chrome.runtime.onMessage.addListener(function (message, sender, sendResponse) {
        _serve(handler, message, sender, sendResponse, null);
        return true;
    });''')


def on_port(port_name, handler):
    """The same handler for requests on long-lived ports called `port_name`: one port per caller, each
    request {n, body} answered with {n, value}. The sender is the port's (Chrome's MessageSender).
    The handler's third argument, progress(note), posts {n, progress: note} before the answer."""
    __pragma__('js', '{}', '''
    chrome.runtime.onConnect.addListener(function (port) {
        if (port.name !== port_name) { return; }
        port.onMessage.addListener(function (packet) {
            if (!packet || typeof packet.n !== "number") { return; }
            var done = false;
            function progress(note) {
                if (done) { return; }
                try { port.postMessage({n: packet.n, progress: note === undefined ? null : note}); }
                catch (e) { /* the port is gone */ }
            }
            _serve(handler, packet.body, port.sender, function (value) {
                done = true;
                port.postMessage({n: packet.n, value: value === undefined ? null : squeeze_sent(port.sa_sent || (port.sa_sent = new_memo()), value)});
            }, progress);
        });
    });''')


_ports = {}


def _port_entry(key, connect):
    """The open port `key` with its waiting requests ({port, pending, notes, next}), opened with
    connect() when there is none; {error} when it cannot be opened. When it closes, every waiting
    request gets {ok: false, error}."""
    __pragma__('js', '{}', '''
    var entry = _ports[key];
    if (entry) return entry;
    var port;
    try { port = connect(); } catch (e) { return {error: error_text(e)}; }
    entry = {port: port, pending: new Map(), notes: new Map(), next: 0, received: new_memo()};
    _ports[key] = entry;
    port.onMessage.addListener(function (packet) {
        if (packet && packet.progress !== undefined) {
            var heard = entry.notes.get(packet.n);
            if (heard) { try { heard(packet.progress); } catch (e) { /* a listener's error stays there */ } }
            return;
        }
        var done = packet && entry.pending.get(packet.n);
        if (done) { entry.pending.delete(packet.n); entry.notes.delete(packet.n); done({ok: true, value: restore_received(entry.received, packet.value)}); }
    });
    port.onDisconnect.addListener(function () {
        var error = (chrome.runtime.lastError && chrome.runtime.lastError.message) ||
            "the connection closed before an answer arrived";
        if (_ports[key] === entry) { delete _ports[key]; }
        var waiting = Array.from(entry.pending.values());
        entry.pending.clear();
        entry.notes.clear();
        waiting.forEach(function (done) { done({ok: false, error: error}); });
    });
    return entry;''')


def _port_send(key, entry, body, on_progress):
    """Post body as the next request on the entry's port: a promise of {ok, value} | {ok: false, error}."""
    __pragma__('js', '{}', '''
    return new Promise(function (resolve) {
        entry.next += 1;
        var n = entry.next;
        entry.pending.set(n, resolve);
        if (typeof on_progress === "function") { entry.notes.set(n, on_progress); }
        try { entry.port.postMessage({n: n, body: body}); }
        catch (e) {
            entry.pending.delete(n);
            entry.notes.delete(n);
            if (_ports[key] === entry) { delete _ports[key]; }
            resolve({ok: false, error: error_text(e)});
        }
    });''')


def _port_request(key, connect, body, on_progress):
    """{ok, value} from the port `key` (opened with connect() when there is none), or {ok: false,
    error} when it closes first: the receiver is missing ("Receiving end does not exist"), its page
    unloaded, or the worker stopped. A request costs one message each way, not a new channel.
    Interim notes for this request ({n, progress}) go to on_progress(note) when it is given."""
    entry = _port_entry(key, connect)
    if 'error' in entry:
        return Promise.resolve({'ok': False, 'error': entry['error']})
    return _port_send(key, entry, body, on_progress)


async def send_message(message):
    """Returns {ok: true, value} or {ok: false, error} when the worker is gone or the port closed."""
    return await attempt_async(lambda m: chrome.runtime.sendMessage(m), message)


async def ask_worker(message, on_progress):
    """send_message over the bridge's long-lived port to the worker (which it starts if stopped);
    on_progress(note) (or None) hears the worker's interim notes about this request."""
    return await _port_request('worker', lambda: chrome.runtime.connect({'name': PORT_BRIDGE}), message, on_progress)


async def send_to_frame(tab_id, frame_id, message, timeout_ms):
    """A request to one frame's content script over its port: {ok, value} | {ok: false, error, timeout?}."""
    def timed_out():
        return {'ok': False, 'error': 'timeout', 'timeout': True}

    def connect():
        return chrome.tabs.connect(tab_id, {'frameId': frame_id, 'name': PORT_TAB})
    return await with_timeout(_port_request('t' + str(tab_id) + 'f' + str(frame_id), connect, message, None),
                              timeout_ms, timed_out)


def on_installed(handler):
    chrome.runtime.onInstalled.addListener(handler)


def on_startup(handler):
    chrome.runtime.onStartup.addListener(handler)


def on_action_clicked(handler):
    chrome.action.onClicked.addListener(handler)


# --- tabs and windows ---------------------------------------------------------------------------

async def tabs_query(query):
    return await chrome.tabs.query(query)


async def tab_get(tab_id):
    return await attempt_async(lambda t: chrome.tabs.get(t), tab_id)


async def tab_update_within(tab_id, ms):
    """Wait for this tab's next chrome.tabs.onUpdated event (a status, URL or title change), at most ms
    milliseconds: a load is seen the moment Chrome reports it, not at the next poll."""
    box = deferred()

    def listener(updated_id, info, tab):
        if updated_id == tab_id:
            box.resolve(True)
    chrome.tabs.onUpdated.addListener(listener)
    try:
        return await with_timeout(box.promise, ms, lambda: False)
    finally:
        chrome.tabs.onUpdated.removeListener(listener)


async def tab_navigate(tab_id, url):
    return await attempt_async(lambda u: chrome.tabs.update(tab_id, {'url': u}), url)


async def tab_create(props):
    return await chrome.tabs.create(props)


def on_tab_removed(handler):
    chrome.tabs.onRemoved.addListener(handler)


def off_tab_removed(handler):
    chrome.tabs.onRemoved.removeListener(handler)


async def window_get(window_id):
    return await attempt_async(lambda w: chrome.windows.get(w), window_id)


async def window_create(props):
    return await attempt_async(lambda p: chrome.windows.create(p), props)


async def window_remove(window_id):
    return await attempt_async(lambda w: chrome.windows.remove(w), window_id)


async def window_focus(window_id):
    return await attempt_async(lambda w: chrome.windows.update(w, {'focused': True}), window_id)


def on_window_removed(handler):
    chrome.windows.onRemoved.addListener(handler)


# --- scripting and permissions ------------------------------------------------------------------

async def inject_files(tab_id, files):
    return await attempt_async(lambda f: chrome.scripting.executeScript({'target': {'tabId': tab_id}, 'files': f}), files)


async def registered_script_ids():
    scripts = await chrome.scripting.getRegisteredContentScripts()
    return [s['id'] for s in scripts]


async def register_content_script(script_id, matches, files):
    existing = await registered_script_ids()
    if script_id in existing:
        await chrome.scripting.unregisterContentScripts({'ids': [script_id]})
    if len(matches) == 0:
        return
    await chrome.scripting.registerContentScripts([{
        'id': script_id, 'matches': matches, 'js': files, 'runAt': 'document_idle', 'allFrames': False,
        'persistAcrossSessions': True}])


async def granted_origins():
    found = await chrome.permissions.getAll()
    return found['origins'] if found['origins'] != None else []


async def permission_contains(origin_pattern):
    return await chrome.permissions.contains({'origins': [origin_pattern]})


async def permission_request(origin_pattern):
    return await attempt_async(lambda o: chrome.permissions.request({'origins': [o]}), origin_pattern)


async def permission_remove(origin_pattern):
    return await attempt_async(lambda o: chrome.permissions.remove({'origins': [o]}), origin_pattern)


def on_permissions_changed(handler):
    chrome.permissions.onAdded.addListener(handler)
    chrome.permissions.onRemoved.addListener(handler)


def set_badge(text, color):
    chrome.action.setBadgeText({'text': text})
    if color:
        chrome.action.setBadgeBackgroundColor({'color': color})
