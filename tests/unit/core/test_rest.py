import pytest
from core import reasons, outcome, catalogue, policy, audit, preview, health, tooling

REQUIRED_REASONS = ["unknown_tool", "tool_not_allowed_for_site", "tool_disabled", "paused", "invalid_args",
                    "approval_denied", "approval_timeout", "approval_pending", "no_target_tab", "tab_timeout",
                    "tab_closed", "permission_required", "adapter_error", "bad_request", "stale_uid",
                    "url_not_allowed", "rate_limited", "worker_restarted"]


def test_reasons():
    for code in REQUIRED_REASONS:
        assert code in reasons.REASONS and reasons.is_reason(code)
        assert reasons.REASONS[code] and "\n" not in reasons.REASONS[code]
    assert set(reasons.REASON_CODES) | set(reasons.CLIENT_CODES) == set(reasons.REASONS) and not reasons.is_reason("nope")


def test_outcome():
    assert outcome.success("t", 1) == {"ok": True, "tool": "t", "result": 1}
    assert outcome.failure("paused", "m", None) == {"ok": False, "reason": "paused", "message": "m"}
    assert outcome.failure("paused", "m", {"hint": "h", "ok": True}) == {
        "ok": False, "reason": "paused", "message": "m", "hint": "h"}


DEFS = [dict(name="r", description="d", risk="read", inputSchema={"type": "object"}, site="s", public=True),
        dict(name="i", description="d", risk="irreversible", inputSchema={"type": "object"}, site="s", public=True),
        dict(name="c", description="d", risk="write", inputSchema={"type": "object"}, site="s", public=False)]


def test_catalogue():
    assert catalogue.find_tool(DEFS, "i") is DEFS[1] and catalogue.find_tool(DEFS, "x") is None
    listing = catalogue.public_listing(DEFS, {"paused": False, "disabled": {}, "allowlist": None})
    assert [t["name"] for t in listing] == ["r", "i"]
    assert list(listing[0]) == ["name", "description", "risk", "inputSchema", "annotations"]
    assert listing[0]["annotations"] == {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True,
                                         "openWorldHint": True}
    assert listing[1]["annotations"] == {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                                         "openWorldHint": True}
    assert catalogue.public_listing(DEFS, {"paused": True}) == []
    assert [t["name"] for t in catalogue.public_listing(DEFS, {"disabled": {"r": True}})] == ["i"]
    assert [t["name"] for t in catalogue.public_listing(DEFS, {"allowlist": ["i", "c"]})] == ["i"]


def test_annotations_follow_the_risk_and_the_declared_hints():
    hints = catalogue.annotations_of
    assert hints({"risk": "write"}) == {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False,
                                        "openWorldHint": True}
    assert hints({"risk": "write", "idempotent": True, "open_world": False}) == {
        "readOnlyHint": False, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}
    # a read is idempotent whatever it declares; an unknown or missing risk counts as irreversible
    assert hints({"risk": "read", "idempotent": False})["idempotentHint"] is True
    for odd in ({}, {"risk": "delete"}, {"risk": None}, None):
        assert hints(odd) == {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                              "openWorldHint": True}
    # only a literal True / False counts
    assert hints({"risk": "write", "idempotent": 1, "open_world": 0})["idempotentHint"] is False
    assert hints({"risk": "write", "idempotent": 1, "open_world": 0})["openWorldHint"] is True


def test_policy():
    st = {"paused": False, "disabled": {}, "allowlist": None}
    assert policy.decide(None, "x", st, "site")["reason"] == "unknown_tool"
    assert policy.decide(DEFS[0], "r", {"paused": True, "disabled": {"r": True}}, "site")["reason"] == "paused"
    assert policy.decide(DEFS[0], "r", {"disabled": {"r": True}}, "console")["reason"] == "tool_disabled"
    assert policy.decide(DEFS[2], "c", st, "site")["reason"] == "tool_not_allowed_for_site"
    assert policy.decide(DEFS[2], "c", st, "console") == {"action": "run"}
    assert policy.decide(DEFS[0], "r", {"allowlist": ["i"]}, "site")["reason"] == "tool_not_allowed_for_site"
    assert policy.decide(DEFS[0], "r", st, "site") == {"action": "run"}
    assert policy.decide(DEFS[1], "i", st, "site") == {"action": "approve"}
    assert policy.decide(DEFS[1], "i", st, "console") == {"action": "approve"}


def test_audit():
    e = audit.make_entry(5, "t", "site", {"ok": False, "reason": "paused"}, {"secret": "v", "a": 1})
    assert e == {"ts": 5, "tool": "t", "source": "site", "ok": False, "reason": "paused", "arg_keys": ["a", "secret"]}
    assert "v" not in repr(e)
    assert audit.make_entry(5, "t", "site", {"ok": True}, None)["reason"] is None
    log = []
    for i in range(205):
        log = audit.append(log, {"ts": i, "tool": "t", "source": "site", "ok": i % 2 == 0}, None)
    assert len(log) == audit.AUDIT_CAP == 200 and log[0]["ts"] == 5 and log[-1]["ts"] == 204
    assert [x["ts"] for x in audit.latest(log, 3, None)] == [204, 203, 202]
    assert [x["ts"] for x in audit.latest(log, 2, {"ok": False, "tool": None})] == [203, 201]
    assert audit.append([1, 2], 3, 2) == [2, 3]


