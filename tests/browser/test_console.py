"""Issue 7: the real console page (console.html in a normal tab), driven with selenium."""
import json

import pytest
from selenium.webdriver.support.ui import Select

from conhelp import (js, wait_js, open_console, el, els, toggle_switch, pick_tool, fill, run_form, field_error,
                     dev_private)
from extension import ext_send, audit_log
from harness import wait_until

pytestmark = pytest.mark.browser

NO_H1 = "<!doctype html><html><head><title>Inbox (no heading)</title></head><body><p>markup changed</p></body></html>"
WITH_H1 = "<!doctype html><html><head><title>Inbox</title></head><body><h1>Inbox</h1></body></html>"


def payload(reply):
    return reply["payload"]


def test_attach_a_tab_then_detach(fresh, google_sites):
    gmail = google_sites["gmail"]
    gmail.set_override("/", WITH_H1)
    fresh.open(gmail.url("/"))
    open_console(fresh)
    el(fresh, "#refresh-tabs").click()
    button = wait_until(lambda: next((b for b in els(fresh, "#tab-list button")
                                      if "mail.google.com" in b.find_element("xpath", "..").text), None),
                        8, "an Attach button for the mail.google.com tab")
    tab_id = int(button.get_attribute("data-tab"))
    button.click()
    wait_js(fresh, "document.getElementById('target-current').textContent.includes('Attached')", "the attached tab")
    assert "mail.google.com" in el(fresh, "#target-current").text
    assert fresh.sw_eval("chrome.storage.session.get('target_tab').then(r => r.target_tab)") == tab_id
    pick_tool(fresh, "test_tab_info")
    out = run_form(fresh)
    assert out["ok"] is True and out["result"]["host"] == "mail.google.com", out
    el(fresh, "#detach-tab").click()
    wait_js(fresh, "document.getElementById('target-current').textContent.startsWith('No tab attached')", "detached")
    assert fresh.sw_eval("chrome.storage.session.get('target_tab').then(r => r.target_tab === null)") is True
    assert [e["source"] for e in audit_log(fresh) if e["tool"] in ("attach_tab", "detach_tab")] == ["console", "console"]


def test_generated_form_runs_a_read_tool(fresh):
    open_console(fresh)
    pick_tool(fresh, "test_read")
    box = el(fresh, "#arg-text")
    assert box.tag_name == "input" and box.get_attribute("type") == "text" and box.get_attribute("maxlength") == "200"
    fill(fresh, "text", "hello from the form")
    out = run_form(fresh)
    assert out["ok"] is True and out["tool"] == "test_read"
    assert out["result"]["echo"] == {"text": "hello from the form"}
    assert "ok" in el(fresh, "#tool-result").get_attribute("class")
    entry = [e for e in audit_log(fresh) if e["tool"] == "test_read"][-1]
    assert (entry["source"], entry["ok"], entry["arg_keys"]) == ("console", True, ["text"])


def test_console_only_tools_are_in_the_form_and_marked(fresh):
    open_console(fresh)
    pick_tool(fresh, "browser_health")
    assert "console only" in el(fresh, "#tool-desc").text
    assert "This tool takes no arguments" in el(fresh, "#tool-fields").text
    out = run_form(fresh)
    assert out["ok"] is True and "adapters" in out["result"]


def test_enum_and_boolean_inputs(fresh):
    imported = ext_send(fresh, {"kind": "macro_import", "text": json.dumps({"format": "siteagent-macros", "version": 1, "macros": [
        {"name": "just_read", "steps": [{"tool": "test_read", "args": {}}]},
        {"name": "confirm", "steps": [{"tool": "test_irreversible", "args": {"text": "x"}}]}]})})
    assert imported["ok"] is True, imported
    open_console(fresh)
    pick_tool(fresh, "macro_list")
    risk = el(fresh, "#arg-max_risk")
    assert risk.tag_name == "select"
    assert [o.get_attribute("value") for o in Select(risk).options] == ["", "read", "write", "irreversible"]
    brief = el(fresh, "#arg-brief")
    assert brief.get_attribute("type") == "checkbox" and not brief.is_selected()
    Select(risk).select_by_value("read")
    fresh.driver.find_element("xpath", "//input[@id='arg-brief']/ancestor::label[1]").click()
    out = run_form(fresh)
    assert out["ok"] is True
    assert out["result"]["macros"] == [{"name": "just_read", "description": "", "params": [], "risk": "read"}]
    Select(risk).select_by_value("")
    fresh.driver.find_element("xpath", "//input[@id='arg-brief']/ancestor::label[1]").click()
    out = run_form(fresh)
    listed = {m["name"]: m for m in out["result"]["macros"]}
    assert listed["confirm"]["risk"] == "irreversible" and listed["confirm"]["steps"] == ["test_irreversible"]


