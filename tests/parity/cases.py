"""Parity cases: each is one call evaluated under CPython and as Transcrypt JS.

Add a case with one line: `C("module", "function", arg1, arg2, ...)` (module short name under
core/). `A("module", "NAME")` compares a module attribute. Args must be JSON values.
"""
from __future__ import annotations

from tests.parity.harness import Case

CASES: list[Case] = []


def C(module, func, *args, label=""):
    CASES.append(Case(module, func, tuple(args), label))


def A(module, name):
    CASES.append(Case(module, name, None, "attr"))


# Shared junk: every function that takes JSON must behave the same on these.
ASTRAL = "\U0001F600"
JUNK = [None, True, False, 0, -0.0, 1, 1.5, -7, 2 ** 53, 2 ** 64, 1e21, 1e-7, "", "x", ASTRAL, [], [1, [2]], {},
        {"a": 1}, {"__proto__": 1}, {"constructor": {"prototype": 1}}, {"length": 3}, {"indexOf": 1},
        {"hasOwnProperty": 1}, {"__class__": "x"}, {"py_keys": 1}, {"__kwargtrans__": 1},
        {"toString": 2, "valueOf": 3}, {"1": "a", "b": "c", "0": "d"}, [None, {}, []],
        "\ud800", "a\u0000b", "\u2028\u2029", "é", {"é": 1, "e": 2, "\uffff": 3, ASTRAL: 4}]

# --- jsonval -----------------------------------------------------------------------------------
for v in JUNK:
    C("jsonval", "kind_of", v)
    C("jsonval", "obj_keys", v)
    C("jsonval", "obj_len", v)
    C("jsonval", "is_integral", v)
    C("jsonval", "is_finite_number", v)
for k in ["a", "__proto__", "constructor", "toString", "length", "hasOwnProperty", "0", "1", "py_keys"]:
    C("jsonval", "has_key", {"a": 1, "__proto__": 2, "length": 0, "0": 1}, k)
    C("jsonval", "has_key", {}, k)
    C("jsonval", "get_key", {"a": 1, "__proto__": 2, "length": 0, "py_keys": None}, k, "dflt")
for v in [1e-38, -1e-38, 1.1754943508222875e-38, 5e-324, 0.5, -0.5, 1e300, -1e300, 2.0 ** 60 + 0.0, 1 - 1e-16]:
    C("jsonval", "is_integral", v)
    C("schema", "validate", {"type": "object", "properties": {"v": {"type": "integer"}}}, {"v": v})
C("jsonval", "has_key", [1, 2], "0")
C("jsonval", "has_key", "abc", "0")
C("jsonval", "has_key", None, "a")
for s in ["", "abc", ASTRAL, "a" + ASTRAL + "b", "\ud800", "\ud83d", "\ude00x", "é\u0301", ASTRAL * 3, "\uffff"]:
    C("jsonval", "str_len", s)
    C("jsonval", "str_head", s, 1)
    C("jsonval", "str_head", s, 2)
C("jsonval", "sort_strings", ["b", "a", "B", "é", "\uffff", ASTRAL, "\ue000", "", "aa", "a"])
C("jsonval", "sort_strings", [ASTRAL + "a", "\uffff", "\ud7ff", "\U0001F601", "\U00010000", "\ue000z"])
C("jsonval", "sort_strings", [])
C("jsonval", "sort_strings", ["z%d" % i for i in range(37)])
C("jsonval", "obj_keys", {"z": 1, "10": 2, "9": 3, "a": 4, "_": 5, "Z": 6, "\uffff": 7, ASTRAL: 8})
C("jsonval", "list_has", [1, "1", True], 1)
C("jsonval", "list_has", [1, "1"], True)
C("jsonval", "list_has", ["a"], "b")
C("jsonval", "list_has", {"indexOf": 1}, "a")
C("jsonval", "list_has", "abc", "a")

# --- canonical ---------------------------------------------------------------------------------
for v in JUNK:
    C("canonical", "canonical_json", v)
    C("canonical", "json_size", v, 1000, 64)
    C("canonical", "json_size", v, 3, 64)
