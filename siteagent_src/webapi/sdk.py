"""JavaScript primitives of the page-side client SDK (client/siteagent_client.py): native errors for
the author, AbortSignal, fetch, and keeping Transcrypt's runtime out of the author's `for...in`."""


def throw_type_error(message):
    """Throw a native TypeError (what a JS caller expects for a bad argument)."""
    __pragma__('js', '{}', '''throw new TypeError(message);''')


def throw_error(message, reason, extra):
    """Throw a native Error with `reason` (a stable code) and the own fields of `extra` on it."""
    __pragma__('js', '{}', '''
    var error = new Error(message);
    error.reason = reason;
    if (extra) { Object.keys(extra).forEach(function (k) { if (k !== "message" && k !== "reason") { error[k] = extra[k]; } }); }
    throw error;''')


def is_function(value):
    __pragma__('js', '{}', '''return typeof value === "function";''')


def is_aborted(signal):
    __pragma__('js', '{}', '''return !!(signal && signal.aborted === true);''')


def on_abort(signal, handler):
    """Call handler() once when signal aborts; returns a function that stops listening."""
    __pragma__('js', '{}', '''
    if (!signal || typeof signal.addEventListener !== "function") { return function () {}; }
    var listener = function () { handler(); };
    signal.addEventListener("abort", listener, {once: true});
    return function () { signal.removeEventListener("abort", listener); };''')


async def post_json(fetch_fn, url, headers, body, signal):
    """POST body (JSON text): {ok: true, status, value} for a 2xx JSON answer, else {ok: false, status,
    error}. An abort of signal rejects, as fetch does."""
    __pragma__('js', '{}', '''
    var call = typeof fetch_fn === "function" ? fetch_fn : fetch;
    var plain = {};   // a Transcrypt dict is iterable, and fetch would read it as [name, value] pairs
    Object.keys(headers).forEach(function (k) { plain[k] = String(headers[k]); });
    var response;
    try {
        response = await call(url, {method: "POST", headers: plain, body: body, signal: signal || undefined});
    } catch (e) {
        if (e && e.name === "AbortError") { throw e; }
        return {ok: false, status: 0, error: String((e && e.message) || e)};
    }
    var text = await response.text();
    if (!response.ok) { return {ok: false, status: response.status, error: text.slice(0, 500)}; }
    try { return {ok: true, status: response.status, value: JSON.parse(text)}; }
    catch (e) { return {ok: false, status: response.status, error: "the answer is not JSON: " + text.slice(0, 200)}; }''')


def hide_runtime_members():
    """Transcrypt's runtime adds Python methods to Array, String and Uint8Array prototypes as
    enumerable properties, so a page's `for (k in array)` would list them. Make them non-enumerable
    (as built-in methods are); they keep working for the SDK. String.prototype.format cannot be
    changed: the runtime defines it non-configurable."""
    __pragma__('js', '{}', '''
    [Array.prototype, String.prototype, Uint8Array.prototype].forEach(function (proto) {
        Object.keys(proto).forEach(function (key) {
            var descriptor = Object.getOwnPropertyDescriptor(proto, key);
            if (descriptor && descriptor.configurable) {
                descriptor.enumerable = false;
                Object.defineProperty(proto, key, descriptor);
            }
        });
    });''')
