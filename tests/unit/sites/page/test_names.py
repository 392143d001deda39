"""sites/page/names.py under CPython: the accessible-name rules that need no DOM (accname 1.2).

The CSS-content rules replaced regular expressions in the JavaScript walker; hypothesis checks them
against those expressions, written for Python's `re` (JS whitespace, ASCII-only case folding, `.` never
matching a line end), on strings made of the characters that matter."""
import re

from hypothesis import given, settings, strategies as st

from sites.page import names as n

JS_WS = "\t\n\x0b\x0c\r \xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_LINE_END = r"[^\n\r\u2028\u2029]"


# --- whitespace and joining ----------------------------------------------------------------------

def test_a_name_is_squashed_on_javascript_whitespace_and_zero_width_space():
    assert n.squash("  Save \n\t draft\u200b now ") == "Save draft now"
    assert n.squash("a\u00a0\ufeffb") == "a b"              # no-break space and BOM are JS whitespace
    assert n.squash("a\x1cb\x85c") == "a\x1cb\x85c"          # Python calls these whitespace; JS does not
    assert n.squash("") == ""


def test_blank_is_what_trim_leaves_empty():
    assert n.is_blank(None) and n.is_blank("") and n.is_blank(" \ufeff\u3000")
    assert not n.is_blank("\u200b") and not n.is_blank("\x1c") and not n.is_blank(" a ")


def test_referenced_names_are_joined_by_a_space():
    assert n.join_parts(["Billing", " address ", ""]) == "Billing address"
    assert n.content_piece("Hello", True) == " Hello " and n.content_piece("Hello", False) == "Hello"
    assert n.with_pseudo("", "Save", "") == "Save"
    assert n.with_pseudo("★", "Save", "(2)") == "★ Save (2)"


# --- host language ---------------------------------------------------------------------------------

def test_inputs_named_by_their_value_or_default():
    assert n.input_host_name("submit", None, None, False) == "Submit"
    assert n.input_host_name("reset", "  ", None, False) == "Reset"
    assert n.input_host_name("button", None, None, False) == ""
    assert n.input_host_name("submit", "Go", None, False) == "Go"


def test_image_inputs_named_by_alt_then_value_then_default_unless_titled():
    assert n.input_host_name("image", "v", "Search", False) == "Search"
    assert n.input_host_name("image", "v", " ", False) == "v"
    assert n.input_host_name("image", None, None, True) == ""
    assert n.input_host_name("image", None, None, False) == "Submit Query"
    assert n.input_host_name("text", "typed", "alt", False) == ""


def test_tooltip_is_title_then_placeholder_of_a_field_then_aria_placeholder():
    assert n.tooltip_text("Help", "ph", "aph", True) == "Help"
    assert n.tooltip_text(" ", "ph", "aph", True) == "ph"
    assert n.tooltip_text(None, "ph", "aph", False) == "aph"
    assert n.tooltip_text(None, None, None, True) == ""


# --- CSS generated content -------------------------------------------------------------------------

def test_rules_that_give_pseudo_text_name_their_base_selectors():
    assert n.pseudo_bases(".btn::before, .x:hover", '"Delete"') == [".btn"]
    assert n.pseudo_bases("a:AFTER,b::before", "'x'") == ["a", "b"]
    assert n.pseudo_bases("::before", '"x"') == ["*"]
    assert n.pseudo_bases(".a::before-ish::after", '"x"') == [".a-ish"]


def test_rules_without_words_give_none():
    for content in [None, "", "none", "normal", '""', "''", "counter(x)", '"\\e900"', '"\ue001 \ue002"', "'AB 12'"]:
        assert n.pseudo_bases(".a::before", content) == [], content
    assert n.pseudo_bases(".a:hover", '"x"') == [] and n.pseudo_bases("", '"x"') == []
    assert n.pseudo_bases(".a::beforex", '"x"') == [".a::beforex"]    # names_pseudo matches, the base keeps it


def test_content_text_reads_strings_and_prefers_the_alternative_text():
    assert n.content_text('"Delete"') == "Delete"
    assert n.content_text('"a" counter(x) "b"') == "ab"
    assert n.content_text('"\\"q\\"" "\\\\"') == '"q"\\'
    assert n.content_text('url(x.png) / "Close"') == "Close"
    assert n.content_text('"\ue001Icon"') == "Icon"
    assert n.content_text("none") == "" and n.content_text("normal") == "" and n.content_text(None) == ""
    assert n.content_text('"open') == ""


ALT = re.compile("/[" + JS_WS + ']*("(?:[^"\\\\]|\\\\' + NOT_LINE_END + ')*")[' + JS_WS + "]*\\Z")
QUOTED = re.compile('"((?:[^"\\\\]|\\\\' + NOT_LINE_END + ')*)"')
ESCAPE = re.compile("\\\\(" + NOT_LINE_END + ")")
PSEUDO = re.compile(r"::?(before|after)\b", re.I | re.A)
NAMES_PSEUDO = re.compile(r":(before|after)", re.I | re.A)
ICON = re.compile("^[\"'][\ue000-\uf8ff\\\\a-f0-9 ]*[\"']\\Z", re.I | re.A)
TRIM = re.compile("^[" + JS_WS + "]+|[" + JS_WS + "]+\\Z")


def content_oracle(content):
    """The JS walker's pseudoText, after `content` was read."""
    if not content or content in ("none", "normal"):
        return ""
    alt = ALT.search(content)
    source = alt.group(1) if alt else content
    out = "".join(ESCAPE.sub(lambda m: m.group(1), q.group(1)) for q in QUOTED.finditer(source))
    return re.sub("[\ue000-\uf8ff]", "", out)


def bases_oracle(sel, content):
    """The JS walker's collectPseudo for one style rule."""
    if not sel or ":" not in sel or not NAMES_PSEUDO.search(sel):
        return []
    if not content or content in ("none", "normal", '""', "''"):
        return []
    if not re.search("[\"']", content) or ICON.search(content):
        return []
    return [TRIM.sub("", PSEUDO.sub("", part)) or "*" for part in sel.split(",") if NAMES_PSEUDO.search(part)]


CSS_CHARS = st.text(st.sampled_from(['"', "\\", "/", " ", "a", "B", "\n", "\u2028", "\ue001", "'", "\t", "\ufeff",
                                     "\x1c", "f", "0", "x"]), max_size=14)
SELECTORS = st.lists(st.sampled_from([":", "::", "before", "after", "BEFORE", "Aft", "er", "b", " ", ",", "x", "_", "-",
                                      ".a", "\u212a", "\u0130", "\ufeff"]), max_size=9).map("".join)


@settings(max_examples=3000, deadline=None)
@given(CSS_CHARS)
def test_content_text_agrees_with_the_regular_expressions(content):
    assert n.content_text(content) == content_oracle(content)


@settings(max_examples=3000, deadline=None)
@given(SELECTORS, CSS_CHARS)
def test_pseudo_bases_agree_with_the_regular_expressions(selector, content):
    assert n.pseudo_bases(selector, content) == bases_oracle(selector, content)