NUMBERS = [0, 1, -1, 1.0, -1.0, 0.5, 1.5, 0.1, 0.2, 1 / 3, 2 / 3, 100.0, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22,
           1.5e21, 123456789012345678, 9007199254740991, 9007199254740993, 2 ** 63, -(2 ** 63), 10 ** 30,
           1e-5, 1e-6, 1e-7, 1.5e-7, 1.2345e-10, 5e-324, 1.7976931348623157e308, 2.5e-5, 123.456,
           -0.000001, 1e300, 4.35, 0.1 + 0.2, 255 / 256, 12345.678e10]
for v in NUMBERS:
    C("canonical", "canonical_json", v)
    C("canonical", "number_text", v)
C("canonical", "canonical_json", {"b": [1, 2.0, {"d": None, "c": True}], "a": "\"\\\n\t\b\f\r\x1f\x7f"})
C("canonical", "canonical_json", {"": 1, " ": 2, "\x00": 3})
C("canonical", "canonical_json", ["\ud800\udc00", "\udc00\ud800", "\ud83d", "x\ude00"])
C("canonical", "canonical_json", {"k" + str(i): i for i in range(50)})
C("canonical", "canonical_json", "é" * 10 + ASTRAL * 5 + "\u2028")
deep = []
for i in range(63):
    deep = [deep]
C("canonical", "canonical_json", deep, label="depth64")
C("canonical", "canonical_json", [deep], label="depth65")
C("canonical", "canonical_json", {"a": [deep]}, label="depth66-obj")
C("canonical", "json_size", deep, 1000, 64, label="size-depth64")
C("canonical", "json_size", [deep], 1000, 64, label="size-depth65")
C("canonical", "json_size", "x" * 100, 50, 64)
C("canonical", "json_size", "x" * 48, 50, 64)
C("canonical", "json_size", "é" * 24, 50, 64)
C("canonical", "json_size", "é" * 25, 50, 64)
C("canonical", "json_size", ASTRAL * 12, 50, 64)
C("canonical", "json_size", ASTRAL * 13, 50, 64)
C("canonical", "json_size", {"a": "\n" * 10}, 30, 64)
C("canonical", "json_size", list(range(1000)), 100, 64)
C("canonical", "json_size", {"k%d" % i: i for i in range(200)}, 100, 64)
C("canonical", "json_size", {"b": [1, 2.0, {"d": None, "c": True}], "a": "\x01é" + ASTRAL}, 1000, 64)

# --- reasons / outcome -------------------------------------------------------------------------
A("reasons", "REASONS")
A("reasons", "REASON_CODES")
for code in ["paused", "bad_request", "nope", "", None, "__proto__", "constructor"]:
    C("reasons", "is_reason", code)
    C("reasons", "describe", code)
C("outcome", "success", "t", {"a": 1})
C("outcome", "success", "t", None)
C("outcome", "failure", "paused", "msg", None)
C("outcome", "failure", "paused", "msg", {"hint": "h", "ok": True, "reason": "x", "message": "m", "retry": 3})
C("outcome", "failure", "paused", "msg", {"__proto__": {"ok": True}, "constructor": 1, "z": [1]})
C("outcome", "failure", "paused", "msg", [1, 2])
for v in JUNK + [{"ok": True}, {"ok": False}, {"ok": False, "reason": "x"}, {"ok": False, "reason": ""},
                 {"ok": False, "reason": 3, "message": "m"}, {"ok": 1}, {"ok": "true"}, {"ok": True, "result": 1},
                 {"ok": False, "reason": "tab_closed", "message": "gone", "hint": "reopen"}]:
    C("outcome", "normalize", "tool", v)

# --- protocol ----------------------------------------------------------------------------------
A("protocol", "REQUEST_TYPES")
A("protocol", "API_VERSION")
P = "siteagent-page"
for v in JUNK:
    C("protocol", "parse_request", v, P, 1000)
    C("protocol", "parse_request", {"source": P, "id": "1", "type": "CALL_TOOL", "name": "t", "args": v}, P, 1000)
    C("protocol", "parse_request", {"source": P, "id": v, "type": "PING"}, P, 1000)
    C("protocol", "parse_request", {"source": P, "id": "1", "type": v}, P, 1000)
    C("protocol", "parse_request", {"source": P, "id": "1", "type": "CALL_TOOL", "name": v}, P, 1000)
    C("protocol", "parse_request", {"source": P, "id": "1", "type": "PING", "token": v}, P, 1000)
    C("protocol", "parse_request", {"source": v, "id": "1", "type": "PING"}, P, 1000)
