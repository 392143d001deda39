"""Issue 3 end to end: the bridge protocol, the rules engine, approvals and the audit log."""
import time

import pytest

from extension import ext_send, start_call, call_result, storage_dump, effects, audit_log, payload
from harness import wait_until

pytestmark = pytest.mark.browser

CANARY = "canary-7f3a9c-do-not-store"


def test_ping(page):
    reply = page.sa_send("PING")
    assert reply["source"] == "portfolio-ext" and reply["type"] == "PING"
    assert payload(reply) == {"ok": True, "version": "0.1.0", "apiVersion": 2}


def test_list_tools_needs_no_google_tab(page):
    tools = payload(page.sa_send("LIST_TOOLS"))
    names = {t["name"] for t in tools}
    assert {"test_read", "test_write", "test_irreversible"} <= names
    assert "browser_health" not in names and "generic_click_text" not in names
    for tool in tools:
        assert set(tool) == {"name", "description", "risk", "inputSchema", "annotations"}
        assert tool["risk"] in ("read", "write", "irreversible")
    risks = {t["name"]: t["risk"] for t in tools}
    assert risks["test_read"] == "read" and risks["test_irreversible"] == "irreversible"


def test_disabled_tool_is_filtered_and_refused(page):
    ext_send(page, {"kind": "set_tool_enabled", "name": "test_write", "enabled": False})
    assert "test_write" not in {t["name"] for t in payload(page.sa_send("LIST_TOOLS"))}
    out = payload(page.sa_send("CALL_TOOL", {"name": "test_write", "args": {"text": "x"}}))
    assert out["ok"] is False and out["reason"] == "tool_disabled"
    assert effects(page).get("test_write") is None
    ext_send(page, {"kind": "set_tool_enabled", "name": "test_write", "enabled": True})
    assert payload(page.sa_send("CALL_TOOL", {"name": "test_write", "args": {"text": "x"}}))["ok"] is True


def test_pause_empties_discovery_and_refuses_calls(page):
    ext_send(page, {"kind": "set_paused", "paused": True})
    assert payload(page.sa_send("LIST_TOOLS")) == []
    out = payload(page.sa_send("CALL_TOOL", {"name": "test_read", "args": {}}))
    assert out["reason"] == "paused"
    ext_send(page, {"kind": "set_paused", "paused": False})
    assert payload(page.sa_send("CALL_TOOL", {"name": "test_read", "args": {}}))["ok"] is True


def test_console_only_tool_is_refused_to_a_page_but_runs_from_the_console(page):
    out = payload(page.sa_send("CALL_TOOL", {"name": "browser_health", "args": {}}))
    assert out["ok"] is False and out["reason"] == "tool_not_allowed_for_site"
    ran = ext_send(page, {"kind": "console_call", "name": "browser_health", "args": {}})
    assert ran["ok"] is True and ran["tool"] == "browser_health"
    log = audit_log(page)
    assert [e["source"] for e in log if e["tool"] == "browser_health"] == ["site", "console"]


def test_unknown_tool_and_invalid_args(page):
    assert payload(page.sa_send("CALL_TOOL", {"name": "no_such_tool", "args": {}}))["reason"] == "unknown_tool"
    bad = payload(page.sa_send("CALL_TOOL", {"name": "test_read", "args": {"text": 42}}))
    assert bad["reason"] == "invalid_args" and bad["field"] == "text" and "text" in bad["message"]
    extra = payload(page.sa_send("CALL_TOOL", {"name": "test_read", "args": {"surprise": 1}}))
    assert extra["reason"] == "invalid_args" and extra["field"] == "surprise"
    missing = payload(page.sa_send("CALL_TOOL", {"name": "test_irreversible", "args": {}}))
    assert missing["reason"] == "invalid_args" and missing["field"] == "text"
    page.assert_no_popup("approve.html")


@pytest.mark.parametrize("message", [
    {"source": "portfolio-chat", "type": "PING"},                                   # no id
    {"source": "portfolio-chat", "id": "", "type": "PING"},                         # empty id
    {"source": "portfolio-chat", "id": "x1", "type": "DANCE"},                      # wrong type
    {"source": "portfolio-chat", "id": "x2", "type": "CALL_TOOL", "name": "test_read", "args": [1]},
    {"source": "portfolio-chat", "id": "x3", "type": "CALL_TOOL", "name": "test_read", "args": "text"},
    {"source": "portfolio-chat", "id": "x4", "type": "CALL_TOOL", "name": "test_read",
     "args": {"text": "a" * 300000}},                                               # oversized
])
def test_malformed_requests_get_bad_request(page, message):
    replies = page.sa_raw(message, 1500)
    assert len(replies) == 1, replies
    reply = replies[0]
    assert reply["source"] == "portfolio-ext"
    assert reply["id"] == message.get("id")
    assert reply["payload"]["ok"] is False and reply["payload"]["reason"] == "bad_request"
    assert effects(page) == {}


