"""Issue 7: macros end to end: record (console and chatbot), replay with a parameter, approvals per
irreversible step, a failing step stops the run, import validation."""
import json

import pytest
from selenium.webdriver.support.ui import Select

from conhelp import js, wait_js, open_console, el, pick_tool, fill, run_form
from extension import ext_send, start_call, call_result, effects, audit_log
from harness import wait_until

pytestmark = pytest.mark.browser


def macro_file(*macros):
    return json.dumps({"format": "siteagent-macros", "version": 1, "macros": list(macros)})


def stored(browser):
    return browser.sw_eval("chrome.storage.local.get('macros').then(r => r.macros || {})")


def test_record_in_the_console_and_replay_with_a_parameter(fresh, chatbot_site):
    console = open_console(fresh)
    Select(el(fresh, "#record-source")).select_by_value("console")
    count = el(fresh, "#record-count")
    count.clear()
    count.send_keys("2")
    el(fresh, "#record-start").click()
    wait_js(fresh, "document.getElementById('record-status').textContent.startsWith('Recording')", "recording")
    pick_tool(fresh, "test_read")
    fill(fresh, "text", "first")
    assert run_form(fresh)["ok"] is True
    pick_tool(fresh, "test_write")
    fill(fresh, "text", "recorded value")
    assert run_form(fresh)["ok"] is True
    wait_js(fresh, "!document.getElementById('record-save').hidden", "the recording to stop after 2 calls")
    assert js(fresh, "[...document.querySelectorAll('#record-steps .step > code')].map(c => c.textContent)") == [
        "test_read", "test_write"]
    el(fresh, "#mark-1-text").click()
    name_box = el(fresh, "#param-1-text")
    name_box.clear()
    name_box.send_keys("note")
    el(fresh, "#macro-name").send_keys("read_and_store")
    el(fresh, "#macro-save").click()
    wait_js(fresh, "!!document.querySelector('#macro-list li[data-macro=read_and_store]')", "the saved macro")
    assert "note" in el(fresh, "#macro-list li[data-macro=read_and_store]").text
    macro = stored(fresh)["read_and_store"]
    assert macro["params"] == ["note"] and macro["steps"][1] == {
        "tool": "test_write", "args": {"text": "recorded value"}, "bind": {"text": "note"}}

    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    listed = fresh.sa_call("macro_list")["payload"]["result"]["macros"]
    assert listed == [{"name": "read_and_store", "description": "", "params": ["note"], "risk": "write",
                       "steps": ["test_read", "test_write"]}]
    out = fresh.sa_call("macro_run", {"name": "read_and_store", "parameters": ["note=from the parameter"]})["payload"]
    assert out["ok"] is True, out
    assert out["result"]["steps"][1] == {"step": 2, "tool": "test_write", "result": {"stored": "from the parameter"}}
    assert out["result"]["steps"][0]["result"]["echo"] == {"text": "first"}
    default = fresh.sa_call("macro_run", {"name": "read_and_store"})["payload"]
    assert default["result"]["steps"][1]["result"] == {"stored": "recorded value"}
    bad = fresh.sa_call("macro_run", {"name": "read_and_store", "parameters": ["nope=1"]})["payload"]
    assert bad["reason"] == "invalid_args" and bad["field"] == "parameters" and "nope" in bad["message"]
    # every step went through the rules engine, audited with the caller's source
    sources = [(e["tool"], e["source"]) for e in audit_log(fresh) if e["tool"] in ("test_read", "test_write")]
    assert sources[-4:] == [("test_read", "site"), ("test_write", "site")] * 2
    fresh.driver.switch_to.window(console)
    pick_tool(fresh, "macro_run")
    fill(fresh, "name", "read_and_store")
    fill(fresh, "parameters", "note=from the console form")
    out = run_form(fresh)
    assert out["ok"] is True and out["result"]["steps"][1]["result"] == {"stored": "from the console form"}


def test_record_the_next_n_calls_a_chatbot_makes(fresh, chatbot_site):
    started = ext_send(fresh, {"kind": "macro_record_start", "source": "site", "count": 2})
    assert started["ok"] is True
    fresh.open_chatbot(chatbot_site)
    fresh.sa_call("test_read", {"text": 7})                     # fails validation: not recorded
    fresh.sa_call("test_read", {"text": "one"})
    fresh.sa_call("test_write", {"text": "two"})
    fresh.sa_call("test_read", {"text": "three"})               # the recording already stopped
    rec = ext_send(fresh, {"kind": "macro_recording"})
    assert rec["active"] is False and rec["source"] == "site"
    assert rec["calls"] == [{"tool": "test_read", "args": {"text": "one"}}, {"tool": "test_write", "args": {"text": "two"}}]
    bad = ext_send(fresh, {"kind": "macro_save", "name": "Bad Name", "description": "", "marks": []})
    assert bad["ok"] is False and bad["field"] == "name"
    saved = ext_send(fresh, {"kind": "macro_save", "name": "two_calls", "description": "from the chatbot",
                           "marks": [{"step": 0, "arg": "text", "param": "first"}]})
    assert saved["ok"] is True, saved
    out = fresh.sa_call("macro_run", {"name": "two_calls", "parameters": ["first=changed"]})["payload"]
    steps = out["result"]["steps"]
    assert steps[0]["result"]["echo"] == {"text": "changed"} and steps[1]["result"] == {"stored": "two"}