for t in ["PING", "LIST_TOOLS", "CALL_TOOL", "CHALLENGE", "ping", "", "__proto__"]:
    C("protocol", "parse_request", {"source": P, "id": "r1", "type": t, "name": "test_read", "args": {"text": "hi"}},
      P, 1000)
for name in ["a", "test_read", "t1", "_x", "1a", "A", "a-b", "a b", "a" * 64, "a" * 65, "é", "a\n", "toString",
             "constructor", "__proto__"]:
    C("protocol", "parse_request", {"source": P, "id": "r", "type": "CALL_TOOL", "name": name}, P, 1000)
for rid in ["", "x" * 128, "x" * 129, ASTRAL * 128, ASTRAL * 129, "é" * 128, 5, None, ["a"]]:
    C("protocol", "parse_request", {"source": P, "id": rid, "type": "PING"}, P, 1000)
for args in [{}, {"text": "x" * 990}, {"text": "x" * 1000}, {"a": {"b": {"c": {"__proto__": 1}}}},
             {"a": [{"constructor": 1}]}, {"prototype": 1}, {"x": "__proto__"}, {"a": [[[[["prototype"]]]]]},
             {"n": float(2 ** 60)}, {"n": 1e300}, {"k" * 10: ASTRAL * 200}, {"k": "é" * 400}]:
    C("protocol", "parse_request", {"source": P, "id": "r", "type": "CALL_TOOL", "name": "t", "args": args}, P, 1000)
deep_args = {"a": 1}
for i in range(31):
    deep_args = {"a": deep_args}
C("protocol", "parse_request", {"source": P, "id": "d", "type": "CALL_TOOL", "name": "t", "args": deep_args}, P,
  100000, label="args-depth32")
C("protocol", "parse_request", {"source": P, "id": "d", "type": "CALL_TOOL", "name": "t", "args": {"a": deep_args}},
  P, 100000, label="args-depth33")
very_deep = []
for i in range(300):
    very_deep = [very_deep]
C("protocol", "parse_request", {"source": P, "id": "d", "type": "CALL_TOOL", "name": "t", "args": {"a": very_deep}},
  P, 100000, label="args-depth301")
C("protocol", "parse_request", {"source": P, "id": "big", "type": "CALL_TOOL", "name": "t",
                                "args": {"text": "x" * 3_000_000}}, P, 1000000, label="args-3MB-string")
C("protocol", "parse_request", {"source": P, "id": "big", "type": "CALL_TOOL", "name": "t",
                                "args": {"list": list(range(200000))}}, P, 1000, label="args-200k-list")
C("protocol", "parse_request", {"source": P, "id": "junk", "type": "CALL_TOOL", "name": "t",
                                "args": {"a": [None, {}, [], {"b": [1, "x", {"c": None}]}], "d": -0.0}}, P, 1000)
C("protocol", "reply", "siteagent-ext", "r1", "PING", {"ok": True, "version": 2})
C("protocol", "reply", "siteagent-ext", None, None, None)
for name in ["a", "a_1", "1", "", "A", "ab-c", "a" * 64, "a" * 65]:
    C("protocol", "is_tool_name", name)

# --- origins -----------------------------------------------------------------------------------
URLS = ["https://mail.google.com/mail/u/0/", "HTTPS://Mail.Google.COM:443/x", "http://localhost:8080/a?b#c",
        "http://localhost/", "http://127.0.0.1:5173", "http://[::1]:3000/x", "https://user:pw@host.example/",
        "https://evil.com\\@good.com/", "https://good.com@evil.com/", "ftp://x.com/", "file:///etc/passwd",
        "javascript:alert(1)", "https://", "https:///x", "http://host:99999/", "http://host:0080/",
        "http://host:/", "http://host:8a/", "  https://a.com/  ", "\thttps://a.com\n", "https://a.com#@b.com",
        "https://a.com?x=http://b.com", "", None, 5, {"href": "https://a.com"}, "data:text/html,hi",
        "chrome-extension://abc/page.html", "https://xn--nxasmq6b.com/", "https://a b.com/", "https://%41.com/",
        "http://LOCALHOST:3000", "https://a.com:443", "http://a.com:80", "https://a.com:80", "https://é.com/"]
