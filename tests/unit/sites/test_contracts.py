"""The contract tables (sites/<site>/contracts.py) under CPython: well formed, every dependent a real
tool, the label tables complete, and every irreversible tool that relies on an unconfirmed contract
naming it in its description (the approval window adds the same note: core/contracts.py preview_note).
The split by half: the tab's table (contracts.py: locators, status), the evidence (evidence.py, no
bundle) and the unconfirmed contracts (unconfirmed.py, all the service worker carries), each contract
written once, and the verifier's SA711 for a misplaced row."""
import importlib
import re
import sys
from pathlib import Path

import pytest

from buildtool.sites import isolated_imports, with_evidence
from srctree import edit_once, kit_findings
from core.contracts import (table_problems, unconfirmed_for, fill_css, words_for, STATUSES, declare_contracts,
                            attach_table, caveat_text, summary)
from sites.meet import tools as meet, contracts as meet_c, evidence as meet_e, unconfirmed as meet_u
from sites.gmail import tools as gmail, contracts as gmail_c, evidence as gmail_e, unconfirmed as gmail_u
from sites.calendar import tools as calendar, contracts as calendar_c, evidence as calendar_e, unconfirmed as calendar_u

SITES = [(meet, meet_c), (gmail, gmail_c), (calendar, calendar_c)]
IDS = ["meet", "gmail", "calendar"]
WHOLE = {id(meet_c): with_evidence(meet_c.TABLE, meet_e.EVIDENCE, meet_u.ROWS),          # each contract whole
         id(gmail_c): with_evidence(gmail_c.TABLE, gmail_e.EVIDENCE, gmail_u.ROWS),
         id(calendar_c): with_evidence(calendar_c.TABLE, calendar_e.EVIDENCE, calendar_u.ROWS)}
EVIDENCE = re.compile(r"^([\w.-]+/[\w.-]+@[0-9a-f]{12}:[^ #]+(#L\d+)?|capture (meet|gmail)/[\w.-]+: .+|"
                      r"index \d+ \(repository undisclosed\))$")


@pytest.mark.parametrize("tools, table", SITES, ids=IDS)
def test_the_table_is_well_formed(tools, table):
    names = [t["name"] for t in tools.SITE["tools"]]
    assert table_problems(WHOLE[id(table)], table.LABELS, names) == []
    assert tools.SITE["contracts_in_tab"] is True             # the table itself is the tab half's
    assert "contracts" not in tools.SITE and "labels" not in tools.SITE
    for row in table.TABLE:                                   # the tab's rows: no evidence
        assert set(row) == {"id", "locators", "status", "used_by", "where"}, row["id"]
    for row in WHOLE[id(table)]:
        assert row["status"] in STATUSES
        for ev in row["evidence"]:
            assert EVIDENCE.match(ev), (row["id"], ev)


@pytest.mark.parametrize("tools, table", SITES, ids=IDS)
def test_every_locator_is_valid_css_once_labels_are_filled(tools, table):
    words = words_for(table.LABELS, "en")["words"]
    for row in table.TABLE:
        for locator in row["locators"]:
            if "css" in locator:
                css = fill_css(locator["css"], words)
                assert css and "{" not in css, row["id"]


@pytest.mark.parametrize("tools, table", SITES, ids=IDS)
def test_irreversible_tools_name_their_unconfirmed_contracts(tools, table):
    for tool in tools.SITE["tools"]:
        shaky = unconfirmed_for(WHOLE[id(table)], tool["name"])
        if tool["risk"] == "irreversible" and shaky:
            assert tool["unconfirmed"] == shaky
            assert "Not confirmed on the real site (reconstructed): " in tool["description"]
            for item in shaky:
                assert item["what"] in tool["description"]
        else:
            assert "unconfirmed" not in tool and "Not confirmed on the real site" not in tool["description"]


def test_the_health_check_counts_every_contract_with_a_locator():
    for tools, table in SITES:
        site = attach_table(dict(tools.SITE), table.TABLE, table.LABELS)      # as the tab half's register_site does
        assert set(site["selectors"]) == {row["id"] for row in table.TABLE if row["locators"]}
        assert site["contracts"] is table.TABLE and site["labels"] is table.LABELS


