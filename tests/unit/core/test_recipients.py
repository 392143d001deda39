from core import recipients as r, reasons

SEND = {"recipients": ["to", "cc", "bcc"], "sink": "gmail_send"}


def test_normalize_and_split():
    assert r.normalize_address(" Alice <Alice@Example.COM> ") == "alice@example.com"
    for bad in ["a@b", "@b.co", "a@@b.co", "a b@c.co", "a@-b.co", ".a@b.co", "é@b.co", None, 5]:
        assert r.normalize_address(bad) is None, bad
    got = r.recipients_of(SEND, {"to": ["a@x.test", "A@X.TEST"], "cc": "b@y.test; c@z.test"})
    assert [x["address"] for x in got["recipients"]] == ["a@x.test", "b@y.test", "c@z.test"]
    bad = r.recipients_of(SEND, {"to": ["ok@x.test"], "bcc": ["nope"]})
    assert bad["ok"] is False and bad["field"] == "bcc" and bad["reason"] == reasons.INVALID_ARGS


def test_rules_deny_wins_and_allow_lists():
    rules = {"allowed_domains": ["corp.test"], "denied_domains": ["bad.corp.test"], "denied_addresses": ["boss@corp.test"]}
    assert r.check_recipient("u@corp.test", rules) == {"ok": True}
    assert r.check_recipient("u@sub.corp.test", rules) == {"ok": True}
    for addr in ["u@bad.corp.test", "boss@corp.test", "u@xcorp.test", "u@corp.test.evil"]:
        assert r.check_recipient(addr, rules)["reason"] == reasons.RECIPIENT_NOT_ALLOWED, addr
    assert r.check_recipient("anyone@any.test", {}) == {"ok": True}


def test_cap_and_confirmation():
    rs = [{"field": "to", "address": f"u{i}@x.test"} for i in range(3)]
    assert r.check_send(rs, {}, 2)["reason"] == reasons.RATE_LIMITED
    assert r.check_send(rs, {"denied_domains": ["x.test"]}, 5)["field"] == "to"
    assert r.confirmation_matches("a@x.test", " A@X.test ") and r.confirmation_matches("a@x.test", "@x.test")
    assert r.confirmation_matches("a@x.test", "x.test")
    assert not r.confirmation_matches("a@x.test", "test") and not r.confirmation_matches("a@x.test", "")
