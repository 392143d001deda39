"""Self-test of the browser harness, run against tests/fixtures/ext_minimal (not the real build),
so the harness is proven independently of the extension. Keep it fast (one browser, ~10-20 s)."""
from __future__ import annotations

import time

import pytest
from selenium.common.exceptions import WebDriverException

from harness import (
    EXT_MINIMAL, Browser, HarnessTimeout, JSError, host_rules_for, unpacked_extension_id, wait_until,
)


@pytest.fixture(scope="module")
def browser(fixture_servers):
    """Overrides the conftest ``browser``: the hand-written minimal extension instead of the build."""
    b = Browser(EXT_MINIMAL, host_rules=host_rules_for(fixture_servers))
    yield b
    b.quit()


def test_service_worker_found_and_sw_eval(browser):
    assert browser.extension_id == unpacked_extension_id(EXT_MINIMAL)
    assert browser.sw_eval("1 + 1") == 2
    assert browser.sw_eval("(async () => { await null; return {a: [1, 'x']}; })()") == {"a": [1, "x"]}
    assert browser.sw_eval("chrome.runtime.id") == browser.extension_id
    with pytest.raises(JSError, match="nope"):
        browser.sw_eval("(() => { throw new Error('nope'); })()")
    with pytest.raises(JSError, match="rejected"):
        browser.sw_eval("Promise.reject(new Error('rejected'))")
    # an evaluated throw is returned, not logged as an uncaught exception
    assert browser.sw_exceptions() == []


def test_uncaught_sw_exceptions_are_collected(browser):
    browser.sw_eval("throwLater('boom-from-timer')")
    browser.sw_eval("(setTimeout(() => Promise.reject(new Error('unhandled-rejection')), 0), true)")
    browser.sw_eval("(console.error('logged', 'error'), true)")
    wait_until(lambda: len(browser.sw_exceptions()) >= 2, 5, "two uncaught SW exceptions")
    texts = [r.text for r in browser.sw_exceptions()]
    assert any("boom-from-timer" in t for t in texts), texts
    assert any("unhandled-rejection" in t for t in texts), texts
    assert [r.text for r in browser.sw_console()] == ["logged error"]
    with pytest.raises(AssertionError, match="boom-from-timer"):
        browser.assert_no_sw_exceptions()


def test_sw_exception_log_is_per_test(browser):
    assert browser.sw_exceptions() == []
    browser.assert_no_sw_exceptions(include_console_errors=True)


def test_content_script_runs_on_mapped_https_gmail(browser, google_sites):
    gmail = google_sites["gmail"]
    browser.open(gmail.url("/"))
    drv = browser.driver
    assert drv.execute_script("return location.origin") == "https://mail.google.com"
    assert drv.execute_script("return document.documentElement.dataset.extMinimal") == "1"
    senders = wait_until(lambda: browser.sw_eval("seenSenders"), 5, "the content script's message")
    assert {"origin": "https://mail.google.com", "url": "https://mail.google.com/"} in senders
    # calendar/meet are mapped too (no content script there)
    browser.open(google_sites["calendar"].url("/"))
    # "/" forwards to /calendar/r with a meta refresh: read the page after it, not during it (a script
    # run mid-navigation saw document.documentElement null once under a loaded machine)
    wait_until(lambda: drv.execute_script("return document.readyState === 'complete' && "
                                          "location.pathname === '/calendar/r'"), 5, "the calendar fixture's redirect")
    assert drv.execute_script("return location.host") == "calendar.google.com"
    assert drv.execute_script("return document.documentElement.dataset.extMinimal") is None


def test_popup_click_is_trusted(browser):
    browser.assert_no_popup("popup.html", within=0)
    browser.sw_eval("openPopup()")
    popup = browser.wait_for_popup("popup.html", timeout=5)
    assert "waiting" in popup.text()
    # a script click is untrusted ...
    popup.eval("document.getElementById('approve').click()")
    popup.wait_for("document.getElementById('status').textContent === 'clicked trusted=false'")
    # ... the harness click is a real, trusted one
    popup.click("#approve")
    popup.wait_for("document.getElementById('status').textContent === 'clicked trusted=true'")
    stored = browser.sw_eval("chrome.storage.session.get('lastClick')")
    assert stored["lastClick"]["isTrusted"] is True
    popup.close()
    wait_until(lambda: popup.is_closed, 5, "the popup to close")
    browser.assert_no_popup("popup.html", within=0.2)


def test_click_that_closes_the_popup(browser):
    browser.sw_eval("openPopup()")
    popup = browser.wait_for_popup("popup.html", timeout=5)
    popup.click("#approve-close")  # below the fold: scrolled into view first
    wait_until(lambda: popup.is_closed, 5, "the popup to close itself")
    stored = wait_until(lambda: browser.sw_eval("chrome.storage.session.get('closeClick')"), 5, "closeClick")
    assert stored["closeClick"]["isTrusted"] is True
    assert browser.popup_targets("popup.html") == []


