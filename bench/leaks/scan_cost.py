"""What the leak notes (issue 34) cost a scan: the page tool's scan through the bridge, this tree
against another git ref (default: main), side by side in one run, on the 35 real pages of
../shared/corpus/real-pages (served as https://corpus.test/<page>.html).

Per page and build: `open`, then the first scan and REPEAT more scans, each timed from Python around
the bridge call (the note of the result is awaited before the reply, dispatch.call). The builds take
turns page by page. Prints the median first and repeat scan times per build and their ratio.

Usage: python bench/leaks/scan_cost.py [--base main] [--repeat 3] [--pages aclu,bbc-1]
"""
import argparse
import gzip
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from buildtool.app import Application  # noqa: E402
from buildtool.build import build  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus" / "real-pages"


def built(tree: Path, out: Path) -> Path:
    return build(Application.discover(tree), "test", out).dist


def call(b, args):
    t = time.perf_counter()
    reply = b.sa_call("page", args, 30000)
    ms = (time.perf_counter() - t) * 1000
    assert reply.get("payload", {}).get("ok"), reply
    return reply["payload"], ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="main")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pages", default="")
    args = ap.parse_args()
    names = [n for n in args.pages.split(",") if n] or sorted(p.name[:-8] for p in CORPUS.glob("*.html.gz"))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        base_src = tmp / "base"
        base_src.mkdir()
        archive = subprocess.run(["git", "-C", str(REPO), "archive", args.base], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base_src)], input=archive, check=True)
        (base_src / "node_modules").symlink_to(REPO / "node_modules")      # the same pinned esbuild
        dists = {args.base: built(base_src, tmp / "dist-base"), "this tree": built(REPO, tmp / "dist-this")}
        chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
        corpus = FixtureServer(None, ["corpus.test"])
        browsers = {k: Browser(d, host_rules=host_rules_for([chat, corpus])) for k, d in dists.items()}
        first = {k: [] for k in dists}
        repeat = {k: [] for k in dists}
        try:
            for b in browsers.values():
                b.open_chatbot(chat)
            for name in names:
                corpus.set_override(f"/{name}.html", gzip.decompress((CORPUS / f"{name}.html.gz").read_bytes()))
                for label, b in browsers.items():
                    opened, _ = call(b, {"method": "open", "url": f"https://corpus.test/{name}.html"})
                    time.sleep(0.5)
                    _, ms = call(b, {"method": "scan", "max_chars": 1000000})
                    first[label].append(ms)
                    for _ in range(args.repeat):
                        _, ms = call(b, {"method": "scan", "max_chars": 1000000})
                        repeat[label].append(ms)
                    call(b, {"method": "close", "tab": opened["result"]["tab"]})
        finally:
            for b in browsers.values():
                b.quit()
            chat.close()
            corpus.close()
    print(f"{len(names)} pages, scans through the bridge (ms, median):")
    for label in dists:
        print(f"  {label:<10} first {statistics.median(first[label]):7.1f}   repeat {statistics.median(repeat[label]):7.1f}")
    a, b = list(dists)
    print(f"  ratio this/{a}: first {statistics.median(first[b]) / statistics.median(first[a]):.2f}, "
          f"repeat {statistics.median(repeat[b]) / statistics.median(repeat[a]):.2f}")


if __name__ == "__main__":
    main()
