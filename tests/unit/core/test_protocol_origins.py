import pytest

from core import protocol as pr
from core.origins import origin_allowed, host_of, exact_pattern

P = "siteagent-page"


def req(**kw):
    base = {"source": P, "id": "r1", "type": "CALL_TOOL", "name": "test_read"}
    base.update(kw)
    return base


def test_constants():
    assert pr.API_VERSION == 2
    assert pr.REQUEST_TYPES == ["PING", "LIST_TOOLS", "CALL_TOOL", "CHALLENGE"]


def test_not_for_us():
    for data in [None, 5, "x", [], {}, {"source": "other"}, {"source": None, "id": "1"}]:
        assert pr.parse_request(data, P, 1000) is None


def test_ok():
    assert pr.parse_request(req(args={"text": "hi"}, token="t"), P, 1000) == {
        "ok": True, "id": "r1", "type": "CALL_TOOL", "name": "test_read", "args": {"text": "hi"}, "token": "t"}
    assert pr.parse_request(req(), P, 1000)["args"] == {}
    ping = pr.parse_request({"source": P, "id": "p", "type": "PING"}, P, 1000)
    assert ping == {"ok": True, "id": "p", "type": "PING", "name": None, "args": {}, "token": None}


@pytest.mark.parametrize("data,rid,rtype", [
    (req(id=""), "", "CALL_TOOL"), (req(id=5), None, "CALL_TOOL"), (req(id="x" * 129), None, "CALL_TOOL"),
    (req(type="NOPE"), "r1", None), (req(type=3), "r1", None), (req(name="Bad"), "r1", "CALL_TOOL"),
    (req(name="a" * 65), "r1", "CALL_TOOL"), (req(name=None), "r1", "CALL_TOOL"), (req(args=[1]), "r1", "CALL_TOOL"),
    (req(args="x"), "r1", "CALL_TOOL"), (req(args={"a": {"__proto__": 1}}), "r1", "CALL_TOOL"),
    (req(args={"a": [{"constructor": 1}]}), "r1", "CALL_TOOL"), (req(args={"prototype": 1}), "r1", "CALL_TOOL"),
    (req(args={"t": "x" * 2000}), "r1", "CALL_TOOL"), (req(args={"n": float("nan")}), "r1", "CALL_TOOL"),
    (req(token=5), "r1", "CALL_TOOL"),
])
def test_bad_request(data, rid, rtype):
    out = pr.parse_request(data, P, 1000)
    assert out["ok"] is False and out["reason"] == "bad_request" and isinstance(out["message"], str)
    assert out["id"] == rid and out["type"] == rtype


def test_depth_limit():
    args = {"a": 1}
    for _ in range(31):
        args = {"a": args}
    assert pr.parse_request(req(args=args), P, 10 ** 6)["ok"] is True       # 32 levels
    assert pr.parse_request(req(args={"a": args}), P, 10 ** 6)["ok"] is False


def test_reply():
    assert pr.reply("ext", "r1", "PING", {"ok": True}) == {"source": "ext", "id": "r1", "type": "PING",
                                                          "payload": {"ok": True}}


def test_origins():
    pats = ["https://mail.google.com", "http://localhost:*", "http://127.0.0.1:*"]
    assert origin_allowed("https://mail.google.com", pats)
    assert origin_allowed("http://localhost:5173", pats) and origin_allowed("http://127.0.0.1:1", pats)
    for bad in ["http://localhost", "http://localhost:", "http://localhost:8a", "http://localhost:1.evil.com",
                "https://localhost:3000", "https://mail.google.com.evil.com", None]:
        assert not origin_allowed(bad, pats)
    assert host_of("https://u:p@Host.Example:8443/") == "host.example"
    assert host_of("http://[::1]:3000/") == "[::1]"


@pytest.mark.parametrize("href, pattern", [
    ("https://corpus.test/wikipedia-2.html", "https://corpus.test/wikipedia-2.html"),
    ("https://a.test/p?q=1&r=%20#frag", "https://a.test/p?q=1&r=%20"),
    ("http://localhost:8080/x", "http://localhost:8080/x"),
    ("HTTPS://A.test:443/x", "https://a.test/x"),
    ("https://a.test", "https://a.test/"),
    ("https://a.test?x", "https://a.test/?x"),
    ("https://a.test/#only", "https://a.test/"),
    # nothing a pattern cannot say exactly: a wildcard, user info, an IPv6 host, another scheme
    ("https://a.test/*/x", None),
    ("https://a.test/x?q=*", None),
    ("https://u:p@a.test/", None),
    ("http://[::1]:3000/", None),
    ("ftp://a.test/", None),
    ("javascript:alert(1)", None),
    ("", None),
    (None, None),
])
def test_exact_pattern_says_one_url_or_nothing(href, pattern):
    assert exact_pattern(href) == pattern
