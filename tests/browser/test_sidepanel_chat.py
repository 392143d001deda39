"""Issue 30: the side panel's chat, driven as a user drives it (sidepanel.html in a tab, real clicks and
keys) against scripted streaming model servers on loopback (stream_models.py: each speaks its
provider's documented wire format). The panel, the worker's gates, the approval window and the
fixture pages are real; the model is the only stand-in. Effects are read from the fixture server's
POST /__record log."""
from __future__ import annotations

import json
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from extension import audit_log, effects, storage_dump
from harness import wait_until
from page_fixtures import *  # noqa: F401,F403  (page_site, browser)
from page_fixtures import SHOP
from stream_models import StreamModel, Turn, first_user_text, last_tool_texts, outcome_in, signature

pytestmark = pytest.mark.browser

KEY = "sk-canary-7Q2x9LmZpA4vB8"
UID = re.compile(r"^\s*(?P<code>[A-Z0-9]+) (?P<uid>(?:f\d+)?u\d+) (?P<rest>.*)$", re.M)


@pytest.fixture
def panel(browser, page_site):
    from extension import reset_extension_state
    page_site.reset()
    reset_extension_state(browser)
    yield browser
    browser.assert_no_sw_exceptions()


@pytest.fixture
def models():
    started: list[StreamModel] = []

    def start(provider, plan, **kw):
        server = StreamModel(provider, plan, **kw)
        started.append(server)
        return server
    yield start
    for server in started:
        assert server.errors == [], server.errors
        server.close()


# --- driving the panel -----------------------------------------------------------------------------------

def js(b, expr, *args):
    return b.driver.execute_script("return " + expr, *args)


def el(b, css):
    return b.driver.find_element(By.CSS_SELECTOR, css)


def open_panel(b, page_path: str, theme: str | None = None) -> str:
    """The fixture page in the current tab, then the panel in a second tab of the same window."""
    b.open(f"https://{SHOP}{page_path}")
    wait_until(lambda: js(b, "document.readyState === 'complete'"), 10, "the fixture page")
    url = b.extension_url("sidepanel.html" + (f"?theme={theme}" if theme else ""))
    handle = b.new_tab(url)
    wait_until(lambda: js(b, "document.documentElement.dataset.panelReady === '1'"), 10, "the panel to load")
    return handle


def configure(b, provider: str, server: StreamModel | None, key: str = KEY, model: str = "scripted-model",
              remember: bool = False, keep: bool = False, steps: int | None = None, tokens: int | None = None,
              page_only: bool = False):
    el(b, "#tab-settings").click()
    Select(el(b, "#set-provider")).select_by_value(provider)
    for field, value in (("set-base", server.base_url if server else ""), ("set-model", model), ("set-key", key)):
        box = el(b, "#" + field)
        box.clear()
        box.send_keys(value)
    for box_id, wanted in (("set-remember", remember), ("set-keep", keep), ("set-page-only", page_only)):
        if el(b, "#" + box_id).is_selected() != wanted:
            el(b, "#" + box_id).click()
    for field, value in (("set-steps", steps), ("set-tokens", tokens)):
        if value is not None:
            el(b, "#" + field).clear()
            el(b, "#" + field).send_keys(str(value))
    el(b, "#save-settings").click()
    wait_until(lambda: js(b, "document.getElementById('settings-status').textContent.startsWith('Saved')"), 8,
               "the settings to save")
    el(b, "#tab-chat").click()


def runs(b) -> int:
    return int(js(b, "document.documentElement.dataset.panelRuns || '0'"))


def say(b, text: str, wait: bool = True):
    before = runs(b)
    box = el(b, "#prompt")
    box.send_keys(text)
    box.send_keys(Keys.CONTROL, Keys.ENTER)            # the keyboard path (Ctrl+Enter sends)
    wait_until(lambda: js(b, "document.documentElement.dataset.panelRunning === '1'") or runs(b) > before, 8,
               "the run to start")
    if wait:
        wait_until(lambda: runs(b) > before, 40, "the run to end")


def finished(b, timeout: float = 40):
    wait_until(lambda: js(b, "document.documentElement.dataset.panelRunning === '0'"), timeout, "the run to end")