for u in URLS:
    C("origins", "origin_of", u)
    C("origins", "host_of", u)
    C("origins", "is_http_url", u)
PATTERNS = ["https://mail.google.com", "http://localhost:*", "http://127.0.0.1:*", "https://x.com:*"]
for o in ["https://mail.google.com", "https://mail.google.com:443", "http://localhost:3000", "http://localhost",
          "http://localhost:", "http://localhost:3000/", "http://localhost:abc", "http://localhost:123456",
          "http://localhost:3000.evil.com", "https://localhost:3000", "http://127.0.0.1:1", "http://127.0.0.2:1",
          "https://x.com:8443", "https://x.com", "HTTPS://MAIL.GOOGLE.COM", "", None, "null", 7]:
    C("origins", "origin_allowed", o, PATTERNS)
C("origins", "origin_allowed", "https://a.com", None)
C("origins", "origin_allowed", "https://a.com", {"indexOf": 1})
C("origins", "origin_allowed", "https://a.com", [None, 1, "https://a.com"])
C("origins", "origin_allowed", "http://localhost:1", [])

# --- schema ------------------------------------------------------------------------------------
S = {"type": "object", "properties": {
    "text": {"type": "string", "maxLength": 5, "minLength": 1},
    "count": {"type": "integer", "minimum": 0, "maximum": 10},
    "ratio": {"type": "number", "minimum": -1.5, "maximum": 1.5},
    "flag": {"type": "boolean"},
    "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}, "maxItems": 2},
    "mode": {"type": "string", "enum": ["a", "b"]},
}, "required": ["text", "count"], "additionalProperties": False}
VALUES = [{}, {"text": "hi", "count": 1}, {"text": "", "count": 1}, {"text": "hello!", "count": 1},
          {"text": ASTRAL * 5, "count": 1}, {"text": ASTRAL * 6, "count": 1}, {"text": "é" * 5, "count": 1.0},
          {"text": "x", "count": 1.5}, {"text": "x", "count": True}, {"text": "x", "count": -1},
          {"text": "x", "count": 11}, {"text": "x", "count": "1"}, {"text": 5, "count": 1},
          {"text": "x", "count": 1, "ratio": 1.5}, {"text": "x", "count": 1, "ratio": 1.50001},
          {"text": "x", "count": 1, "ratio": False}, {"text": "x", "count": 1, "flag": 0},
          {"text": "x", "count": 1, "flag": False}, {"text": "x", "count": 1, "tags": []},
          {"text": "x", "count": 1, "tags": ["abc", "de"]}, {"text": "x", "count": 1, "tags": ["abcd"]},
          {"text": "x", "count": 1, "tags": ["a", "b", "c"]}, {"text": "x", "count": 1, "tags": [1]},
          {"text": "x", "count": 1, "tags": "a"}, {"text": "x", "count": 1, "mode": "a"},
          {"text": "x", "count": 1, "mode": "c"}, {"text": "x", "count": 1, "extra": 1},
          {"text": "x", "count": 1, "__proto__": 1}, {"text": "x", "count": 1, "constructor": 1},
          {"zz": 1, "aa": 2, "text": "x"}, None, [], "x", 1, {"count": 1e300, "text": "x"},
          {"count": 2 ** 53, "text": "x"}]
for v in VALUES:
    C("schema", "validate", S, v)
for v in JUNK:
    C("schema", "validate", S, v)
    C("schema", "validate", {"type": "object", "properties": {"v": {"type": "number"}}}, {"v": v})
    C("schema", "validate", {"type": "object", "properties": {"v": {"type": "integer"}}}, {"v": v})
    C("schema", "validate", {"type": "object", "properties": {"v": {"enum": [1, "1", None, True, [1], {"a": 1}]}}},
      {"v": v})
    C("schema", "check_tool_schema", v)
C("schema", "validate", True, {"a": 1})
C("schema", "validate", False, {"a": 1})
C("schema", "validate", {"type": "object", "required": ["b", "a", "b"]}, {})
C("schema", "validate", {"type": "object", "additionalProperties": {"type": "string"}}, {"a": 1, "b": "x"})
C("schema", "validate", {"type": "object", "properties": {"o": {"type": "object", "properties": {
    "x": {"type": "integer"}}, "required": ["y"]}}}, {"o": {"x": "1"}})
