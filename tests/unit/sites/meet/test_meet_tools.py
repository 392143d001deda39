"""Meet's declarations (sites/meet/tools.py): exact names and risks; only status/create/open run in the worker."""
from core.contracts import attach_table
from sites.meet import tools, contracts
from expected_catalogue import MEET as EXPECTED

TOOLS = tools.SITE["tools"]


def test_exact_names_and_risks():
    assert {t["name"]: t["risk"] for t in TOOLS} == EXPECTED
    assert tools.SITE["id"] == "meet" and tools.SITE["hosts"] == ["meet.google.com"]
    assert all(t["site"] == "meet" and t["public"] is True and len(t["description"]) >= 60 for t in TOOLS)


def test_only_status_create_open_join_and_send_run_in_the_worker():
    """Tools that run in the tab never open a Meet tab: the site has no page to open on its own. Join
    (which may wait for admission) and send_chat (whose tab may stop answering mid-send) run in the
    worker and only run steps in the tab."""
    assert {t["name"] for t in TOOLS if t["runs_in"] == "worker"} == {"meet_status", "meet_create_meeting",
                                                                        "meet_open_meeting", "meet_join",
                                                                        "meet_send_chat"}
    assert tools.SITE["open_url"] is None and tools.SITE["contracts_in_tab"] is True
    assert len(attach_table(dict(tools.SITE), contracts.TABLE, contracts.LABELS)["selectors"]) >= 6


def test_untrusted_content_is_flagged_in_descriptions():
    by_name = {t["name"]: t for t in TOOLS}
    for name in ("meet_read_chat", "meet_read_captions", "meet_list_participants"):
        assert "untrusted" in by_name[name]["description"]
    assert by_name["meet_send_chat"]["sink"] == "meet_chat"
