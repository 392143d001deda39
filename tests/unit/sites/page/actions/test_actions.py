"""sites/page/actions/rules.py under CPython: chords, read text, scroll moves, and the form the risk judge reads."""
from sites.page.actions import rules as a


def test_chords():
    assert a.parse_chord("Enter") == {"key": "Enter", "ctrlKey": False, "shiftKey": False, "altKey": False,
                                      "metaKey": False}
    assert a.parse_chord(" Control + Shift + a ") == {"key": "a", "ctrlKey": True, "shiftKey": True, "altKey": False,
                                                      "metaKey": False}
    assert a.parse_chord("cmd+Esc")["key"] == "Escape" and a.parse_chord("cmd+Esc")["metaKey"] is True
    assert a.parse_chord("Option+Space")["key"] == " " and a.parse_chord("F12")["key"] == "F12"
    for bad in ["", "+", "Hyper+a", "Enterprise", "F123", "f5", None, 3, "constructor"]:
        assert a.parse_chord(bad) is None, bad
    assert a.key_code("a") == "KeyA" and a.key_code("Enter") == "Enter"


def test_read_text_keeps_at_most_one_blank_line():
    assert a.read_text("  a \t b\n\n\n\nc \n\n d  ") == "a b\n\nc \n\n d"


def test_scroll_moves_most_of_a_screen():
    assert a.scroll_move("down", 1000, 800) == [0, 640.0] and a.scroll_move("left", 1000, 800) == [-800.0, 0]
    assert a.scroll_move("sideways", 1, 1) is None


def test_the_form_fields_the_judge_reads():
    assert a.field_listed("INPUT", "password") and not a.field_listed("INPUT", "hidden")
    assert not a.field_listed("FIELDSET", "")
    assert a.field_line("Email", "e", "i", "email", "INPUT") == "Email (email)"
    assert a.field_line("", "", "card", "", "TEXTAREA") == "card (textarea)"
    assert a.field_line("", "", "", "", "SELECT") == " (select)"


def test_what_submits_a_form():
    assert a.submits("BUTTON", True, None, "submit") and a.submits("BUTTON", True, "SUBMIT", "submit")
    assert not a.submits("BUTTON", True, "button", "button") and not a.submits("BUTTON", False, None, "submit")
    assert a.submits("INPUT", True, "image", "image") and not a.submits("INPUT", True, "text", "text")
    assert not a.submits("A", True, None, "")
