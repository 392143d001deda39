"""The live page model's size on a page (default wikipedia-2, the largest of the corpus).

Loads the page from loopback as bench/scan/run.py does, scans it through the bridge (which builds the
model), then measures the tab's JS heap (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage) with
the model and after dropping it (the test-only probe page_probe_live, step `drop_model`), `--repeat` times.
Prints the model's counts as the walk reports them (segments kept, references they hold, watched
elements) and the median heap difference. Not a test.

    python bench/scan/memory.py [--dist DIR] [--page wikipedia-2] [--repeat 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HOST, build_dist, with_menu, corpus_server  # noqa: E402
from harness import Browser, CDPConnection, FixtureServer, SITES, host_rules_for  # noqa: E402


def heap(cdp: CDPConnection) -> int:
    cdp.send("HeapProfiler.collectGarbage", timeout=60)
    return cdp.send("Runtime.getHeapUsage")["usedSize"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path)
    ap.add_argument("--page", default="wikipedia-2")
    ap.add_argument("--repeat", type=int, default=5)
    opts = ap.parse_args()
    dist = opts.dist or build_dist()
    corpus = corpus_server([opts.page], with_menu)
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    chat.mount("/dist-client/", dist.parent / "dist-client")
    ext = Browser(dist, host_rules=host_rules_for([corpus, chat]))
    try:
        ext.open_chatbot(chat)
        url = f"https://{HOST}/{opts.page}.html"
        opened = ext.sa_call("page", {"method": "open", "url": url}, 30000)["payload"]
        assert opened["ok"], opened
        from extension import ext_send
        ext_send(ext, {"kind": "attach_tab", "tabId": opened["result"]["tab"]})
        target = next(t for t in ext.list_targets() if t.get("type") == "page" and t.get("url") == url)
        cdp = CDPConnection(target["webSocketDebuggerUrl"], name="page")
        drop = {"steps": json.dumps([{"op": "drop_model"}]), "reset": False}
        with_model, without, stats = [], [], None
        for _ in range(opts.repeat):
            assert ext.sa_call("page_probe_live", drop, 60000)["payload"]["ok"]
            # a scan with the model dropped walks the whole page and keeps a new model (its size reported)
            probe = ext.sa_call("page_probe_live", {"steps": "[]", "reset": False}, 60000)["payload"]
            assert probe["ok"], probe
            stats = probe["result"]["model"]
            with_model.append(heap(cdp))
            assert ext.sa_call("page_probe_live", drop, 60000)["payload"]["ok"]
            without.append(heap(cdp))
        cdp.close()
    finally:
        ext.quit()
        corpus.close()
        chat.close()
    diffs = [a - b for a, b in zip(with_model, without)]
    print(f"{opts.page}: model as the last full walk kept it: {stats}")
    print(f"JS heap with the model, median {statistics.median(with_model) / 1e6:.2f} MB; after dropping it "
          f"{statistics.median(without) / 1e6:.2f} MB; difference median {statistics.median(diffs) / 1e6:.2f} MB "
          f"(runs: {[round(d / 1e6, 2) for d in diffs]})")


if __name__ == "__main__":
    main()