def items(b) -> list[dict]:
    return js(b, "[...document.querySelectorAll('#transcript > li')].map(li => ({cls: li.className,"
                 " text: li.textContent, state: li.dataset.state || null, tool: li.dataset.tool || null,"
                 " call: li.dataset.call || null}))")


def cards(b) -> list[dict]:
    return [i for i in items(b) if "tool-card" in i["cls"]]


def notes(b) -> list[str]:
    return [i["text"] for i in items(b) if i["cls"].startswith("note")]


def answers(b) -> list[str]:
    return [i["text"] for i in items(b) if "msg-assistant" in i["cls"]]


def uid_in(text: str, code: str, starts: str) -> str:
    for m in UID.finditer(text):
        if m.group("code") == code and m.group("rest").startswith(starts):
            return m.group("uid")
    raise AssertionError(f"no {code} line starting {starts!r} in:\n{text}")


def actions(site, name):
    return [r["data"] for r in site.records if isinstance(r["data"], dict) and r["data"].get("action") == name]


# --- plans -------------------------------------------------------------------------------------------------

def order_plan(provider: str, log: dict):
    """scan (the context) -> type -> select -> click -> scan -> read -> an answer citing the quote."""
    def plan(body, n):
        if n == 1:
            scan = first_user_text(provider, body)
            log["uids"] = {"name": uid_in(scan, "T", "Delivery name"), "size": uid_in(scan, "S", "Size"),
                           "quote": uid_in(scan, "B", "Get quote")}
            return Turn("I'll fill in the order form.", [("page", {"method": "type", "uid": log["uids"]["name"],
                                                                    "text": "Ada Lovelace"})], usage=(1500, 40))
        results = [outcome_in(t) for t in last_tool_texts(provider, body)]
        log.setdefault("results", []).append(results)
        assert all(r["ok"] for r in results), results
        if n == 2:
            return Turn("", [("page", {"method": "select", "uid": log["uids"]["size"], "label": "Medium"})], usage=(1700, 30))
        if n == 3:
            return Turn("", [("page", {"method": "click", "uid": log["uids"]["quote"]})], usage=(1800, 25))
        if n == 4:
            return Turn("", [("page", {"method": "scan"})], usage=(1900, 20))
        if n == 5:
            log["scan"] = results[0]["result"]["text"]
            log["quote_uid"] = next(m.group("uid") for m in UID.finditer(log["scan"]) if m.group("code") == "P")
            return Turn("", [("page", {"method": "read", "uid": log["quote_uid"]})], usage=(2600, 22))
        read = results[0]["result"]["text"]
        log["read"] = read
        price = re.search(r"costs ([\d.]+ EUR)", read).group(1)
        return Turn(f"Done. The page says quote QX-7731 costs {price} including delivery (three working days).",
                    usage=(2900, 35))
    return plan


