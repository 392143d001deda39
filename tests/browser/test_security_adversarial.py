"""Issue 8, adversarial: fuzzing the real bridge, hostile pages, worker kills at each stage, canaries,
and content-script isolation of chrome.storage.session."""
import json
import os
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from extension import start_call, call_result, effects, audit_log, reset_extension_state, storage_dump
from harness import CDPConnection, wait_until

import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "siteagent_src"))
from core.reasons import REASON_CODES  # noqa: E402

pytestmark = pytest.mark.browser

SOURCE = "portfolio-chat"
FUZZ_MESSAGES = int(os.environ.get("SA_FUZZ_MESSAGES", "10400"))
FUZZ_BATCH_SIZE = int(os.environ.get("SA_FUZZ_BATCH", "400"))          # messages posted per round trip to the page
TOOL_NAMES = ["test_read", "test_write", "test_irreversible", "test_send", "test_note", "test_read_mail",
              "test_staged", "test_tamper", "test_limited", "browser_health", "generic_click_text"]
TYPES = ["PING", "LIST_TOOLS", "CALL_TOOL", "CHALLENGE", "CALL_STATUS", "ping", "", "__proto__", "constructor"]
MARKERS = ["fn", "date", "map", "set", "regexp", "bigint", "undefined", "nan", "inf", "typed", "symbol",
           "error", "deep", "huge", "blob", "sparse", "proto_obj", "null_proto", "cyclic"]
FIGURES = {}


# --- fuzzing -----------------------------------------------------------------------------------

HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "py_keys", "__class__",
                "length", "then", "valueOf", "source", "id"]
ODD_STRINGS = ["", "\ud800", "\u202e", "a\u0000b", "😀" * 70, "x" * 129, "t" * 5000, "a.b.c", "e30.e30.",
               "PING", "CALL_TOOL", SOURCE]
NUMBERS = [0, -0.0, 1, -1, 2 ** 53 + 1, 2 ** 70, 1e308, 5e-324, 0.1, 123456789]


class Recipe:
    """Hypothesis draws the integers and short texts; this turns them into one hostile message,
    deterministically (drawing rich nested strategies per message costs ~10 ms each, too slow for 10k)."""

    def __init__(self, ints, texts):
        self.ints, self.texts, self.i = ints or [0], texts, 0

    def n(self, k):
        v = self.ints[self.i % len(self.ints)]
        self.i += 1
        return (v + self.i * 7919) % k

    def text(self):
        return (self.texts + ODD_STRINGS)[self.n(len(self.texts) + len(ODD_STRINGS))]

    def key(self):
        return HOSTILE_KEYS[self.n(len(HOSTILE_KEYS))] if self.n(3) == 0 else self.text()[:10]

    def value(self, depth=0):
        kind = self.n(10 if depth < 3 else 6)
        if kind == 0:
            return None
        if kind == 1:
            return self.n(2) == 1
        if kind == 2:
            return NUMBERS[self.n(len(NUMBERS))]
        if kind == 3:
            return self.text()
        if kind in (4, 5):
            return {"$js": MARKERS[self.n(len(MARKERS))]}
        if kind in (6, 7):
            return [self.value(depth + 1) for _ in range(self.n(4))]
        return {self.key(): self.value(depth + 1) for _ in range(self.n(4))}

    def message(self):
        if self.n(5) == 0:
            return self.value()
        msg = {"source": [SOURCE, SOURCE, SOURCE, SOURCE, "portfolio-ext ", "PORTFOLIO-CHAT", 1][self.n(7)]}
        if self.n(10) > 0:
            msg["id"] = self.text() if self.n(3) else self.value()
        if self.n(10) > 0:
            msg["type"] = TYPES[self.n(len(TYPES))] if self.n(4) else self.value()
        name = TOOL_NAMES[self.n(len(TOOL_NAMES))] if self.n(2) else (self.text() if self.n(2) else self.value())
        if self.n(4) > 0:
            msg["name"] = name
        args = {self.key(): self.value(1) for _ in range(self.n(5))} if self.n(4) else self.value()
        if isinstance(args, dict) and name in TOOL_NAMES:
            args["zz_fuzz_extra"] = self.value(1)      # never valid for a real tool: nothing may run
        if self.n(5) > 0 or name in TOOL_NAMES:       # a real tool always gets its spoiled args
            msg["args"] = args
        if self.n(4) == 0:
            msg["token"] = self.text() if self.n(2) else self.value()
        for _ in range(self.n(3)):
            msg[self.key()] = self.value(1)
        return msg


