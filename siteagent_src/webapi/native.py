"""chrome.runtime.connectNative and the optional nativeMessaging permission (the MCP link)."""
# __pragma__ ('noalias', 'name')
from webapi.js import error_text, attempt, attempt_async  # noqa: F401 (error_text is read by the raw JS below)

NATIVE_PERMISSION = 'nativeMessaging'


async def native_permitted():
    """True when the nativeMessaging permission is granted (required in test builds, optional else)."""
    ran = await attempt_async(lambda p: chrome.permissions.contains({'permissions': [p]}), NATIVE_PERMISSION)
    return ran['ok'] and ran['value'] == True


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
    return attempt(lambda m: port.postMessage(m), message)['ok']


def native_close(port):
    attempt(lambda p: p.disconnect(), port)       # an error: already closed


def native_permission_request():
    """Ask for nativeMessaging; call inside the user's click. A promise of True/False."""
    asked = attempt_async(lambda p: chrome.permissions.request({'permissions': [p]}), NATIVE_PERMISSION)
    return asked.then(lambda ran: ran['ok'] and ran['value'] == True)
