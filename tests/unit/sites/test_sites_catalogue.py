"""Every site's declarations, read as the build reads them (buildtool/sites.py): names and risks,
schemas in the flat subset, and the kit's wiring proved on the real tree."""
from pathlib import Path

import jsonschema
import pytest

from buildtool.sites import catalogue, verify_sites, load_sites
from core.schema import check_tool_schema
from core.protocol import is_tool_name
from expected_catalogue import GMAIL, CALENDAR, MEET

REPO = Path(__file__).resolve().parents[3]
SRC = REPO / "siteagent_src"
RELEASE = catalogue(SRC, False)
TEST = catalogue(SRC, True)


def test_the_release_catalogue_in_order():
    names = [t["name"] for t in RELEASE]
    google = {**GMAIL, **CALENDAR, **MEET}
    assert len(google) == 43
    assert {t["name"]: t["risk"] for t in RELEASE if t["public"] and t["site"] in ("gmail", "calendar", "meet")} == google
    assert names == ["browser_health", "generic_click_text", *GMAIL, *CALENDAR, *MEET, "page", "macro_list", "macro_run"]
    assert not any(t.get("test_only") for t in RELEASE)


def test_test_builds_add_only_test_tools():
    extra = [t for t in TEST if t not in RELEASE]
    assert extra and all(t.get("test_only") for t in extra)
    assert {t["name"] for t in extra} >= {"test_read", "test_write", "test_irreversible", "page_probe_names"}


@pytest.mark.parametrize("tool", TEST, ids=lambda t: t["name"])
def test_every_declaration_is_well_formed(tool):
    schema = tool["inputSchema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert check_tool_schema(schema) == []
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert all(is_tool_name(p) for p in schema["properties"])
    assert tool["risk"] in ("read", "write", "irreversible") and tool["runs_in"] in ("worker", "tab")
    assert "\n" not in tool["description"]


def test_the_kit_is_wired_on_the_real_tree():
    assert verify_sites(SRC, REPO) == []
    sites, problems = load_sites(SRC)
    assert problems == []
    assert set(sites) == {"console", "gmail", "calendar", "meet", "page", "macros", "testsite"}
    assert set(sites["macros"].halves) == {"worker"}
    assert set(sites["gmail"].halves) == {"worker", "tab"}
