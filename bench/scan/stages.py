"""Where a scan call's time goes: page -> bridge -> worker -> tab -> worker -> bridge -> page.

Copies a built test-profile dist and stamps wall-clock times (performance.timeOrigin + now(), one clock
across processes) at each hop of the message path, in the copy only: the bridge's window listener
and its answer, the worker's port listener and reply, the worker's request to the tab and the tab's
reply, and the tab's port listener and reply. The stamps ride back in the reply. Prints the median of
each stage per page.

    python bench/scan/stages.py [--dist DIR] [--repeat 21] [--pages tiny,guardian-1,wikipedia-2] [--first]

--first times the first scan after a load instead (as caller.py's `first`): per page, --repeat loads
(navigate, then one scan the moment it answers); the first load of a page is its first in this browser,
so its addresses and links are new to the notes of a read result (a build before issue 33 awaited its
taint note before the reply: `audit` then holds it; since then the notes wait 150 ms).

`tiny` is a one-link page (the fixed cost of a call). Not a test: the patterns below are the built
code's message plumbing (webapi/chrome.py, entries/bridge.py); when one is not found it says which.
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HOST, build_dist, corpus_server  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402

NOW = "(performance.timeOrigin + performance.now())"
REPLY_T = "port.postMessage({ n: packet.n, t4: __t4, t5: %s, value: value === void 0 ? null : " % NOW
# the port listener of on_port (the one that checks packet.n), not _port_request's
LISTEN = re.compile(r'port\.onMessage\.addListener\(function\(packet\) \{(?=\s*if \(!packet \|\| typeof packet\.n !== "number"\))')
OPEN = "port.onMessage.addListener(function(packet) {"
MATCH = "{MATCH}"      # in a replacement of a compiled pattern: the text it matched

# (file, pattern, replacement): each pattern must occur; the first occurrence is replaced
PATCHES = [
    ("content.js", LISTEN, OPEN + f" const __t4 = {NOW};"),
    ("content.js", re.compile(r"port\.postMessage\(\{ n: packet\.n, value: value === void 0 \? null : "), REPLY_T),
    ("background.js", LISTEN, OPEN + f" self.__stages = {{t2: {NOW}}};"),
    ("background.js", re.compile(r"port\.postMessage\(\{ n: packet\.n, value: value === void 0 \? null : "),
     "if (value && typeof value === 'object' && self.__stages) "
     f"{{ self.__stages.t7 = {NOW}; value._stages = self.__stages; }} "
     "port.postMessage({ n: packet.n, value: value === void 0 ? null : "),
    ("background.js", "var done = packet && entry.pending.get(packet.n);",
     "var done = packet && entry.pending.get(packet.n); if (packet && packet.t4 && self.__stages) "
     f"{{ self.__stages.t6 = {NOW}; self.__stages.t4 = packet.t4; self.__stages.t5 = packet.t5; }}"),
    ("background.js", "entry.port.postMessage({ n, body });",
     f"if (key[0] === 't' && self.__stages) self.__stages.t3 = {NOW}; entry.port.postMessage({{ n, body }});"),
    # inside the worker (after the tab answered): the rows by token and the render, the gate's
    # execute returning, the taint note (collect: the tokens of the text; hash: their digests), the audit
    ("background.js", "var _scanned = async function(tab_id, args, state2, top, listing2) {",
     "var _scanned = async function(tab_id, args, state2, top, listing2) { "
     f"if (self.__stages) self.__stages.ts0 = {NOW};"),
    ("background.js", 'var out = dict({ "tab": tab_id, "text": rendered["text"]',
     f'if (self.__stages) self.__stages.ts1 = {NOW}; var out = dict({{ "tab": tab_id, "text": rendered["text"]'),
    ("background.js", "var outcome = await execute(tool, args, ctx);",
     f"var outcome = await execute(tool, args, ctx); if (self.__stages) self.__stages.te = {NOW};"),
    # the audit write the reply waits for (the notes of a read result wait 150 ms since
    # issue 33: entries/worker/note_later.py; a build before that awaited its taint note here too)
    ("background.js", re.compile(r"await record_soon\(py_name, ctx\[\"source\"\], outcome, args, panel_call_id\(ctx\)\);"
                                 r"(?:\n  await notes_settled\(\);)?"),
     f"if (self.__stages) self.__stages.ta = {NOW}; {MATCH} if (self.__stages) self.__stages.tn = {NOW};"),
    ("bridge.js", re.compile(r"var on_window_message = function\(event\) \{"),
     f"var on_window_message = function(event) {{ self.__t1 = {NOW};"),
    ("bridge.js", re.compile(r"var answer = function\(request_id, request_type, payload\) \{"),
     "var answer = function(request_id, request_type, payload) { if (payload && typeof payload === 'object') "
     f"payload._bridge = {{t1: self.__t1, t8: {NOW}}};"),
]

STAGES = [("page>bridge", "t0", "t1"), ("bridge>worker", "t1", "t2"), ("worker before", "t2", "t3"),
          ("worker>tab", "t3", "t4"), ("tab", "t4", "t5"), ("tab>worker", "t5", "t6"),
          ("worker after", "t6", "t7"), ("worker>bridge", "t7", "t8"), ("bridge>page", "t8", "t9")]
# the worker's share after the tab answered, split (`worker after` above is their sum and the rest)
WORKER = [("rows+render", "ts0", "ts1"), ("scan>gate", "ts1", "te"), ("gate after", "te", "tn"),
          ("audit (and notes, before issue 33)", "ta", "tn")]

CALLS = """const done = arguments[arguments.length - 1];
(async () => {
  const out = [];
  for (let i = 0; i < arguments[0]; i++) {
    const t0 = performance.timeOrigin + performance.now();
    const r = await sa.send('CALL_TOOL', {name: 'page', args: {method: 'scan', max_chars: 1000000}}, 30000);
    const t9 = performance.timeOrigin + performance.now();
    const p = r.payload || {};
    out.push(Object.assign({t0, t9, walker: p.result ? p.result.scan_ms : null}, p._stages || {}, p._bridge || {}));
  }
  done(out);
})();"""


# --first: the page loaded (navigate), then one scan sent the moment navigate answers, as caller.py's first
FIRST = """const done = arguments[arguments.length - 1];
(async () => {
  const nav = await sa.send('CALL_TOOL', {name: 'page', args: {method: arguments[0], url: arguments[1]}}, 30000);
  if (!nav.payload || !nav.payload.ok) { done({error: JSON.stringify(nav)}); return; }
  const t0 = performance.timeOrigin + performance.now();
  const r = await sa.send('CALL_TOOL', {name: 'page', args: {method: 'scan', max_chars: 1000000}}, 30000);
  const t9 = performance.timeOrigin + performance.now();
  const p = r.payload || {};
  done([Object.assign({t0, t9, walker: p.result ? p.result.scan_ms : null}, p._stages || {}, p._bridge || {})]);
})();"""


def stamped_copy(dist: Path) -> Path:
    out = Path(tempfile.mkdtemp(prefix="bench-stages-")) / "dist"
    shutil.copytree(dist, out)
    client = dist.parent / "dist-client"
    if client.exists():
        shutil.copytree(client, out.parent / "dist-client")
    for name, pattern, replacement in PATCHES:
        path = out / name
        text = path.read_text()
        if isinstance(pattern, re.Pattern):
            text, count = pattern.subn(lambda found, put=replacement: put.replace(MATCH, found.group(0)), text, count=1)
        else:
            count = text.count(pattern)
            text = text.replace(pattern, replacement, 1)
        if count == 0:
            sys.exit(f"stages.py: {name} no longer holds {getattr(pattern, 'pattern', pattern)!r}; update PATCHES")
        path.write_text(text)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, help="a built test-profile dist (default: build one)")
    ap.add_argument("--repeat", type=int, default=21)
    ap.add_argument("--pages", default="tiny,guardian-1,aclu,salon-1,wikipedia-2")
    ap.add_argument("--first", action="store_true",
                    help="time the first scan after each load instead: --repeat loads per page (navigate, then "
                         "one scan at once), the first of them the page's first load in this browser")
    opts = ap.parse_args()
    dist = stamped_copy(opts.dist or build_dist())
    pages = opts.pages.split(",")
    corpus = corpus_server([name for name in pages if name != "tiny"])
    corpus.set_override("/tiny.html", b'<!doctype html><title>t</title><a href="/x">x</a>')
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    chat.mount("/dist-client/", dist.parent / "dist-client")
    ext = Browser(dist, host_rules=host_rules_for([corpus, chat]))
    print(f"{'page':14s} {'total':>6s} {'walker':>6s} " + " ".join(f"{s[0]:>13s}" for s in STAGES))
    every = []
    try:
        ext.open_chatbot(chat)
        ext.driver.set_script_timeout(120)
        first = True
        for name in pages:
            url = f"https://{HOST}/{name}.html"
            if opts.first:
                runs = []
                for _ in range(opts.repeat):
                    got = ext.page_eval_async(FIRST, "open" if first else "navigate", url, timeout=120)
                    assert "error" not in got, got
                    runs += got
                    first = False
            else:
                nav = ext.sa_call("page", {"method": "open" if first else "navigate", "url": url}, 30000)
                assert nav["payload"]["ok"], nav
                first = False
                runs = ext.page_eval_async(CALLS, opts.repeat, timeout=120)
            every.append(runs)
            missing = [k for k in ("t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8") if k not in runs[0]]
            if missing:
                sys.exit(f"stages.py: no {missing} stamps came back: the scan took another path")
            def med(f, runs=runs):
                return statistics.median(f(r) for r in runs)
            print(f"{name:14s} {med(lambda r: r['t9'] - r['t0']):6.1f} {med(lambda r: r['walker']):6.1f} "
                  + " ".join(f"{med(lambda r, a=a, b=b: r[b] - r[a]):13.1f}" for _, a, b in STAGES), flush=True)
            # (a stage a scan did not go through, such as a taint write with nothing new: over those that did)
            split = [(label, [r[b] - r[a] for r in runs if a in r and b in r]) for label, a, b in WORKER]
            print(" " * 22 + "worker: " + ", ".join(f"{label} {statistics.median(times):.1f}"
                                                  for label, times in split if times), flush=True)
    finally:
        ext.quit()
        corpus.close()
        chat.close()
    if len(every) > 1:
        def over_pages(a, b):
            meds = [statistics.median(r[b] - r[a] for r in runs if a in r and b in r) for runs in every
                    if any(a in r and b in r for r in runs)]
            return statistics.median(meds) if meds else float("nan")
        print(f"{'MEDIAN':14s} {over_pages('t0', 't9'):6.1f} {'':>6s} "
              + " ".join(f"{over_pages(a, b):13.1f}" for _, a, b in STAGES))
        print(" " * 22 + "worker: " + ", ".join(f"{label} {over_pages(a, b):.1f}" for label, a, b in WORKER))
    print("ms, medians of each column over " + ("--repeat loads, the first scan of each" if opts.first else
                                               "--repeat back-to-back scans") +
          "; the stages need not add up to the total; MEDIAN: over the pages' medians")


if __name__ == "__main__":
    main()
