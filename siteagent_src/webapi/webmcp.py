"""WebMCP for the page tool's tab half: the page's own tools, through `document.modelContext`.

Chromium 156 has it only with `--enable-features=WebMCP`, and only on secure pages (https, or http
on localhost). A content script's isolated world sees, through the top document's getTools(), the
tools of that document and of its same-origin frames (each with its `window`; a cross-origin frame's
tools are not listed). `executeTool` takes one of the objects getTools() returned, never a name,
with the arguments as an object, and resolves to a JSON string of what the page's execute returned.
Declarative tools (a <form toolname tooldescription>) are listed and run the same way.

Frames are keyed `f<k>` per document: a frame that navigates gets a new key, and numbers are
never reused while this document lives.
"""

_frames = {'keys': None, 'next': 0}
_changes = {'count': 0, 'watching': False}


def availability():
    """'ok'; 'insecure' (the page is not a secure context: no WebMCP there); 'off' (the browser has
    no document.modelContext: WebMCP is switched off, or too old)."""
    __pragma__('js', '{}', '''
    const mc = document.modelContext;
    if (mc && typeof mc.getTools === "function" && typeof mc.executeTool === "function") return "ok";
    return window.isSecureContext ? "off" : "insecure";''')


def frame_key(win):
    """'' for this document's own window, 'f<k>' for a same-origin frame inside it, None otherwise."""
    __pragma__('js', '{}', '''
    if (win === window) return "";
    let doc = null;
    try { doc = win && win.top === window && win.location.origin === location.origin ? win.document : null; }
    catch (e) { doc = null; }
    if (!doc) return null;
    if (!_frames.keys) _frames.keys = new WeakMap();
    let key = _frames.keys.get(doc);
    if (!key) { _frames.next += 1; key = "f" + _frames.next; _frames.keys.set(doc, key); }
    return key;''')


async def list_tools(timeout_ms):
    """The page's tools: [{tool (the RegisteredTool: stays in this tab), frame, url, name, title,
    description, inputSchema, annotations, origin, form}], all but `tool` plain JSON copies; None
    when getTools() failed or gave no answer within timeout_ms."""
    __pragma__('js', '{}', '''
    let timer = null;
    const late = new Promise(done => { timer = setTimeout(() => done(null), timeout_ms); });
    let tools = null;
    try { tools = await Promise.race([document.modelContext.getTools(), late]); } catch (e) { tools = null; }
    finally { clearTimeout(timer); }
    if (!Array.isArray(tools)) return null;
    const plain = (v) => { try { return v === undefined ? null : JSON.parse(JSON.stringify(v)); } catch (e) { return null; } };
    const text = (v) => typeof v === "string" ? v : "";
    const out = [];
    for (const t of tools) {
        const frame = frame_key(t.window);
        if (frame === null) continue;
        let form = null;
        try {
            const f = t.window.document.querySelector('form[toolname="' + CSS.escape(text(t.name)) + '"]');
            if (f) form = {autosubmit: f.hasAttribute("toolautosubmit"), action: text(f.action)};
        } catch (e) { form = null; }
        out.push({tool: t, frame: frame, url: frame ? text(t.window.location.href) : null, name: text(t.name),
                  title: text(t.title), description: text(t.description), inputSchema: plain(t.inputSchema),
                  annotations: plain(t.annotations), origin: text(t.origin), form: form});
    }
    return out;''')


async def run_tool(tool, args, timeout_ms):
    """Run a RegisteredTool with args: {ok: true, text} (the JSON text it resolved to, or None);
    {ok: false, kind: 'timeout'} (no answer within timeout_ms: aborted, though the page's own code
    may go on); {ok: false, kind: 'threw', error} (the page's execute threw or rejected)."""
    __pragma__('js', '{}', '''
    const stop = new AbortController();
    let timer = null;
    const late = new Promise(done => { timer = setTimeout(() => { done({ok: false, kind: "timeout"}); stop.abort(); },
                                                        timeout_ms); });
    let started = null;        // called at once: no other script runs between the caller's check and this call
    try { started = document.modelContext.executeTool(tool, args, {signal: stop.signal}); }
    catch (e) { started = Promise.reject(e); }
    const run = started.then(
        value => ({ok: true, text: typeof value === "string" ? value : null}),
        e => ({ok: false, kind: stop.signal.aborted ? "timeout" : "threw", error: String(e && e.message || e)}));
    try { return await Promise.race([run, late]); } finally { clearTimeout(timer); }''')


def change_count():
    """How many `toolchange` events this document fired since the first call (which starts
    listening). The event comes a task after the change: a count that moved while the tools were
    being listed means the list may already be out of date."""
    __pragma__('js', '{}', '''
    if (!_changes.watching) {
        _changes.watching = true;
        document.modelContext.addEventListener("toolchange", () => { _changes.count += 1; });
    }
    return _changes.count;''')
