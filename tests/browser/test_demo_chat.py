"""The demo chat (`siteagent demo`) end to end (issue 20): its tool loop drives the real extension and
the Gmail fixture. The model is either the page's built-in scripted model or a scripted
OpenAI-compatible server on loopback (model_server.py), the only stand-in: no model is reachable here.

Effects are asserted from the Gmail fixture's POST /__record log, as in test_gmail.py."""
import json
import sys
import time

import pytest

from buildtool.app import Application
from buildtool.demo import make_server, serve_in_thread
from extension import ext_send, reset_extension_state
from harness import REPO_ROOT, wait_until
from model_server import ScriptedModel, answer, outcome_of, tool_call, tool_messages

sys.path.insert(0, str(REPO_ROOT / "tests" / "client"))
import provider_shapes as shapes  # noqa: E402
from jsonschema import Draft202012Validator  # noqa: E402

pytestmark = pytest.mark.browser

DRAFT = {"to": ["ann.lee@example.com"], "subject": "Friday plan", "body": "Hi Ann,\n\nSee you Friday.\n— T"}
KEY = "sk-demo-7f3a"
FINAL_SENT = "Sent: your note to Ann is in Gmail's Sent folder."
FINAL_DENIED = "You declined, so I did not send it."


@pytest.fixture(scope="module")
def demo(built_extension):
    server = make_server(Application.discover(REPO_ROOT), 0, built_extension.client_dist)
    serve_in_thread(server)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def gmail(google_sites):
    return google_sites["gmail"]


@pytest.fixture
def page(browser, demo, gmail):
    reset_extension_state(browser)
    open_gmail(browser, gmail)
    browser.open(demo)
    wait_until(lambda: browser.driver.execute_script("return window.demoReady === true"), 10, "the demo page")
    yield browser
    browser.assert_no_sw_exceptions()


@pytest.fixture
def models():
    started = []

    def start(script, status=200):
        server = ScriptedModel(script, status)
        started.append(server)
        return server
    yield start
    for server in started:
        assert server.errors == [], server.errors
        server.close()


def open_gmail(browser, gmail):
    """The Gmail fixture in a second tab (as the visitor has it), then back to the first tab."""
    drv = browser.driver
    back = drv.current_window_handle
    drv.switch_to.new_window("tab")
    drv.get(gmail.url("/mail/u/0/#inbox"))
    wait_until(lambda: drv.execute_script(
        "return document.documentElement.dataset.siteagentContent && document.querySelector('#main').children.length > 0"),
        10, "the Gmail fixture with the content script in it")
    drv.switch_to.window(back)


def use_endpoint(page, server, key=KEY, timeout_ms=None):
    drv = page.driver
    drv.find_element("id", "model-endpoint").click()
    for field, value in (("endpoint-url", server.base_url), ("endpoint-model", "demo-model"), ("endpoint-key", key)):
        element = drv.find_element("id", field)
        element.clear()
        element.send_keys(value)
    if timeout_ms is not None:
        drv.find_element("css selector", "#model-title ~ fieldset details summary").click()
        element = drv.find_element("id", "call-timeout")
        element.clear()
        element.send_keys(str(timeout_ms))


def say(page, text):
    drv = page.driver
    drv.find_element("id", "prompt").send_keys(text)
    drv.find_element("id", "send").click()


def last_run(page, timeout=40):
    return wait_until(lambda: page.driver.execute_script("return window.demo.lastRun || null"), timeout, "the run to end")


def events(page):
    return page.driver.execute_script("return window.demo.events")


def chat(page):
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#log > *')].map(e => [e.className, e.textContent])")


def actions(gmail, action):
    return [r["data"] for r in gmail.records if isinstance(r["data"], dict) and r["data"].get("action") == action]


def compose_opens(gmail):
    return [r for r in gmail.requests if r["path"].startswith("/mail/?view=cm&fs=1&")]


def send_script(final_sent=FINAL_SENT, final_other=FINAL_DENIED):
    """Draft, then send, then answer from what the send's outcome says."""
    def script(body):
        results = tool_messages(body)
        if not results:
            return tool_call("gmail_compose_draft", DRAFT, "call_draft")
        if len(results) == 1:
            assert outcome_of(results[0])["ok"] is True, results[0]
            return tool_call("gmail_send_draft", {}, "call_send")
        return answer(final_sent if outcome_of(results[1])["ok"] else final_other)
    return script


def check_requests(server, key=KEY):
    """Every request the page's loop made is an OpenAI chat request with the catalogue and the key."""
    tool_shape = Draft202012Validator({"type": "array", "items": shapes.OPENAI_TOOL})
    message_shape = Draft202012Validator({"type": "array", "items": shapes.OPENAI_MESSAGE})
    for request in server.requests:
        body = request["body"]
        assert request["headers"]["authorization"] == f"Bearer {key}"
        assert body["model"] == "demo-model"
        tool_shape.validate(body["tools"])
        message_shape.validate(body["messages"])
        assert {"gmail_compose_draft", "gmail_send_draft"} <= {t["function"]["name"] for t in body["tools"]}
        assert body["messages"][0]["role"] == "system" and "untrusted" in body["messages"][0]["content"]