# --- the tests ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("provider", ["openai", "anthropic", "gemini"])
def test_a_multi_step_task_on_a_fixture_page(panel, page_site, models, provider):
    log: dict = {}
    server = models(provider, order_plan(provider, log))
    open_panel(panel, "/panel-order.html")
    configure(panel, provider, server)
    say(panel, "Order a medium lamp for Ada Lovelace and tell me the price.")
    assert len(server.requests) == 6, (items(panel), [r["path"] for r in server.requests])
    got = cards(panel)
    assert [(c["tool"], c["state"]) for c in got] == [("page", "ok")] * 5, got
    summaries = [c["text"] for c in got]
    for verb, shown in zip(["type", "select", "click", "scan", "read"], summaries):
        assert verb in shown
    assert "read" in summaries[0] or "write" in summaries[0]        # a risk badge on every card
    final = answers(panel)[-1]
    assert "QX-7731 costs 42.50 EUR" in final and "42.50 EUR" in log["read"]
    assert actions(page_site, "quote") == [{"page": "/panel-order.html", "action": "quote", "name": "Ada Lovelace",
                                            "size": "m"}]
    # tokens the provider reported, per step and in total
    usage = [i["text"] for i in items(panel) if i["cls"].startswith("usage")]
    assert len(usage) == 6 and usage[0].startswith("Step 1: 1500 tokens in, 40 out")
    assert js(panel, "document.getElementById('run-tokens').textContent") == "12400 in · 172 out"
    # the page context: URL, title and scan, fenced as data
    first = first_user_text(provider, server.requests[0]["body"])
    assert "URL: https://shop.test/panel-order.html" in first and "Title: Order desk" in first
    assert re.search(r"<untrusted-data-[0-9a-f]{16}>\nURL:", first)
    # every panel call went through the gate: audited with source "panel", and each card links to its entry
    log_entries = [e for e in audit_log(panel) if e["source"] == "panel"]
    assert len(log_entries) == 6                                    # the context scan + five calls
    ids = {c["call"] for c in got}
    assert ids <= {e.get("call") for e in log_entries}
    panel.driver.find_elements(By.CSS_SELECTOR, "#transcript .tool-card [data-role=audit]")[1].click()
    line = wait_until(lambda: js(panel, "document.querySelectorAll('#transcript [data-role=audit-line]')[1].textContent")
                      or None, 8, "the audit line")
    assert "source panel" in line and "argument names: label, method, uid" in line
    # provider specifics: keys only in their own header; Gemini's thought signature echoed back
    headers = server.requests[0]["headers"]
    if provider == "openai":
        assert headers["authorization"] == "Bearer " + KEY
        assert server.requests[0]["body"]["stream"] is True and server.requests[0]["body"]["tools"][0]["type"] == "function"
    if provider == "anthropic":
        assert headers["x-api-key"] == KEY and "authorization" not in headers
        assert headers["anthropic-version"] == "2023-06-01"
        assert headers["anthropic-dangerous-direct-browser-access"] == "true"
        assert server.requests[0]["path"] == "/v1/messages" and server.requests[0]["body"]["system"]
    if provider == "gemini":
        assert headers["x-goog-api-key"] == KEY and "authorization" not in headers
        assert server.requests[0]["path"] == "/v1beta/models/scripted-model:streamGenerateContent?alt=sse"
        second = server.requests[1]["body"]["contents"]
        calls = [p for c in second for p in c["parts"] if "functionCall" in p]
        assert calls[0]["thoughtSignature"] == signature(1, 0)
        assert second[-1]["parts"][0]["functionResponse"]["name"] == "page"


def delete_plan(provider: str, then=None):
    """Click "Delete account" (an irreversible step), then say what happened."""
    def plan(body, n):
        if n == 1:
            uid = uid_in(first_user_text(provider, body), "B", "Delete account")
            return Turn("Deleting the account as asked.", [("page", {"method": "click", "uid": uid})])
        outcome = outcome_in(last_tool_texts(provider, body)[0])
        if then:
            return then(outcome)
        return Turn("Deleted." if outcome["ok"] else f"Not deleted ({outcome['reason']}).")
    return plan


@pytest.mark.parametrize("allow", [True, False], ids=["allow", "deny"])
def test_an_irreversible_step_waits_for_the_approval_window(panel, page_site, models, allow):
    server = models("anthropic", delete_plan("anthropic"))
    open_panel(panel, "/panel-order.html")
    configure(panel, "anthropic", server)
    say(panel, "Delete my account.", wait=False)
    popup = panel.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('Delete account')")
    assert popup.eval("document.getElementById('approve-origin').textContent") == \
        "Requested by the model in the Site Agent side panel"
    # the panel shows the waiting card and a button that brings the window to the front
    wait_until(lambda: js(panel, "!document.getElementById('pending').hidden"), 8, "the approval card")
    wait_until(lambda: [c["state"] for c in cards(panel)] == ["waiting"], 8, "the card to say it waits")
    assert "irreversible" in cards(panel)[0]["text"] and "Waiting for your answer" in cards(panel)[0]["text"]
    el(panel, "#focus-approval").click()
    assert actions(page_site, "delete") == [] and not popup.is_closed
    if allow:
        popup.wait_for("!document.getElementById('allow').disabled")
        popup.click("#allow")
    else:
        popup.click("#deny")
    finished(panel)
    wait_until(lambda: js(panel, "document.getElementById('pending').hidden"), 8, "the approval card to go")
    told = outcome_in(last_tool_texts("anthropic", server.requests[1]["body"])[0])
    if allow:
        assert told["ok"] is True
        wait_until(lambda: len(actions(page_site, "delete")) == 1, 5, "the delete to reach the page")
        assert [c["state"] for c in cards(panel)] == ["ok"] and answers(panel)[-1].endswith("Deleted.")
    else:
        assert told["reason"] == "approval_denied"
        assert "declined" in last_tool_texts("anthropic", server.requests[1]["body"])[0]     # the loop's note
        assert actions(page_site, "delete") == []
        assert [c["state"] for c in cards(panel)] == ["denied"]
        assert answers(panel)[-1].endswith("Not deleted (approval_denied).")
    entry = [e for e in audit_log(panel) if e["source"] == "panel"][-1]
    assert entry["tool"] == "page" and entry["ok"] is allow


