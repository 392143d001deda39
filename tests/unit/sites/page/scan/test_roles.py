"""sites/page/scan/roles.py under CPython: roles from what an element says about itself."""
from sites.page.scan import roles as r


def test_explicit_role_is_the_first_known_token():
    assert r.explicit_role("button") == "button"
    assert r.explicit_role("  Fancy  LINK ") == "link"
    assert r.explicit_role("image") == "img"
    assert r.explicit_role("widget tab") == "tab"
    assert r.explicit_role("\ufeffnavigation") == "navigation"         # JS whitespace
    assert r.explicit_role("x\x1cbutton") is None                       # not JS whitespace: one token
    assert r.explicit_role("") is None and r.explicit_role(None) is None and r.explicit_role("nothing") is None


def test_inputs_by_type():
    cases = {"submit": "button", "image": "button", "checkbox": "checkbox", "radio": "radio", "range": "slider",
             "number": "spinbutton", "hidden": None, "search": "searchbox", "email": "textbox", "": "textbox",
             "date": "textbox", "file": "button", "weird": "textbox"}
    for input_type, role in cases.items():
        assert r.input_role(input_type, False) == role, input_type
    assert r.input_role("search", True) == "combobox" and r.input_role("text", True) == "combobox"
    assert r.input_role("date", True) == "textbox"


def test_images_without_a_name_are_presentation():
    assert r.img_role("", False, False) == "presentation"
    assert r.img_role("", True, False) == "img" and r.img_role("", False, True) == "img"
    assert r.img_role(None, False, False) == "img" and r.img_role("Logo", False, False) == "img"


def test_codes_and_sections():
    assert [r.scan_code(x) for x in ["link", "button", "searchbox", "switch", "heading", "paragraph", None]] == \
        ["L", "B", "T", "C", "H", None, None]
    assert r.section_kind("navigation") == "nav" and r.section_kind("alertdialog") == "dialog"
    assert r.section_kind("list") is None


def test_heading_levels_read_like_parse_int():
    assert r.heading_level(None, "H3") == 3
    assert r.heading_level("5", "H1") == 5
    assert r.heading_level(" 4th", "DIV") == 4
    assert r.heading_level("", "H6") == 6
    assert r.heading_level("9", "H1") == 2 and r.heading_level("0", "H2") == 2 and r.heading_level("x", "H2") == 2
    assert r.heading_level(None, "DIV") == 2 and r.heading_level(None, "HR") == 2
    assert r.leading_int("-3") == -3 and r.leading_int("+7x") == 7 and r.leading_int("0x10") == 0
    assert r.leading_int("\uff11") is None and r.leading_int("") is None and r.leading_int(None) is None


def test_the_tables_agree_with_each_other():
    for role in r.CODE:
        assert role in r.ROLES
    for role in r.FROM_CONTENT + r.NO_CONTENT + r.NAME_PROHIBITED + r.ITEM_ROLES + r.RANGE_ROLES:
        assert role in r.ROLES, role
    assert not set(r.FROM_CONTENT) & set(r.NO_CONTENT)
    assert set(r.SENTENCE_TAGS) <= set(r.BLOCK_TAGS)
