"""Robustness over the 35 real pages in ../shared/corpus/real-pages (served from loopback as
https://corpus.test/<page>.html; every other host is unresolvable).

For each page: the scan succeeds; every uid in it is resolved and clicked (or, for text fields,
typed into) by the page tool's own tab code in one batch (test-only tool page_probe_actions), and
the only failures allowed are deliberate refusals; then a few uids go through the whole bridge path
(rules engine, risk judge, approval window: denied when it opens). A small script in the served page
prevents link navigation and form submission, so every link can be clicked without leaving the page.
"""
import gzip
import re
import time

import pytest

from extension import start_call
from page_fixtures import *  # noqa: F401,F403
from page_fixtures import page_call, attach, CORPUS_HOST

pytestmark = pytest.mark.browser

EXTRA_SITES = ["corpus_site"]       # page_fixtures: https://corpus.test in the browser's host rules
HOST = CORPUS_HOST
PAGES = sorted(p.name[:-len(".html.gz")] for p in
               (__import__("pathlib").Path(__file__).resolve().parents[3] / "shared" / "corpus" / "real-pages").glob("*.html.gz")) \
    or ["aclu"]
STAY = ("<script>addEventListener('click', e => { if (e.target.closest && e.target.closest('a[href], area[href]')) "
        "e.preventDefault(); }, true); addEventListener('submit', e => e.preventDefault(), true);</script>")
DELIBERATE = {"url_not_allowed", "invalid_args"}
UID_LINE = re.compile(r"^\s*([A-Z]{1,2}\d?) ((?:f\d+)?u\d+)\b(.*)$", re.M)



def served(shared_dir, name):
    html = gzip.decompress((shared_dir / "corpus" / "real-pages" / f"{name}.html.gz").read_bytes()).decode("utf-8", "replace")
    head = re.search(r"<head[^>]*>", html, re.I)
    return html[:head.end()] + STAY + html[head.end():] if head else STAY + html


def call_or_deny(b, args, timeout=15):
    """Run a page call; if the approval window opens, deny it. The outcome."""
    key = start_call(b, "page", args)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = b.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
        if got:
            return got["payload"]
        if b.popup_targets("approve.html"):
            b.wait_for_popup("approve.html").click("#deny")
        time.sleep(0.05)
    raise AssertionError(f"no reply to {args}")


@pytest.mark.parametrize("name", PAGES)
def test_real_page(chat, shared_dir, corpus_site, name):
    corpus_site.set_override(f"/{name}.html", served(shared_dir, name))
    opened = page_call(chat, {"method": "open", "url": f"https://{HOST}/{name}.html"}, 20000)
    assert opened["ok"], opened
    tab = opened["result"]["tab"]
    out = page_call(chat, {"method": "scan", "max_chars": 200000}, 20000)
    assert out["ok"], out
    text = out["result"]["text"]
    assert text.startswith(f"# https://{HOST}/{name}.html | ")
    rows = UID_LINE.findall(text)
    uids = [u for _, u, _ in rows]
    assert len(uids) == len(set(uids)), "a uid appears twice"
    attach(chat, tab)
    # the walker resolves plain relative hrefs itself: it must agree with the browser's URL parser
    links = chat.sa_call("page_probe_names", {"selector": "a[href], area[href]"}, 60000)["payload"]
    assert links["ok"], links
    wrong = [(l["href"], l["parsed"]) for l in links["result"]["names"]
             if l.get("parsed") is not None and l["href"] != "javascript:" and l["href"] != l["parsed"]]
    assert wrong == [], wrong[:10]
    probe = chat.sa_call("page_probe_actions", {"uids": uids}, 60000)["payload"]
    assert probe["ok"], probe
    bad = [f for f in probe["result"]["failures"] if f["reason"] not in DELIBERATE]
    assert bad == [], bad[:10]
    assert probe["result"]["tried"] + len(probe["result"]["failures"]) >= len(uids)
    # through the bridge: the first text field, button and link (fresh scan: the batch changed values)
    text = page_call(chat, {"method": "scan", "max_chars": 200000}, 20000)["result"]["text"]
    picked = {}
    for code, uid, rest in UID_LINE.findall(text):
        if code in ("T", "B", "L") and code not in picked and "[disabled]" not in rest and "<javascript:>" not in rest:
            picked[code] = uid
    for code, uid in picked.items():
        args = {"method": "type", "uid": uid, "text": "hello"} if code == "T" else {"method": "click", "uid": uid}
        result = call_or_deny(chat, args)
        assert result["ok"] or result["reason"] in DELIBERATE | {"approval_denied"}, (code, uid, result)
    page_call(chat, {"method": "close", "tab": tab})