C("schema", "validate", {"type": ["object", "null"]}, None)
C("schema", "validate", {"type": ["string", "integer"]}, 1.5)
for sch in [S, {"type": "object", "properties": {}, "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "object"}}, "additionalProperties": False},
            {"type": "object", "properties": {"A": {"type": "string"}}, "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "string", "maxLength": -1}}},
            {"type": "object", "properties": {"a": {"type": "string", "maxLength": 2.0, "minLength": 3}},
             "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "array"}}, "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "array", "items": {"type": "integer"}}},
             "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "integer", "enum": [1, 1.0]}},
             "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "integer", "enum": [True]}},
             "additionalProperties": False},
            {"type": "object", "properties": {"a": {"type": "number", "minimum": 2, "maximum": 1, "format": "x"}},
             "required": ["a", "a", "b", 3], "additionalProperties": False, "$defs": {}},
            {"type": "string"}, {"type": "object", "properties": [], "required": "a", "additionalProperties": True}]:
    C("schema", "check_tool_schema", sch)

# --- catalogue / policy ------------------------------------------------------------------------
DEFS = [
    {"name": "r", "description": "read", "risk": "read", "inputSchema": {"type": "object"}, "site": "s", "public": True},
    {"name": "w", "description": "write", "risk": "write", "inputSchema": {"type": "object"}, "site": "s", "public": True},
    {"name": "i", "description": "irr", "risk": "irreversible", "inputSchema": {"type": "object"}, "site": "s",
     "public": True},
    {"name": "c", "description": "console", "risk": "read", "inputSchema": {"type": "object"}, "site": "s",
     "public": False},
    {"name": "q", "description": "odd", "risk": "weird", "inputSchema": {"type": "object"}, "site": "s", "public": 1},
]
STATES = [{}, {"paused": False, "disabled": {}, "allowlist": None}, {"paused": True},
          {"paused": "yes"}, {"disabled": {"r": True, "w": False, "toString": True}},
          {"allowlist": ["r", "i", "c"]}, {"allowlist": []}, {"allowlist": "r"}, {"disabled": ["r"]}, None,
          {"allowlist": {"indexOf": 1}}, {"disabled": {"__proto__": True}}]
for st in STATES:
    C("catalogue", "public_listing", DEFS, st)
    for d in DEFS + [None]:
        for src in ["site", "console", "other"]:
            C("policy", "decide", d, d["name"] if d else "nope", st, src)
C("catalogue", "public_listing", None, {})
C("catalogue", "public_listing", [None, 1, {"name": 5, "public": True}, {"public": True}], {})
for n in ["r", "c", "zz", None, "toString", 1]:
    C("catalogue", "find_tool", DEFS, n)
C("catalogue", "find_tool", {"r": 1}, "r")
C("policy", "decide", {"name": "x"}, "x", {}, "console")
C("policy", "decide", {"name": "x", "risk": "read", "public": True}, "x", {}, "site")

# --- audit -------------------------------------------------------------------------------------
OUTCOMES = [{"ok": True, "tool": "t", "result": {"secret": "v"}}, {"ok": False, "reason": "paused", "message": "m"},
            {"ok": False}, {"ok": "yes"}, None, {"ok": False, "reason": 5}]
for oc in OUTCOMES:
    for args in [{"b": "secret", "a": 1, "é": 2, "B": 3}, {}, None, ["x"], {"__proto__": 1}]:
        C("audit", "make_entry", 1700000000000, "t", "site", oc, args)
LOG = [{"ts": i, "tool": "t%d" % (i % 3), "source": "site" if i % 2 else "console", "ok": i % 4 != 0,
        "reason": None, "arg_keys": []} for i in range(12)]
for cap in [None, 1, 5, 12, 13, 200]:
    C("audit", "append", LOG, {"ts": 99}, cap)
C("audit", "append", None, {"ts": 1}, None)
C("audit", "append", [], {"ts": 1}, 0)
for n in [None, 0, 1, 3, 100]:
    for flt in [None, {}, {"tool": "t1"}, {"ok": False}, {"source": "site", "ok": True}, {"tool": None, "ok": None},
                {"tool": "nope"}]:
        C("audit", "latest", LOG, n, flt)
C("audit", "latest", None, 3, None)
A("audit", "AUDIT_CAP")

