"""Issue 2's smoke test, and the worker -> tab -> worker path of the safety core."""
import time

import pytest

from extension import start_call, call_result
from harness import wait_until

pytestmark = pytest.mark.browser


def content_installs(browser):
    return browser.driver.execute_script("return document.documentElement.dataset.siteagentContent || null")


def test_service_worker_starts_with_our_manifest(fresh, built_extension):
    manifest = fresh.sw_eval("chrome.runtime.getManifest()")
    assert manifest["manifest_version"] == 3 and manifest["name"] == "Site Agent"
    assert fresh.sw_eval("typeof chrome.runtime.id") == "string"
    assert fresh.extension_id == fresh.sw_eval("chrome.runtime.id")


def test_bridge_answers_a_trusted_localhost_page(fresh, chatbot_site):
    fresh.open_chatbot(chatbot_site)
    assert fresh.sa_send("PING")["payload"]["apiVersion"] == 2


def test_content_script_runs_on_a_mapped_google_host(fresh, google_sites):
    fresh.open(google_sites["gmail"].url("/"))
    wait_until(lambda: content_installs(fresh) == "1", 10, "content.js on mail.google.com")
    origin = fresh.driver.execute_script("return location.origin")
    assert origin == "https://mail.google.com"


def test_content_script_is_never_injected_twice(fresh, google_sites):
    fresh.open(google_sites["gmail"].url("/"))
    wait_until(lambda: content_installs(fresh) == "1", 10, "content.js")
    tab_id = fresh.sw_eval("chrome.tabs.query({url: 'https://mail.google.com/*'}).then(t => t[0].id)")
    for _ in range(3):
        fresh.sw_eval(f"chrome.scripting.executeScript({{target: {{tabId: {tab_id}}}, files: ['content.js']}}).then(() => 1)")
    time.sleep(0.2)
    assert content_installs(fresh) == "1"
    reply = fresh.sw_eval(f"chrome.tabs.sendMessage({tab_id}, {{kind: 'ping'}})")
    assert reply == {"ok": True, "installs": 1}


def test_tab_tool_round_trip(fresh, google_sites, chatbot_site):
    fresh.open(google_sites["gmail"].url("/"))
    title, path = fresh.driver.execute_script("return [document.title, location.pathname]")
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    out = fresh.sa_send("CALL_TOOL", {"name": "test_tab_info", "args": {}})["payload"]
    assert out == {"ok": True, "tool": "test_tab_info",
                   "result": {"title": title, "host": "mail.google.com", "path": path}}


def test_no_target_tab(fresh, chatbot_site):
    fresh.open_chatbot(chatbot_site)
    out = fresh.sa_send("CALL_TOOL", {"name": "test_tab_info", "args": {}})["payload"]
    assert out["ok"] is False and out["reason"] == "no_target_tab" and out["hint"]


def test_tab_timeout_and_tab_closed(fresh, google_sites, chatbot_site):
    fresh.open(google_sites["gmail"].url("/"))
    gmail = fresh.driver.current_window_handle
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    started = time.monotonic()
    out = fresh.sa_send("CALL_TOOL", {"name": "test_tab_sleep", "args": {"ms": 6000}}, 15000)["payload"]
    assert out["reason"] == "tab_timeout", out
    assert 2.5 < time.monotonic() - started < 6          # the test profile's 3 s, not the sleep
    key = start_call(fresh, "test_tab_sleep", {"ms": 2500})
    time.sleep(0.5)
    chat = fresh.driver.current_window_handle
    fresh.driver.switch_to.window(gmail)
    fresh.driver.close()
    fresh.driver.switch_to.window(chat)
    assert call_result(fresh, key, 10)["payload"]["reason"] == "tab_closed"


def test_worker_killed_mid_execution_is_reported_not_hung(fresh, google_sites, chatbot_site):
    fresh.open(google_sites["gmail"].url("/"))
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    key = start_call(fresh, "test_tab_sleep", {"ms": 2000})
    time.sleep(0.5)
    fresh.stop_service_worker()
    out = call_result(fresh, key, 15)["payload"]
    assert out["ok"] is False and out["reason"] == "worker_restarted", out
    assert "check" in out["message"]


def test_open_tabs_get_fresh_content_scripts_after_an_update(fresh, google_sites, chatbot_site):
    """After an update the old scripts are orphaned (a reload gives pages a fresh isolated world);
    onInstalled injects the new ones into tabs that were already open, with no page refresh."""
    fresh.open(google_sites["gmail"].url("/"))
    wait_until(lambda: content_installs(fresh) == "1", 10, "content.js")
    def instance():
        return fresh.driver.execute_script("return document.documentElement.dataset.siteagentInstance")
    before = instance()
    fresh.driver.execute_script("window.__pageMark = 1")
    gmail = fresh.driver.current_window_handle
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    chat = fresh.driver.current_window_handle
    fresh.sw_eval("(setTimeout(() => chrome.runtime.reload(), 50), 1)")
    fresh.driver.switch_to.window(gmail)
    wait_until(lambda: instance() not in (None, before), 20, "content.js re-injected after the update")
    assert fresh.driver.execute_script("return window.__pageMark") == 1, "the page was not refreshed"
    fresh.driver.switch_to.window(chat)
    wait_until(lambda: fresh.sa_send("PING", timeout_ms=2000).get("payload", {}).get("ok"), 20,
               "the re-injected bridge to answer without a page refresh")
    out = fresh.sa_send("CALL_TOOL", {"name": "test_tab_info", "args": {}})["payload"]
    assert out["ok"] is True and out["result"]["host"] == "mail.google.com"