def test_the_contradicted_contracts_are_gone():
    """What issue 18 found contradicted by real markup is no longer what the adapters read."""
    locators = {row["id"]: [loc.get("css") for loc in row["locators"]] for row in meet_c.TABLE}
    flat = " ".join(css or "" for csss in locators.values() for css in csss)
    assert "div[data-message-id]" not in flat and "[data-meeting-title]" in flat    # title: an older-UI fallback only
    assert 'aria-label="Activities"' not in flat and '[role="complementary"][aria-label="{side_panel}"]' in flat
    assert locators["side_panel"][0] == 'aside[aria-label="{side_panel}"]'
    assert locators["chat_message"][0] == 'div[jsname="xySENc"] div[jsname="Ypafjf"]'
    for anchor in ["meeting_details_button", "notifications_region", "captions_region"]:     # admission evidence
        assert "leave_call" not in str(locators[anchor]) and "data-participant-id" not in str(locators[anchor])
    cal = {row["id"]: row for row in calendar_c.TABLE}
    assert cal["view_switcher"]["locators"][0]["css"] == 'button[jsname="jnPWCc"] [jsname="V67aGc"]'
    cal_css = str([row["locators"] for row in calendar_c.TABLE])
    assert "xLocIn" not in cal_css and "xDescIn" not in cal_css and "xGstSec" not in cal_css
    gm = {row["id"]: row for row in gmail_c.TABLE}
    assert gm["thread_list_grid"]["where"] == [] and gm["classic_chips"]["locators"][0]["css"] == '.vR > input[type="hidden"]'


def test_counts_per_status():
    """The figures the issue's closing note reports (after issue 18)."""
    counts = {}
    for name, (_tools, table) in zip(IDS, SITES):
        counts[name] = {s: sum(1 for row in table.TABLE if row["status"] == s) for s in STATUSES}
    assert counts == {
        "meet": {"confirmed": 32, "partly": 15, "unconfirmed": 5},
        "gmail": {"confirmed": 22, "partly": 18, "unconfirmed": 3},
        "calendar": {"confirmed": 14, "partly": 19, "unconfirmed": 5},
    }, counts


# --- the split: unconfirmed.py (the worker's), contracts.py (the tab's) ------------------------------

SPLIT = [(meet_c, meet_u), (gmail_c, gmail_u), (calendar_c, calendar_u)]


@pytest.mark.parametrize("table, rows", SPLIT, ids=IDS)
def test_unconfirmed_rows_are_written_once_and_sit_in_the_table_in_order(table, rows):
    """ROWS are exactly TABLE's unconfirmed contracts, in TABLE's order, each put there from its row
    (its used_by the same list: written once); contracts.py writes none of its own."""
    in_table = [row for row in table.TABLE if row["status"] == "unconfirmed"]
    assert len(rows.ROWS) > 0 and [r["id"] for r in in_table] == [r["id"] for r in rows.ROWS]
    assert all(a["used_by"] is b["used_by"] for a, b in zip(in_table, rows.ROWS))
    assert all(row["note"] and "locators" not in row for row in rows.ROWS)


@pytest.mark.parametrize("site", IDS)
def test_each_half_loads_only_its_part_of_the_table(site):
    """What the service worker imports of a site (its tools.py) reaches unconfirmed.py, never the tab's
    table or the evidence; what the tab half imports (ids.py, contracts.py) never the evidence or tools.py."""
    src = Path(__file__).resolve().parents[3] / "siteagent_src"
    with isolated_imports(src):
        importlib.import_module(f"sites.{site}.tools")
        loaded = set(sys.modules)
        assert f"sites.{site}.unconfirmed" in loaded and f"sites.{site}.contracts" not in loaded
        assert f"sites.{site}.evidence" not in loaded
    with isolated_imports(src):
        importlib.import_module(f"sites.{site}.ids")
        importlib.import_module(f"sites.{site}.contracts")
        loaded = set(sys.modules)
        assert f"sites.{site}.evidence" not in loaded and f"sites.{site}.tools" not in loaded


def _made_up_site():
    tools = [{"name": "t_send", "risk": "irreversible", "description": "Sends."},
             {"name": "t_leave", "risk": "write", "description": "Leaves."},
             {"name": "t_other", "risk": "irreversible", "description": "Other."}]
    return {"id": "x", "hosts": ["x.test"], "selectors": {}, "tools": tools, "steps": []}


ROW = {"id": "send", "what": "the send button", "locators": [{"css": "button.send"}], "status": "unconfirmed",
       "evidence": [], "used_by": ["t_send", "t_leave"], "where": [], "note": "made up"}
FIRM = {"id": "leave", "what": "the leave button", "locators": [{"css": "button.leave"}], "status": "confirmed",
        "evidence": ["x"], "used_by": ["t_leave"], "where": ["*"], "note": ""}


def test_declare_contracts_marks_only_irreversible_tools_that_rely_on_an_unconfirmed_row():
    site = declare_contracts(_made_up_site(), [ROW])
    send, leave, other = site["tools"]
    assert send["unconfirmed"] == [{"id": "send", "what": "the send button"}]
    assert send["description"] == "Sends. " + caveat_text(send["unconfirmed"])
    assert "unconfirmed" not in leave and leave["description"] == "Leaves."         # a write: no caveat
    assert "unconfirmed" not in other and other["description"] == "Other."
    assert site["contracts_in_tab"] is True and "contracts" not in site and "labels" not in site
    bare = declare_contracts(_made_up_site(), [])
    assert bare["contracts_in_tab"] is True and not any("unconfirmed" in t for t in bare["tools"])