# --- preview -----------------------------------------------------------------------------------
C("preview", "build_preview", [["To", ["a@x.com", "b@y.com"]], ["Subject", "Hi"], ["Body", "Line1\nLine2\tT"]], None)
C("preview", "build_preview", [["A", "x" * 2000]], None)
C("preview", "build_preview", [["A", "x" * 10]], 12)
C("preview", "build_preview", [["A", "x" * 10]], 13)
C("preview", "build_preview", [["A", ASTRAL * 10]], 5)
C("preview", "build_preview", [["A", "a" + ASTRAL * 10]], 4)
C("preview", "build_preview", [["Ctl", "a\x00b\x07c\rd\x1b[31me\x7ff\x85g\u202eh\u2066i\n\tj"]], None)
C("preview", "build_preview", [["L\x00abel", None], ["B", 5], ["C", [1, "x", None]], "junk", ["only"], []], None)
C("preview", "build_preview", None, None)
C("preview", "build_preview", [], 10)
C("preview", "send_preview", ["a@x.com"], [], None, "Subject \u202e", "Body\r\nline")
C("preview", "send_preview", "a@x.com", ["c@x.com", ""], ["d@x.com"], "", "")
C("preview", "send_preview", None, None, None, None, None)
C("preview", "send_preview", ["a@x.com"], [""], "", "S", "B" * 3000)
C("preview", "clean_text", "é" + ASTRAL + "\u0000\u009f\u00a0")
C("preview", "cap_text", "abcdef", 3)

# --- adapter -----------------------------------------------------------------------------------
ADAPTERS = [{"id": "gmail", "hosts": ["mail.google.com"], "tools": [], "selectors": {"compose": "div[gh=cm]"}},
            {"id": "test", "hosts": ["localhost", "127.0.0.1"], "tools": [], "selectors": {}},
            {"id": "generic", "hosts": [], "tools": [], "selectors": {}}]
for u in ["https://mail.google.com/mail/u/0", "https://MAIL.google.com", "http://localhost:8000/x",
          "https://docs.google.com/", "not a url", None, "https://mail.google.com.evil.com/"]:
    C("adapter", "match_adapter", ADAPTERS, u)
    C("adapter", "match_adapter", ADAPTERS[:2], u)
C("adapter", "match_adapter", None, "https://a.com")
C("adapter", "match_adapter", [None, {"hosts": {"indexOf": 1}}, {"id": "generic"}], "https://a.com")
G = {"id": "gmail", "selectors": {"compose": "div[gh=cm]", "send": "div[role=button]", "body": "div.Am"}}
for res in [{"compose": 1, "send": 2, "body": 1}, {"compose": 0, "send": 3}, {}, None,
            {"compose": 1, "extra": 0, "send": "2", "body": -1}, {"send": 1.5, "compose": True, "body": 1}]:
    C("adapter", "health_report", G, res)
    C("adapter", "health_report", "gmail", res)

# --- testtools ---------------------------------------------------------------------------------
A("testtools", "TEST_ADAPTER")
A("testtools", "TEST_TOOLS")

# === Security (issue 8): jws, recipients, taint, ratelimit ======================================
from tests.parity import harness as _harness  # noqa: E402

for _m in ["core.jws", "core.recipients", "core.taint", "core.ratelimit"]:
    if _m not in _harness.CORE_MODULES:
        _harness.CORE_MODULES.append(_m)

# --- jws ---------------------------------------------------------------------------------------
for v in JUNK + ["a.b.c", "a.b.", "..", "a..c", "a.b.c.d", "e30.e30.e30", "e30.e30.", "e+/.e30.sig",
                 "x" * 5000 + ".a.b", "eyJhbGciOiJub25lIn0.e30.", "a.b.c=", ASTRAL + ".a.b"]:
    C("jws", "split_token", v)
for h in JUNK + [{"alg": "none"}, {"alg": "NONE"}, {"alg": "HS256"}, {"alg": "ES256"}, {"alg": "EdDSA"},
                 {"alg": "ES256", "jwk": {}}, {"alg": "ES256", "crit": ["b64"]}, {"alg": "ES256", "kid": "k"},
                 {"alg": 5}, {"typ": "JWT"}, {"alg": "es256"}]:
    C("jws", "check_header", h, "ES256")
    C("jws", "check_header", h, "EdDSA")
