"""Issue 23: false positives of the page tool's risk judge, measured on the 35 real pages of
../shared/corpus/real-pages (served from loopback as https://corpus.test/<page>.html).

Every clickable element of every page (links, buttons, menu items, tabs, checkboxes, radios; 11,991
elements) is described in its tab as a click would be judged, and judged there by the extension's
own JS (test-only tool page_probe_risk). The bench (bench/judge/run.py) prints the figures, before
and after issue 23; this test bounds the figure and checks that the JS verdict equals CPython's on
every one of those real targets (parity on real markup).

Measured when this was written: 58 of 11,991 clickables flagged (0.48%; the judge before issue 23:
42). Of the 58, 40 are links and buttons named Subscribe, Donate, Contribute or Give, verbs issue 23
adds on purpose; the rest are password forms, "Send a tip", "Remove", "Upgrade to Premium".
"""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "siteagent_src"))

import judge_corpus  # noqa: E402
from page_fixtures import *  # noqa: F401,F403,E402
from sites.page.risk import judge as risk  # noqa: E402

pytestmark = pytest.mark.browser
EXTRA_SITES = ["corpus_site"]       # page_fixtures: https://corpus.test in the browser's host rules

# the bound: the measured 58 plus room for a page's scan to vary a little, not for new rules
MAX_FLAGGED = 66
MAX_FLAGGED_PER_PAGE = 12
MIN_CLICKABLE = 11000          # the scans must really have listed the pages' controls



@pytest.mark.timeout(900)
def test_the_judge_flags_few_clickables_on_real_pages(chat, shared_dir, corpus_site):
    corpus = shared_dir / "corpus" / "real-pages"
    names = judge_corpus.pages(corpus)
    assert len(names) == 35
    chat.driver.set_script_timeout(180)
    clickable = 0
    flagged = []
    differ = []
    per_page = {}
    for index, name in enumerate(names):
        judge_corpus.serve(corpus_site, name, corpus)
        rows, tab = judge_corpus.judge_page(chat, name, index == 0)
        clickable += len(rows)
        for row in rows:
            here = risk.classify(row["target"], {"sensitive_hosts": [], "extra_terms": []})
            if here["risk"] != row["risk"] or here["reasons"] != row["reasons"]:
                differ.append((name, row["line"], here, row["risk"], row["reasons"]))
            if row["risk"] == "irreversible":
                assert row["reasons"], row
                flagged.append((name, row["code"], row["line"], row["reasons"]))
                per_page[name] = per_page.get(name, 0) + 1
    assert differ == [], differ[:5]
    assert clickable >= MIN_CLICKABLE, clickable
    listing = "\n".join(f"{n} {c} {line!r}: {'; '.join(r)}" for n, c, line, r in flagged)
    assert len(flagged) <= MAX_FLAGGED, f"{len(flagged)} of {clickable} flagged:\n{listing}"
    assert max(per_page.values(), default=0) <= MAX_FLAGGED_PER_PAGE, per_page
