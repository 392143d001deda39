"""Parity harness: the same core functions under CPython and as Transcrypt JS in Node.

`run_cases(cases)` transpiles the core modules once (content-hash cached in .siteagent/parity/),
evaluates every case in ONE Node process, evaluates it again under CPython, and returns
`{case_id: Comparison}`. Arguments travel as JSON, so the JS side sees plain objects exactly as
postMessage / chrome.runtime messaging deliver them (not Transcrypt dicts).
"""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "siteagent_src"
CACHE = REPO / ".siteagent" / "parity"
RUNNER = Path(__file__).with_name("runner.mjs")
NODE = "/usr/bin/node"
UNDEFINED = "__undefined__"

CORE_MODULES = [
    "core.jsonval", "core.canonical", "core.reasons", "core.outcome", "core.protocol", "core.origins",
    "core.schema", "core.catalogue", "core.policy", "core.audit", "core.preview", "core.health",
    "core.tooling", "core.pretty", "core.text", "core.emails", "core.urlcode", "core.dates",
    "sites.macros.logic", "sites.testsite.tools",
    "core.providers", "core.toolloop",
]

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))


@dataclass(frozen=True)
class Case:
    module: str          # "core.canonical" (or short "canonical")
    func: str            # function name, or an attribute when args is None
    args: tuple | None   # positional arguments (JSON values)
    label: str = ""

    @property
    def full_module(self) -> str:
        return self.module if "." in self.module else "core." + self.module

    def args_json(self) -> str | None:
        if self.args is None:
            return None
        return json.dumps(list(self.args), ensure_ascii=True, allow_nan=False)


@dataclass
class Comparison:
    case: Case
    py: object
    js: object

    @property
    def ok(self) -> bool:
        return self.py == self.js

    def describe(self) -> str:
        args = self.case.args_json()
        if args is not None and len(args) > 600:
            args = args[:600] + "...(%d chars)" % len(args)
        return (f"{self.case.full_module}.{self.case.func}({args})\n"
                f"  CPython: {_short(self.py)}\n  JS:      {_short(self.js)}")


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 1500 else text[:1500] + "..."


def transpile(modules: list[str] | None = None) -> Path:
    from buildtool.transpile import Transpiler
    tx = Transpiler(SRC, CACHE)
    tx.run(list(modules or CORE_MODULES))
    return tx.out_dir


def _parse_int(text: str):
    # JS carries integers as doubles: beyond 2**53 compare what JS would hold.
    n = int(text)
    return n if -2 ** 53 <= n <= 2 ** 53 else float(n)


def _loads(text: str):
    return json.loads(text, parse_int=_parse_int)


def _normalise(value):
    """What JSON.stringify + JSON.parse would make of a CPython result."""
    return _loads(json.dumps({"value": value}, ensure_ascii=True, allow_nan=False))


def run_python(case: Case):
    try:
        mod = importlib.import_module(case.full_module)
        fn = getattr(mod, case.func)
        if case.args is None:
            return _normalise(fn)
        args = json.loads(case.args_json())
        return _normalise(fn(*args))
    except Exception as exc:  # a crash is a result too: it must crash on both sides
        return {"error": type(exc).__name__}


def run_js(cases: list[Case], tx_dir: Path) -> list:
    payload = [{"module": c.full_module, "func": c.func, "args": c.args_json()} for c in cases]
    with tempfile.TemporaryDirectory(prefix="parity-") as tmp:
        cases_file = Path(tmp) / "cases.json"
        out_file = Path(tmp) / "out.json"
        cases_file.write_text(json.dumps(payload), "utf-8")
        proc = subprocess.run([NODE, str(RUNNER), str(tx_dir), str(cases_file), str(out_file)],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"node runner failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
        results = _loads(out_file.read_text("utf-8"))
    out = []
    for r in results:
        if "error" in r:
            out.append({"error": "JS", "detail": r["error"].splitlines()[0] if r["error"] else ""})
        else:
            out.append(r)
    return out


def compare(py, js) -> tuple:
    # Errors match each other whatever their text (JS and Python name them differently).
    if isinstance(py, dict) and "error" in py and isinstance(js, dict) and "error" in js:
        return ("error",), ("error",)
    return py, js


def run_cases(cases: list[Case], tx_dir: Path | None = None) -> list[Comparison]:
    modules = list(CORE_MODULES)
    modules += sorted({c.full_module for c in cases} - set(modules))   # core modules the cases name
    tx_dir = tx_dir or transpile(modules)
    js_results = run_js(cases, tx_dir)
    out = []
    for case, js in zip(cases, js_results):
        py, js2 = compare(run_python(case), js)
        out.append(Comparison(case, py, js2))
    return out


def case_ids(cases: list[Case]) -> list[str]:
    ids = []
    for index, c in enumerate(cases):
        label = c.label or (c.args_json() or "attr")
        label = "".join(ch if ch.isprintable() and ord(ch) < 128 else "?" for ch in label)
        if len(label) > 60:
            label = label[:57] + "..."
        ids.append(f"{index:04d}-{c.full_module.removeprefix('core.')}.{c.func}-{label}")
    return ids
