"""Names: how often the page tool's accessible names agree with Chromium's own, per build, in one run.

    python bench/scan/names.py --a DIST_A [--b DIST_B] [--pages aclu,bbc-1] [--cases] [--show 5]

For every page of ../shared/corpus/real-pages (served as run.py serves them) and each build: the page is
opened by the page tool, and every element a scan can list as a named control or heading (links,
buttons, fields, selects, checkboxes, radios, tabs, menu items, headings, summaries) is named by the
scan's accname code (test-only tool page_probe_names; only rendered ones, as the scan lists) and, on the same tab, by Chromium (CDP
Accessibility.getPartialAXTree on each element). Elements Chromium leaves out of its tree (ignored) or
names '' while we name '' too are not counted. Names are compared with whitespace collapsed and
private-use icon characters dropped, as run.py's recall does. --cases adds the pages of our own spec
cases (tests/browser/accname_cases.py). Each page is also scanned once and its recall computed as run.py does (Chromium's named
links, buttons, fields, ... found in the scan with the same code and name), without Playwright.
Prints per page the agreement and recall of each build, then the totals,
and with --show N the first N differences per page of the last build (--html: with their markup).
Not a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HOST, corpus_pages, corpus_server, norm, scan_pairs, ax_pairs, recall  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402
from extension import ext_send  # noqa: E402

SELECTOR = ("a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, "
            "h1, h2, h3, h4, h5, h6, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], "
            "[role=tab], [role=menuitem], [role=option], [role=combobox], [role=textbox], [role=heading]")
CASES_HOST = "names.test"


def chromium_names(b: Browser, url: str) -> list[dict]:
    """Chromium's {name, ignored} for each element matching SELECTOR on the open tab at url, each marked
    with a data-sa-n attribute (the probe's selector has a length cap)."""
    targets = b.cdp.send("Target.getTargets")["targetInfos"]
    target = next(t for t in targets if t["type"] == "page" and t["url"] == url)
    sess = b.cdp.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
    try:
        b.cdp.send("Accessibility.enable", session_id=sess)
        listed = b.cdp.send("Runtime.evaluate", {"expression": f"Array.from(document.querySelectorAll({SELECTOR!r}))"
                                                               ".filter(e => (e.removeAttribute('data-sa-n'), e.checkVisibility({visibilityProperty: true})))"
                                                               ".map(e => (e.setAttribute('data-sa-n', ''), e))"},
                            session_id=sess)["result"]
        props = b.cdp.send("Runtime.getProperties", {"objectId": listed["objectId"], "ownProperties": True},
                           session_id=sess)["result"]
        items = sorted(((int(p["name"]), p["value"]["objectId"]) for p in props if p["name"].isdigit()))
        html = b.cdp.send("Runtime.evaluate", {"expression": "Array.from(document.querySelectorAll('[data-sa-n]'))"
                                                             ".map(e => e.outerHTML.slice(0, 600))",
                                               "returnByValue": True}, session_id=sess)["result"]["value"]
        out = []
        for index, (_, oid) in enumerate(items):
            nodes = b.cdp.send("Accessibility.getPartialAXTree", {"objectId": oid, "fetchRelatives": False},
                               session_id=sess)["nodes"]
            node = nodes[0] if nodes else {}
            out.append({"name": norm(str((node.get("name") or {}).get("value") or "")),
                        "ignored": bool(node.get("ignored", True)), "html": html[index]})
        return out
    finally:
        b.cdp.send("Target.detachFromTarget", {"sessionId": sess})


def full_tree(b: Browser, url: str) -> list[dict]:
    """Chromium's whole accessibility tree of the open tab at url (CDP Accessibility.getFullAXTree)."""
    targets = b.cdp.send("Target.getTargets")["targetInfos"]
    target = next(t for t in targets if t["type"] == "page" and t["url"] == url)
    sess = b.cdp.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
    try:
        return b.cdp.send("Accessibility.getFullAXTree", session_id=sess)["nodes"]
    finally:
        b.cdp.send("Target.detachFromTarget", {"sessionId": sess})


def run_build(dist: Path, urls: list[tuple[str, str]], servers: list[FixtureServer], chat: FixtureServer) -> dict:
    b = Browser(dist, host_rules=host_rules_for([*servers, chat]))
    out = {}
    try:
        b.open_chatbot(chat)
        b.driver.set_script_timeout(120)
        tab = None
        for label, url in urls:
            if tab is None:
                opened = b.sa_call("page", {"method": "open", "url": url}, 30000)["payload"]
                assert opened["ok"], opened
                tab = opened["result"]["tab"]
                ext_send(b, {"kind": "attach_tab", "tabId": tab})
            else:
                moved = b.sa_call("page", {"method": "navigate", "url": url}, 30000)["payload"]
                assert moved["ok"], moved
            for _ in range(3):                     # a page's own scripts may add or drop elements meanwhile
                theirs = chromium_names(b, url)    # marks the elements data-sa-n (no name reads it)
                ours = b.sa_call("page_probe_names", {"selector": "[data-sa-n]"}, 60000)["payload"]
                assert ours["ok"], ours
                names = [norm(n["name"]) for n in ours["result"]["names"]]
                if len(names) == len(theirs):
                    break
            assert len(names) == len(theirs), (label, len(names), len(theirs))
            counted, same, diffs = 0, 0, []
            for mine, cr in zip(names, theirs):
                if cr["ignored"] or (not mine and not cr["name"]):
                    continue
                counted += 1
                if mine == cr["name"]:
                    same += 1
                else:
                    diffs.append((mine, cr["name"], cr["html"]))
            scanned = b.sa_call("page", {"method": "scan", "max_chars": 1000000}, 60000)["payload"]
            assert scanned["ok"], scanned
            rec = recall(ax_pairs(full_tree(b, url)), scan_pairs(scanned["result"]["text"]))
            out[label] = {"counted": counted, "same": same, "diffs": diffs, "recall": rec}
    finally:
        b.quit()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", type=Path, required=True)
    ap.add_argument("--b", type=Path)
    ap.add_argument("--pages", default="")
    ap.add_argument("--cases", action="store_true")
    ap.add_argument("--show", type=int, default=0)
    ap.add_argument("--html", action="store_true", help="with --show: each element's outerHTML (600 characters)")
    opts = ap.parse_args()
    pages = corpus_pages(opts.pages)
    corpus = corpus_server(pages)
    urls = [(name, f"https://{HOST}/{name}.html") for name in pages]
    servers = [corpus]
    if opts.cases:
        sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "browser"))
        from accname_cases import CASES
        from test_accname_spec import page_of
        cases = FixtureServer(None, [CASES_HOST])
        for key, spec in CASES.items():
            cases.set_override(f"/{key}.html", page_of(spec["html"]))
            urls.append((f"case:{key}", f"https://{CASES_HOST}/{key}.html"))
        servers.append(cases)
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    builds = [("A", opts.a)] + ([("B", opts.b)] if opts.b else [])
    results = {}
    try:
        for label, dist in builds:
            chat.mount("/dist-client/", dist.parent / "dist-client")
            results[label] = run_build(dist, urls, servers, chat)
    finally:
        for s in servers + [chat]:
            s.close()
    print(f"{'page':40s} " + " ".join(f"{k + ' names':>18s} {k + ' recall':>9s}" for k, _ in builds))
    totals = {k: [0, 0] for k, _ in builds}
    case_totals = {k: [0, 0] for k, _ in builds}
    for label, _ in urls:
        cells = []
        for k, _ in builds:
            r = results[k][label]
            bucket = case_totals if label.startswith("case:") else totals
            bucket[k][0] += r["same"]
            bucket[k][1] += r["counted"]
            cells.append(f"{r['same']:6d}/{r['counted']:<6d}{(100 * r['same'] / r['counted']) if r['counted'] else 100:5.1f}% "
                         f"{100 * r['recall']:8.1f}%")
        if not label.startswith("case:"):
            print(f"{label:40s} " + " ".join(f"{c:>28s}" for c in cells))
    for title, bucket in [("real pages", totals), ("our cases", case_totals)]:
        if any(v[1] for v in bucket.values()):
            print(f"{title.upper():40s} " + " ".join(
                f"{v[0]:6d}/{v[1]:<6d}{100 * v[0] / v[1]:5.1f}%" for v in bucket.values()))
    for k, _ in builds:
        pages_only = [results[k][label]["recall"] for label, _ in urls if not label.startswith("case:")]
        if pages_only:
            print(f"{k}: median recall over the pages {100 * statistics.median(pages_only):.1f}%, "
                  f"mean {100 * statistics.mean(pages_only):.2f}%")
    if opts.show:
        last = builds[-1][0]
        for label, _ in urls:
            for mine, cr, html in results[last][label]["diffs"][:opts.show]:
                print(f"  {label}: ours {mine[:80]!r} chromium {cr[:80]!r}")
                if opts.html:
                    print(f"      {html!r}")


if __name__ == "__main__":
    main()
