"""Benchmark: the page tool's scan as a caller sees it, beside Playwright's AI snapshot, in one run.

A chatbot page calls `CALL_TOOL page scan` through the bridge and times the whole round trip (bridge,
worker gates, tab, taint note, the result's way back). Per page of ../shared/corpus/real-pages:

- **first**: the page is loaded (`navigate`) and the first scan is sent the moment `navigate` answers.
  The figure is the time from the tab's `load` event (read in the tab afterwards: one wall clock,
  `performance.timeOrigin + now()`, across processes) to the scan's reply in the chatbot page: what a
  caller that scans when `load` fires waits for. `first_sent_ms` is the same reply timed from the send.
  Measured twice per page on two loads: with the whole-page budget (`max_chars` 1,000,000) and with
  the default one (20,000).
- **first look**: the same reply timed from the new document's start, and from the moment the caller
  asked to `navigate` (that call's gates included: a way out waits for the leak notes of what was read
  before it), beside Playwright's `goto` plus first snapshot.
- **repeat**: the median of `--repeat` back-to-back scans after the first, whole-page and default budget.
- **playwright**: `aria_snapshot(mode='ai')` on the same page in another headless Chromium of the same
  run: its first snapshot right after `goto(wait_until='load')` and the median of `--repeat` after it.

    python bench/scan/caller.py [--dist DIR] [--repeat 7] [--pages aclu,wikipedia-2] [--json]

Timings depend on the machine's load: read the ratios of one run (both tools share the machine).
Not a test: nothing here runs under pytest. Needs `pip install playwright` (no browser download).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HOST, build_dist, corpus_pages, side_by_side  # noqa: E402
from harness import Browser, Popup  # noqa: E402

WHOLE = 1000000
DEFAULT = 20000

# navigate, then the first scan at once, then `repeat` scans; times are wall clock (ms since the epoch)
LOAD_AND_SCAN = """const done = arguments[arguments.length - 1];
const [method, url, budget, repeat, other] = arguments;
const now = () => performance.timeOrigin + performance.now();
const scan = (max) => sa.send('CALL_TOOL', {name: 'page', args: {method: 'scan', max_chars: max}}, 30000);
(async () => {
  const asked = now();
  const nav = await sa.send('CALL_TOOL', {name: 'page', args: {method, url}}, 30000);
  if (!nav.payload || !nav.payload.ok) { done({error: JSON.stringify(nav)}); return; }
  const sent = now();
  const r = await scan(budget);
  const got = now();
  if (!r.payload || !r.payload.ok) { done({error: JSON.stringify(r)}); return; }
  const out = {asked, sent, got, chars: r.payload.result.text.length, repeat: [], other: []};
  for (let i = 0; i < repeat; i++) {
    const t = performance.now(); const x = await scan(budget); out.repeat.push(performance.now() - t);
    if (!x.payload || !x.payload.ok) { done({error: JSON.stringify(x)}); return; }
  }
  for (let i = 0; i < (other ? repeat : 0); i++) {
    const t = performance.now(); const x = await scan(other); out.other.push(performance.now() - t);
    if (!x.payload || !x.payload.ok) { done({error: JSON.stringify(x)}); return; }
  }
  done(out);
})();"""

LOAD_TIME = ("(() => { const e = performance.getEntriesByType('navigation')[0];"
             " return {load: performance.timeOrigin + e.loadEventStart,"
             " dcl: performance.timeOrigin + e.domContentLoadedEventStart, start: performance.timeOrigin,"
             " url: location.href}; })()")


def agent_tab(ext: Browser) -> Popup:
    for target in ext.list_targets():
        if target.get("type") == "page" and target.get("url", "").startswith(f"https://{HOST}/"):
            return Popup(ext, target, timeout=60)
    raise SystemExit("caller.py: no agent tab on corpus.test")


def load_and_scan(ext: Browser, tab: Popup | None, method: str, url: str, budget: int, repeat: int,
                  other: int = 0) -> tuple[dict, Popup]:
    out = ext.page_eval_async(LOAD_AND_SCAN, method, url, budget, repeat, other, timeout=180)
    assert "error" not in out, out
    tab = tab or agent_tab(ext)
    times = tab.eval(LOAD_TIME)
    assert times["url"] == url, times
    out["first_ms"] = out["got"] - times["load"]
    out["first_sent_ms"] = out["got"] - out["sent"]
    out["sent_after_load_ms"] = out["sent"] - times["load"]
    out["load_after_dcl_ms"] = times["load"] - times["dcl"]
    out["total_ms"] = out["got"] - times["start"]
    out["asked_ms"] = out["got"] - out["asked"]
    return out, tab


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, help="a built test-profile dist (default: build one)")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--pages", default="")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON at the end")
    ap.add_argument("--profile", choices=["test", "release"], default="test",
                    help="the build to measure when no --dist is given (release: the build a user has, see run.py)")
    opts = ap.parse_args()
    pages = corpus_pages(opts.pages)
    dist = opts.dist or build_dist(opts.profile)
    with side_by_side(pages, dist) as (ext, chat, ppage):
        rows = []
        head = (f"{'page':20s} {'first':>7s} {'sent':>7s} {'first20k':>8s} {'repeat':>7s} {'rep20k':>7s} "
                f"{'pw_first':>8s} {'pw':>7s} {'chars':>8s}")
        print(head, flush=True)
        tab = None
        ext.open_chatbot(chat)
        ext.driver.set_script_timeout(180)
        first = True
        for name in pages:
            url = f"https://{HOST}/{name}.html"
            whole, tab = load_and_scan(ext, tab, "open" if first else "navigate", url, WHOLE, opts.repeat, DEFAULT)
            first = False
            small, tab = load_and_scan(ext, tab, "navigate", url, DEFAULT, 0)
            t = time.perf_counter()
            ppage.goto(url, wait_until="load")
            pgoto = (time.perf_counter() - t) * 1000
            ptimes = []
            for _ in range(opts.repeat + 1):
                t = time.perf_counter()
                ppage.locator("body").aria_snapshot(mode="ai")
                ptimes.append((time.perf_counter() - t) * 1000)
            row = {"page": name, "chars": whole["chars"], "first_ms": whole["first_ms"],
                   "first_sent_ms": whole["first_sent_ms"], "sent_after_load_ms": whole["sent_after_load_ms"],
                   "load_after_dcl_ms": whole["load_after_dcl_ms"],
                   "total_ms": whole["total_ms"], "asked_ms": whole["asked_ms"], "pw_total_ms": pgoto + ptimes[0],
                   "first_default_ms": small["first_ms"], "repeat_ms": statistics.median(whole["repeat"]),
                   "repeat_default_ms": statistics.median(whole["other"]),
                   "pw_first_ms": ptimes[0], "pw_ms": statistics.median(ptimes[1:]),
                   "repeat_runs": [round(t, 1) for t in whole["repeat"]], "pw_runs": [round(t, 1) for t in ptimes]}
            rows.append(row)
            print(f"{name:20s} {row['first_ms']:7.1f} {row['first_sent_ms']:7.1f} {row['first_default_ms']:8.1f} "
                  f"{row['repeat_ms']:7.1f} {row['repeat_default_ms']:7.1f} {row['pw_first_ms']:8.1f} {row['pw_ms']:7.1f} "
                  f"{row['chars']:8d}", flush=True)
    summarise(rows)
    if opts.json:
        print(json.dumps(rows))


def summarise(rows: list[dict]) -> None:
    def med(key):
        return statistics.median(r[key] for r in rows)

    def per_page(a, b):
        return statistics.median(r[a] / r[b] for r in rows)
    print(f"{'MEDIAN':20s} {med('first_ms'):7.1f} {med('first_sent_ms'):7.1f} {med('first_default_ms'):8.1f} "
          f"{med('repeat_ms'):7.1f} {med('repeat_default_ms'):7.1f} {med('pw_first_ms'):8.1f} {med('pw_ms'):7.1f} "
          f"{med('chars'):8.0f}")
    print(f"first scan from load, whole page / playwright first: {med('first_ms') / med('pw_first_ms'):.3f} "
          f"(per-page median {per_page('first_ms', 'pw_first_ms'):.3f}); default budget: "
          f"{med('first_default_ms') / med('pw_first_ms'):.3f} (per-page {per_page('first_default_ms', 'pw_first_ms'):.3f});"
          f" sent {med('sent_after_load_ms'):.1f} ms after load ({med('load_after_dcl_ms'):.1f} ms from DOMContentLoaded to load)")
    print(f"repeat scan, whole page / playwright warm: {med('repeat_ms') / med('pw_ms'):.3f} "
          f"(per-page {per_page('repeat_ms', 'pw_ms'):.3f}); default budget: {med('repeat_default_ms') / med('pw_ms'):.3f} "
          f"(per-page {per_page('repeat_default_ms', 'pw_ms'):.3f})")
    print(f"first look from the navigation's start (load and first scan, whole page): {med('total_ms'):.1f} ms; playwright"
          f" goto + first snapshot {med('pw_total_ms'):.1f} ms: {med('total_ms') / med('pw_total_ms'):.3f} "
          f"(per-page {per_page('total_ms', 'pw_total_ms'):.3f})")
    print(f"... from the caller's `navigate` (its gates too: they wait for the notes of what was read before): "
          f"{med('asked_ms'):.1f} ms: {med('asked_ms') / med('pw_total_ms'):.3f} of playwright's "
          f"(per-page {per_page('asked_ms', 'pw_total_ms'):.3f})")
    for r in rows:
        if r["page"] == "wikipedia-2":
            print(f"wikipedia-2: whole-page repeat {r['repeat_ms']:.1f} ms (default budget {r['repeat_default_ms']:.1f}), "
                  f"first from load {r['first_ms']:.1f} ms; playwright first {r['pw_first_ms']:.1f}, warm {r['pw_ms']:.1f} ms")


if __name__ == "__main__":
    main()