def test_wrong_source_tag_and_non_objects_are_ignored(page):
    for message in [{"source": "someone-else", "id": "q1", "type": "PING"}, "PING", 7, None, [1, 2]]:
        assert page.sa_raw(message, 400) == []


def test_untrusted_origin_gets_no_reply(browser, untrusted_site):
    browser.open_chatbot(untrusted_site)
    assert browser.sa_raw({"source": "portfolio-chat", "id": "u1", "type": "PING"}, 1500) == []
    assert browser.driver.execute_script("return typeof chrome === 'undefined' || !chrome.runtime || !chrome.runtime.id")


def test_iframe_messages_are_ignored(page, chatbot_site):
    page.page_eval_async("const done = arguments[arguments.length - 1];"
                         "sa.embed(arguments[0], {id: 'child'}).then(done);", chatbot_site.url("/"))
    # the iframe posts a well-formed request to its parent (the top window): wrong event.source
    replies = page.page_eval_async(
        "const done = arguments[arguments.length - 1];"
        "const seen = []; const f = e => { if (e.data && e.data.source === 'portfolio-ext') seen.push(e.data); };"
        "window.addEventListener('message', f);"
        "const child = document.getElementById('child').contentWindow;"
        "child.eval(\"parent.postMessage({source: 'portfolio-chat', id: 'from-frame', type: 'PING'}, location.origin)\");"
        "child.eval(\"window.__got = []; addEventListener('message', e => window.__got.push(e.data));"
        "postMessage({source: 'portfolio-chat', id: 'inside-frame', type: 'PING'}, location.origin)\");"
        "setTimeout(() => { window.removeEventListener('message', f);"
        " done({top: seen, inner: child.__got.filter(d => d && d.source === 'portfolio-ext')}); }, 1500);")
    assert replies == {"top": [], "inner": []}


def test_200_concurrent_calls_keep_their_ids(page):
    results = page.page_eval_async(
        "const done = arguments[arguments.length - 1];"
        "const calls = []; for (let i = 0; i < 200; i++) calls.push("
        "  sa.send('CALL_TOOL', {id: 'c' + i, name: 'test_read', args: {text: 'n' + i}}, 30000));"
        "Promise.all(calls).then(done);", timeout=60)
    assert len(results) == 200
    for i, reply in enumerate(results):
        assert reply["id"] == f"c{i}", reply
        assert reply["payload"]["ok"] is True
        assert reply["payload"]["result"]["echo"] == {"text": f"n{i}"}
    assert len([e for e in audit_log(page) if e["tool"] == "test_read"]) == 200


def test_irreversible_allow_runs_exactly_once(page):
    key = start_call(page, "test_irreversible", {"text": "launch the rocket"})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('launch the rocket')")
    assert "test_irreversible" in popup.text()
    assert effects(page) == {}
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    out = payload({"payload": call_result(page, key)["payload"]})
    assert out == {"ok": True, "tool": "test_irreversible", "result": {"done": True, "text": "launch the rocket"}}
    assert effects(page) == {"test_irreversible": 1}
    wait_until(lambda: popup.is_closed, 5, "the approval window to close")


def test_irreversible_deny_does_not_run(page):
    key = start_call(page, "test_irreversible", {"text": "no"})
    popup = page.wait_for_popup("approve.html")
    popup.click("#deny")
    out = call_result(page, key)["payload"]
    assert out["ok"] is False and out["reason"] == "approval_denied"
    assert effects(page) == {}


def test_closing_the_approval_window_denies(page):
    key = start_call(page, "test_irreversible", {"text": "close me"})
    popup = page.wait_for_popup("approve.html")
    popup.close()
    out = call_result(page, key)["payload"]
    assert out["reason"] == "approval_denied" and "closed" in out["message"]
    assert effects(page) == {}


