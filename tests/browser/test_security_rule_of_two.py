"""Rule-of-two mode (opt-in: `[rules] rule_of_two = true`): after a site's session saw untrusted
content, its later write calls need approval too. Built as a variant of the test profile."""
import pytest

from extension import build_variant, start_call, call_result, effects
from harness import Browser, host_rules_for

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser(tmp_path_factory, fixture_servers):
    dist = build_variant(tmp_path_factory.mktemp("rule-of-two"),
                         lambda t: t.replace("rule_of_two = false", "rule_of_two = true", 1))
    b = Browser(dist, host_rules=host_rules_for(fixture_servers))
    yield b
    b.quit()


def out(reply):
    assert "payload" in reply, reply
    return reply["payload"]


def test_rule_of_two_write_needs_approval_after_untrusted_content(page):
    assert out(page.sa_call("test_note", {"body": "before"}))["ok"] is True      # runs without a window
    page.assert_no_popup("approve.html")
    out(page.sa_call("test_read_mail", {"body": "nothing suspicious here"}))
    key = start_call(page, "test_note", {"body": "after"})
    popup = page.wait_for_popup("approve.html")
    popup.wait_for("!document.getElementById('allow').disabled")
    popup.click("#allow")
    assert call_result(page, key)["payload"]["ok"] is True
    assert effects(page) == {"test_note": 2}
    # reads are never escalated
    assert out(page.sa_call("test_read", {"text": "r"}))["ok"] is True

def test_without_untrusted_content_writes_still_run_at_once(page):
    for i in range(3):
        assert out(page.sa_call("test_note", {"body": f"n{i}"}))["ok"] is True
    page.assert_no_popup("approve.html")
    assert effects(page) == {"test_note": 3}


def test_the_console_is_not_escalated(page):
    from extension import ext_send
    out(page.sa_call("test_read_mail", {"body": "untrusted"}))
    assert ext_send(page, {"kind": "console_call", "name": "test_note", "args": {"body": "c"}})["ok"] is True
