"""Issue 7: the real side panel page (sidepanel.html in a normal tab), driven with selenium."""
import pytest

from conhelp import js, wait_js, open_panel, el, toggle_switch
from extension import start_call, call_result, effects
from harness import wait_until

pytestmark = pytest.mark.browser


def feed(browser):
    return js(browser, "[...document.querySelectorAll('#feed .feed-item')].map(li => ({tool: li.dataset.tool,"
                       " text: li.textContent}))")


def test_manifest_declares_the_side_panel(fresh):
    assert fresh.manifest["side_panel"] == {"default_path": "sidepanel.html"}
    assert "sidePanel" in fresh.manifest["permissions"]


def test_the_feed_shows_a_call_as_it_happens(fresh, chatbot_site):
    panel = open_panel(fresh)
    assert js(fresh, "document.getElementById('feed-empty').hidden") is False
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    assert fresh.sa_call("test_read", {"text": "x"})["payload"]["ok"] is True
    assert fresh.sa_call("test_irreversible", {})["payload"]["reason"] == "invalid_args"
    fresh.driver.switch_to.window(panel)             # no reload: the panel follows chrome.storage.onChanged
    items = wait_until(lambda: feed(fresh) if len(feed(fresh)) >= 2 else None, 8, "two feed items")
    assert [i["tool"] for i in items[:2]] == ["test_irreversible", "test_read"]
    newest, older = items[0]["text"], items[1]["text"]
    assert "invalid_args" in newest and "irreversible" in newest and "site" in newest
    assert "ok" in older and "read" in older
    assert js(fresh, "document.querySelector('#feed .feed-item time').textContent.length") >= 5


def test_pending_approval_shows_with_a_focus_button(fresh, chatbot_site):
    panel = open_panel(fresh)
    assert js(fresh, "document.getElementById('pending').hidden") is True
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    key = start_call(fresh, "test_irreversible", {"text": "from the panel test"})
    popup = fresh.wait_for_popup("approve.html")
    chat = fresh.driver.current_window_handle
    fresh.driver.switch_to.window(panel)
    wait_js(fresh, "!document.getElementById('pending').hidden", "the pending indicator")
    assert "test_irreversible" in el(fresh, "#pending-text").text
    el(fresh, "#focus-approval").click()            # asks the worker to focus that window; the decision stays there
    assert not popup.is_closed and effects(fresh) == {}
    popup.click("#deny")
    wait_js(fresh, "document.getElementById('pending').hidden", "the indicator to clear")
    fresh.driver.switch_to.window(chat)
    assert call_result(fresh, key)["payload"]["reason"] == "approval_denied"


def test_the_pause_switch(fresh, chatbot_site):
    panel = open_panel(fresh)
    toggle_switch(fresh, "pause-switch")
    wait_js(fresh, "document.getElementById('feed-status').textContent === 'paused'", "paused")
    fresh.new_tab()
    fresh.open_chatbot(chatbot_site)
    assert fresh.sa_call("test_read")["payload"]["reason"] == "paused"
    fresh.driver.switch_to.window(panel)
    toggle_switch(fresh, "pause-switch")
    wait_js(fresh, "document.getElementById('feed-status').textContent === 'live'", "running again")
    assert fresh.sw_eval("chrome.storage.local.get('switches').then(r => r.switches.paused)") is False


def test_use_this_tab_attaches_the_page_beside_the_panel(fresh, google_sites):
    gmail = google_sites["gmail"]
    gmail.set_override("/", "<!doctype html><title>Mail</title><h1>Mail</h1>")
    fresh.open(gmail.url("/"))
    open_panel(fresh)
    el(fresh, "#tab-activity").click()                 # the feed and the target tab live in the Activity view
    assert el(fresh, "#target-current").text.startswith("None attached")
    el(fresh, "#use-this-tab").click()
    wait_js(fresh, "document.getElementById('target-current').textContent.includes('mail.google.com')", "the target")
    tab_id = fresh.sw_eval("chrome.storage.session.get('target_tab').then(r => r.target_tab)")
    assert fresh.sw_eval(f"chrome.tabs.get({tab_id}).then(t => t.url)") == gmail.url("/")
