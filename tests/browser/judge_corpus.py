"""The page tool's risk judge over the 35 real pages of ../shared/corpus/real-pages: for every
clickable element of each page's scan (links, buttons, menu items, tabs, checkboxes, radios), what
the judge reads (the test-only tool page_probe_risk: the target as `describe` gives it, with its
context) and its verdict, computed in the tab by the extension's own JS. Used by
tests/browser/test_page_judge_corpus.py (which bounds the figure) and bench/judge/run.py (which
prints it, before and after issue 23).
"""
from __future__ import annotations

import gzip
import re
from pathlib import Path

from extension import ext_send

HOST = "corpus.test"
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "real-pages"
CLICKABLE = {"L", "B", "M", "TB", "C", "R"}
UID_LINE = re.compile(r"^\s*([A-Z]{1,2}\d?) ((?:f\d+)?u\d+)(?: (.*))?$", re.M)
BATCH = 250


def pages(corpus: Path = CORPUS) -> list[str]:
    return sorted(p.name[:-len(".html.gz")] for p in corpus.glob("*.html.gz"))


def serve(server, name: str, corpus: Path = CORPUS) -> None:
    server.set_override(f"/{name}.html", gzip.decompress((corpus / f"{name}.html.gz").read_bytes()))


def _call(b, tool: str, args: dict, timeout_ms: int = 60000) -> dict:
    out = b.sa_call(tool, args, timeout_ms)["payload"]
    assert out["ok"], (tool, args if tool != "page_probe_risk" else len(args["uids"]), out)
    return out["result"]


def judge_page(b, name: str, first: bool) -> list[dict]:
    """Open (or navigate to) the page, scan it, and judge every clickable: [{page, uid, code, line,
    risk, reasons, target}] (same-origin frames' elements come with the top frame's scan; elements of
    cross-origin frames are left out: the corpus pages load none)."""
    url = f"https://{HOST}/{name}.html"
    moved = _call(b, "page", {"method": "open" if first else "navigate", "url": url}, 30000)
    tab = moved["tab"]
    text = _call(b, "page", {"method": "scan", "max_chars": 1000000}, 30000)["text"]
    rows = []
    for code, uid, rest in UID_LINE.findall(text):
        if code in CLICKABLE and not uid.startswith("f"):
            rows.append({"page": name, "uid": uid, "code": code, "line": (rest or "")[:120]})
    ext_send(b, {"kind": "attach_tab", "tabId": tab})
    out = []
    for start in range(0, len(rows), BATCH):
        chunk = rows[start:start + BATCH]
        results = _call(b, "page_probe_risk", {"uids": [r["uid"] for r in chunk]}, 120000)["results"]
        for row, res in zip(chunk, results):
            assert res["uid"] == row["uid"]
            if "error" in res:
                continue
            row.update(risk=res["risk"], reasons=res["reasons"], target=res["target"])
            out.append(row)
    return out, tab
