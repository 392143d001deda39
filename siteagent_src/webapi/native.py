"""chrome.runtime.connectNative and the optional nativeMessaging permission (the MCP link)."""
# __pragma__ ('noalias', 'name')
from webapi.js import error_text  # noqa: F401 (read by the raw JS below)

NATIVE_PERMISSION = 'nativeMessaging'


async def native_permitted():
    """True when the nativeMessaging permission is granted (required in test builds, optional else)."""
    __pragma__('js', '{}', '''
    try { return await chrome.permissions.contains({permissions: [NATIVE_PERMISSION]}); }
    catch (e) { return false; }''')


def native_connect(host_name, on_message, on_disconnect):
    """Open a port to the native host: {ok, port} or {ok: false, error}. on_disconnect(error text or '')."""
    __pragma__('js', '{}', '''
    if (!chrome.runtime.connectNative) { return {ok: false, error: "the nativeMessaging permission is not granted"}; }
    try {
        var port = chrome.runtime.connectNative(host_name);
        port.onMessage.addListener(function (message) { on_message(message); });
        port.onDisconnect.addListener(function () {
            var err = chrome.runtime.lastError;
            on_disconnect(err && err.message ? err.message : "");
        });
        return {ok: true, port: port};
    } catch (e) { return {ok: false, error: error_text(e)}; }''')


def native_post(port, message):
    """Post to the host; False when the port is gone."""
    __pragma__('js', '{}', '''
    try { port.postMessage(message); return true; } catch (e) { return false; }''')


def native_close(port):
    __pragma__('js', '{}', '''
    try { port.disconnect(); } catch (e) { /* already closed */ }''')


def native_permission_request():
    """Ask for nativeMessaging; call inside the user's click. A promise of True/False."""
    __pragma__('js', '{}', '''
    try { return chrome.permissions.request({permissions: [NATIVE_PERMISSION]}).catch(function () { return false; }); }
    catch (e) { return Promise.resolve(false); }''')
