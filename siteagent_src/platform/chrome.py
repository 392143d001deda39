"""The chrome.* surface Site Agent uses, with Transcrypt's renamed members reached by subscript."""
# __pragma__ ('noalias', 'get')
# __pragma__ ('noalias', 'update')
# __pragma__ ('noalias', 'keys')
from platform.js import with_timeout, attempt_async, error_text


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

def on_message(handler):
    """handler(message, sender) -> Promise of a reply; the reply goes back through sendResponse.

    Whatever the handler does (throw synchronously, reject with a Python or a native error), the
    sender gets exactly one answer, so no caller waits for a timeout.
    """
    __pragma__('js', '{}', '''
    chrome.runtime.onMessage.addListener(function (message, sender, sendResponse) {
        var answered = false;
        function reply(value) {
            if (answered) { return; }
            answered = true;
            try { sendResponse(value); } catch (e) { /* the port is gone */ }
        }
        function failed(error) {
            var text;
            try { text = String((error && error.message) || error); } catch (e) { text = "unknown error"; }
            reply({ok: false, reason: "adapter_error", message: text});
        }
        try { Promise.resolve(handler(message, sender)).then(reply, failed); }
        catch (e) { failed(e); }
        return true;
    });''')


async def send_message(message):
    """Returns {ok: true, value} or {ok: false, error} when the worker is gone or the port closed."""
    return await attempt_async(lambda m: chrome.runtime.sendMessage(m), message)


async def send_to_tab(tab_id, message, timeout_ms):
    def timed_out():
        return {'ok': False, 'error': 'timeout', 'timeout': True}
    call = attempt_async(lambda m: chrome.tabs.sendMessage(tab_id, m, {'frameId': 0}), message)
    return await with_timeout(call, timeout_ms, timed_out)


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


def off_window_removed(handler):
    chrome.windows.onRemoved.removeListener(handler)


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