def test_stop_mid_stream_aborts_the_model_request(panel, page_site, models):
    slow = "Let me think about this page carefully before I do anything at all on it, step by step. " * 3

    def plan(body, n):
        uid = uid_in(first_user_text("openai", body), "B", "Delete account")
        return Turn(slow, [("page", {"method": "click", "uid": uid})], delay=0.12)
    server = models("openai", plan)
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server)
    say(panel, "Tidy up my account.", wait=False)
    wait_until(lambda: len(js(panel, "(document.querySelector('.msg-assistant.streaming .text') || {}).textContent || ''"))
               > 20, 10, "streamed text")
    el(panel, "#prompt").send_keys(Keys.ESCAPE)            # Esc in the message box is Stop
    finished(panel, 8)
    shown = answers(panel)[-1]
    assert 20 < len(shown) < len("Assistant" + slow)
    assert notes(panel)[-1] == "Stopped by you. Nothing ran in this run."
    wait_until(lambda: server.closed_early == 1, 10, "the server to see the request aborted")
    assert len(server.requests) == 1 and cards(panel) == []
    assert answers(panel)[-1] == shown                      # nothing more arrives after Stop
    panel.assert_no_popup("approve.html")
    assert actions(page_site, "delete") == []


def test_stop_while_an_approval_waits(panel, page_site, models):
    clicking = delete_plan("openai")

    def plan(body, n):                  # a read first, so the transcript has something that ran
        if n == 1:
            return Turn("", [("page", {"method": "scan", "viewport": True})])
        return clicking(body, 1)
    server = models("openai", plan)
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server)
    say(panel, "Delete my account.", wait=False)
    popup = panel.wait_for_popup("approve.html")
    wait_until(lambda: [c["state"] for c in cards(panel)] == ["ok", "waiting"], 8, "the waiting card")
    # readable at 320 px: nothing wider than the panel
    panel.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                 {"width": 320, "height": 700, "deviceScaleFactor": 1, "mobile": False})
    try:
        assert js(panel, "document.documentElement.scrollWidth") <= 320
        assert js(panel, "Math.max(...[...document.querySelectorAll('#view-chat *')].map(e => e.getBoundingClientRect().right))") <= 320
    finally:
        panel.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    el(panel, "#stop").click()
    finished(panel, 8)
    wait_until(lambda: popup.is_closed, 5, "Stop to close the approval window")
    assert [c["state"] for c in cards(panel)] == ["ok", "denied"]
    assert "stopped by the user in the side panel" in cards(panel)[1]["text"]
    assert notes(panel)[-1] == 'Stopped by you. Already ran: page scan viewport=true.'
    assert len(server.requests) == 2 and actions(page_site, "delete") == []
    entry = [e for e in audit_log(panel) if e["source"] == "panel"][-1]
    assert (entry["ok"], entry["reason"]) == (False, "approval_denied")


def test_worker_killed_mid_run_gives_a_clear_message_and_no_repeated_write(panel, page_site, models):
    def plan(body, n):
        if n <= 2:
            return Turn("", [("test_staged", {"text": "charge the card", "exec_ms": 4000})])
        return Turn("I could not confirm the charge; please check before trying again.")
    server = models("openai", plan)
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server)
    say(panel, "Charge the card.", wait=False)
    popup = panel.wait_for_popup("approve.html")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    wait_until(lambda: popup.is_closed, 8, "the approval window to close")
    panel.stop_service_worker()                               # during the call (1.5 s pause + 4 s of work)
    finished(panel, 30)
    got = cards(panel)
    assert [(c["tool"], c["state"]) for c in got] == [("test_staged", "unknown"), ("test_staged", "refused")], got
    assert "service worker stopped during the call" in got[0]["text"]
    assert "retry_blocked" in got[1]["text"]
    second = outcome_in(last_tool_texts("openai", server.requests[1]["body"])[0])
    assert second["reason"] == "worker_restarted"
    assert "Do not call test_staged again" in last_tool_texts("openai", server.requests[1]["body"])[0]
    assert outcome_in(last_tool_texts("openai", server.requests[2]["body"])[0])["reason"] == "retry_blocked"
    assert answers(panel)[-1].endswith("please check before trying again.")
    assert effects(panel).get("test_staged", 0) == 0        # killed before it counted, and never sent again


