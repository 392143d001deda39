"""Calendar's declarations (sites/calendar/tools.py): exact names and risks in order, and the email answer."""
from core.contracts import attach_table
from sites.calendar import tools, contracts
from expected_catalogue import CALENDAR as EXPECTED

TOOLS = tools.SITE["tools"]


def test_exact_names_and_risks():
    assert [t["name"] for t in TOOLS] == list(EXPECTED)
    assert {t["name"]: t["risk"] for t in TOOLS} == EXPECTED
    assert all(t["site"] == "calendar" and t["public"] is True and len(t["description"]) >= 80 for t in TOOLS)


def test_site():
    assert tools.SITE["id"] == "calendar" and tools.SITE["hosts"] == ["calendar.google.com"]
    assert tools.SITE["open_url"] == "https://calendar.google.com/calendar/r"
    # checked per contract by the tab half, which holds the table (attach_table, as its register_site does)
    assert tools.SITE["contracts_in_tab"] is True and tools.SITE["selectors"] == {}
    assert len(attach_table(dict(tools.SITE), contracts.TABLE, contracts.LABELS)["selectors"]) >= 4


def test_guest_facing_tools_require_the_email_answer():
    by_name = {t["name"]: t for t in TOOLS}
    for name in ("calendar_save_event", "calendar_update_event", "calendar_add_guests", "calendar_delete_event"):
        schema = by_name[name]["inputSchema"]
        assert schema["properties"]["send_updates"]["type"] == "boolean"
        assert "send_updates" in schema["required"]
    for name in ("calendar_list_events", "calendar_read_event"):
        assert "untrusted" in by_name[name]["description"].lower()
        assert by_name[name]["untrusted_kind"] == "event"
    assert by_name["calendar_add_guests"]["sink"] == "calendar_guests"
