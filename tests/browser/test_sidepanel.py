"""Issue 7: the real side panel page (sidepanel.html in a normal tab), driven with selenium."""
import pytest

from conhelp import js, wait_js, open_panel, el, toggle_switch
from extension import start_call, call_result, reset_extension_state, effects
from harness import wait_until

pytestmark = pytest.mark.browser


@pytest.fixture
def ext(browser):
    reset_extension_state(browser)
    yield browser
    browser.assert_no_sw_exceptions()


def feed(browser):
    return js(browser, "[...document.querySelectorAll('#feed .feed-item')].map(li => ({tool: li.dataset.tool,"
                       " text: li.textContent}))")


def test_manifest_declares_the_side_panel(ext):
    assert ext.manifest["side_panel"] == {"default_path": "sidepanel.html"}
    assert "sidePanel" in ext.manifest["permissions"]


def test_the_feed_shows_a_call_as_it_happens(ext, chatbot_site):
    panel = open_panel(ext)
    assert js(ext, "document.getElementById('feed-empty').hidden") is False
    ext.new_tab()
    ext.open_chatbot(chatbot_site)
    assert ext.sa_call("test_read", {"text": "x"})["payload"]["ok"] is True
    assert ext.sa_call("test_irreversible", {})["payload"]["reason"] == "invalid_args"
    ext.driver.switch_to.window(panel)             # no reload: the panel follows chrome.storage.onChanged
    items = wait_until(lambda: feed(ext) if len(feed(ext)) >= 2 else None, 8, "two feed items")
    assert [i["tool"] for i in items[:2]] == ["test_irreversible", "test_read"]
    newest, older = items[0]["text"], items[1]["text"]
    assert "invalid_args" in newest and "irreversible" in newest and "site" in newest
    assert "ok" in older and "read" in older
    assert js(ext, "document.querySelector('#feed .feed-item time').textContent.length") >= 5


def test_pending_approval_shows_with_a_focus_button(ext, chatbot_site):
    panel = open_panel(ext)
    assert js(ext, "document.getElementById('pending').hidden") is True
    ext.new_tab()
    ext.open_chatbot(chatbot_site)
    key = start_call(ext, "test_irreversible", {"text": "from the panel test"})
    popup = ext.wait_for_popup("approve.html")
    chat = ext.driver.current_window_handle
    ext.driver.switch_to.window(panel)
    wait_js(ext, "!document.getElementById('pending').hidden", "the pending indicator")
    assert "test_irreversible" in el(ext, "#pending-text").text
    el(ext, "#focus-approval").click()            # asks the worker to focus that window; the decision stays there
    assert not popup.is_closed and effects(ext) == {}
    popup.click("#deny")
    wait_js(ext, "document.getElementById('pending').hidden", "the indicator to clear")
    ext.driver.switch_to.window(chat)
    assert call_result(ext, key)["payload"]["reason"] == "approval_denied"


def test_the_pause_switch(ext, chatbot_site):
    panel = open_panel(ext)
    toggle_switch(ext, "pause-switch")
    wait_js(ext, "document.getElementById('feed-status').textContent === 'paused'", "paused")
    ext.new_tab()
    ext.open_chatbot(chatbot_site)
    assert ext.sa_call("test_read")["payload"]["reason"] == "paused"
    ext.driver.switch_to.window(panel)
    toggle_switch(ext, "pause-switch")
    wait_js(ext, "document.getElementById('feed-status').textContent === 'live'", "running again")
    assert ext.sw_eval("chrome.storage.local.get('switches').then(r => r.switches.paused)") is False


def test_use_this_tab_attaches_the_page_beside_the_panel(ext, google_sites):
    gmail = google_sites["gmail"]
    gmail.set_override("/", "<!doctype html><title>Mail</title><h1>Mail</h1>")
    ext.open(gmail.url("/"))
    open_panel(ext)
    assert el(ext, "#target-current").text.startswith("None attached")
    el(ext, "#use-this-tab").click()
    wait_js(ext, "document.getElementById('target-current').textContent.includes('mail.google.com')", "the target")
    tab_id = ext.sw_eval("chrome.storage.session.get('target_tab').then(r => r.target_tab)")
    assert ext.sw_eval(f"chrome.tabs.get({tab_id}).then(t => t.url)") == gmail.url("/")