def test_allow_sends_and_the_page_hears_the_approval_window(page, gmail, models):
    server = models(send_script())
    use_endpoint(page, server)
    say(page, "Please send Ann a note about Friday.")
    popup = page.wait_for_popup("approve.html", timeout=20)
    # while the window is open, the page already knows: the banner and the event
    banner = wait_until(lambda: page.driver.find_element("id", "approval").is_displayed()
                        and page.driver.find_element("id", "approval").text, 10, "the approval banner")
    assert banner == "Approve gmail_send_draft in the Site Agent window (or deny it there)."
    waiting = [e for e in events(page) if e["type"] == "approval_waiting"]
    assert [(e["name"], e["timeoutMs"]) for e in waiting] == [("gmail_send_draft", 4000)]
    assert not popup.is_closed
    assert actions(gmail, "send") == []
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('To: ann.lee@example.com')")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    run = last_run(page)
    assert run == {"answer": FINAL_SENT, "stopReason": "answer", "steps": 3}
    sent = gmail.wait_for_record(lambda d: d.get("action") == "send")["data"]
    assert (sent["to"], sent["subject"], sent["body"]) == (DRAFT["to"], DRAFT["subject"], DRAFT["body"])
    time.sleep(0.5)
    assert len(actions(gmail, "send")) == 1 and len(compose_opens(gmail)) == 1
    assert [e["type"] for e in events(page)] == [
        "assistant", "tool_call", "tool_result", "assistant", "tool_call", "approval_waiting", "approval_decided",
        "tool_result", "assistant"]
    assert chat(page)[-1] == ["msg assistant", FINAL_SENT]
    assert not page.driver.find_element("id", "approval").is_displayed()
    check_requests(server)
    assert len(server.requests) == 3
    assert outcome_of(tool_messages(server.requests[2]["body"])[1])["result"]["sent"] is True


def test_deny_tells_the_model_and_sends_nothing(page, gmail, models):
    server = models(send_script())
    use_endpoint(page, server)
    say(page, "Send Ann the Friday note.")
    popup = page.wait_for_popup("approve.html", timeout=20)
    wait_until(lambda: page.driver.find_element("id", "approval").is_displayed(), 10, "the approval banner")
    popup.click("#deny")
    run = last_run(page)
    assert run["answer"] == FINAL_DENIED
    refusal = tool_messages(server.requests[2]["body"])[1]
    assert outcome_of(refusal)["reason"] == "approval_denied"
    assert "declined this in the Site Agent approval window" in refusal["content"]
    decided = [e for e in events(page) if e["type"] == "approval_decided"]
    assert [(e["allowed"], e["reason"]) for e in decided] == [(False, "approval_denied")]
    time.sleep(1.0)
    assert actions(gmail, "send") == []
    check_requests(server)


def test_a_write_that_times_out_is_not_called_again(page, gmail, models):
    def script(body):
        results = tool_messages(body)
        if len(results) < 2:
            return tool_call("gmail_compose_draft", DRAFT, f"call_draft_{len(results)}")   # the model tries again
        return answer("I could not tell whether the draft opened; please look in Gmail.")
    server = models(script)
    use_endpoint(page, server, timeout_ms=1)
    say(page, "Draft the Friday note to Ann.")
    run = last_run(page)
    assert run.get("answer", "").startswith("I could not tell"), (run, chat(page))
    first, second = tool_messages(server.requests[2]["body"])
    assert outcome_of(first)["reason"] == "client_timeout"
    assert "Do not call gmail_compose_draft again" in first["content"]
    assert outcome_of(second)["reason"] == "retry_blocked"
    results = [(e["name"], e["called"], e["outcome"].get("reason")) for e in events(page) if e["type"] == "tool_result"]
    assert results == [("gmail_compose_draft", True, "client_timeout"), ("gmail_compose_draft", False, "retry_blocked")]
    # the first call went on in the extension: one draft opened, and never a second
    wait_until(lambda: len(compose_opens(gmail)) == 1, 15, "the timed-out call to open its draft")
    time.sleep(1.5)
    assert len(compose_opens(gmail)) == 1
    def composes():
        audit = ext_send(page, {"kind": "audit", "count": 20, "filters": {}})
        return [e for e in audit if e["tool"] == "gmail_compose_draft"]
    wait_until(composes, 15, "the timed-out call's audit entry")
    assert [(e["source"], e["ok"]) for e in composes()] == [("site", True)]
    check_requests(server)


def test_the_built_in_scripted_model_drafts_then_sends_through_the_approval_window(page, gmail):
    page.driver.find_element("id", "model-scripted").click()
    say(page, "Email ann.lee@example.com about the Friday plan and send it.")
    popup = page.wait_for_popup("approve.html", timeout=20)
    wait_until(lambda: "Approve gmail_send_draft" in page.driver.find_element("id", "approval").text, 10, "the banner")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    run = last_run(page)
    assert run["answer"] == "Sent to ann.lee@example.com. Gmail's Sent folder is the proof of delivery."
    sent = gmail.wait_for_record(lambda d: d.get("action") == "send")["data"]
    assert sent["to"] == ["ann.lee@example.com"] and sent["subject"] == "The Friday plan"


def test_the_key_stays_in_the_tab_session_and_a_failing_endpoint_is_reported(page, models, demo):
    server = models(lambda body: answer("unused"), status=401)
    use_endpoint(page, server, key="sk-secret-42")
    say(page, "hello")
    run = last_run(page)
    assert run["reason"] == "model_error" and "HTTP 401" in run["error"]
    assert "The model failed:" in chat(page)[-1][1]
    drv = page.driver
    stored = drv.execute_script("return {session: {...sessionStorage}, local: {...localStorage}}")
    assert stored["session"]["siteagent-demo-key"] == "sk-secret-42"
    assert "sk-secret-42" not in json.dumps(stored["local"])
    drv.get(demo)
    wait_until(lambda: drv.execute_script("return window.demoReady === true"), 10, "the demo page again")
    assert drv.find_element("id", "endpoint-key").get_attribute("value") == "sk-secret-42"
    assert drv.find_element("id", "model-endpoint").is_selected()