def test_number_array_and_textarea_inputs(fresh):
    open_console(fresh)
    pick_tool(fresh, "test_tab_sleep")
    ms = el(fresh, "#arg-ms")
    assert ms.get_attribute("type") == "number" and ms.get_attribute("max") == "20000"
    assert "required" in ms.find_element("xpath", "..").get_attribute("class")
    pick_tool(fresh, "macro_run")
    assert el(fresh, "#arg-parameters").tag_name == "textarea"
    assert el(fresh, "#arg-name").get_attribute("type") == "text"


def test_validation_errors_show_on_the_field(fresh):
    open_console(fresh)
    pick_tool(fresh, "test_tab_sleep")
    fill(fresh, "ms", "30000")
    assert run_form(fresh) is None
    assert field_error(fresh, "ms") == "ms must be at most 20000"
    assert "invalid" in el(fresh, "[data-field='ms']").get_attribute("class")
    pick_tool(fresh, "test_irreversible")
    assert run_form(fresh) is None
    assert field_error(fresh, "text") == "text is required"
    fresh.assert_no_popup("approve.html")
    assert not [e for e in audit_log(fresh) if e["tool"] in ("test_tab_sleep", "test_irreversible")]
    # the worker's own invalid_args (its `field`) lands on the field too
    pick_tool(fresh, "macro_run")
    fill(fresh, "name", "no_such_macro")
    out = run_form(fresh)
    assert out["reason"] == "invalid_args" and out["field"] == "name"
    assert "no macro named no_such_macro" in field_error(fresh, "name")


def test_pause_blocks_calls_from_a_page(fresh, chatbot_site):
    fresh.open_chatbot(chatbot_site)
    chat = fresh.driver.current_window_handle
    console = open_console(fresh)
    toggle_switch(fresh, "pause-switch")
    wait_js(fresh, "document.getElementById('status-pill').textContent === 'paused'", "the paused pill")
    fresh.driver.switch_to.window(chat)
    assert payload(fresh.sa_send("LIST_TOOLS")) == []
    assert payload(fresh.sa_call("test_read"))["reason"] == "paused"
    fresh.driver.switch_to.window(console)
    toggle_switch(fresh, "pause-switch")
    wait_js(fresh, "document.getElementById('status-pill').textContent === 'running'", "the running pill")
    fresh.driver.switch_to.window(chat)
    assert payload(fresh.sa_call("test_read"))["ok"] is True
    assert [e["tool"] for e in audit_log(fresh) if e["source"] == "console"].count("set_paused") == 2


def test_a_toggle_removes_a_tool_from_discovery(fresh, chatbot_site):
    fresh.open_chatbot(chatbot_site)
    chat = fresh.driver.current_window_handle
    console = open_console(fresh)
    row_badges = js(fresh, "[...document.querySelectorAll('#tool-toggles .site-group')].map(g => [g.querySelector('h3')"
                         ".textContent, [...g.querySelectorAll('li')].map(li => li.querySelector('code').textContent + ':'"
                         " + li.querySelector('.badge').textContent)])")
    groups = dict((site, rows) for site, rows in row_badges)
    assert "test_irreversible:irreversible" in groups["test"] and "macro_run:write" in groups["macros"]
    assert "browser_health:read" in groups["console"]
    toggle_switch(fresh, "toggle-test_write")
    wait_js(fresh, "document.getElementById('toggle-test_write').closest('li').classList.contains('off')", "the off row")
    fresh.driver.switch_to.window(chat)
    names = {t["name"] for t in payload(fresh.sa_send("LIST_TOOLS"))}
    assert "test_write" not in names and "test_read" in names
    assert payload(fresh.sa_call("test_write", {"text": "x"}))["reason"] == "tool_disabled"
    fresh.driver.switch_to.window(console)
    toggle_switch(fresh, "toggle-test_write")
    wait_js(fresh, "!document.getElementById('toggle-test_write').closest('li').classList.contains('off')", "the on row")
    fresh.driver.switch_to.window(chat)
    assert "test_write" in {t["name"] for t in payload(fresh.sa_send("LIST_TOOLS"))}


