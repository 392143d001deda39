"""The Gmail catalogue: exact public names and risks, valid schemas, and every tool wired to code."""
import ast
import sys
from pathlib import Path

import jsonschema
import pytest

REPO = Path(__file__).resolve().parents[2]
for p in (REPO, REPO / "siteagent_src"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from core.gmail_logic import TOOLS  # noqa: E402
from core.schema import check_tool_schema, validate  # noqa: E402
from expected_catalogue import GMAIL as EXPECTED  # noqa: E402


def test_exact_names_and_risks():
    assert {t["name"]: t["risk"] for t in TOOLS} == EXPECTED
    assert len(TOOLS) == 13
    assert all(t["site"] == "gmail" and t["public"] is True for t in TOOLS)


@pytest.mark.parametrize("tool", TOOLS, ids=[t["name"] for t in TOOLS])
def test_schema_is_valid_and_in_the_subset(tool):
    schema = tool["inputSchema"]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert check_tool_schema(schema) == []
    assert schema["additionalProperties"] is False
    assert len(tool["description"]) > 40


def test_descriptions_say_what_matters():
    by_name = {t["name"]: t for t in TOOLS}
    assert "NOT send" in by_name["gmail_compose_draft"]["description"]
    assert "NOT send" in by_name["gmail_reply_draft"]["description"]
    assert "Sent" in by_name["gmail_send_draft"]["description"]
    for name in ["gmail_list_threads", "gmail_search", "gmail_read_thread"]:
        assert "untrusted" in by_name[name]["description"]


def test_schemas_agree_with_jsonschema_on_samples():
    by_name = {t["name"]: t["inputSchema"] for t in TOOLS}
    samples = [
        ("gmail_compose_draft", {"to": ["a@b.co"], "subject": "s", "body": "b"}),
        ("gmail_compose_draft", {"to": "a@b.co"}),
        ("gmail_compose_draft", {"to": ["a@b.co"] * 26}),
        ("gmail_compose_draft", {"body": "x" * 5001}),
        ("gmail_mark_thread", {"mark": "read"}),
        ("gmail_mark_thread", {"mark": "important"}),
        ("gmail_mark_thread", {}),
        ("gmail_label_thread", {"label": "Work", "action": "remove"}),
        ("gmail_search", {"query": ""}),
        ("gmail_send_draft", {}),
        ("gmail_send_draft", {"to": ["a@b.co"]}),
        ("gmail_read_thread", {"max_chars": 99}),
    ]
    for name, args in samples:
        ours = validate(by_name[name], args) == []
        theirs = jsonschema.Draft202012Validator(by_name[name]).is_valid(args)
        assert ours == theirs, (name, args)


def _dict_keys(node):
    return {k.value for k in node.keys if isinstance(k, ast.Constant)}


def test_every_tool_is_wired_to_code_in_the_adapter():
    tree = ast.parse((REPO / "siteagent_src" / "adapters" / "gmail.py").read_text())
    site = next(n.value for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "SITE")
    parts = {k.value: v for k, v in zip(site.keys, site.values)}
    worker = _dict_keys(parts["worker_tools"])
    tab = _dict_keys(parts["tab_tools"])
    for tool in TOOLS:
        if tool.get("runs_in") == "tab":
            assert tool["name"] in tab and tool["name"] not in worker, tool["name"]
        else:
            assert tool["name"] in worker, tool["name"]
    internal = {n for n in tab if n.startswith("gmail__")}
    assert internal and not internal & set(EXPECTED)
