"""The Meet adapter's catalogue: exact names and risks; every schema is valid JSON Schema and in the flat subset.

The adapter file is loaded under CPython with stand-ins for the platform layer (its definitions are plain data).
"""
import sys
from pathlib import Path

import jsonschema
import pytest

SRC = Path(__file__).resolve().parents[2] / "siteagent_src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))

from core.schema import check_tool_schema  # noqa: E402
from adapter_loader import load_adapter  # noqa: E402
from expected_catalogue import MEET as EXPECTED  # noqa: E402


@pytest.fixture(scope="module")
def meet():
    return load_adapter("meet.py", ["webapi", "webapi.meet_dom", "adapters.site_tabs"])


def test_exact_names_and_risks(meet):
    assert {t["name"]: t["risk"] for t in meet.ADAPTER["tools"]} == EXPECTED
    assert len(meet.ADAPTER["tools"]) == 19
    assert meet.ADAPTER["id"] == "meet" and meet.ADAPTER["hosts"] == ["meet.google.com"]
    assert meet.ADAPTER["open_url"] == "https://meet.google.com/"
    assert all(t["site"] == "meet" and t["public"] is True for t in meet.ADAPTER["tools"])


def test_every_tool_has_an_implementation_and_a_health_selector_set(meet):
    site = meet.SITE
    assert set(site["worker_tools"]) == set(EXPECTED)
    assert set(EXPECTED) <= set(site["tab_tools"]) | {"meet_create_meeting", "meet_open_meeting"}
    assert site["preview"] is not None and len(meet.ADAPTER["selectors"]) >= 6


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_schema_is_valid_and_flat(meet, name):
    tool = next(t for t in meet.ADAPTER["tools"] if t["name"] == name)
    jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
    assert check_tool_schema(tool["inputSchema"]) == []
    assert len(tool["description"]) >= 60


def test_untrusted_content_is_flagged_in_descriptions(meet):
    by_name = {t["name"]: t for t in meet.ADAPTER["tools"]}
    for name in ("meet_read_chat", "meet_read_captions", "meet_list_participants"):
        assert "untrusted" in by_name[name]["description"]
