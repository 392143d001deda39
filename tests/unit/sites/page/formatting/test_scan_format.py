"""sites/page/formatting/scan_format.py under CPython: the fixed scan text (docs/PROTOCOL.md)."""
from sites.page.formatting import scan_format as f

ROWS = [["S", 0, "main", None], ["H", 1, 1, "Example Domain"],
        ["E", 1, "L", "u4", "More information...", None, [], "https://www.iana.org/domains/example"],
        ["S", 0, "nav", None], ["E", 1, "L", "u7", "Privacy", None, [], "https://example.com/privacy"],
        ["E", 1, "B", "u8", "Accept cookies", None, [], None],
        ["S", 0, "form", "login"], ["E", 1, "T", "u9", "Email", "", ["required"], None],
        ["E", 1, "C", "u10", "Remember me", None, ["checked"], None]]

EXAMPLE = """# https://example.com/ | Example Domain | 47 nodes
[main]
  H1 Example Domain
  L u4 More information... <www.iana.org/domains/example>
[nav]
  L u7 Privacy <example.com/privacy>
  B u8 Accept cookies
[form:login]
  T u9 Email value="" [required]
  C u10 Remember me [checked]"""


def test_the_issue_example_exactly():
    out = f.render("https://example.com/", "Example Domain", 47, ROWS, 20000, None, None)
    assert out["text"] == EXAMPLE
    assert out["next_cursor"] is None and out["lines"] == EXAMPLE.split("\n")[1:]


def test_names_are_cleaned_and_capped():
    assert f.clean("  a\n\t b\u00a0\u200bc  ") == "a b c"
    assert f.clean("x\u202eevil\u0007y") == "xevily"
    assert f.clean(None) == "" and f.clean(5) == ""
    line = f.element_line(0, "B", "u1", "n" * 400, None, [], None)
    assert line == "B u1 " + "n" * 300 + "…"
    assert f.element_line(2, "T", "u2", "Say \"hi\"", 'a"b\\c', ["disabled", "bogus", "disabled"], None) == \
        '    T u2 Say "hi" value="a\\"b\\\\c" [disabled]'
    assert f.element_line(0, "B", "u3", "", None, ["checked", "required"], None) == "B u3 [checked, required]"


def test_prose_summary():
    assert f.summarise_prose("Short text.", 11) == "Short text."
    long = "word " * 60
    out = f.summarise_prose(long, 300)
    assert out.endswith("… (300 chars)") and len(out) < 80 and not out.startswith(" ")
    assert f.format_row(["P", 1, "u5", long, 300]).startswith("  P u5 word word")
    assert f.format_row(["P", 0, "u6", " Short  text ", 11]) == "P Short text"


def test_other_rows_and_junk():
    assert f.format_row(["X", 1, "https://ads.test/x"]) == "  - iframe#cross-origin https://ads.test/x"
    assert f.format_row(["Z", 0, "my-widget"]) == "- shadow#closed my-widget"
    assert f.format_row(["H", 0, 9, "Big"]) == "H2 Big"
    assert f.format_row(["S", 0, "dialog", "Confirm"]) == "[dialog:Confirm]"
    assert f.format_row(["S", 0, "nav", "Primary"]) == "[nav]"
    for junk in [None, [], ["E"], ["Q", 0], "E", {"a": 1}, ["E", 0, "B"]]:
        assert f.format_row(junk) is None
    assert f.format_rows(None) == []


def test_truncation_and_cursor_reassemble_the_whole():
    rows = [["E", 0, "B", "u" + str(i), "Button number " + str(i), None, [], None] for i in range(200)]
    full = f.render("https://a.test/", "T", 200, rows, 200000, None, None)
    parts = []
    cursor = 0
    pages = 0
    while cursor is not None:
        out = f.render("https://a.test/", "T", 200, rows, 1000, cursor, None)
        assert len(out["text"]) <= 1000
        lines = out["text"].split("\n")
        assert lines[0].startswith("# https://a.test/ | T | 200 nodes")
        if out["next_cursor"] is not None:
            assert lines[-1] == "… truncated, continue with cursor=" + str(out["next_cursor"])
            lines = lines[:-1]
        parts.extend(lines[1:])
        cursor = out["next_cursor"]
        pages += 1
    assert pages > 3 and parts == full["text"].split("\n")[1:]