def test_an_irreversible_step_still_asks_one_by_one(fresh, chatbot_site):
    assert ext_send(fresh, {"kind": "macro_import", "text": macro_file({"name": "launch_twice", "steps": [
        {"tool": "test_read", "args": {}}, {"tool": "test_irreversible", "args": {"text": "first launch"}},
        {"tool": "test_irreversible", "args": {"text": "second launch"}}]})})["ok"] is True
    fresh.open_chatbot(chatbot_site)
    assert fresh.sa_call("macro_list")["payload"]["result"]["macros"][0]["risk"] == "irreversible"
    key = start_call(fresh, "macro_run", {"name": "launch_twice"})
    for text, done in (("first launch", 0), ("second launch", 1)):
        popup = fresh.wait_for_popup("approve.html")
        popup.wait_for(f"document.getElementById('approve-preview').textContent.includes('{text}')")
        assert effects(fresh).get("test_irreversible", 0) == done
        popup.wait_for("!document.getElementById('allow').disabled")
        popup.click("#allow")
        wait_until(lambda p=popup: p.is_closed, 5, "the approval window to close")
    out = call_result(fresh, key)["payload"]
    assert out["ok"] is True and [s["tool"] for s in out["result"]["steps"]] == [
        "test_read", "test_irreversible", "test_irreversible"]
    assert effects(fresh) == {"test_irreversible": 2}


def test_a_failing_step_stops_the_run(fresh, chatbot_site):
    assert ext_send(fresh, {"kind": "macro_import", "text": macro_file({"name": "stop_here", "steps": [
        {"tool": "test_read", "args": {}}, {"tool": "test_irreversible", "args": {"text": "deny me"}},
        {"tool": "test_write", "args": {"text": "never"}}]}, {"name": "console_only", "steps": [
        {"tool": "browser_health", "args": {}}]})})["ok"] is True
    fresh.open_chatbot(chatbot_site)
    key = start_call(fresh, "macro_run", {"name": "stop_here"})
    fresh.wait_for_popup("approve.html").click("#deny")
    out = call_result(fresh, key)["payload"]
    assert out["ok"] is False and out["reason"] == "approval_denied" and out["step"] == 2
    assert out["step_tool"] == "test_irreversible" and out["message"].startswith("step 2 (test_irreversible) failed")
    assert [s["tool"] for s in out["completed"]] == ["test_read"]
    assert effects(fresh) == {}                                # step 3 (test_write) never ran
    # a macro cannot carry a page past the site gate either
    blocked = fresh.sa_call("macro_run", {"name": "console_only"})["payload"]
    assert blocked["reason"] == "tool_not_allowed_for_site" and blocked["step"] == 1


def test_import_rejects_a_bad_file_with_field_errors(fresh):
    open_console(fresh)
    box = el(fresh, "#macro-json")

    def import_text(text):
        fresh.driver.execute_script("document.getElementById('macro-json').value = arguments[0]", text)
        el(fresh, "#macro-import").click()
        wait_js(fresh, "document.getElementById('macro-import-status').textContent.length > 0", "the import result")
        status = el(fresh, "#macro-import-status").text
        fresh.driver.execute_script("document.getElementById('macro-import-status').textContent = ''")
        return status, js(fresh, "[...document.querySelectorAll('#macro-import-errors li')].map(li => li.dataset.field)")

    status, errors = import_text("{not json")
    assert status == "Nothing was imported." and errors == ["(file)"]
    status, errors = import_text(macro_file({"name": "ok_name", "steps": [{"tool": "no_such_tool", "args": {}}]},
                                            {"name": "Bad", "steps": [{"tool": "test_read", "args": {"text": 3}}]}))
    assert status == "Nothing was imported."
    assert errors == ["macros.0.steps.0.tool", "macros.1.name"]
    assert "there is no tool named no_such_tool" in el(fresh, "#macro-import-errors").text
    status, errors = import_text(macro_file({"name": "fine", "steps": [{"tool": "test_read", "args": {"text": 3}}]}))
    assert errors == ["macros.0.steps.0.args.text"]
    assert stored(fresh) == {}
    status, errors = import_text(macro_file({"name": "fine", "steps": [{"tool": "test_read", "args": {"text": "x"}}]}))
    assert status == "Imported fine." and errors == []
    wait_js(fresh, "!!document.querySelector('#macro-list li[data-macro=fine]')", "the imported macro")
    box.clear()
    el(fresh, "#macro-export").click()
    wait_js(fresh, "document.getElementById('macro-json').value.includes('siteagent-macros')", "the export")
    exported = json.loads(js(fresh, "document.getElementById('macro-json').value"))
    assert exported == {"format": "siteagent-macros", "version": 1,
                        "macros": [{"name": "fine", "steps": [{"tool": "test_read", "args": {"text": "x"}}]}]}
