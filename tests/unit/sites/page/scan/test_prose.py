"""sites/page/scan/prose.py under CPython: when a block's text becomes a prose row, and when a block of
paragraphs becomes one summary row followed by its links."""
from sites.page.scan import prose as p

LINK = ["E", 1, "L", "u3", "More", None, [], "https://a.test/"]


def test_prose_needs_three_characters_and_a_letter_or_digit_of_its_own():
    assert p.prose_text(["  Hello ", "world  "], "Hello") == "Hello world"
    assert p.prose_text(["ab"], "ab") is None
    assert p.prose_text(["--- ", "text from a child"], "---") is None
    assert p.prose_text(["Été"], "Été") == "Été" and p.prose_text(["٣٤٥"], "٣٤٥") == "٣٤٥"
    assert p.prose_text([], "x") is None and p.prose_text(["abc"], "") is None


def test_a_prose_row_carries_its_head_and_length():
    assert p.prose_row(2, "u9", "x" * 250) == ["P", 2, "u9", "x" * 200, 250]


def test_paragraphs_and_links_merge_into_one_row():
    rows = [None, ["P", 1, "u1", "First paragraph.", 16], None, LINK, ["P", 1, "u2", "Second one.", 11]]
    assert p.merge_plan(rows, 0, ["Intro "]) == ["Intro First paragraph. Second one.", 5 + 1 + 16 + 1 + 11, 2, [LINK]]
    assert p.merge_plan(rows, 0, ["", " "]) == ["First paragraph. Second one.", 16 + 1 + 11, 2, [LINK]]


def test_anything_but_prose_and_links_stops_a_merge():
    assert p.merge_plan([None, ["P", 1, "u1", "One.", 4], ["H", 1, 2, "Title"]], 0, ["Own"]) is None
    assert p.merge_plan([None, ["P", 1, "u1", "Only one.", 9]], 0, []) is None


def test_the_head_stops_growing_at_200_characters():
    long = ["P", 1, "u1", "a" * 200, 900]
    plan = p.merge_plan([None, long, ["P", 1, "u2", "tail", 4]], 0, [])
    assert plan[0] == "a" * 200 and plan[1] == 905 and plan[2] == 2
