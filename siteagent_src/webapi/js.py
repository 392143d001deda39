"""Small JavaScript helpers the subset cannot express: native errors, timers, crypto, plain objects."""
# __pragma__ ('noalias', 'keys')


def now_ms():
    return Date.now()


def random_id():
    return crypto.randomUUID()


def sleep(ms):
    return __new__(Promise(lambda resolve: setTimeout(resolve, ms)))


def deferred():
    """{promise, resolve, settled}: resolve(value) settles once; later calls do nothing."""
    __pragma__('js', '{}', '''
    var box = {settled: false};
    box.promise = new Promise(function (res) {
        box.resolve = function (value) { if (!box.settled) { box.settled = true; res(value); } };
    });
    return box;''')


def with_timeout(promise, ms, on_timeout):
    """Resolve with `promise`, or with on_timeout() after ms milliseconds, whichever is first."""
    __pragma__('js', '{}', '''
    var timer = null;
    var timeout = new Promise(function (res) { timer = setTimeout(function () { res(on_timeout()); }, ms); });
    return Promise.race([promise, timeout]).finally(function () { clearTimeout(timer); });''')


def attempt(fn, arg):
    """Call fn(arg); anything thrown (native JS errors too) becomes {ok: false, error, thrown} instead
    of escaping: `error` is its message, `thrown` the object itself (a ToolError stays one)."""
    __pragma__('js', '{}', '''
    try { return {ok: true, value: fn(arg)}; }
    catch (e) { return {ok: false, error: error_text(e), thrown: e}; }''')


async def attempt_async(fn, arg):
    """attempt() for an async fn: {ok, value} | {ok: false, error, thrown}."""
    __pragma__('js', '{}', '''
    try { return {ok: true, value: await fn(arg)}; }
    catch (e) { return {ok: false, error: error_text(e), thrown: e}; }''')


def go_on(task, arg, on_failure):
    """Start task(arg) (async) and go on without waiting for it; when it fails, on_failure(error text)
    runs. Nothing is thrown."""
    def settled(result):
        if not result['ok']:
            on_failure(result['error'])
    attempt_async(task, arg).then(settled)


def error_text(error):
    """The message of anything thrown: a JS Error's message, a Python exception's str() (Transcrypt's
    exceptions have no `message`, and String() of one throws), else String() of the value."""
    __pragma__('js', '{}', '''
    if (error && typeof error.message === "string" && error.message) return error.message;
    if (error && typeof error.__str__ === "function") { try { return String(error.__str__()); } catch (x) {} }
    try { return String(error); } catch (x) { return "unknown error"; }''')


def obj_keys(obj):
    return Object.keys(obj)


def to_json(value):
    return JSON.stringify(value)


def from_json(text):
    """Parse JSON; returns {ok, value} or {ok: false, error}."""
    return attempt(JSON.parse, text)


def clone(value):
    return JSON.parse(JSON.stringify(value))


_HEX = [('0' if byte < 16 else '') + byte.toString(16) for byte in range(256)]
_UTF8 = {'encoder': None}


async def sha256_hex(text):
    """The SHA-256 of text's UTF-8 bytes, in hex. One encoder and a byte table for every digest: a
    new encoder and a formatting closure per digest took about half the time of 806 digests (a big
    page's leak note) in the worker."""
    if _UTF8['encoder'] == None:
        _UTF8['encoder'] = __new__(TextEncoder())
    __pragma__('js', '{}', '''
    var digest = new Uint8Array(await crypto.subtle.digest("SHA-256", _UTF8.encoder.encode(text)));
    var hex = "";
    for (var i = 0; i < digest.length; i++) hex += _HEX[digest[i]];
    return hex;''')


def query_param(url, key):
    return __new__(URL(url)).searchParams['get'](key)


def url_href(url):
    """url as the browser normalises it (the form match patterns are tested against), or None."""
    try:
        return __new__(URL(url)).href
    except:  # noqa: E722 (a TypeError of URL's is native)
        return None


_chains = {}


def serialized(key, task):
    """Run task() after every earlier task for `key` settled; returns task's promise."""
    __pragma__('js', '{}', '''
    var previous = _chains[key] || Promise.resolve();
    var next = previous.then(function () { return task(); }, function () { return task(); });
    _chains[key] = next.catch(function () {});
    return next;''')


def drop_key(obj, key):
    """Remove a key from a plain object (`del obj[key]` with a computed key is outside the subset)."""
    __pragma__('js', '{}', '''delete obj[key];''')


def collapse_ws(text):
    """Trim, lower-case and collapse runs of whitespace (for matching visible labels)."""
    __pragma__('js', '{}', '''return String(text == null ? "" : text).trim().toLowerCase().replace(/\\s+/g, " ");''')


def later(fn, ms):
    """Run fn() once, ms milliseconds from now."""
    setTimeout(fn, ms)