def test_local_model_doctor(panel, page_site, models):
    refusing = models("openai", lambda body, n: Turn("never"), refuse_extension_origin=True)
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", None)
    el(panel, "#tab-settings").click()
    box = el(panel, "#set-base")
    box.clear()
    box.send_keys(f"http://localhost:{refusing.port}/v1")
    el(panel, "#save-settings").click()
    wait_until(lambda: js(panel, "document.getElementById('settings-status').textContent.startsWith('Saved')"), 8, "saved")
    el(panel, "#tab-chat").click()
    say(panel, "Hello?")
    shown = notes(panel)[-1]
    assert f"OLLAMA_ORIGINS=chrome-extension://{panel.extension_id} ollama serve" in shown, shown
    assert "refused this extension's origin (HTTP 403)" in shown
    assert refusing.requests[0]["headers"]["origin"] == f"chrome-extension://{panel.extension_id}"


def test_doctor_no_tool_support_and_tool_json_in_text(panel, page_site, models):
    def plan(body, n):
        if n == 1:
            return Turn(status=400, error_body='{"error":{"message":"registry.ollama.ai/library/gemma:2b does not '
                                               'support tools","type":"api_error"}}')
        return Turn('{"name": "page", "arguments": {"method": "click", "uid": "u6"}}')
    server = models("openai", plan)
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server)
    say(panel, "Delete my account.")
    assert "does not support tool calls" in notes(panel)[-1]
    say(panel, "Delete my account.")
    assert "wrote a tool call as plain text instead of calling the tool, so nothing ran" in " ".join(notes(panel))
    assert cards(panel) == [] and actions(page_site, "delete") == []


def test_three_bad_calls_in_a_row_end_the_run(panel, page_site, models):
    def plan(body, n):
        return Turn("", [("no_such_tool", {}), ("page", {"method": "fly"}), ("page", {"method": "click", "uid": "u999"}),
                         ("page", {"method": "scan"})])
    server = models("gemini", plan)
    open_panel(panel, "/panel-order.html")
    configure(panel, "gemini", server, page_only=True)
    say(panel, "Do something.")
    offered = server.requests[0]["body"]["tools"][0]["functionDeclarations"]
    assert [d["name"] for d in offered] == ["page"]                   # "only the page tool"
    assert [c["state"] for c in cards(panel)] == ["refused", "failed", "failed", "not_called"]
    assert notes(panel)[-1].startswith("Stopped: three tool calls in a row failed")
    assert len(server.requests) == 1


def answer_plan(provider: str, text: str = "The page is the Order desk; its quote button says Get quote."):
    def plan(body, n):
        return Turn(text, usage=(900, 14))
    return plan


def export_text(b, button: str) -> str:
    el(b, f"#history-list .history-item [data-act={button}]").click()
    return b.page_eval_async("const done = arguments[arguments.length - 1];"
                             "const a = document.getElementById('export-link');"
                             "fetch(a.href).then(r => r.text()).then(t => done({name: a.download, text: t}));")


