"""Accessible names from our own spec cases (accname_cases.py), in real headless Chromium.

Every case page is opened by the page tool and its #test element named by the scan's accname code
(the test-only tool page_probe_names); the same page's Chromium name is read over CDP
(Accessibility.getPartialAXTree); a few are also scanned, and the scan's line must carry the name (an
icon link named through <use> is listed). Our name must be the spec's; Chromium's must be the spec's too, or,
for a case that records a departure, the `chromium` name the case gives (so a departure we have not
written down fails, and so does one Chromium stops making). The agreement with Chromium is printed.
"""
import re

import pytest

from accname_cases import CASES
from harness import FixtureServer
from page_fixtures import *  # noqa: F401,F403
from page_fixtures import page_call, attach

pytestmark = pytest.mark.browser
EXTRA_SITES = ["names_site"]       # page_fixtures: its host in the browser's host rules

HOST = "names.test"
# cases whose element the scan lists as a link: its line must carry the same name
SCANNED = {"2E-svg-use-symbol-title", "2F-inline-divs-joined", "2F-visually-hidden-span-in-link", "2F-owned-only-content",
           "2G-text-transform-capitalize-inner", "2G-text-transform-by-style-rule"}


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def page_of(html: str) -> str:
    return f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>case</title></head><body>{html}</body></html>'


@pytest.fixture(scope="module")
def names_site():
    server = FixtureServer(None, [HOST])
    for key, spec in CASES.items():
        server.set_override(f"/{key}.html", page_of(spec["html"]))
    yield server
    server.close()



def chromium_name(b, url: str) -> str:
    """Chromium's own name for #test on the open page at url (CDP on that page's target)."""
    targets = b.cdp.send("Target.getTargets")["targetInfos"]
    target = next(t for t in targets if t["type"] == "page" and t["url"] == url)
    session = b.cdp.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
    try:
        root = b.cdp.send("DOM.getDocument", {"depth": 0}, session_id=session)["root"]["nodeId"]
        node = b.cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#test"}, session_id=session)["nodeId"]
        nodes = b.cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False},
                           session_id=session)["nodes"]
        return norm(str((nodes[0].get("name") or {}).get("value") or "")) if nodes else ""
    finally:
        b.cdp.send("Target.detachFromTarget", {"sessionId": session})


def test_spec_cases(chat):
    ours_ok, chromium_same, wrong, chromium_off, departures = 0, 0, [], [], []
    tab = None
    for key, spec in CASES.items():
        url = f"https://{HOST}/{key}.html"
        if tab is None:
            opened = page_call(chat, {"method": "open", "url": url})
            assert opened["ok"], opened
            tab = opened["result"]["tab"]
            attach(chat, tab)
        else:
            moved = page_call(chat, {"method": "navigate", "url": url})
            assert moved["ok"], moved
        out = chat.sa_call("page_probe_names", {"selector": "#test"}, 15000)["payload"]
        assert out["ok"] and len(out["result"]["names"]) == 1, (key, out)
        ours = norm(out["result"]["names"][0]["name"])
        theirs = chromium_name(chat, url)
        if key in SCANNED:
            text = page_call(chat, {"method": "scan"})["result"]["text"]
            assert re.search(r"^\s*[LB] u\d+ " + re.escape(spec["name"]) + r"( <|$)", text, re.M), (key, text)
        if ours == spec["name"]:
            ours_ok += 1
        else:
            wrong.append((key, spec["name"], ours))
        if ours == theirs:
            chromium_same += 1
        else:
            departures.append((key, ours, theirs))
        if theirs != (spec["name"] if spec["chromium"] is None else spec["chromium"]):
            chromium_off.append((key, spec["name"], spec["chromium"], theirs))
    total = len(CASES)
    print(f"\nspec cases: ours {ours_ok}/{total}; same as Chromium {chromium_same}/{total}")
    for d in departures:
        print("  DIFFERS FROM CHROMIUM", d)
    for c in chromium_off:
        print("  CHROMIUM NOT AS RECORDED", c)
    assert not wrong, f"ours differ from the spec: {wrong}"
    assert not chromium_off, f"Chromium's names are not what the cases record: {chromium_off}"