FUZZ_JS = r"""
const done = arguments[arguments.length - 1];
const [specs, waitMs] = [JSON.parse(arguments[0]), arguments[1]];
const budget = {huge: 4, deep: 20};     // a few really big ones per batch, moderate ones otherwise
function build(v, depth) {
  if (Array.isArray(v)) return v.map(x => build(x, depth + 1));
  if (v && typeof v === 'object') {
    if (typeof v.$js === 'string' && Object.keys(v).length === 1) return special(v.$js);
    const o = {};
    for (const k of Object.keys(v)) Object.defineProperty(o, k, {value: build(v[k], depth + 1), enumerable: true,
                                                                 configurable: true, writable: true});
    return o;
  }
  return v;
}
function special(m) {
  switch (m) {
    case 'fn': return function () { return 1; };
    case 'date': return new Date(0);
    case 'map': return new Map([['a', 1]]);
    case 'set': return new Set([1]);
    case 'regexp': return /x/g;
    case 'bigint': return 10n ** 30n;
    case 'undefined': return undefined;
    case 'nan': return NaN;
    case 'inf': return -Infinity;
    case 'typed': return new Uint8Array([1, 2, 3]);
    case 'symbol': return Symbol('s');
    case 'error': return new Error('boom');
    case 'deep': { let d = 1; for (let i = 0; i < (budget.deep-- > 0 ? 3000 : 40); i++) d = [d]; return d; }
    case 'huge': return (budget.huge-- > 0) ? 'x'.repeat(300000) : 'x'.repeat(2000);
    case 'blob': return new Blob(['b']);
    case 'sparse': { const a = []; a[1000] = 1; return a; }
    case 'proto_obj': return JSON.parse('{"__proto__": {"polluted": 1}, "a": 1}');
    case 'null_proto': { const o = Object.create(null); o.source = 'portfolio-chat'; return o; }
    case 'cyclic': { const o = {a: 1}; o.self = o; return o; }
  }
}
const replies = [];
let expected = 0;
const ids = [];
// Count what the bridge sees (the cloned data, as the page receives it too): plain or null-prototype
// objects carrying our source tag each get exactly one reply.
const listener = e => {
  const d = e.data;
  if (d && typeof d === 'object' && !Array.isArray(d) && d.source === 'portfolio-ext') { replies.push(d); return; }
  if (d && typeof d === 'object' && !Array.isArray(d) && d.source === 'portfolio-chat'
      && [Object.prototype, null].includes(Object.getPrototypeOf(d))) {
    expected++; ids.push(typeof d.id === 'string' ? d.id : null);
  }
};
window.addEventListener('message', listener);
let posted = 0, refused = 0;
for (const spec of specs) {
  try { window.postMessage(build(spec, 0), location.origin); posted++; } catch (e) { refused++; }
}
const started = Date.now();
(function poll() {
  if (replies.length >= expected && Date.now() - started > 400 || Date.now() - started > waitMs) {
    window.removeEventListener('message', listener);
    done(JSON.stringify({posted, refused, expected, ids, replies, polluted: ({}).polluted === 1}));
  } else setTimeout(poll, 50);
})();
"""


def generate_batches():
    """FUZZ_MESSAGES messages from hypothesis examples (16 byte-string recipes each), re-cut into batches."""
    found = []

    @settings(max_examples=FUZZ_MESSAGES // 16, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.binary(min_size=8, max_size=64), min_size=16, max_size=16),
           st.lists(st.text(max_size=12), max_size=4))
    def collect(group, texts):
        found.extend(Recipe(list(raw), texts[j % 3:]).message() for j, raw in enumerate(group))
    collect()
    return [found[i:i + FUZZ_BATCH_SIZE] for i in range(0, len(found), FUZZ_BATCH_SIZE)]