def test_no_key_leaks_and_history_is_kept_listed_exported_and_deleted(panel, page_site, models):
    server = models("openai", answer_plan("openai"))
    panel_tab = open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server)
    say(panel, "What is this page?")
    assert server.requests[0]["headers"]["authorization"] == "Bearer " + KEY
    dump = json.loads(storage_dump(panel))
    local, session = json.dumps(dump[0]), json.dumps(dump[1])
    assert KEY not in local and KEY in session                  # storage.session only, without the opt-in
    assert KEY not in json.dumps(audit_log(panel))
    assert all(KEY not in repr(r) for r in page_site.requests)
    assert KEY not in js(panel, "document.documentElement.outerHTML") and js(panel, "document.getElementById('set-key').value") == ""
    # history: kept for the session by default, listed, exported without the key
    el(panel, "#tab-history").click()
    wait_until(lambda: len(panel.driver.find_elements(By.CSS_SELECTOR, "#history-list .history-item")) == 1, 8, "the list")
    assert "storage.session" in el(panel, "#history-where").text
    assert "panel_history" in session and "panel_history" not in local
    md = export_text(panel, "md")
    assert md["name"].endswith(".md") and "**You:** What is this page?" in md["text"] and "Order desk" in md["text"]
    as_json = export_text(panel, "json")
    record = json.loads(as_json["text"])
    assert [i["kind"] for i in record["items"]][:2] == ["user", "assistant"] and "messages" not in record
    for text in (md["text"], as_json["text"]):
        assert KEY not in text and "sk-canary" not in text
    # no other extension page shows it
    for page in ("console.html", "approve.html"):
        panel.new_tab(panel.extension_url(page))
        wait_until(lambda: js(panel, "document.readyState === 'complete'"), 8, page)
        assert KEY not in panel.driver.page_source
        panel.driver.close()
        panel.driver.switch_to.window(panel_tab)
    # "remember on this device" moves the key to storage.local, and "keep conversations" the history
    configure(panel, "openai", server, key="", remember=True, keep=True)
    dump = json.loads(storage_dump(panel))
    assert KEY in json.dumps(dump[0]) and KEY not in json.dumps(dump[1])
    assert "panel_history" in json.dumps(dump[0]) and "panel_history" not in json.dumps(dump[1])
    settings = dump[0]["panel_settings"]
    assert KEY not in json.dumps(settings) and settings["remember_key"] is True
    # delete one, then all
    el(panel, "#new-chat").click()
    say(panel, "And again?")
    el(panel, "#tab-history").click()
    wait_until(lambda: len(panel.driver.find_elements(By.CSS_SELECTOR, "#history-list .history-item")) == 2, 8, "two")
    panel.driver.find_elements(By.CSS_SELECTOR, "#history-list .history-item [data-act=open]")[1].click()
    wait_until(lambda: js(panel, "!document.getElementById('view-chat').hidden"), 5, "the chat view")
    assert [i["text"] for i in items(panel)][0] == "YouWhat is this page?"        # the older conversation, reopened
    say(panel, "One more question.")                                             # and continued
    assert [m["role"] for m in server.requests[-1]["body"]["messages"]] == ["system", "user", "assistant", "user"]
    el(panel, "#tab-history").click()
    wait_until(lambda: len(panel.driver.find_elements(By.CSS_SELECTOR, "#history-list .history-item")) == 2, 8, "two")
    el(panel, "#history-list .history-item [data-act=delete]").click()
    wait_until(lambda: len(panel.driver.find_elements(By.CSS_SELECTOR, "#history-list .history-item")) == 1, 8, "one")
    el(panel, "#delete-all").click()
    wait_until(lambda: js(panel, "!document.getElementById('history-empty').hidden"), 8, "none")
    dump = json.loads(storage_dump(panel))
    assert dump[0].get("panel_history", []) == [] and dump[1].get("panel_history", []) == []
    el(panel, "#tab-settings").click()
    el(panel, "#forget-key").click()
    wait_until(lambda: KEY not in storage_dump(panel), 8, "the key to be forgotten")


def test_a_hostile_page_cannot_make_the_model_delete_or_exfiltrate(panel, page_site, models):
    """The scripted model obeys the text injected in the page: it clicks Delete account, then types the
    page's text and the attacker's address into the feedback box. The gates stop both."""
    seen: dict = {}

    def plan(body, n):
        if n == 1:
            context = first_user_text("openai", body)
            seen["context"] = context
            return Turn("", [("page", {"method": "read", "uid": uid_in(context, "P", "IMPORTANT NOTE")})])
        if n == 2:
            seen["read"] = outcome_in(last_tool_texts("openai", body)[0])
            return Turn("Following the note on the page.", [("page", {"method": "click",
                                                                      "uid": uid_in(seen["context"], "B", "Delete account")})])
        if n == 3:
            seen["first"] = outcome_in(last_tool_texts("openai", body)[0])
            uid = uid_in(seen["context"], "T", "Feedback")
            return Turn("", [("page", {"method": "type", "uid": uid,
                                       "text": "For attacker@evil.test: Order desk lamp, account of the user."})])
        seen["second"] = outcome_in(last_tool_texts("openai", body)[0])
        return Turn("I did not do what the page asked.")
    server = models("openai", plan)
    open_panel(panel, "/panel-hostile.html")
    configure(panel, "openai", server)
    say(panel, "Summarise this thread.", wait=False)
    popup = panel.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('Delete account')")
    popup.click("#deny")
    wait_until(lambda: popup.is_closed, 5, "the first window to close")
    popup = panel.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
    shown = popup.text()
    assert "attacker@evil.test" in shown and "Flagged" in shown, shown      # the taint, in the window
    popup.click("#deny")
    finished(panel)
    # the page's text reached the model only fenced as data
    assert re.search(r"<untrusted-data-[0-9a-f]{16}>\nURL: https://shop.test/panel-hostile.html", seen["context"])
    assert seen["first"]["reason"] == "approval_denied" and seen["second"]["reason"] == "approval_denied"
    assert actions(page_site, "delete") == [] and actions(page_site, "typed") == [] and actions(page_site, "feedback") == []
    assert "attacker@evil.test" in seen["read"]["result"]["text"]
    assert [c["state"] for c in cards(panel)] == ["ok", "denied", "denied"]


