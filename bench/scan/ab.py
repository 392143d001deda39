"""A/B: two built dists side by side, in one run: the scan text of each (byte for byte) and the walk time
the tab reports (`scan_ms`), with the two builds alternating on every page.

    python bench/scan/ab.py --a DIST_A --b DIST_B [--repeat 7] [--pages aclu,wikipedia-2] [--no-fixtures]
                            [--viewport] [--json OUT]

Pages: the 35 of ../shared/corpus/real-pages (https://corpus.test/<page>.html, as run.py serves them) and,
unless --no-fixtures, every page fixture in tests/fixtures/sites/pages (https://shop.test/..., with
frames.test for their cross-origin frames). Each build runs in its own headless Chromium; both open the
page, then scan it --repeat times each, A then B on even rounds and B then A on odd ones, so load on the
machine falls on both alike (renderer backgrounding is off in both: the scanned tab is not the one in
front).

Identity: each side first scans until two scans in a row give the same text (at most SETTLE_SCANS, a
pause between them: a page's own timers and animations change it while it loads), then those texts
must be equal byte for byte (uids included: both browsers are fresh, so the uid counters agree when the
walks visit the same elements in the same order). Every timed round is compared as well; a page whose
own text still changes between rounds of the same build is reported as `moving` and compared on its
settled text only. --viewport adds a viewport scan (`viewport: true`) per page, settled the same way.

Timing: per page the median of A's and of B's `scan_ms`; the table's summary is the median over pages
of those medians, the ratio B/A of the two, and the median of the per-page ratios. Not a test.
"""
from __future__ import annotations

import argparse
import difflib
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HOST, corpus_pages, corpus_server  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402

PAGES_DIR = SITES / "pages"
SHOP, FRAMES = "shop.test", "frames.test"
SCAN = {"method": "scan", "max_chars": 1000000}
# the scanned tab is not the one selenium drives: without these, Chromium lowers its renderer's priority
# (a niced process), and on a loaded machine that, not the walker, decides the time
FOREGROUND = ["--disable-renderer-backgrounding", "--disable-background-timer-throttling",
              "--disable-backgrounding-occluded-windows"]
SETTLE_SCANS = 8
SETTLE_PAUSE_S = 0.3


def fixture_pages() -> list[str]:
    return sorted(p.relative_to(PAGES_DIR).as_posix() for p in PAGES_DIR.rglob("*.html"))


class Side:
    """One build in its own browser, with the chatbot page open."""

    def __init__(self, label: str, dist: Path, servers: list[FixtureServer]):
        self.label = label
        self.chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
        self.chat.mount("/dist-client/", dist.parent / "dist-client")
        self.browser = Browser(dist, host_rules=host_rules_for([*servers, self.chat]), extra_args=FOREGROUND)
        self.browser.open_chatbot(self.chat)
        self.browser.driver.set_script_timeout(120)
        self.opened = False

    def call(self, args: dict) -> dict:
        reply = self.browser.sa_call("page", args, 30000)
        payload = reply.get("payload") or {}
        if not payload.get("ok"):
            raise SystemExit(f"{self.label}: page {args} failed: {json.dumps(reply)[:400]}")
        return payload["result"]

    def go(self, url: str) -> None:
        self.call({"method": "navigate" if self.opened else "open", "url": url})
        self.opened = True

    def settled(self, args: dict) -> tuple[str, bool]:
        """The scan text once two scans in a row agree, and whether they did within SETTLE_SCANS."""
        last = self.call(args)["text"]
        for _ in range(SETTLE_SCANS - 1):
            time.sleep(SETTLE_PAUSE_S)
            text = self.call(args)["text"]
            if text == last:
                return text, True
            last = text
        return last, False

    def close(self) -> None:
        self.browser.quit()
        self.chat.close()