def test_attach_table_puts_the_whole_table_on_the_site_and_changes_no_tool():
    labels = {"en": {}}
    site = attach_table(_made_up_site(), [FIRM, ROW, dict(FIRM, id="format", locators=[])], labels)
    assert site["contracts"][1] is ROW and site["labels"] is labels
    assert site["selectors"] == {"leave": summary(FIRM), "send": summary(ROW)}      # rows without locators left out
    assert [t["description"] for t in site["tools"]] == ["Sends.", "Leaves.", "Other."]


# --- SA711 on a copy of the real tree ----------------------------------------------------------------

def test_sa711_accepts_the_real_tree(src_tree):
    assert kit_findings(src_tree, "SA711") == []


def test_sa711_an_unconfirmed_row_written_in_contracts_py(src_tree):
    path = src_tree / "siteagent_src/sites/meet/contracts.py"
    edit_once(path, "[css('[data-avatar-count]')], CONFIRMED,", "[css('[data-avatar-count]')], 'unconfirmed',")
    found = kit_findings(src_tree, "SA711")
    assert len(found) == 1, [v.format() for v in found]
    assert found[0].path == "siteagent_src/sites/meet/contracts.py" and "`people_count`" in found[0].message
    assert "unconfirmed.py does not write it" in found[0].message
    assert "people_count" in path.read_text().splitlines()[found[0].line - 1]


def test_sa711_a_contract_of_unconfirmed_py_written_again_in_contracts_py(src_tree):
    path = src_tree / "siteagent_src/sites/gmail/contracts.py"
    edit_once(path, "unconfirmed_contract(LABELS_MENU, [css('[role=\"menu\"]')], []),",
              "contract('labels_menu', [css('[role=\"menu\"]')], 'unconfirmed', ['gmail_label_thread'], []),")
    found = kit_findings(src_tree, "SA711")
    assert any(v.path == "siteagent_src/sites/gmail/contracts.py" and "`labels_menu`" in v.message
               and "written again" in v.message for v in found), [v.format() for v in found]


@pytest.mark.parametrize("edit, wanted", [
    ("drop", "contract `navigation` has 0 evidence rows in evidence.py, not one"),
    ("twice", "contract `navigation` has 2 evidence rows in evidence.py, not one"),
    ("orphan", "evidence for `nowhere`, which is not a confirmed or partly contract of contracts.py"),
])
def test_sa711_each_contract_has_its_evidence_once(src_tree, edit, wanted):
    path = src_tree / "siteagent_src/sites/gmail/evidence.py"
    row = "    evidence('navigation', 'the left navigation (div[role=navigation])',\n"
    text = path.read_text("utf-8")
    start = text.index(row)
    end = text.index("\n    evidence(", start + 1) + 1
    whole = text[start:end]
    edit_once(path, whole, {"drop": "", "twice": whole + whole, "orphan": whole.replace("'navigation'", "'nowhere'")
                            + whole}[edit])
    found = kit_findings(src_tree, "SA711")
    assert [v.message for v in found] == [wanted], [v.format() for v in found]


def test_sa711_a_row_left_out_of_the_table(src_tree):
    edit_once(src_tree / "siteagent_src/sites/calendar/contracts.py",
              "    unconfirmed_contract(RSVP_GROUP, [css('[aria-label=\"{going}\"] [role=\"radio\"]'), "
              "css('#xDetDlgRsvp [role=\"radio\"]')], []),\n", "")
    found = kit_findings(src_tree, "SA711")
    assert any(v.path == "siteagent_src/sites/calendar/unconfirmed.py" and "`rsvp_group`" in v.message
               and "0 times" in v.message for v in found), [v.format() for v in found]


def test_sa711_rows_out_of_table_order_change_a_caveat(src_tree):
    edit_once(src_tree / "siteagent_src/sites/meet/unconfirmed.py", "ROWS = [LANDING_CODE_INPUT, WAITING_LIST, ADMIT_BUTTON,",
          "ROWS = [LANDING_CODE_INPUT, ADMIT_BUTTON, WAITING_LIST,")
    found = kit_findings(src_tree, "SA711")
    assert any(v.path == "siteagent_src/sites/meet/tools.py" and "`meet_admit_participant`" in v.message
               for v in found), [v.format() for v in found]


def test_sa711_a_tools_py_without_declare_contracts(src_tree):
    edit_once(src_tree / "siteagent_src/sites/gmail/tools.py", "declare_contracts(SITE, unconfirmed.ROWS)", "pass")
    found = kit_findings(src_tree, "SA711")
    assert any(v.path == "siteagent_src/sites/gmail/tools.py" and "declare_contracts" in v.message
               for v in found), [v.format() for v in found]