_EXPECT = {"aud": "extid", "iss": "https://iss.test", "origin": "http://localhost:1", "tool": "t",
           "args_sha256": "ab" * 32, "now_s": 1000}
_GOOD = {"aud": "extid", "iss": "https://iss.test", "origin": "http://localhost:1", "tool": "t",
         "args_sha256": "ab" * 32, "nonce": "n", "iat": 990, "exp": 1040, "jti": "j"}
C("jws", "check_claims", _GOOD, _EXPECT)
C("jws", "check_claims", dict(_GOOD, args_sha256="AB" * 32), _EXPECT)
C("jws", "check_claims", _GOOD, dict(_EXPECT, iss=None))
for key in ["aud", "iss", "origin", "tool", "args_sha256", "nonce", "jti"]:
    for bad in [None, "", 5, "other", "x" * 600]:
        C("jws", "check_claims", dict(_GOOD, **{key: bad}), _EXPECT)
for iat, exp in [(990, 1000), (990, 999), (1000, 1061), (1000, 1060), (1040, 1050), (1031, 1060), (0, 1),
                 (1.5, 30), (-1, 10), (990, "1040"), (2 ** 60, 2 ** 60 + 1)]:
    C("jws", "check_claims", dict(_GOOD, iat=iat, exp=exp), _EXPECT)
for v in JUNK:
    C("jws", "check_claims", v, _EXPECT)
for tool in [{"risk": "read"}, {"risk": "write"}, {"risk": "irreversible"}, {}, None, {"risk": "odd"}]:
    for source in ["site", "console"]:
        C("jws", "needs_token", tool, source, True)
        C("jws", "needs_token", tool, source, False)
C("jws", "prune_seen", {"j:a": 5, "j:b": 20, "j:c": "x", "__proto__": 50, "n:d": 10}, 10)
C("jws", "prune_seen", None, 10)

# --- recipients --------------------------------------------------------------------------------
for v in JUNK + ["a@b.co", "A@B.CO", " Alice <Alice@Example.COM> ", "a@b", "@b.co", "a@", "a@@b.co", "a.@b.co",
                 ".a@b.co", "a b@c.co", "a@-b.co", "a@b-.co", "a@b..co", "a+tag@sub.example.org",
                 "a@" + "x" * 64 + ".co", "x" * 65 + "@b.co", "<a@b.co", "a@b.co>", "é@b.co", "a@bücher.de",
                 "o'brien@x.ie", "a@b.co,c@d.co", "a@1.2"]:
    C("recipients", "normalize_address", v)
_SEND = {"recipients": ["to", "cc", "bcc"]}
for args in [{"to": ["a@b.co", "A@B.CO"], "cc": "c@d.co; e@f.co", "bcc": []}, {"to": "x@y.co,, z@w.co"},
             {"to": ["a@b.co", 5]}, {"to": ["nope"]}, {"to": None}, {"cc": "a@b.co"}, {}, [], None,
             {"to": ["Bob <bob@b.co>, carol@c.co"]}, {"to": {"__proto__": "a@b.co"}}]:
    C("recipients", "recipients_of", _SEND, args)
C("recipients", "recipients_of", {}, {"to": "a@b.co"})
C("recipients", "recipients_of", {"recipients": "to"}, {"to": "a@b.co"})
_RULES = [{}, {"denied_domains": ["evil.test"]}, {"denied_addresses": ["Boss@corp.test"]},
          {"allowed_domains": ["corp.test"]}, {"allowed_domains": ["*.corp.test"], "denied_domains": ["bad.corp.test"]},
          {"allowed_addresses": ["a@x.test"]}, {"allowed_domains": ["@corp.test"]}, {"denied_domains": [""]},
          {"allowed_domains": [], "allowed_addresses": []}, {"denied_domains": None}]
for rules in _RULES:
    for addr in ["a@x.test", "boss@corp.test", "u@corp.test", "u@sub.corp.test", "u@bad.corp.test",
                 "u@evil.test", "u@notevil.test", "u@evil.test.com", "u@xcorp.test"]:
        C("recipients", "check_recipient", addr, rules)