def first_difference(a: str, b: str) -> str:
    lines = list(difflib.unified_diff(a.split("\n"), b.split("\n"), "A", "B", n=1, lineterm=""))
    return "\n".join(lines[:14]) + ("\n    ..." if len(lines) > 14 else "")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", type=Path, required=True, help="built test-profile dist (the reference)")
    ap.add_argument("--b", type=Path, required=True, help="built test-profile dist (the candidate)")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--pages", default="", help="comma-separated corpus page names (default: all 35)")
    ap.add_argument("--no-fixtures", action="store_true")
    ap.add_argument("--viewport", action="store_true", help="also compare a viewport scan per page")
    ap.add_argument("--json", type=Path, help="write the per-page figures here")
    opts = ap.parse_args()
    pages = corpus_pages(opts.pages)
    corpus = corpus_server(pages)
    fixtures = FixtureServer(PAGES_DIR, [SHOP, FRAMES])
    urls = [(name, f"https://{HOST}/{name}.html") for name in pages]
    if not opts.no_fixtures:
        urls += [("fixture:" + rel, f"https://{SHOP}/{rel}") for rel in fixture_pages()]
    sides = []
    rows = []
    try:
        sides = [Side("A", opts.a, [corpus, fixtures]), Side("B", opts.b, [corpus, fixtures])]
        a, b = sides
        print(f"{'page':34s} {'A ms':>7s} {'B ms':>7s} {'B/A':>6s}  text", flush=True)
        for name, url in urls:
            for side in sides:
                side.go(url)
            settled = {side.label: side.settled(SCAN) for side in sides}
            texts = {"A": [], "B": []}
            times = {"A": [], "B": []}
            for rnd in range(opts.repeat):
                for side in (sides if rnd % 2 == 0 else sides[::-1]):
                    result = side.call(SCAN)
                    texts[side.label].append(result["text"])
                    times[side.label].append(result["scan_ms"])
            moving = len(set(texts["A"])) > 1 or len(set(texts["B"])) > 1 or not settled["A"][1] or \
                not settled["B"][1]
            same = settled["A"][0] == settled["B"][0] and (moving or texts["A"] == texts["B"])
            row = {"page": name, "a_ms": statistics.median(times["A"]), "b_ms": statistics.median(times["B"]),
                   "a_runs": times["A"], "b_runs": times["B"], "identical": same, "moving": moving,
                   "chars": len(texts["A"][0])}
            if not same:
                row["diff"] = first_difference(settled["A"][0], settled["B"][0])
            if opts.viewport:
                va, vb = (side.settled({**SCAN, "viewport": True})[0] for side in sides)
                row["viewport_identical"] = va == vb
                if va != vb:
                    row["viewport_diff"] = first_difference(va, vb)
            rows.append(row)
            ratio = row["b_ms"] / row["a_ms"] if row["a_ms"] else float("nan")
            verdict = "identical" if same else "DIFFERENT"
            if moving:
                verdict += " (moving: settled text compared)"
            if opts.viewport:
                verdict += ", viewport " + ("identical" if row["viewport_identical"] else "DIFFERENT")
            print(f"{name:34s} {row['a_ms']:7.1f} {row['b_ms']:7.1f} {ratio:6.3f}  {verdict}", flush=True)
            for key in ("diff", "viewport_diff"):
                if key in row:
                    print("    " + row[key].replace("\n", "\n    "), flush=True)
    finally:
        for side in sides:
            side.close()
        corpus.close()
        fixtures.close()
    timed = [r for r in rows if not r["page"].startswith("fixture:")]
    print()
    different = [r["page"] for r in rows if not r["identical"] or r.get("viewport_identical") is False]
    print(f"identical scan text: {len(rows) - len(different)}/{len(rows)} pages"
          + (f"; different: {', '.join(different)}" if different else ""))
    if timed:
        med_a = statistics.median(r["a_ms"] for r in timed)
        med_b = statistics.median(r["b_ms"] for r in timed)
        ratios = [r["b_ms"] / r["a_ms"] for r in timed if r["a_ms"]]
        print(f"corpus pages: {len(timed)}, {opts.repeat} scans per build per page, walker ms (scan_ms)")
        print(f"  median of per-page medians: A {med_a:.2f} ms, B {med_b:.2f} ms, B/A {med_b / med_a:.3f}")
        print(f"  median of per-page ratios B/A: {statistics.median(ratios):.3f}")
        for r in timed:
            if r["page"] == "wikipedia-2":
                print(f"  wikipedia-2: A {r['a_ms']:.1f} ms, B {r['b_ms']:.1f} ms, B/A {r['b_ms'] / r['a_ms']:.3f}")
    if opts.json:
        opts.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