def test_preview():
    text = preview.send_preview(["a@x.com", "b@y.com"], [], None, "Hi\x07", "Body\r\nline\t2")
    assert text == "To: a@x.com, b@y.com\nSubject: Hi\nBody: Body\nline\t2"
    assert preview.send_preview("a", "c", "d", "s", "b").startswith("To: a\nCc: c\nBcc: d\nSubject: s")
    long = preview.build_preview([["Body", "x" * 2000]], None)
    assert long == "Body: " + "x" * 1494 + "… (506 more characters)"
    assert preview.build_preview([["A", "\U0001F600" * 4]], 4) == "A: \U0001F600… (3 more characters)"


def test_health_report():
    rep = health.health_report({"id": "gmail", "selectors": {"send": "div.s", "body": "div.b"}}, {"send": 2})
    assert rep == {"adapter": "gmail", "ok": False, "broken": ["body"],
                   "selectors": [{"key": "body", "selector": "div.b", "found": 0},
                                 {"key": "send", "selector": "div.s", "found": 2}]}
    assert health.health_report("gmail", {"a": 1})["ok"] is True


def test_tooling_declares_once_and_derives_the_catalogue():
    named = tooling.name_site("demo", ["demo.test"])                 # ids.py: what both halves name
    assert named == {"id": "demo", "hosts": ["demo.test"]}
    step = tooling.name_step(named, "demo__step")
    assert step == {"name": "demo__step", "site": "demo", "step": True}
    assert not hasattr(tooling, "name_tool")        # a tool's name is written in tools.py only (declare_tool)
    site = tooling.declare_site(named, None, {"main": "main"})       # tools.py: the worker's declarations
    assert site == {"id": "demo", "hosts": ["demo.test"], "open_url": None, "selectors": {"main": "main"}, "tools": []}
    schema_ = tooling.object_schema({"text": {"type": "string"}}, ["text"])
    assert list(schema_) == ["type", "properties", "required", "additionalProperties"]
    assert list(tooling.object_schema({}, None)) == ["type", "properties", "additionalProperties"]
    read = tooling.declare_tool(site, "demo_read", "read", "Reads the demo page and changes nothing at all.", schema_, "tab")
    judged = tooling.declare_tool(site, "demo_act", "dynamic", "Acts on the demo page; its risk is judged per call.",
                                  tooling.object_schema({}, None), "worker", {"public": False})
    hidden = tooling.declare_tool(site, "demo_test", "write", "Test only: a tool only test builds list.",
                                  tooling.object_schema({}, None), "worker", {"test_only": True})
    assert site["tools"] == [read, judged, hidden] and read["name"] == "demo_read"
    assert read["runs_in"] == "tab" and read["site"] == "demo" and read["public"] is True
    assert judged["risk"] == "irreversible" and judged["risk_by"] == "dynamic" and judged["public"] is False
    assert [t["name"] for t in tooling.catalogue_of([site], False)] == ["demo_read", "demo_act"]
    assert [t["name"] for t in tooling.catalogue_of([site], True)] == ["demo_read", "demo_act", "demo_test"]
    assert tooling.site_by_id([site], "demo") is site and tooling.site_by_id([site], "x") is None
    with pytest.raises(ValueError):
        tooling.declare_tool(site, "bad", "dangerous", "x", schema_, "tab")
    with pytest.raises(ValueError):
        tooling.declare_tool(site, "bad", "read", "x", schema_, "server")
    # the error names the tool
    with pytest.raises(ValueError, match="^demo_bad: risk must be"):
        tooling.declare_tool(site, "demo_bad", "dangerous", "x", schema_, "tab")


def test_tool_error_carries_its_outcome():
    err = outcome.ToolError("stale_uid", "uid: u3 is gone", {"hint": "scan again", "ok": True})
    assert err.outcome() == {"ok": False, "reason": "stale_uid", "message": "uid: u3 is gone", "hint": "scan again"}
    back = outcome.error_from(err.outcome())
    assert (back.reason, back.detail, back.extra) == ("stale_uid", "uid: u3 is gone", {"hint": "scan again"})
    assert outcome.error_from({"ok": False}).reason == "adapter_error"
    bad = outcome.invalid_arg("to", "is not an address")
    assert bad.outcome() == {"ok": False, "reason": "invalid_args", "message": "to: is not an address", "field": "to"}


def test_result_of_passes_a_success_and_raises_a_failure_unchanged():
    ok = {"ok": True, "index": 2}
    assert outcome.result_of(ok) is ok
    checked = {"ok": False, "reason": "invalid_args", "field": "guests", "message": "guests: item 0 must be a string"}
    with pytest.raises(outcome.ToolError) as raised:
        outcome.result_of(checked)
    assert raised.value.outcome() == checked
    with pytest.raises(outcome.ToolError) as raised:
        outcome.result_of({"ok": False, "message": "no reason"})
    assert raised.value.outcome() == {"ok": False, "reason": "adapter_error", "message": "no reason"}

