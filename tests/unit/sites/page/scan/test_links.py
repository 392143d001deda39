"""sites/page/scan/links.py under CPython: route keys, document URLs, and the hrefs the walker joins itself.

plain_href replaced three regular expressions in the JavaScript walker; hypothesis checks it against
them (for Python's `re`) on hrefs made of the pieces that matter. The browser tests compare it with the
browser's own URL parser on every link of the saved real pages."""
import re

from hypothesis import given, settings, strategies as st

from sites.page.scan import links as L

DOC = ("https://o.test/d/", "https://o.test/d/x?q", "https://o.test")


def test_the_route_key_keeps_client_routes_only():
    assert L.route_key("https://a.test", "/p", "?q=1", "#section") == "https://a.test/p?q=1"
    assert L.route_key("https://a.test", "/p", "", "#/inbox") == "https://a.test/p#/inbox"
    assert L.route_key("https://a.test", "/p", "", "#!x") == "https://a.test/p#!x"
    assert L.route_key("https://a.test", "/", "", "") == "https://a.test/"


def test_document_urls_only_for_plain_http_pages():
    assert L.document_urls("https:", "https://a.test/d/p?q#f", False, "https://a.test", "/d/p") == \
        ["https://a.test/d/p?q", "https://a.test/d/"]
    assert L.document_urls("http:", "http://a.test/", False, "http://a.test", "/") == ["http://a.test/", "http://a.test/"]
    assert L.document_urls("file:", "file:///x", False, "null", "/x") == ["", ""]
    assert L.document_urls("https:", "https://u:p@a.test/", True, "https://a.test", "/") == ["", ""]


def test_script_and_web_urls():
    assert L.is_javascript("javascript:void(0)") and L.is_javascript(" \ufeffJavaScript:x")
    assert not L.is_javascript("\x1cjavascript:x") and not L.is_javascript("java script:")
    assert L.is_web_url("HTTPS://a.test/") and L.is_web_url("http:x") and not L.is_web_url("about:blank")


def test_plain_hrefs_are_joined():
    assert L.plain_href("next.html", *DOC) == "https://o.test/d/next.html"
    assert L.plain_href("./a/b?x=1#y", *DOC) == "https://o.test/d/a/b?x=1#y"
    assert L.plain_href("/root", *DOC) == "https://o.test/root"
    assert L.plain_href("#top", *DOC) == "https://o.test/d/x?q#top"
    assert L.plain_href("https://b.test", *DOC) == "https://b.test/"
    assert L.plain_href("https://b.test/p?q", *DOC) == "https://b.test/p?q"


def test_anything_the_parser_would_change_is_left_to_it():
    for raw in ["../up", "a/./b", "/x/..", "//cdn.test/x", "mailto:a@b", "a b", "%2E%2e/x", "https://B.test/",
                "https://b.test:81/", "https://xn--nxasmq6b.test/", "https://1.2.3.4/", "?q", "", "a\\b",
                "https://b.test\n/"]:
        assert L.plain_href(raw, *DOC) is None, raw
    assert L.plain_href("x", "", "b", "o") is None           # a page whose hrefs are not joined here


PLAIN_REF = re.compile(r"([A-Za-z0-9_\-.~!$&'()*+,;=:@/%]*)(\?[A-Za-z0-9_\-.~!$&()*+,;=:@/%?]*)?"
                       r"(#[A-Za-z0-9_\-.~!$&'()*+,;=:@/%?#]*)?")
ABSOLUTE = re.compile(r"(https?)://([a-z0-9-]+(?:\.[a-z0-9-]+)*\.?)([/?#][^\n\r\u2028\u2029]*)?")
DOT = re.compile(r"(^|/)\.\.?(/|$)")


def oracle(raw, folder, base, origin):
    """The JS walker's plainHref."""
    if not folder or ("%" in raw and re.search("%2e", raw, re.I | re.A)):
        return None
    m = ABSOLUTE.fullmatch(raw)
    if m:
        if "xn--" in m.group(2) or not re.search(r"(^|\.)[a-z][a-z0-9-]*\.?$", m.group(2)):
            return None
        if not m.group(3):
            return raw + "/"
        if m.group(3)[0] != "/":
            return None
        return raw if PLAIN_REF.fullmatch(m.group(3)) and not DOT.search(re.split("[?#]", m.group(3))[0]) else None
    m = PLAIN_REF.fullmatch(raw)
    if not m:
        return None
    path, rest = m.group(1), (m.group(2) or "") + (m.group(3) or "")
    if path == "":
        return base + m.group(3) if m.group(2) is None and m.group(3) is not None else None
    if path.startswith("//"):
        return None
    if path.startswith("/"):
        return None if DOT.search(path) else origin + path + rest
    rel = path[2:] if path.startswith("./") else path
    if DOT.search(rel) or (":" in rel.split("/")[0] and not path.startswith("./")):
        return None
    return folder + rel + rest


HREFS = st.lists(st.sampled_from(["http://", "https://", "a", "b.", ".", "..", "/", "?", "#", "%2E", "%", ":", "'",
                                  "xn--", "-", "9", " ", "\n", "A", ".c", "//", "./", "\\", "é", "\u2028"]),
                 max_size=8).map("".join)


@settings(max_examples=5000, deadline=None)
@given(HREFS)
def test_plain_href_agrees_with_the_regular_expressions(raw):
    assert L.plain_href(raw, *DOC) == oracle(raw, *DOC)
    assert L.plain_href(raw, "", "b", "o") is None
