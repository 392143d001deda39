"""The contract tables (sites/<site>/contracts.py) under CPython: well formed, every dependent a real
tool, the label tables complete, and every irreversible tool that relies on an unconfirmed contract
naming it in its description (the approval window adds the same note: core/contracts.py preview_note)."""
import re

import pytest

from core.contracts import table_problems, unconfirmed_for, fill_css, words_for, STATUSES
from sites.meet import tools as meet, contracts as meet_c
from sites.gmail import tools as gmail, contracts as gmail_c
from sites.calendar import tools as calendar, contracts as calendar_c

SITES = [(meet, meet_c), (gmail, gmail_c), (calendar, calendar_c)]
IDS = ["meet", "gmail", "calendar"]
EVIDENCE = re.compile(r"^([\w.-]+/[\w.-]+@[0-9a-f]{12}:[^ #]+(#L\d+)?|capture (meet|gmail)/[\w.-]+: .+|"
                      r"index \d+ \(repository undisclosed\))$")


@pytest.mark.parametrize("tools, table", SITES, ids=IDS)
def test_the_table_is_well_formed(tools, table):
    names = [t["name"] for t in tools.SITE["tools"]]
    assert table_problems(table.TABLE, table.LABELS, names) == []
    assert tools.SITE["contracts"] is table.TABLE and tools.SITE["labels"] is table.LABELS
    for row in table.TABLE:
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
        shaky = unconfirmed_for(table.TABLE, tool["name"])
        if tool["risk"] == "irreversible" and shaky:
            assert tool["unconfirmed"] == shaky
            assert "Not confirmed on the real site (reconstructed): " in tool["description"]
            for item in shaky:
                assert item["what"] in tool["description"]
        else:
            assert "unconfirmed" not in tool and "Not confirmed on the real site" not in tool["description"]


def test_the_health_check_counts_every_contract_with_a_locator():
    for tools, table in SITES:
        assert set(tools.SITE["selectors"]) == {row["id"] for row in table.TABLE if row["locators"]}


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