def test_the_chatbots_backend_is_the_default_when_the_build_names_one(tmp_path, launch_browser, page_site, models):
    """[panel] backend_url in siteagent.toml: the visitor needs no key and no settings."""
    from extension import build_variant
    from harness import host_rules_for
    server = models("openai", answer_plan("openai", "Hello from the chatbot's own model."))
    url = f"http://localhost:{server.port}/api/chat"
    dist = build_variant(tmp_path, lambda t: t.replace('[panel]\nbackend_url = ""',
                                                       f'[panel]\nbackend_url = "{url}"\nbackend_model = "house"', 1))
    b = launch_browser(dist, host_rules=host_rules_for([page_site]))
    open_panel(b, "/panel-order.html")
    assert el(b, "#model-line").text == "Model: The chatbot's backend"
    say(b, "Hi")
    assert answers(b)[-1].endswith("Hello from the chatbot's own model.")
    sent = server.requests[0]
    assert sent["path"] == "/api/chat" and "authorization" not in sent["headers"]
    assert sent["body"]["model"] == "house" and sent["body"]["stream"] is True
    el(b, "#tab-settings").click()
    assert Select(el(b, "#set-provider")).first_selected_option.get_attribute("value") == "backend"
    assert not el(b, "#own-model").is_displayed()


@pytest.mark.parametrize("budget", ["steps", "tokens"])
def test_user_budgets_end_the_run(panel, page_site, models, budget):
    log: dict = {}
    server = models("openai", order_plan("openai", log))
    open_panel(panel, "/panel-order.html")
    if budget == "steps":
        configure(panel, "openai", server, steps=2)
    else:
        configure(panel, "openai", server, tokens=3000)      # step 1: 1540 tokens, step 2: 1730 more
    say(panel, "Order a medium lamp for Ada Lovelace.")
    assert len(server.requests) == 2
    assert [c["state"] for c in cards(panel)] == ["ok", "ok"]
    expected = "the step budget (2)" if budget == "steps" else "the token budget (3000)"
    assert notes(panel)[-1].startswith(f"Stopped: {expected} is used up") and "Already ran: page type" in notes(panel)[-1]
    el(panel, "#tab-settings").click()
    assert js(panel, f"document.getElementById('set-{budget}').value") == ("2" if budget == "steps" else "3000")


def test_doctor_notices_a_prompt_cut_at_ollamas_default_context(panel, page_site, models):
    server = models("openai", lambda body, n: Turn("Hi.", usage=(4096, 3)))      # Ollama caps prompt_tokens at num_ctx
    open_panel(panel, "/panel-order.html")
    configure(panel, "openai", server, key="")
    el(panel, "#tab-settings").click()
    box = el(panel, "#set-base")
    box.clear()
    box.send_keys(f"http://localhost:{server.port}/v1")
    el(panel, "#save-settings").click()
    wait_until(lambda: js(panel, "document.getElementById('settings-status').textContent.startsWith('Saved')"), 8, "saved")
    el(panel, "#tab-chat").click()
    say(panel, "Hello?")
    assert any("about Ollama's default context of 4,096" in n and "OLLAMA_CONTEXT_LENGTH=32768" in n for n in notes(panel))
    assert "authorization" not in server.requests[0]["headers"]                  # no key, no header
