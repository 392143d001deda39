"""The chatbot client SDK (dist-client/siteagent-client.js) on the demo page `siteagent demo` serves."""
import time

import pytest

from buildtool.app import Application
from buildtool.demo import make_server, serve_in_thread
from extension import reset_extension_state
from harness import REPO_ROOT, wait_until

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def demo(built_extension):
    server = make_server(Application.discover(REPO_ROOT), 0, built_extension.client_dist)
    serve_in_thread(server)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(browser, demo):
    reset_extension_state(browser)
    browser.open(demo)
    wait_until(lambda: browser.driver.execute_script("return window.demoReady === true"), 10, "the demo page")
    return browser


def run(browser, body, *args, timeout=20):
    return browser.page_eval_async("const done = arguments[arguments.length - 1];"
                                   f"(async () => {{ {body} }})().then(done, e => done({{error: String(e)}}));",
                                   *args, timeout=timeout)


def test_demo_page_finds_the_extension_and_lists_tools(page):
    assert page.driver.find_element("id", "presence").text == "Extension found"
    rows = page.driver.execute_script("return [...document.querySelectorAll('#tools tbody tr')]"
                                      ".map(r => [r.cells[0].textContent, r.cells[1].textContent])")
    assert ["test_read", "read"] in rows and ["test_irreversible", "irreversible"] in rows


def test_sdk_calls_and_keeps_concurrent_calls_apart(page):
    out = run(page, "return await siteagent.callTool('test_read', {text: 'hello'}, {timeoutMs: 5000});")
    assert out["ok"] is True and out["result"]["echo"] == {"text": "hello"}
    many = run(page, "return await Promise.all([...Array(20).keys()].map(i =>"
                     " siteagent.callTool('test_read', {text: 'n' + i}, {timeoutMs: 10000})));")
    assert [m["result"]["echo"]["text"] for m in many] == [f"n{i}" for i in range(20)]
    tools = run(page, "return await siteagent.listTools();")
    assert {"test_read", "test_write"} <= {t["name"] for t in tools}


def test_sdk_timeout_does_not_cancel_the_call(page):
    # waitForApproval: false, so the time the approval window is open counts against timeoutMs
    out = run(page, "return await siteagent.callTool('test_irreversible', {text: 'slow'}, "
                    "{timeoutMs: 300, waitForApproval: false});")
    assert out == {"ok": False, "reason": "client_timeout",
                   "message": "no reply within 300 ms (the call may still run)"}
    popup = page.wait_for_popup("approve.html")      # the call is still waiting for the user
    popup.click("#deny")


def test_sdk_reports_approval_progress_and_waits_through_the_window(page):
    """With the default waitForApproval the window's open time does not count against timeoutMs: a
    1.5 s timeout outlives a window answered after 2 s; onProgress hears both stages."""
    page.driver.execute_script(
        "window.__notes = []; window.__out = null;"
        "siteagent.callTool('test_irreversible', {text: 'waits'}, {timeoutMs: 1500, onProgress: n => __notes.push(n)})"
        ".then(o => { window.__out = o; });")
    popup = page.wait_for_popup("approve.html")
    wait_until(lambda: page.driver.execute_script("return __notes.length === 1"), 10, "approval_waiting")
    time.sleep(2.0)
    assert page.driver.execute_script("return window.__out") is None
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    out = wait_until(lambda: page.driver.execute_script("return window.__out"), 10, "the outcome")
    assert out == {"ok": True, "tool": "test_irreversible", "result": {"done": True, "text": "waits"}}
    notes = page.driver.execute_script("return __notes")
    assert [(n["stage"], n["tool"], n.get("allowed")) for n in notes] == [
        ("approval_waiting", "test_irreversible", None), ("approval_decided", "test_irreversible", True)]
    assert notes[0]["callId"] == notes[1]["callId"] and notes[0]["timeoutMs"] == 4000


def test_demo_form_runs_a_tool(page):
    drv = page.driver
    drv.find_element("css selector", "#direct summary").click()
    drv.find_element("id", "tool-name").send_keys("test_read")
    area = drv.find_element("id", "tool-args")
    area.clear()
    area.send_keys('{"text": "from the form"}')
    drv.find_element("css selector", "#call button").click()
    wait_until(lambda: "from the form" in drv.find_element("id", "result").text, 10, "the result")
    assert '"ok": true' in drv.find_element("id", "result").text