def test_audit_view_shows_entries_and_filters(fresh, chatbot_site):
    fresh.open_chatbot(chatbot_site)
    fresh.sa_call("test_read", {"text": "a"})
    fresh.sa_call("test_read", {"text": 5})
    ext_send(fresh, {"kind": "console_call", "name": "test_write", "args": {"text": "b"}})
    open_console(fresh)

    def rows():
        return js(fresh, "[...document.querySelectorAll('#audit-rows tr')].map(tr => [...tr.children].slice(1).map(td => td.textContent))")
    first = [["test_write", "console", "ok", "text"], ["test_read", "site", "invalid_args", "text"],
             ["test_read", "site", "ok", "text"]]
    wait_until(lambda: rows()[:3] == first, 8, "the three newest audit rows")
    Select(el(fresh, "#audit-source")).select_by_value("site")
    wait_until(lambda: all(r[1] == "site" for r in rows()) and len(rows()) == 2, 8, "only site rows")
    Select(el(fresh, "#audit-outcome")).select_by_value("failed")
    wait_until(lambda: rows() == [["test_read", "site", "invalid_args", "text"]], 8, "only the failed site row")
    Select(el(fresh, "#audit-source")).select_by_value("")
    Select(el(fresh, "#audit-outcome")).select_by_value("")
    Select(el(fresh, "#audit-tool")).select_by_value("test_write")
    wait_until(lambda: rows() == [["test_write", "console", "ok", "text"]], 8, "only test_write")
    # new calls appear without a reload (chrome.storage.onChanged)
    Select(el(fresh, "#audit-tool")).select_by_value("")
    ext_send(fresh, {"kind": "console_call", "name": "test_read", "args": {}})
    wait_until(lambda: rows()[0][:2] == ["test_read", "console"], 8, "the new entry on top")
    assert len(rows()) <= 50


def test_health_banner_after_the_fixture_breaks_a_selector(fresh, google_sites):
    gmail = google_sites["gmail"]
    gmail.set_override("/", NO_H1)
    fresh.open(gmail.url("/"))
    assert fresh.sw_eval("chrome.alarms.get('siteagent-health').then(a => a && a.periodInMinutes)") == 30
    fresh.sw_eval("chrome.alarms.create('siteagent-health-now', {when: Date.now()}).then(() => 1)")   # the real handler
    health = wait_until(lambda: fresh.sw_eval("chrome.storage.local.get('health').then(r => r.health || null)"),
                        10, "the health check to run")
    broken = [b for b in health["broken"] if b["adapter"] == "test_tab"]
    assert broken == [{"adapter": "test_tab", "key": "title", "selector": "h1"}] and health["trigger"] == "alarm"
    assert fresh.sw_eval("chrome.action.getBadgeText({})") != ""
    entry = [e for e in audit_log(fresh) if e["tool"] == "health_check"][-1]
    assert entry["source"] == "health" and entry["ok"] is False and "test_tab.title" in entry["arg_keys"]
    open_console(fresh)
    wait_js(fresh, "!document.getElementById('health-banner').hidden", "the health banner")
    banner = el(fresh, "#health-banner").text
    assert "test_tab" in banner and "title" in banner and "h1" in banner
    assert "broken" in el(fresh, "[data-adapter='test_tab']").get_attribute("textContent")
    # the page is fixed: "Check now" clears the banner and the badge
    gmail.set_override("/", WITH_H1)
    fresh.sw_eval("chrome.tabs.query({url: 'https://mail.google.com/*'}).then(t => chrome.tabs.reload(t[0].id)).then(() => 1)")
    wait_until(lambda: fresh.sw_eval("chrome.tabs.query({url: 'https://mail.google.com/*'}).then(t => t[0].status)") == "complete",
               8, "the reload")
    el(fresh, "#health-check").click()
    wait_js(fresh, "document.querySelector('[data-adapter=test_tab]') && "
                 "document.querySelector('[data-adapter=test_tab]').textContent.includes('ok')", "test_tab ok", 10)
    if not [b for b in fresh.sw_eval("chrome.storage.local.get('health').then(r => r.health)")["broken"]]:
        assert js(fresh, "document.getElementById('health-banner').hidden") is True
        assert fresh.sw_eval("chrome.action.getBadgeText({})") == ""