def well_formed(reply):
    if set(reply) != {"source", "id", "type", "payload"} or reply["source"] != "portfolio-ext":
        return False
    if reply["id"] is not None and not isinstance(reply["id"], str):
        return False
    payload = reply["payload"]
    if reply["type"] == "LIST_TOOLS" and isinstance(payload, list):
        return True
    if not isinstance(payload, dict) or not isinstance(payload.get("ok"), bool):
        return False
    if payload["ok"] is False:
        return payload.get("reason") in REASON_CODES and isinstance(payload.get("message"), str)
    return True


def test_fuzz_the_bridge_with_10000_hostile_messages(page, capsys):
    started = time.monotonic()
    batches = generate_batches()
    total = sum(len(b) for b in batches)
    assert total >= 10000 or "SA_FUZZ_MESSAGES" in os.environ
    totals = {"messages": total, "posted": 0, "refused_by_postMessage": 0, "replies": 0, "bad_request": 0}
    for batch in batches:
        t0 = time.monotonic()
        got = json.loads(page.page_eval_async(FUZZ_JS, json.dumps(batch, ensure_ascii=True), 20000, timeout=40))
        if os.environ.get("SA_FUZZ_VERBOSE"):
            print(f"batch {len(batch)}: {time.monotonic() - t0:.1f}s expected {got['expected']} got {len(got['replies'])} posted {got['posted']} refused {got['refused']}")
        assert got["polluted"] is False
        assert len(got["replies"]) == got["expected"], (got["expected"], len(got["replies"]))
        bad = [r for r in got["replies"] if not well_formed(r)]
        assert bad == [], bad[:3]
        sent_ids = {i for i in got["ids"] if i is not None}
        assert all(r["id"] is None or r["id"] in sent_ids for r in got["replies"])
        totals["posted"] += got["posted"]
        totals["refused_by_postMessage"] += got["refused"]
        totals["replies"] += len(got["replies"])
        totals["bad_request"] += sum(1 for r in got["replies"] if isinstance(r["payload"], dict)
                                     and r["payload"].get("reason") == "bad_request")
    assert effects(page) == {}
    assert [e for e in audit_log(page) if e["ok"] and e["tool"] != "test_read"] == []
    assert not [e for e in audit_log(page) if e["ok"]], "a fuzzed call executed a tool"
    page.assert_no_popup("approve.html")
    assert page.sw_exceptions() == []
    assert page.sa_call("test_read", {"text": "still alive"})["payload"]["ok"] is True
    totals["seconds"] = round(time.monotonic() - started, 1)
    FIGURES["fuzz"] = totals
    with capsys.disabled():
        print(f"\n[fuzz] {json.dumps(totals)}")


# --- hostile pages -----------------------------------------------------------------------------

def test_untrusted_origin_cannot_call_or_challenge(browser, untrusted_site):
    reset_extension_state(browser)
    browser.open_chatbot(untrusted_site)
    for msg in [{"source": SOURCE, "id": "u1", "type": "CALL_TOOL", "name": "test_write", "args": {"text": "x"}},
                {"source": SOURCE, "id": "u2", "type": "CHALLENGE"},
                {"source": SOURCE, "id": "u3", "type": "PING", "origin": "http://localhost"}]:
        assert browser.sa_raw(msg, 800) == []
    assert effects(browser) == {}


def test_trusted_iframe_inside_an_untrusted_page_gets_nothing(browser, untrusted_site, chatbot_site):
    browser.open_chatbot(untrusted_site)
    browser.page_eval_async("const done = arguments[arguments.length - 1];"
                            "sa.embed(arguments[0], {id: 'trusted'}).then(done);", chatbot_site.url("/"))
    drv = browser.driver
    drv.switch_to.frame(drv.find_element("id", "trusted"))
    try:
        wait_until(lambda: drv.execute_script("return document.documentElement.dataset.saReady === '1'"), 10,
                   "the framed chatbot page")
        assert drv.execute_script("return location.origin") == chatbot_site.origin
        got = browser.page_eval_async("const done = arguments[arguments.length - 1];"
                                      "sa.send('CALL_TOOL', {name: 'test_write', args: {text: 'x'}}, 1500).then(done);")
        assert got.get("timeout") is True
    finally:
        drv.switch_to.default_content()
    assert effects(browser) == {}


