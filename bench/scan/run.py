"""Benchmark: the page tool's scan (through the bridge) vs Playwright's aria_snapshot(mode='ai').

Both run on the 35 pages of ../shared/corpus/real-pages in headless /usr/bin/chromium, in one run,
served from loopback as https://corpus.test/<page>.html with every other host unresolvable. Per page:
output characters, time (median of REPEAT runs), and recall against Chromium's own accessibility
tree (CDP Accessibility.getFullAXTree): the share of its named links, buttons, text fields,
comboboxes, checkboxes, radios and headings that appear with the same role code and name.

    python bench/scan/run.py [--dist DIR] [--repeat 5] [--pages aclu,bbc-1]

Not a test: nothing here runs under pytest. Needs `pip install playwright` (no browser download:
it launches /usr/bin/chromium through executable_path).
"""
from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402

CORPUS = (REPO / ".." / "shared" / "corpus" / "real-pages").resolve()
HOST = "corpus.test"
ROLE_CODE = {"link": "L", "button": "B", "textbox": "T", "searchbox": "T", "combobox": "S", "checkbox": "C",
             "switch": "C", "radio": "R", "heading": "H"}
SCAN_LINE = re.compile(r"^\s*(L|B|T|S|C|R|H[1-6])(?: (?:f\d+)?u\d+)?(?: (.*))?$")
PUA = re.compile(r"[\ue000-\uf8ff]")
# a small menu at the end of every served page (for both tools alike): the "small action" is a click
# on its button, which toggles the list's `hidden` and the button's aria-expanded
MENU = (b'<div id="sa-bench"><button id="sa-bench-b" aria-expanded="false">Bench menu</button>'
        b'<ul id="sa-bench-m" hidden><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ul></div>'
        b"<script>document.getElementById('sa-bench-b').addEventListener('click', function () {"
        b"var m = document.getElementById('sa-bench-m'); m.hidden = !m.hidden;"
        b"this.setAttribute('aria-expanded', String(!m.hidden)); });</script>")


def corpus_pages(selection: str) -> list[str]:
    """The saved pages' names, sorted; only those in `selection` (comma-separated) when it is given."""
    pages = sorted(p.name[:-8] for p in CORPUS.glob("*.html.gz"))
    return [p for p in pages if p in selection.split(",")] if selection else pages


def page_bytes(name: str) -> bytes:
    return gzip.decompress((CORPUS / f"{name}.html.gz").read_bytes())


def corpus_server(pages: list[str], transform=lambda html: html) -> FixtureServer:
    """https://corpus.test serving each saved page (through `transform`) as /<name>.html."""
    server = FixtureServer(None, [HOST])
    for name in pages:
        server.set_override(f"/{name}.html", transform(page_bytes(name)))
    return server


def with_menu(html: bytes) -> bytes:
    at = html.lower().rfind(b"</body>")
    return html[:at] + MENU + html[at:] if at >= 0 else html + MENU


def norm(name: str) -> str:
    return re.sub(r"\s+", " ", PUA.sub("", name or "")).strip()


def scan_pairs(text: str) -> list[tuple[str, str]]:
    """(code, name) for each element line of a scan: the name without value/states/href suffixes."""
    out = []
    for line in text.split("\n")[1:]:
        m = SCAN_LINE.match(line)
        if not m:
            continue
        code = "H" if m.group(1).startswith("H") else m.group(1)
        rest = m.group(2) or ""
        rest = re.sub(r" <[^<>]*>$", "", rest)
        rest = re.sub(r" \[[a-z, ]+\]$", "", rest)
        rest = re.sub(r' value="(?:[^"\\]|\\.)*"$', "", rest)
        out.append((code, norm(rest)))
    return out


def ax_pairs(nodes: list[dict]) -> list[tuple[str, str]]:
    out = []
    for n in nodes:
        if n.get("ignored"):
            continue
        role = (n.get("role") or {}).get("value")
        name = norm(str((n.get("name") or {}).get("value") or ""))
        if role in ROLE_CODE and name:
            out.append((ROLE_CODE[role], name))
    return out


def recall(expected: list[tuple[str, str]], got: list[tuple[str, str]], cap: int = 300) -> float:
    pool: dict[tuple[str, str], int] = {}
    for code, name in got:
        key = (code, name[:cap])         # a name cut at NAME_CAP ends in "…" past the cap
        pool[key] = pool.get(key, 0) + 1
    hit = 0
    for code, name in expected:
        key = (code, name[:cap])
        if pool.get(key, 0) > 0:
            pool[key] -= 1
            hit += 1
    return hit / len(expected) if expected else 1.0


# What the release build needs to be driven from loopback, and nothing else: the chatbot page on
# http://localhost trusted, the page tool's hosts granted up front (automation cannot click the
# permission prompt), the test profile's page-call limits (a run makes hundreds of scans a minute)
RELEASE_FOR_BENCH = """
extra_trusted_origins = ["http://localhost:*"]
allow_localhost = true
grant_optional_hosts = true
"""
RELEASE_RULES = """
[profiles.release.rules]
rate_limits = { per_origin = { max = 100000, window_s = 60 }, per_tool = { max = 100000, window_s = 60 } }
"""