def test_stop_service_worker_and_restart_on_next_message(browser):
    boot_before = browser.sw_eval("bootId")
    boots_before = browser.sw_boots
    browser.stop_service_worker()
    assert not browser.service_worker_running()
    with pytest.raises(HarnessTimeout, match="not running"):
        browser.sw_eval("bootId", wake=False, timeout=0.3)
    # a message from an extension page starts it again, with fresh globals
    browser.open(browser.extension_url("page.html"))
    reply = browser.page_eval_async(
        "const done = arguments[arguments.length - 1];"
        "chrome.runtime.sendMessage({kind: 'ping'}).then(done, e => done({error: String(e)}));",
        timeout=5)
    assert reply["pong"] is True
    assert reply["bootId"] != boot_before
    assert browser.sw_boots == boots_before + 1
    assert browser.sw_eval("bootId") == reply["bootId"]
    # sw_eval wakes a stopped worker by itself
    browser.stop_service_worker()
    assert browser.sw_eval("typeof bootId") == "string"
    assert browser.sw_boots == boots_before + 2


def test_record_endpoint_override_and_chatbot_page(browser, chatbot_site, untrusted_site):
    browser.open_chatbot(chatbot_site)
    assert browser.driver.execute_script("return location.origin") == chatbot_site.origin
    assert chatbot_site.origin.startswith("http://localhost:")
    ok = browser.page_eval_async(
        "const done = arguments[arguments.length - 1];"
        "sa.record({action: 'clicked', n: 1}).then(done, e => done({error: String(e)}));")
    assert ok == {"ok": True}
    rec = chatbot_site.wait_for_record(lambda d: d.get("action") == "clicked", timeout=2)
    assert rec["data"] == {"action": "clicked", "n": 1}
    assert chatbot_site.records[0]["data"]["n"] == 1
    # no bridge in ext_minimal: requests time out and raw messages get no reply
    reply = browser.sa_send("PING", {}, timeout_ms=300)
    assert reply["timeout"] is True
    assert browser.sa_raw({"source": "portfolio-chat", "id": "x", "type": "PING"}, wait_ms=200) == []
    # iframe embedding of the untrusted origin
    res = browser.page_eval_async(
        "const done = arguments[arguments.length - 1];"
        "sa.embed(arguments[0], {id: 'u'}).then(done);", untrusted_site.url("/"))
    assert res == {"id": "u", "loaded": True}
    # a served variant
    chatbot_site.set_override("/variant.html", "<!doctype html><p id=v>variant</p>")
    browser.open(chatbot_site.url("/variant.html"))
    assert browser.driver.find_element("id", "v").text == "variant"


def test_untrusted_origin_is_served_over_https(browser, untrusted_site):
    browser.open_chatbot(untrusted_site)
    assert browser.driver.execute_script("return location.origin") == "https://untrusted.test"


def test_servers_are_reset_between_tests(chatbot_site):
    assert chatbot_site.records == []


def test_unmapped_host_fails_fast(browser):
    started = time.monotonic()
    with pytest.raises(WebDriverException, match="ERR_NAME_NOT_RESOLVED"):
        browser.open("https://unmapped.example/")
    assert time.monotonic() - started < 5


def test_hung_evaluation_is_a_clear_timeout(browser):
    started = time.monotonic()
    with pytest.raises(HarnessTimeout, match="no reply to CDP Runtime.evaluate within 0.5s"):
        browser.sw_eval("new Promise(() => {})", timeout=0.5)
    assert time.monotonic() - started < 3
    with pytest.raises(HarnessTimeout, match="a popup window"):
        browser.wait_for_popup("never.html", timeout=0.3)
    assert browser.sw_eval("2 * 21") == 42


def test_quit_cleans_up(launch_browser):
    b = launch_browser(EXT_MINIMAL)
    pids = b._find_chromium_pids()
    profile = b.profile_dir
    assert pids and profile.is_dir()
    b.quit()
    assert not profile.exists()
    alive = [p for p in pids if _alive(p)]
    assert alive == [], f"chromium processes left running: {alive}"
    b.quit()  # idempotent


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_app_shells_serve_routes_without_a_file(google_sites):
    """One shell file per app serves its routes; files and paths with an extension are not shells."""
    def get(server, path):
        status, body, _, _ = server._resolve(path)
        return status, body

    gmail, cal, meet = google_sites["gmail"], google_sites["calendar"], google_sites["meet"]
    shell = (gmail.root / "mail" / "index.html").read_bytes()
    assert get(gmail, "/mail/u/0/") == (200, shell) and get(gmail, "/mail/") == (200, shell)
    assert get(gmail, "/") == (200, (gmail.root / "index.html").read_bytes())
    assert get(gmail, "/static/gmail.js")[0] == 200 and get(gmail, "/static/missing.js")[0] == 404
    assert get(gmail, "/elsewhere/x")[0] == 404
    cal_shell = (cal.root / "calendar" / "r" / "index.html").read_bytes()
    for path in ("/calendar/r", "/calendar/r/eventedit", "/calendar/r/week/2026/3/16"):
        assert get(cal, path) == (200, cal_shell), path
    assert get(cal, "/calendar/rx")[0] == 404
    meet_shell = (meet.root / "index.html").read_bytes()
    assert get(meet, "/abc-defg-hij") == (200, meet_shell) and get(meet, "/new") == (200, meet_shell)
    assert get(meet, "/favicon.ico")[0] == 404
