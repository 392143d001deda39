"""esbuild: one file per entry point (IIFE for content scripts and pages, ESM for the worker).

An IIFE bundle starts with "use strict": Transcrypt writes ES modules, which are strict, and esbuild's
IIFE is a classic script, which is not. In sloppy mode every call of a method the Transcrypt runtime puts
on String.prototype (`strip`, `lower`, `startswith`, `join`, slicing...) boxes its `this` into a new
String object: 60-90 ns a call instead of under 10 (bench/subset/costs.py --script-mode). Strict, the
IIFE runs the code as the ESM worker bundle and the parity tests in Node do.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError
from .toolchain import esbuild_binary


@dataclass(frozen=True)
class BundleSpec:
    entry_js: Path          # Transcrypt output of the entry module
    outfile: Path
    fmt: str                # "iife" | "esm"


STRICT_BANNER = '"use strict";'


def esbuild_args(spec: BundleSpec, *, minify: bool, sourcemap: bool, target: str) -> list[str]:
    args = [str(spec.entry_js), "--bundle", f"--format={spec.fmt}", f"--target={target}",
            f"--outfile={spec.outfile}", "--charset=utf8", "--legal-comments=none", "--log-level=error"]
    if spec.fmt == "iife":
        args.append("--banner:js=" + STRICT_BANNER)
    if minify:
        args.append("--minify")
    if sourcemap:
        args.append("--sourcemap=linked")
    return args


def bundle(root: Path, specs: list[BundleSpec], *, minify: bool, sourcemap: bool,
           min_chrome: int = 110) -> None:
    exe = esbuild_binary(root)
    target = f"chrome{min_chrome}"
    procs = []
    for spec in specs:
        spec.outfile.parent.mkdir(parents=True, exist_ok=True)
        procs.append((spec, subprocess.Popen([exe, *esbuild_args(spec, minify=minify, sourcemap=sourcemap, target=target)],
                                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)))
    for spec, proc in procs:
        out, err = proc.communicate(timeout=120)
        if proc.returncode != 0:
            raise esbuild_error(err or out, spec)
        strip_timestamp_headers(spec.outfile)


_STAMP = re.compile(r"^\s*// Transcrypt'ed from Python, [0-9: -]+\n", re.M)


def strip_timestamp_headers(path: Path) -> None:
    text = path.read_text("utf-8")
    clean = _STAMP.sub("", text)
    if clean != text:
        path.write_text(clean, "utf-8")


def source_of(js_path: str) -> str:
    """Transcrypt's `adapters.registry.js` came from `siteagent_src/adapters/registry.py`."""
    stem = Path(js_path).name.removesuffix(".js")
    return "siteagent_src/" + stem.replace(".", "/") + ".py"


def esbuild_error(text: str, spec: BundleSpec) -> BuildError:
    message = re.search(r"\[ERROR\] (.*)", text)
    where = re.search(r"^\s+(\S+\.js):(\d+):(\d+):\s*$", text, re.M)
    what = message.group(1).strip() if message else (text.strip().splitlines() or ["no output"])[0]
    if where:
        return BuildError(f"esbuild: {what}", path=source_of(where.group(1)), code="bundle_error",
                          hint=f"in the transpiled {Path(where.group(1)).name}, line {where.group(2)}; "
                               "a name imported there may not exist")
    return BuildError(f"esbuild failed on {spec.entry_js.name}: {what}", code="bundle_error")