def test_unanswered_approval_times_out(page):
    started = time.monotonic()
    key = start_call(page, "test_irreversible", {"text": "wait"})
    page.wait_for_popup("approve.html")
    out = call_result(page, key, timeout=15)["payload"]
    assert out["reason"] == "approval_timeout"
    assert time.monotonic() - started >= 3.5          # the test profile's 4 s
    assert effects(page) == {}
    wait_until(lambda: not page.popup_targets("approve.html"), 5, "the timed-out window to close")


def test_second_pending_approval_of_the_same_tool_is_refused(page):
    first = start_call(page, "test_irreversible", {"text": "one"})
    popup = page.wait_for_popup("approve.html")
    second = payload(page.sa_send("CALL_TOOL", {"name": "test_irreversible", "args": {"text": "two"}}))
    assert second["reason"] == "approval_pending"
    popup.click("#deny")
    assert call_result(page, first)["payload"]["reason"] == "approval_denied"


def test_untrusted_clicks_do_not_count(page):
    key = start_call(page, "test_irreversible", {"text": "synthetic"})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.eval("document.getElementById('allow').click(); document.getElementById('allow')"
               ".dispatchEvent(new MouseEvent('click', {bubbles: true})); true")
    time.sleep(0.5)
    assert effects(page) == {}
    assert not page.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
    popup.click("#deny")
    assert call_result(page, key)["payload"]["reason"] == "approval_denied"


def test_approval_window_follows_the_page_theme(page):
    page.driver.execute_script("document.documentElement.dataset.theme = 'dark'")
    key = start_call(page, "test_irreversible", {"text": "dark"})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for("document.documentElement.dataset.theme === 'dark'")
    assert popup.eval("getComputedStyle(document.body).backgroundColor") == "rgb(15, 18, 22)"
    assert popup.eval("[...document.querySelectorAll('button')].map(b => b.textContent.trim())") == ["Deny", "Allow"]
    popup.click("#deny")
    call_result(page, key)


def test_worker_stopped_during_approval_means_denied(page):
    key = start_call(page, "test_irreversible", {"text": "orphan"})
    page.wait_for_popup("approve.html")
    page.stop_service_worker()
    out = call_result(page, key, timeout=20)["payload"]
    assert out["ok"] is False and out["reason"] == "approval_denied", out
    assert effects(page) == {}
    wait_until(lambda: not page.popup_targets("approve.html"), 10, "the orphaned window to close")
    assert payload(page.sa_send("CALL_TOOL", {"name": "test_read", "args": {}}))["ok"] is True


def test_audit_records_key_names_only_and_the_canary_never_reaches_storage(page):
    page.sa_send("CALL_TOOL", {"name": "test_read", "args": {"text": CANARY}})
    page.sa_send("CALL_TOOL", {"name": "test_read", "args": {"text": 99}})
    key = start_call(page, "test_irreversible", {"text": CANARY})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for(f"document.getElementById('approve-preview').textContent.includes('{CANARY}')")
    assert CANARY not in storage_dump(page)
    popup.click("#deny")
    call_result(page, key)
    log = audit_log(page)
    assert [(e["tool"], e["source"], e["ok"], e["reason"], e["arg_keys"]) for e in log[-3:]] == [
        ("test_read", "site", True, None, ["text"]),
        ("test_read", "site", False, "invalid_args", ["text"]),
        ("test_irreversible", "site", False, "approval_denied", ["text"]),
    ]
    assert all(isinstance(e["ts"], (int, float)) for e in log)
    assert CANARY not in storage_dump(page)


def test_audit_keeps_the_newest_200(page):
    page.page_eval_async(
        "const done = arguments[arguments.length - 1]; const calls = [];"
        "for (let i = 0; i < 230; i++) calls.push(sa.send('CALL_TOOL', {name: 'test_read', args: {}}, 30000));"
        "Promise.all(calls).then(() => done(1));", timeout=120)
    assert len(audit_log(page)) == 200


def test_approval_opens_even_when_the_chatbot_window_is_near_a_screen_edge(page):
    page.driver.set_window_rect(x=1900, y=1400, width=800, height=600)
    try:
        key = start_call(page, "test_irreversible", {"text": "edge"})
        popup = page.wait_for_popup("approve.html")
        popup.click("#deny")
        assert call_result(page, key)["payload"]["reason"] == "approval_denied"
        assert "could not be opened" not in call_result(page, key)["payload"]["message"]
    finally:
        page.driver.set_window_rect(x=0, y=0, width=1280, height=900)