def test_spoofed_origin_and_kind_fields_are_ignored(page, chatbot_site):
    key = "spoof"
    page.driver.execute_script(
        "window.__calls = {}; sa.send('CALL_TOOL', {name: 'test_irreversible', args: {text: 'spoof'},"
        " origin: 'https://chatbot.farvees.xyz', kind: 'approval_decide', allow: true, callId: 'x',"
        " sender: {origin: 'chrome-extension://x'}}, 20000).then(r => { window.__calls[arguments[0]] = r; });", key)
    popup = page.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-origin').textContent.startsWith('Requested by')")
    assert popup.eval("document.getElementById('approve-origin').textContent") == "Requested by " + chatbot_site.origin
    assert effects(page) == {}
    popup.click("#deny")
    assert call_result(page, key)["payload"]["reason"] == "approval_denied"
    assert page.driver.execute_script("return typeof chrome === 'undefined' || !chrome.runtime || !chrome.runtime.sendMessage")


@pytest.mark.parametrize("where", ["other_trusted_origin", "same_origin_reload"])
def test_reply_does_not_reach_the_page_after_navigation(page, chatbot_site, where):
    start_call(page, "test_irreversible", {"text": "navigate away"})
    popup = page.wait_for_popup("approve.html")
    target = (chatbot_site.url("/").replace("localhost", "127.0.0.1") if where == "other_trusted_origin"
              else chatbot_site.url("/?again"))
    page.driver.get(target)
    wait_until(lambda: page.driver.execute_script("return document.documentElement.dataset.saReady === '1'"), 10,
               "the new page")
    page.driver.execute_script("window.__all = []; addEventListener('message', e => window.__all.push(e.data));")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    wait_until(lambda: effects(page).get("test_irreversible") == 1, 10, "the approved call to run")
    time.sleep(1.0)
    assert page.driver.execute_script("return window.__all") == []
    assert page.driver.execute_script("return sa.inbox.length") == 0


# --- worker kills --------------------------------------------------------------------------------

def journal_states(browser):
    return json.loads(browser.sw_eval(
        "chrome.storage.session.get(null).then(r => JSON.stringify(Object.keys(r)"
        ".filter(k => k.startsWith('call:')).map(k => r[k])"
        ".filter(c => c.tool === 'test_staged').map(c => c.state)))"))


def staged_audit(browser):
    return [(e["ok"], e["reason"]) for e in audit_log(browser) if e["tool"] == "test_staged"]


@pytest.mark.parametrize("stage, expected", [
    ("before_approval", "approval_denied"),
    ("during_wait", "approval_denied"),
    ("after_approval", "approval_denied"),
    ("during_execution", "worker_restarted"),
])
def test_worker_killed_at_each_stage(page, stage, expected):
    args = {"text": "staged"}
    if stage == "during_execution":
        args["exec_ms"] = 4000
    key = start_call(page, "test_staged", args)
    if stage == "before_approval":
        wait_until(lambda: journal_states(page) == ["approving"], 5, "the call to be journalled")
        assert not page.popup_targets("approve.html")
    else:
        popup = page.wait_for_popup("approve.html", timeout=8)
        if stage != "during_wait":
            popup.wait_for("!document.getElementById('allow').disabled")
            popup.click("#allow")
            wait_until(lambda: not page.popup_targets("approve.html"), 5, "the approved window to close")
        if stage == "during_execution":
            wait_until(lambda: journal_states(page) == ["executing"], 5, "execution to start")
    page.stop_service_worker()
    reply = call_result(page, key, timeout=20)["payload"]
    assert reply["ok"] is False and reply["reason"] == expected, reply
    assert page.sa_call("test_read", {})["payload"]["ok"] is True
    time.sleep(2.0 if stage != "during_execution" else 4.5)   # nothing runs late, nothing runs twice
    assert effects(page) == {}
    assert staged_audit(page) == [(False, expected)]
    assert [e["source"] for e in audit_log(page) if e["tool"] == "test_staged"] == ["site"]
    assert journal_states(page) == ["done"]
    assert not page.popup_targets("approve.html")


# --- canaries ------------------------------------------------------------------------------------

CANARY = "canary-5b9e1d-never-stored"
CANARY_ADDR = "canary-5b9e1d@canary.test"