def build_dist(profile: str = "test") -> Path:
    """A built dist: the test profile (as the browser tests use it), or the release profile (minified, no
    test adapter: the build a user has) with only RELEASE_FOR_BENCH added, from a copy of siteagent.toml."""
    from buildtool.app import Application
    from buildtool.build import build
    out = Path(tempfile.mkdtemp(prefix="bench-scan-")) / "dist"
    app = Application.discover(REPO / "bench")
    if profile == "release":
        text = app.config_source.read_text()
        if "\n[profiles.release]\n" not in text or "[profiles.release.rules]" in text:
            sys.exit("run.py: siteagent.toml's [profiles.release] is not where RELEASE_FOR_BENCH expects it")
        config = out.parent / "siteagent.toml"
        config.write_text(text.replace("\n[profiles.release]\n", "\n[profiles.release]" + RELEASE_FOR_BENCH)
                          + RELEASE_RULES)
        app.config_source = config          # a cached_property: this instance reads the copy
    build(app, profile=profile, out=out)
    return out


@contextmanager
def side_by_side(pages, dist):
    """The saved pages served on corpus.test and the chatbot page on localhost, with two browsers on
    them: the extension's (selenium harness) and Playwright's (/usr/bin/chromium). Yields (ext, chat, ppage)."""
    corpus = corpus_server(pages, with_menu)
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    chat.mount("/dist-client/", dist.parent / "dist-client")
    rules = host_rules_for([corpus, chat])
    ext = Browser(dist, host_rules=rules)
    from playwright.sync_api import sync_playwright
    pw = sync_playwright().start()
    resolver = ", ".join(rules + ["MAP * ~NOTFOUND", "EXCLUDE 127.0.0.1", "EXCLUDE localhost"])
    pbrowser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                  args=["--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
                                        f"--host-resolver-rules={resolver}"])
    ppage = pbrowser.new_page(viewport={"width": 1280, "height": 900}, ignore_https_errors=True)
    try:
        yield ext, chat, ppage
    finally:
        pbrowser.close()
        pw.stop()
        ext.quit()
        corpus.close()
        chat.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, help="a built test-profile dist (default: build one)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--pages", default="")
    opts = ap.parse_args()
    pages = corpus_pages(opts.pages)
    dist = opts.dist or build_dist()
    with side_by_side(pages, dist) as (ext, chat, ppage):
        cdp = ppage.context.new_cdp_session(ppage)
        rows = []
        ext.open_chatbot(chat)
        first = True
        ext.driver.set_script_timeout(120)
        for name in pages:
            url = f"https://{HOST}/{name}.html"
            nav = ext.sa_call("page", {"method": "open" if first else "navigate", "url": url}, 30000)["payload"]
            assert nav["ok"], nav
            first = False
            timing = ext.page_eval_async("""
                const done = arguments[arguments.length - 1];
                const scan = () => sa.send('CALL_TOOL', {name: 'page', args: {method: 'scan', max_chars: 1000000}}, 30000);
                (async () => {
                  const times = [], walker = [], action = [], action_walker = [], fulls = []; let text = '';
                  for (let i = 0; i < arguments[0]; i++) {
                    const t = performance.now();
                    const r = await scan();
                    times.push(performance.now() - t);
                    if (!r.payload || !r.payload.ok) { done({error: JSON.stringify(r)}); return; }
                    walker.push(r.payload.result.scan_ms); text = r.payload.result.text;
                  }
                  const m = /\\bB (u\\d+) Bench menu\\b/.exec(text);
                  for (let i = 0; m && i < arguments[0]; i++) {
                    const c = await sa.send('CALL_TOOL', {name: 'page', args: {method: 'click', uid: m[1]}}, 30000);
                    if (!c.payload || !c.payload.ok) { done({error: JSON.stringify(c)}); return; }
                    const t = performance.now();
                    const r = await scan();
                    action.push(performance.now() - t);
                    if (!r.payload || !r.payload.ok) { done({error: JSON.stringify(r)}); return; }
                    action_walker.push(r.payload.result.scan_ms);
                  }
                  done({times, walker, text, action, action_walker});
                })();""", opts.repeat + 1, timeout=120)
            assert "error" not in timing, timing
            # the same page loaded again, then scanned after half a second (an agent's turn takes longer):
            # the first look once the tab half's walk ahead of time is done
            nav = ext.sa_call("page", {"method": "navigate", "url": url}, 30000)["payload"]
            assert nav["ok"], nav
            paused = ext.page_eval_async("""
                const done = arguments[arguments.length - 1];
                setTimeout(async () => {
                  const t = performance.now();
                  const r = await sa.send('CALL_TOOL', {name: 'page', args: {method: 'scan', max_chars: 1000000}}, 30000);
                  done({ms: performance.now() - t, ok: !!(r.payload && r.payload.ok)});
                }, 500);""", timeout=60)
            assert paused["ok"], paused
            ppage.goto(url, wait_until="load")
            ptimes, snap = [], ""
            for _ in range(opts.repeat + 1):
                t = time.perf_counter()
                snap = ppage.locator("body").aria_snapshot(mode="ai")
                ptimes.append((time.perf_counter() - t) * 1000)
            ax = cdp.send("Accessibility.getFullAXTree")["nodes"]
            expected = ax_pairs(ax)
            elements = ppage.evaluate("document.getElementsByTagName('*').length")
            rows.append({"page": name, "elements": elements, "ax": len(expected),
                         "scan_chars": len(timing["text"]), "pw_chars": len(snap),
                         "first_ms": timing["times"][0], "first_walker_ms": timing["walker"][0],
                         "first_paused_ms": paused["ms"],
                         "scan_ms": statistics.median(timing["times"][1:]),
                         "walker_ms": statistics.median(timing["walker"][1:]),
                         "action_ms": statistics.median(timing["action"]) if timing["action"] else None,
                         "action_walker_ms": statistics.median(timing["action_walker"]) if timing["action"] else None,
                         "pw_first_ms": ptimes[0], "pw_ms": statistics.median(ptimes[1:]),
                         "recall": recall(expected, scan_pairs(timing["text"])),
                         "scan_runs": [round(t, 1) for t in timing["times"]], "pw_runs": [round(t, 1) for t in ptimes],
                         "action_runs": [round(t, 1) for t in timing["action"]]})
            r = rows[-1]
            print(f"{name:22s} {elements:6d} {r['ax']:5d} {r['scan_chars']:8d} {r['pw_chars']:8d} "
                  f"{r['first_ms']:8.1f} {r['first_paused_ms']:8.1f} {r['scan_ms']:8.1f} {r['walker_ms']:8.1f} {r['action_ms'] or 0:8.1f} "
                  f"{r['pw_first_ms']:8.1f} {r['pw_ms']:8.1f} {100 * r['recall']:7.1f}%", flush=True)
    med = lambda k: statistics.median(r[k] for r in rows if r[k] is not None)  # noqa: E731
    print("\n" + "page".ljust(22) + " elements   ax  scan_ch    pw_ch first_ms paused_ms scan_ms walker_ms action_ms"
          " pw_first    pw_ms  recall")
    print(f"{'MEDIAN':22s} {med('elements'):6.0f} {med('ax'):5.0f} {med('scan_chars'):8.0f} {med('pw_chars'):8.0f} "
          f"{med('first_ms'):8.1f} {med('first_paused_ms'):8.1f} {med('scan_ms'):8.1f} {med('walker_ms'):8.1f} {med('action_ms'):8.1f} "
          f"{med('pw_first_ms'):8.1f} {med('pw_ms'):8.1f} {100 * med('recall'):7.1f}%")
    print(f"chars ratio (median scan chars / median playwright chars): {med('scan_chars') / med('pw_chars'):.3f}")
    print(f"chars ratio (median of scan/pw per page): {statistics.median(r['scan_chars'] / r['pw_chars'] for r in rows if r['pw_chars']):.3f}")
    print(f"repeat scan: median scan_ms / median pw_ms: {med('scan_ms') / med('pw_ms'):.3f} "
          f"(walker only: {med('walker_ms') / med('pw_ms'):.3f}); median of per-page ratios: "
          f"{statistics.median(r['scan_ms'] / r['pw_ms'] for r in rows):.3f}")
    print(f"first scan:  median first_ms / median pw_first_ms: {med('first_ms') / med('pw_first_ms'):.3f}; "
          f"against playwright's repeat median: {med('first_ms') / med('pw_ms'):.3f}; median of per-page ratios "
          f"(first/pw_first): {statistics.median(r['first_ms'] / r['pw_first_ms'] for r in rows):.3f}")
    print(f"first scan 0.5 s after the page loaded: median {med('first_paused_ms'):.1f} ms, "
          f"{med('first_paused_ms') / med('pw_ms'):.3f} x playwright's repeat median, "
          f"{med('first_paused_ms') / med('pw_first_ms'):.3f} x its first")
    if any(r["action_ms"] is not None for r in rows):
        print(f"after a click that toggles one menu: median action_ms / median pw_ms: {med('action_ms') / med('pw_ms'):.3f}"
              f" (walker only {med('action_walker_ms'):.1f} ms)")
    for r in rows:
        if r["page"] == "wikipedia-2":
            print(f"wikipedia-2: first {r['first_ms']:.1f} ms, repeat {r['scan_ms']:.1f} ms (walker {r['walker_ms']:.1f}), "
                  f"after action {r['action_ms'] or 0:.1f} ms; playwright first {r['pw_first_ms']:.1f}, repeat {r['pw_ms']:.1f} ms")
    big = max(rows, key=lambda r: r["elements"])
    print(f"largest page {big['page']} ({big['elements']} elements): scan {big['scan_ms']:.1f} ms "
          f"(walker {big['walker_ms']:.1f} ms), playwright {big['pw_ms']:.1f} ms")
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
