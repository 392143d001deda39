"""sites/page/scan/names.py under CPython: the accessible-name rules that need no DOM (accname 1.2).

The CSS-content rules replaced regular expressions in the JavaScript walker; hypothesis checks them
against those expressions, written for Python's `re` (JS whitespace, ASCII-only case folding, `.` never
matching a line end), on strings made of the characters that matter."""
import re

from hypothesis import given, settings, strategies as st

from sites.page.scan import names as n

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



# --- accname 1.2, step by step (each test quotes the sentence it checks) ----------------------------

def test_2f_pseudo_text_is_set_off_only_when_its_box_is():
    # 2F.ii: "Check for CSS generated textual content associated with the current node and include it in
    # the accumulated text. The CSS ::before and ::after pseudo elements [CSS2] can provide textual
    # content for elements that have a content model."
    assert n.with_pseudo("", False, "Save", "", False) == "Save"
    assert n.with_pseudo("★", True, "Save", "(2)", True) == "★ Save (2)"
    assert n.with_pseudo("This", True, "is a test", ".", False) == "This is a test."
    assert n.with_pseudo("Price: ", False, "5", "", True) == "Price: 5"


def test_2f_pseudo_box_spacing_follows_display_and_the_gap_facing_the_content():
    # 2F.iii: "If the current node ... is a block-level element (e.g. CSS display: block), add a space";
    # inline generated text joins its neighbour unless padding or margin draws a gap (our departure).
    assert n.pseudo_spaced("block", "0px", "0px", "0px", "0px", True)
    assert n.pseudo_spaced("inline-block", "0px", "0px", "0px", "0px", False)
    assert not n.pseudo_spaced("inline", "0px", "0px", "0px", "0px", True)
    assert n.pseudo_spaced("inline", "0px", "3.2px", "0px", "0px", True)        # ::before: its right side
    assert not n.pseudo_spaced("inline", "3.2px", "0px", "0px", "0px", True)    # the far side does not count
    assert n.pseudo_spaced("inline", "0px", "0px", "0.5px", "0px", False)      # ::after: its left side
    assert not n.pseudo_spaced("inline", "0px", "0px", "-4px", "0px", False)   # a negative margin closes it
    assert not n.pseudo_spaced("inline", None, "", "auto", "0.00px", False)


def test_2c_embedded_controls_by_role():
    # 2C: "Textbox: If the embedded control has role textbox, return its value."
    assert n.embedded_kind("textbox") == "text" and n.embedded_kind("searchbox") == "text"
    # 2C: "Combobox/Listbox: If the embedded control has role combobox or listbox, return the text
    # alternative of the chosen option."
    assert n.embedded_kind("combobox") == "choice" and n.embedded_kind("listbox") == "choice"
    # 2C: "Range: If the embedded control has role range (e.g., a spinbutton or slider)"
    for role in ["slider", "spinbutton", "progressbar", "scrollbar", "meter"]:
        assert n.embedded_kind(role) == "range"
    # a menu gives nothing (Chromium; the spec lists no menu); a menu button is a button, named as one
    assert n.embedded_kind("menu") == "nothing" and n.embedded_kind("menubar") == "nothing"
    for role in ["button", "link", "checkbox", "option", None, "generic"]:
        assert n.embedded_kind(role) is None


def test_2c_range_value_order():
    # 2C: "If the aria-valuetext property is present, return its value, Otherwise, if the aria-valuenow
    # property is present, return its value, Otherwise, use the value as specified by a host language
    # attribute."
    assert n.range_text("five", "5", "4") == "five"
    assert n.range_text(None, "5", "4") == "5"
    assert n.range_text(None, None, "4") == "4"
    assert n.range_text(None, None, None) == ""
    assert n.range_text("", "5", "4") == ""            # present, even empty


def test_2i_tooltip_then_placeholder():
    # 2I: "Otherwise, if the current node has a Tooltip attribute, return its value." HTML-AAM: an input's
    # or textarea's placeholder comes after title; aria-placeholder after both.
    assert n.tooltip_text("Title", "Hint", "Aria", True) == "Title"
    assert n.tooltip_text(" ", "Hint", "Aria", True) == "Hint"
    assert n.tooltip_text(None, "Hint", "Aria", False) == "Aria"


def test_2f_comments_split_words_except_reacts_separator():
    assert n.comment_text(" with non-text node splitting ") == " "
    assert n.comment_text("") == " "
    assert n.comment_text(" ") == ""


def test_2e_a_button_input_with_a_value_attribute_is_labelled_by_it_even_empty():
    # HTML: "If the element has a value attribute, the button's label must be the value of that attribute"
    assert n.input_host_name("submit", "", None, False) == ""
    assert n.input_host_name("submit", None, None, False) == "Submit"
    assert n.input_host_name("reset", "Clear", None, False) == "Clear"


def test_2b_referenced_names_joined_with_a_space():
    # 2B.ii.c: "Append the result, with a space, to the accumulated text."
    assert n.join_parts(["Open", "the door"]) == "Open the door"
    assert n.join_parts(["", "x"]) == "x"


# --- host language ---------------------------------------------------------------------------------

def test_inputs_named_by_their_value_or_default():
    assert n.input_host_name("submit", None, None, False) == "Submit"
    assert n.input_host_name("reset", "  ", None, False) == "  "       # a blank label: later steps (title) decide
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
    for content in [None, "", "none", "normal", '""', "''", "counter(x)", '"\\e900"', '"\ue001 \ue002"', "'\ue001 AB 12'"]:
        assert n.pseudo_bases(".a::before", content) == [], content
    # words that happen to be hex letters are words: no private-use glyph, no escape (issue 32)
    for content in ["'AB 12'", '"A"', '"add"', '"Cafe"']:
        assert n.pseudo_bases(".a::before", content) == [".a"], content
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
ICON = re.compile("^[\"'](?=.*[\ue000-\uf8ff\\\\])[\ue000-\uf8ff\\\\a-f0-9 ]*[\"']\\Z", re.I | re.A)
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


def test_text_transform_as_shown():
    """Issue 32: the exposed text is the transformed text (ARIA WG 2024, web-platform-tests PR 46527)."""
    assert n.transformed("Call us", "uppercase") == "CALL US"
    assert n.transformed("Call US", "lowercase") == "call us"
    assert n.transformed("CNBC on MSN", "capitalize") == "CNBC On MSN"
    assert n.transformed("\"quoted\" (paren) 3rd o'neil", "capitalize") == "\"Quoted\" (Paren) 3rd O'neil"
    assert n.transformed("びょういん", "full-size-kana") == "びょういん" and n.transformed("x", "none") == "x"
    assert n.transformed(None, "uppercase") is None