def test_canaries_in_args_and_results_never_reach_storage(page):
    assert page.sa_call("test_write", {"text": CANARY})["payload"]["ok"] is True
    assert page.sa_call("test_note", {"body": CANARY})["payload"]["ok"] is True
    got = page.sa_call("test_read_mail", {"from": CANARY_ADDR, "body": CANARY + " mail " + CANARY_ADDR})["payload"]
    assert got["ok"] is True and CANARY in json.dumps(got)
    assert page.sa_call("test_send", {"to": [CANARY_ADDR], "body": CANARY + "x" * 5000})["payload"]["reason"] == "invalid_args"
    key = start_call(page, "test_send", {"to": [CANARY_ADDR], "body": CANARY})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for(f"document.body.innerText.includes('{CANARY}')")
    dump = storage_dump(page)
    assert CANARY not in dump and CANARY_ADDR not in dump
    # issue 34: the read's distinctive token ("5b9e1d") is noted, as a hash only
    assert '"rules_leaks":{"h:' in dump and "5b9e1d" not in dump
    page.stop_service_worker()
    call_result(page, key, timeout=20)
    log = json.dumps(audit_log(page))
    dump = storage_dump(page)
    assert CANARY not in dump and CANARY_ADDR not in dump and CANARY not in log
    assert len(audit_log(page)) >= 5


# --- content-script isolation ------------------------------------------------------------------

def test_content_script_cannot_read_session_storage(page):
    page.sw_eval("chrome.storage.session.set({isolation_probe: 'secret-in-session'}).then(() => 1)")
    url = page.driver.current_url
    target = next(t for t in page.list_targets() if t["type"] == "page" and t["url"] == url)
    cdp = CDPConnection(target["webSocketDebuggerUrl"], name="page")
    contexts = []
    cdp.add_listener(lambda m: contexts.append(m["params"]["context"])
                     if m.get("method") == "Runtime.executionContextCreated" else None)
    try:
        cdp.send("Runtime.enable")
        ext_origin = "chrome-extension://" + page.extension_id
        ctx = wait_until(lambda: next((c for c in contexts if c.get("origin") == ext_origin
                                       or c.get("name") == "Site Agent"), None), 5, "the bridge's isolated world")
        probe = ("(async () => { const r = {id: chrome.runtime.id};"
                 " try { r.session = JSON.stringify(await chrome.storage.session.get(null)); }"
                 " catch (e) { r.error = String(e.message || e); } return JSON.stringify(r); })()")
        res = cdp.send("Runtime.evaluate", {"expression": probe, "contextId": ctx["id"], "awaitPromise": True,
                                            "returnByValue": True})
        got = json.loads(res["result"]["value"])
    finally:
        cdp.close()
    assert got["id"] == page.extension_id                     # we really ran inside the content script
    assert "session" not in got and "not allowed" in got["error"].lower(), got
    assert "secret-in-session" in page.sw_eval(
        "chrome.storage.session.get('isolation_probe').then(r => JSON.stringify(r))")


def test_worker_killed_during_a_console_call_is_audited_as_the_console(page):
    """The journal keeps who called, so the restarted worker's audit entry names the console."""
    drv = page.driver
    back = drv.current_window_handle
    drv.switch_to.new_window("tab")
    try:
        drv.get(page.extension_url("console.html"))
        drv.execute_script("chrome.runtime.sendMessage({kind: 'console_call', name: 'test_staged', "
                           "args: {text: 'from the console', exec_ms: 4000}}).catch(() => null)")
        popup = page.wait_for_popup("approve.html", timeout=8)
        popup.wait_for("!document.getElementById('allow').disabled")
        popup.click("#allow")
        wait_until(lambda: journal_states(page) == ["executing"], 8, "the console's call to start executing")
        page.stop_service_worker()
    finally:
        drv.close()
        drv.switch_to.window(back)
    assert page.sa_call("test_read", {})["payload"]["ok"] is True
    wait_until(lambda: staged_audit(page) == [(False, "worker_restarted")], 8, "the orphan's audit entry")
    assert [e["source"] for e in audit_log(page) if e["tool"] == "test_staged"] == ["console"]
