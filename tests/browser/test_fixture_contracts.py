"""Every contract a fixture draws is listed in its site's contract table (issue 18).

The fixtures stand in for Google's pages where no capture exists. An element a fixture draws that
carries something an adapter could read (a role, an aria-label, a jsname, an id, a data-* attribute,
Gmail's gh or a form name) must match one of its site's contract locators (sites/<site>/contracts.py);
otherwise the fixture shows the adapter a contract nobody listed, sourced or marked reconstructed, and
this test fails naming it. Elements a fixture draws only so the page looks like one (a header, a
layout cell no tool reads) carry `data-fixture-decor` and are skipped, each on its own (what is inside
one is still checked); the tables never name that attribute, and `data-fx-*` is the fixtures' own
bookkeeping, so no adapter can rely on either. In the Meet fixture only what its behaviour layer draws is
checked (the rest is the real capture).
"""
import sys
from pathlib import Path

import pytest

from harness import wait_until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "siteagent_src"))
from core.contracts import fill_css  # noqa: E402
from sites.meet.contracts import TABLE as MEET, LABELS as MEET_LABELS  # noqa: E402
from sites.gmail.contracts import TABLE as GMAIL, LABELS as GMAIL_LABELS  # noqa: E402
from sites.calendar.contracts import TABLE as CALENDAR, LABELS as CALENDAR_LABELS  # noqa: E402

pytestmark = pytest.mark.browser

AUDIT = """
const locators = arguments[0], layerOnly = arguments[1];
const READ = /^(role|aria-label|aria-labelledby|jsname|id|gh|name|data-(?!fixture|fx-|siteagent).*)$/;
const fold = (t) => String(t || '').replace(/[\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]/g, '').replace(/\\s+/g, ' ').trim();
const spoken = (el) => {
  const parts = [];
  (function walk(n) {
    if (n.nodeType === 3) { parts.push(n.nodeValue); return; }
    if (n.nodeType !== 1 || n.getAttribute('aria-hidden') === 'true') return;
    for (const c of n.childNodes) walk(c);
  })(el);
  return fold(parts.join(' '));
};
const named = (el) => {
  const ids = el.getAttribute('aria-labelledby');
  if (ids) { const t = fold(ids.split(/\\s+/).map(i => (document.getElementById(i) || {}).textContent || '').join(' ')); if (t) return t; }
  const l = el.getAttribute('aria-label');
  return l ? fold(l) : spoken(el);
};
const fits = (got, texts, match) => texts.some(w => match === 'starts' ? got.startsWith(fold(w)) :
                                                    match === 'contains' ? got.includes(fold(w)) : got === fold(w));
const matches = (el, loc) => {
  try { if (!el.matches(loc.css)) return false; } catch (e) { return false; }
  if (loc.name && !fits(named(el), loc.name, loc.match)) return false;
  if (loc.text && !fits(spoken(el), loc.text, loc.match)) return false;
  return true;
};
const out = [];
for (const el of document.querySelectorAll('body *')) {
  if (layerOnly && !el.__fixtureLayer) continue;
  if (el.hasAttribute('data-fixture-decor')) continue;
  const read = Array.from(el.attributes).filter(a => READ.test(a.name));
  if (read.length === 0) continue;
  if (locators.some(loc => matches(el, loc))) continue;
  out.push('<' + el.tagName.toLowerCase() + ' ' + read.map(a => a.name + '="' + a.value.slice(0, 40) + '"').join(' ') + '>');
}
return Array.from(new Set(out));
"""


def selectors(table, labels):
    """Every element locator of the table for the JS audit: its CSS (labels filled in, one entry per
    alternative) and, for a name or text filter, the texts it must read."""
    words = labels["en"]
    out = []
    for row in table:
        for locator in row["locators"]:
            if "css" not in locator:
                continue
            css = fill_css(locator["css"], words)
            if not css:
                continue
            entry = {"css": css, "match": locator.get("match", "equals")}
            for key in ("name", "text"):
                if key in locator:
                    value = words[locator[key]]
                    entry[key] = [value] if isinstance(value, str) else list(value)
            out.append(entry)
    return out


PAGES = {
    "meet": ["/abc-defg-hij?state=lobby", "/abc-defg-hij?state=waiting", "/abc-defg-hij?state=incall&waiting=Eve",
             "/abc-defg-hij?state=incall&call=captions&captions=talk&recording=on", "/abc-defg-hij?state=ended", "/"],
    "gmail": ["/mail/u/0/#inbox", "/mail/u/0/#inbox/18c1a2b3c4d5e6f7", "/mail/?view=cm&fs=1&to=a@example.com&su=Hi"],
    "calendar": ["/calendar/r/week/2026/3/16", "/calendar/r/eventedit?text=T&dates=20260318T150000Z/20260318T160000Z&add=a@example.com"],
}
TABLES = {"meet": (MEET, MEET_LABELS), "gmail": (GMAIL, GMAIL_LABELS), "calendar": (CALENDAR, CALENDAR_LABELS)}


@pytest.mark.parametrize("site", ["meet", "gmail", "calendar"])
def test_every_contract_a_fixture_draws_is_in_the_table(request, browser, google_sites, site):
    if site == "meet":
        request.getfixturevalue("google_corpus")      # the Meet fixture is built on the captures in ../shared
    css = selectors(*TABLES[site])
    unlisted = {}
    for path in PAGES[site]:
        browser.new_tab(google_sites[site].url(path))
        wait_until(lambda: browser.driver.execute_script(
            "return document.readyState === 'complete' && document.body.children.length > 0 && "
            "(!location.host.startsWith('meet') || !!document.documentElement.dataset.fixtureState)"), 8, path)
        if site == "gmail" and "#" in path:
            browser.driver.execute_script("window.dispatchEvent(new HashChangeEvent('hashchange'))")
        found = browser.driver.execute_script(AUDIT, css, site == "meet")
        if found:
            unlisted[path] = found
    listing = "\n".join(path + ":\n    " + "\n    ".join(items) for path, items in unlisted.items())
    assert unlisted == {}, f"elements the {site} fixture draws that match no contract locator:\n{listing}"


def test_the_audit_catches_an_unlisted_contract(browser, google_sites):
    """The check can fail: an element with an attribute no table lists is reported."""
    browser.new_tab(google_sites["calendar"].url("/calendar/r/week/2026/3/16"))
    wait_until(lambda: browser.driver.execute_script("return document.readyState === 'complete'"), 8, "calendar")
    browser.driver.execute_script("document.body.appendChild(Object.assign(document.createElement('div'), "
                                  "{id: 'xMadeUpIn'}))")
    found = browser.driver.execute_script(AUDIT, selectors(CALENDAR, CALENDAR_LABELS), False)
    assert '<div id="xMadeUpIn">' in found
