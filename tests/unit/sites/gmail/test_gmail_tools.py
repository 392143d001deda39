"""Gmail's declarations (sites/gmail/tools.py): exact names and risks, and what the descriptions promise."""
import jsonschema

from core.schema import validate
from sites.gmail import ids, tools
from expected_catalogue import GMAIL as EXPECTED

TOOLS = tools.SITE["tools"]


def test_exact_names_and_risks():
    assert {t["name"]: t["risk"] for t in TOOLS} == EXPECTED
    assert all(t["site"] == "gmail" and t["public"] is True for t in TOOLS)
    assert tools.SITE["hosts"] == ["mail.google.com"] and tools.SITE["open_url"].endswith("#inbox")


def test_descriptions_say_what_matters():
    by_name = {t["name"]: t for t in TOOLS}
    assert "NOT send" in by_name["gmail_compose_draft"]["description"]
    assert "NOT send" in by_name["gmail_reply_draft"]["description"]
    assert "Sent" in by_name["gmail_send_draft"]["description"]
    for name in ["gmail_list_threads", "gmail_search", "gmail_read_thread"]:
        assert "untrusted" in by_name[name]["description"]
        assert by_name[name]["untrusted_kind"] == "email"
    assert by_name["gmail_send_draft"]["sink"] == "gmail_send"


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


def test_steps_are_internal():
    steps = [v["name"] for v in vars(ids).values() if isinstance(v, dict) and v.get("step") is True]
    assert steps and all(s.startswith("gmail__") for s in steps) and not set(steps) & set(EXPECTED)
