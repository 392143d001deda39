from core import ratelimit as rl, reasons

RULES = {"per_origin": {"max": 3, "window_s": 10}, "per_tool": {"max": 2, "window_s": 5},
         "tools": {"slow": {"max": 1, "window_s": 60}}}


def test_limits_resolve():
    assert rl.limit_for_tool(RULES, "slow") == {"max": 1, "window_s": 60}
    assert rl.limit_for_tool(RULES, "other") == {"max": 2, "window_s": 5}
    assert rl.limit_for_origin(RULES) == {"max": 3, "window_s": 10}
    assert rl.limit_for_tool({}, "x") is None and rl.limit_for_origin(None) is None


def test_sliding_window():
    stamps = []
    limit = {"max": 3, "window_s": 10}
    for now in (1000, 2000, 3000):
        verdict = rl.check(stamps, now, limit, "from o")
        assert verdict["ok"]
        stamps = verdict["stamps"]
    refused = rl.check(stamps, 4000, limit, "from o")
    assert refused["ok"] is False and refused["reason"] == reasons.RATE_LIMITED and refused["retry_ms"] == 7000
    assert rl.check(refused["stamps"], 11001, limit, "from o")["ok"]      # the first call left the window
    assert rl.check([], 5, None, "x") == {"ok": True, "stamps": []}