def test_diff():
    assert f.diff_lines(["a", "b", "b"], ["b", "c", "a"]) == ["- b", "+ c"]
    assert f.diff_lines([], []) == []
    out = f.render("https://a.test/", "T", 3, ROWS[:3], 20000, None, ["[main]", "  H1 Old"])
    assert out["text"].split("\n") == ["# https://a.test/ | T | 3 nodes | diff: 3 changed lines", "-   H1 Old",
                                       "+   H1 Example Domain",
                                       "+   L u4 More information... <www.iana.org/domains/example>"]
    same = f.render("https://a.test/", "T", 3, ROWS[:1], 20000, None, ["[main]"])
    assert same["text"].endswith("(no change since the last scan)")


def test_repeated_prose_and_long_hrefs_are_trimmed():
    rows = [["P", 0, "u1", "Email", 5], ["E", 0, "T", "u2", "Email address", "", [], None], ["H", 0, 2, "News"],
            ["P", 0, "u3", "News", 4], ["P", 0, "u4", "Other", 5], ["P", 0, "u5", "Other", 5],
            ["E", 0, "L", "u6", "Q", None, [], "https://a.test/p?utm_source=x&id=1#top"],
            ["E", 0, "L", "u7", "H", None, [], "https://a.test/p#"]]
    assert f.format_rows(rows) == ['T u2 Email address value=""', "H2 News", "P Other",
                                   "L u6 Q <a.test/p?…>", "L u7 H <a.test/p>"]
    assert f.short_href("https://a.test/" + "x" * 80) == "a.test/" + "x" * 21 + "…"
    # the scheme is dropped after the cap (what is shown of host and path is unchanged); others stay
    assert f.short_href("http://a.test/x") == "a.test/x" and f.short_href("HTTPS://A.test") == "A.test"
    assert f.short_href("mailto:a@b.test") == "mailto:a@b.test" and f.short_href("https://") == "https://"
    caption = "A long caption of a picture that is also the name of the link next to it, in full"
    assert f.format_rows([["E", 0, "L", "u1", caption + ".", None, [], None], ["P", 0, "u2", caption, len(caption)],
                          ["P", 0, "u3", caption + " and more", 500]]) == \
        ["L u1 " + caption + ".", "P u3 A long caption of a picture… (500 chars)"]


def test_body_lines_mark_where_each_frame_line_is():
    rows = [["X", 0, "https://f.test/a"], ["X", 0, "https://f.test/a"], ["P", 0, "u1", "Between", 7],
            ["X", 1, "https://f.test/b"]]
    body = f.format_body(rows)
    # two identical frame lines in a row print once; both frames go under that one line
    assert body["lines"] == ["- iframe#cross-origin https://f.test/a", "P Between", "  - iframe#cross-origin https://f.test/b"]
    assert body["frame_lines"] == [0, 0, 2]
    assert f.format_rows(rows) == body["lines"]


def test_body_text_round_trips_and_frames_are_inserted_after_their_line():
    lines = f.format_rows(ROWS)
    assert f.split_body(f.join_body(lines)) == lines
    assert f.split_body("") == [] and f.split_body(None) == []
    assert f.insert_after(["a", "b", "c"], {"i0": ["x"], "i2": ["y", "z"]}) == ["a", "x", "b", "c", "y", "z"]


def test_render_lines_is_render_of_formatted_rows():
    assert f.render_lines("https://example.com/", "Example Domain", 47, f.format_rows(ROWS), 20000, None, None) == \
        f.render("https://example.com/", "Example Domain", 47, ROWS, 20000, None, None)