def test_host_access_lists_origins_and_refuses_required_revokes(fresh):
    open_console(fresh)
    wait_until(lambda: len(els(fresh, "#permission-rows li")) == 5, 8, "five host rows")
    rows = js(fresh, "[...document.querySelectorAll('#permission-rows li')].map(li => [li.dataset.origin, "
                   "li.querySelector('.badge').textContent, !!li.querySelector('button')])")
    assert ["https://mail.google.com/*", "granted", False] in rows    # required in the test build: no Revoke
    refused = ext_send(fresh, {"kind": "revoke_permission", "origin": "https://mail.google.com/*"})
    assert refused["ok"] is False and "required" in refused["message"]
    other = ext_send(fresh, {"kind": "revoke_permission", "origin": "https://evil.example/*"})
    assert other["ok"] is False and other["field"] == "origin"


def test_revoking_a_host_permission_makes_the_next_call_answer_permission_required(fresh, google_sites):
    gmail = google_sites["gmail"]
    gmail.set_override("/", WITH_H1)
    fresh.open(gmail.url("/"))
    mail = "https://mail.google.com/*"
    try:
        # Site access "on specific sites", with mail.google.com granted (the test build requires its hosts,
        # and chrome.permissions.remove refuses required ones; see the test above).
        assert dev_private(fresh, "await chrome.developerPrivate.updateExtensionConfiguration("
                                "{extensionId: id, hostAccess: 'ON_SPECIFIC_SITES'});"
                                f"await chrome.developerPrivate.addHostPermission(id, '{mail}'); return 'ok';") == "ok"
        ran = ext_send(fresh, {"kind": "console_call", "name": "test_tab_info", "args": {}})
        assert ran["ok"] is True, ran
        assert dev_private(fresh, f"await chrome.developerPrivate.removeHostPermission(id, '{mail}'); return 'ok';") == "ok"
        out = ext_send(fresh, {"kind": "console_call", "name": "test_tab_info", "args": {}})
        assert out["ok"] is False and out["reason"] == "permission_required" and "hint" in out, out
        # browser_health does not call a tab it may not read broken: it was not checked
        health = ext_send(fresh, {"kind": "console_call", "name": "browser_health", "args": {}})
        gmail_report = next(r for r in health["result"]["adapters"] if r["adapter"] == "gmail")
        assert gmail_report["ok"] is None and gmail_report["note"] == "no host access", gmail_report
        assert gmail_report["broken"] == []
        open_console(fresh)
        wait_js(fresh, "(r => r && r.querySelector('.badge').textContent === 'not granted')"
                     "(document.querySelector('#permission-rows li[data-origin=\"https://mail.google.com/*\"]'))",
                "mail.google.com shown as not granted")
        grant = el(fresh, "#permission-rows li[data-origin='https://mail.google.com/*'] button")
        assert grant.text == "Grant access" and grant.get_attribute("data-action") == "grant"
    finally:
        dev_private(fresh, "await chrome.developerPrivate.updateExtensionConfiguration("
                         "{extensionId: id, hostAccess: 'ON_ALL_SITES'}); return 'ok';")
    assert ext_send(fresh, {"kind": "console_call", "name": "test_tab_info", "args": {}})["ok"] is True
