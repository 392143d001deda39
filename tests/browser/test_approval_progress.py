"""Approval progress (issue 20): while a call waits in the approval window the bridge posts
`{source, type: "PROGRESS", stage: "approval_waiting", tool, callId}`, and `approval_decided` when it is
answered. The page here is the seed chatbot fixture, a client that matches replies by `id` and takes
the first one as the answer: it must still get the real outcome, because a PROGRESS message never
carries the call's id in `id`."""
import pytest

from extension import call_result, reset_extension_state, start_call
from harness import wait_until

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, chatbot_site):
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    yield browser
    browser.assert_no_sw_exceptions()


def inbox(page):
    return page.driver.execute_script("return sa.inbox.map(m => m.data)")


def request_id(page, key):
    """The id the fixture generated for the call started as `key` (its CALL_TOOL request)."""
    return page.driver.execute_script(
        "return (window.__ids || {})[arguments[0]] || null", key)


def start(page, name, args):
    """start_call, remembering the request id the fixture gives it (sa.newId is wrapped once)."""
    page.driver.execute_script("""
        if (!window.__wrapped) {
            window.__wrapped = true; window.__ids = {};
            const newId = sa.newId; sa.newId = () => { const id = newId(); window.__lastId = id; return id; };
        }""")
    key = start_call(page, name, args)
    page.driver.execute_script("window.__ids[arguments[0]] = window.__lastId", key)
    return key


def progress(page, call_id):
    return [m for m in inbox(page) if m.get("type") == "PROGRESS" and m.get("callId") == call_id]


def test_the_page_hears_the_window_open_then_the_decision_and_still_gets_the_outcome(page):
    key = start(page, "test_irreversible", {"text": "progress"})
    call_id = request_id(page, key)
    popup = page.wait_for_popup("approve.html")
    waiting = wait_until(lambda: progress(page, call_id), 10, "approval_waiting on the page")
    assert waiting == [{"source": "portfolio-ext", "type": "PROGRESS", "callId": call_id, "stage": "approval_waiting",
                        "tool": "test_irreversible", "timeoutMs": 4000}]
    assert "id" not in waiting[0] and "payload" not in waiting[0]
    assert not page.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    reply = call_result(page, key)
    assert reply["id"] == call_id and reply["type"] == "CALL_TOOL"
    assert reply["payload"] == {"ok": True, "tool": "test_irreversible", "result": {"done": True, "text": "progress"}}
    seen = [m for m in inbox(page) if m.get("callId") == call_id or m.get("id") == call_id]
    assert [(m["type"], m.get("stage"), m.get("allowed")) for m in seen] == [
        ("PROGRESS", "approval_waiting", None), ("PROGRESS", "approval_decided", True), ("CALL_TOOL", None, None)]
    assert "reason" not in seen[1]


def test_a_denial_is_decided_with_its_reason(page):
    key = start(page, "test_irreversible", {"text": "no"})
    call_id = request_id(page, key)
    popup = page.wait_for_popup("approve.html")
    wait_until(lambda: progress(page, call_id), 10, "approval_waiting on the page")
    popup.click("#deny")
    assert call_result(page, key)["payload"]["reason"] == "approval_denied"
    decided = progress(page, call_id)[1]
    assert (decided["stage"], decided["allowed"], decided["reason"], decided["tool"]) == (
        "approval_decided", False, "approval_denied", "test_irreversible")


def test_a_window_nobody_answers_is_decided_as_a_timeout(page):
    key = start(page, "test_irreversible", {"text": "slow"})
    call_id = request_id(page, key)
    page.wait_for_popup("approve.html")
    assert call_result(page, key, timeout=15)["payload"]["reason"] == "approval_timeout"
    stages = [(m["stage"], m.get("allowed"), m.get("reason")) for m in progress(page, call_id)]
    assert stages == [("approval_waiting", None, None), ("approval_decided", False, "approval_timeout")]


def test_a_worker_stopped_mid_approval_still_gets_its_decision(page):
    key = start(page, "test_irreversible", {"text": "orphan"})
    call_id = request_id(page, key)
    page.wait_for_popup("approve.html")
    wait_until(lambda: progress(page, call_id), 10, "approval_waiting on the page")
    page.stop_service_worker()
    assert call_result(page, key, timeout=20)["payload"]["reason"] == "approval_denied"
    stages = [(m["stage"], m.get("allowed"), m.get("reason"), m["tool"]) for m in progress(page, call_id)]
    assert stages == [("approval_waiting", None, None, "test_irreversible"),
                      ("approval_decided", False, "approval_denied", "test_irreversible")]


def test_calls_without_an_approval_window_post_no_progress(page):
    out = page.sa_call("test_write", {"text": "quiet"})
    assert out["payload"]["ok"] is True
    page.sa_call("test_read", {})
    assert [m for m in inbox(page) if m.get("type") == "PROGRESS"] == []