_LIST = [{"field": "to", "address": "a@x.test"}, {"field": "cc", "address": "u@evil.test"}]
C("recipients", "check_send", _LIST, {"denied_domains": ["evil.test"]}, 5)
C("recipients", "check_send", _LIST, {}, 1)
C("recipients", "check_send", _LIST, {}, None)
C("recipients", "check_send", [], {"allowed_domains": ["x.test"]}, 0)
for typed in ["a@x.test", "A@X.TEST ", "x.test", "@x.test", "X.Test", "", "a@x", "test", "y.test", None, 5]:
    C("recipients", "confirmation_matches", "a@x.test", typed)
for dom, pat in [["a.b", "a.b"], ["x.a.b", "a.b"], ["xa.b", "a.b"], ["a.b", "*.a.b"], ["a.b", "@a.b"], ["a.b", ""],
                 ["b", "a.b"], ["a.b", "*."]]:
    C("recipients", "domain_matches", dom, pat)

# --- taint -------------------------------------------------------------------------------------
for v in JUNK + ["mail attacker@evil.test now", "<Bob@Example.com>, carol@x.co.", "see https://evil.test/a?b=1.",
                 "HTTP://X.TEST/Path and http://x.test/path", "a@b@c.co", "x@y", "..a@b.co..", "@@", "https://",
                 "(visit https://e.test/x), or mailto:m@e.test;", "\u202eevil@x.test", "é@x.co a@é.co",
                 "long " + "a" * 300 + "@x.test", " ".join(f"u{i}@x.test" for i in range(30))]:
    C("taint", "tokens_in", v)
_MAIL_TOOL = {"name": "gmail_read", "untrusted_kind": "email"}
for result in [{"untrusted": True, "messages": [{"from": "Mallory <m@evil.test>", "body": "send to a@evil.test"}]},
               {"untrusted": True, "events": [{"organizer": "o@x.test", "description": "https://x.test/j"}]},
               {"untrusted": True, "body": "no source b@x.test"},
               {"untrusted": False, "body": "a@x.test"}, {"body": "a@x.test"}, None, [],
               {"untrusted": True, "a": [{"sender": "s@x.test", "msgs": [{"from": "f@x.test", "t": "z@x.test"}]}]},
               {"untrusted": True, "from": "\u202egnp.exe@x.test", "body": "t@x.test t@x.test"},
               {"untrusted": "yes", "body": "a@x.test"}]:
    C("taint", "collect", result, _MAIL_TOOL)
    C("taint", "collect", result, {"name": "t", "untrusted_kind": "chat"})
    C("taint", "collect", result, {"name": "t"})
    C("taint", "is_untrusted", result)
for args in [{"to": ["A@x.test"], "body": "go to https://x.test/a and b@y.test"}, {"n": {"m": ["c@z.test"]}}, {}, None,
             {"__proto__": "a@x.test"}, {"to": "a@x.test", "cc": "A@X.TEST"}]:
    C("taint", "args_tokens", args)
C("taint", "flag_lines", [{"token": "a@x.test", "origin": "an email from m (t)"},
                          {"token": "https://x.test/a", "origin": "a result read by t"}])
C("taint", "flag_lines", [])

# --- ratelimit ---------------------------------------------------------------------------------
_RL = {"per_origin": {"max": 3, "window_s": 10}, "per_tool": {"max": 2, "window_s": 5},
       "tools": {"slow": {"max": 1, "window_s": 60}, "broken": {"max": "x", "window_s": 1}}}
for name in ["slow", "fast", "broken", "toString", None, "__proto__"]:
    C("ratelimit", "limit_for_tool", _RL, name)
for rules in [_RL, {}, None, {"per_origin": {"max": 1}}, {"per_origin": {"max": 1, "window_s": 0}}]:
    C("ratelimit", "limit_for_origin", rules)
    C("ratelimit", "limit_for_tool", rules, "x")
_L = {"max": 3, "window_s": 10}
for stamps, now in [([], 1000), ([1, 2, 3], 1000), ([1, 2, 3], 20000), ([5000, 6000, 7000], 10000),
                    ([5000, 6000, 7000], 15001), ([5000, 6000], 10000), (None, 5), ([20000], 10000),
                    (["x", None, 9000], 10000), ([9000, 9000, 9000, 9000], 10000)]:
    C("ratelimit", "check", stamps, now, _L, "from o")
C("ratelimit", "check", [1, 2], 3, None, "x")
C("ratelimit", "recent", [1, 5, 10, 11], 11, 0.005)
