"""Benchmark: how many clickable elements of real pages the page tool's risk judge would send to
the approval window, before issue 23 (bench/judge/before_risk.py) and now (sites/page/risk/judge.py).

The 35 pages of ../shared/corpus/real-pages are served from loopback as https://corpus.test/<page>.html
in headless /usr/bin/chromium with the built extension (test profile). For each page, every link,
button, menu item, tab, checkbox and radio in its scan is described in the tab exactly as a click
would be judged (test-only tool page_probe_risk: the target and its context, and the verdict of the
extension's own JS). Both judges then read the same targets under CPython; the JS verdict must equal
the CPython one (it is counted and printed). Figures: per page and in total, flagged / clickable.

    python bench/judge/run.py [--dist DIR] [--pages aclu,bbc-1] [--list]

--list prints every element the current judge flags, with its reasons.
"""
from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "siteagent_src"))
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402
import judge_corpus  # noqa: E402
import before_risk  # noqa: E402
from sites.page.risk import judge as risk  # noqa: E402


def before_verdict(target: dict) -> str:
    """The judge before issue 23, on the target shape it knew (secret field kinds by its own rule)."""
    form = target.get("form")
    old = dict(target)
    if isinstance(form, dict):
        kinds = []
        for field in form.get("secret_fields_raw") or []:
            kind = before_risk.field_is_secret(field)
            if kind is not None and kind not in kinds:
                kinds.append(kind)
        old["form"] = dict(form, secret_fields=kinds)
    return before_risk.classify(old, {"sensitive_hosts": [], "extra_terms": []})["risk"]


def after_verdict(target: dict) -> dict:
    return risk.classify(target, {"sensitive_hosts": [], "extra_terms": []})


def build_dist() -> Path:
    from buildtool.app import Application
    from buildtool.build import build
    out = Path(tempfile.mkdtemp(prefix="bench-judge-")) / "dist"
    build(Application.discover(REPO / "bench"), profile="test", out=out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, help="a built test-profile dist (default: build one)")
    ap.add_argument("--pages", default="")
    ap.add_argument("--list", action="store_true")
    opts = ap.parse_args()
    names = judge_corpus.pages()
    if opts.pages:
        names = [p for p in names if p in opts.pages.split(",")]
    dist = opts.dist or build_dist()
    corpus = FixtureServer(None, [judge_corpus.HOST])
    for name in names:
        judge_corpus.serve(corpus, name)
    chat = FixtureServer(SITES / "chatbot", ["chatbot.farvees.xyz"])
    chat.mount("/dist-client/", dist.parent / "dist-client")
    b = Browser(dist, host_rules=host_rules_for([corpus, chat]))
    totals = collections.Counter()
    flagged_rows = []
    try:
        b.open_chatbot(chat)
        b.driver.set_script_timeout(180)
        print(f"{'page':22s} {'clickable':>9s} {'before':>7s} {'after':>6s}")
        for index, name in enumerate(names):
            rows, _ = judge_corpus.judge_page(b, name, index == 0)
            before = after = mismatched = 0
            for row in rows:
                now = after_verdict(row["target"])
                if now["risk"] != row["risk"] or now["reasons"] != row["reasons"]:
                    mismatched += 1
                if before_verdict(row["target"]) == "irreversible":
                    before += 1
                if now["risk"] == "irreversible":
                    after += 1
                    flagged_rows.append((name, row["code"], row["line"], now["reasons"]))
            totals.update(clickable=len(rows), before=before, after=after, mismatched=mismatched)
            print(f"{name:22s} {len(rows):9d} {before:7d} {after:6d}" + (f"  (JS/CPython differ on {mismatched})"
                                                                         if mismatched else ""), flush=True)
    finally:
        b.quit()
        corpus.close()
        chat.close()
    n = totals["clickable"]
    print(f"{'TOTAL':22s} {n:9d} {totals['before']:7d} {totals['after']:6d}")
    print(f"flagged share: before {100 * totals['before'] / n:.2f}%, after {100 * totals['after'] / n:.2f}% "
          f"of {n} clickable elements on {len(names)} pages; JS and CPython verdicts differ on {totals['mismatched']}")
    if opts.list:
        for name, code, line, reasons in flagged_rows:
            print(f"  {name:20s} {code:2s} {line[:60]!r:64s} {'; '.join(reasons)[:140]}")


if __name__ == "__main__":
    main()
