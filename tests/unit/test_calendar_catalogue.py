"""The Calendar adapter's catalogue contract: exact names and risks, valid flat schemas, and a
worker or tab function behind every tool. The adapter is loaded under CPython with its browser
dependencies stubbed (only the definitions are read; no tool runs)."""
import sys
from pathlib import Path

import jsonschema
import pytest

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "siteagent_src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

from core.schema import check_tool_schema  # noqa: E402
from core.protocol import is_tool_name  # noqa: E402
from adapter_loader import load_adapter  # noqa: E402
from expected_catalogue import CALENDAR as EXPECTED  # noqa: E402


@pytest.fixture(scope="module")
def calendar_site():
    return load_adapter("calendar.py", ["buildinfo", "webapi.dom", "webapi.calendar_dom", "webapi.js",
                                        "adapters.site_tabs"]).SITE


def test_exact_names_and_risks(calendar_site):
    tools = calendar_site["adapter"]["tools"]
    assert [t["name"] for t in tools] == list(EXPECTED)
    assert {t["name"]: t["risk"] for t in tools} == EXPECTED


def test_adapter_descriptor(calendar_site):
    adapter = calendar_site["adapter"]
    assert adapter["id"] == "calendar" and adapter["hosts"] == ["calendar.google.com"]
    assert adapter["open_url"] == "https://calendar.google.com/calendar/r"
    assert len(adapter["selectors"]) >= 4 and callable(calendar_site["preview"])


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_schema_is_valid_and_in_the_subset(calendar_site, name):
    tool = next(t for t in calendar_site["adapter"]["tools"] if t["name"] == name)
    schema = tool["inputSchema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert check_tool_schema(schema) == []
    assert all(is_tool_name(p) for p in schema["properties"])
    assert tool["site"] == "calendar" and tool["public"] is True
    assert len(tool["description"]) >= 80 and "\n" not in tool["description"]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_tool_has_code_behind_it(calendar_site, name):
    tool = next(t for t in calendar_site["adapter"]["tools"] if t["name"] == name)
    if tool.get("runs_in") == "tab":
        assert name in calendar_site["tab_tools"] and name not in calendar_site["worker_tools"]
    else:
        assert name in calendar_site["worker_tools"]


def test_guest_facing_tools_require_the_email_answer(calendar_site):
    by_name = {t["name"]: t for t in calendar_site["adapter"]["tools"]}
    for name in ("calendar_save_event", "calendar_update_event", "calendar_add_guests", "calendar_delete_event"):
        schema = by_name[name]["inputSchema"]
        assert schema["properties"]["send_updates"]["type"] == "boolean"
        assert "send_updates" in schema["required"]
    for name in ("calendar_list_events", "calendar_read_event"):
        assert "untrusted" in by_name[name]["description"].lower()


def test_the_registry_lists_the_calendar_site():
    text = (SRC / "adapters" / "registry.py").read_text()
    assert "calendar.SITE" in text
