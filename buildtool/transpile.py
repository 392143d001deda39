"""Transcrypt, driven incrementally: a module graph, a content-hash cache, one compiler run per build."""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BuildError

TRANSCRYPT_OPTIONS = ("-n",)          # no Closure minification: esbuild minifies
RUNTIME_MODULE = "org.transcrypt.__runtime__"
ROOTS_MODULE = "siteagent_roots"


def module_name(path: Path, src_dir: Path) -> str:
    rel = path.relative_to(src_dir).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def module_path(name: str, search_dirs: list[Path]) -> Path | None:
    rel = Path(*name.split("."))
    for base in search_dirs:
        for candidate in (base / rel.with_suffix(".py"), base / rel / "__init__.py"):
            if candidate.is_file():
                return candidate
    return None


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def imports_of(path: Path) -> set[str]:
    """Absolute module names a file imports (syntax errors are the checker's to report)."""
    try:
        tree = ast.parse(path.read_text("utf-8"), str(path))
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@dataclass
class ModuleGraph:
    """Which project modules each module reaches, to know which entries a change affects."""
    search_dirs: list[Path]
    edges: dict[str, set[str]] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)

    def add(self, name: str) -> None:
        stack = [name]
        while stack:
            current = stack.pop()
            if current in self.edges:
                continue
            path = module_path(current, self.search_dirs)
            if path is None:
                self.edges[current] = set()
                continue
            self.paths[current] = path
            deps = {dep for dep in imports_of(path) if module_path(dep, self.search_dirs)}
            # `from pkg import mod` also depends on pkg itself
            self.edges[current] = deps
            stack.extend(deps - self.edges.keys())

    def closure(self, name: str) -> set[str]:
        self.add(name)
        seen, stack = set(), [name]
        while stack:
            current = stack.pop()
            if current in seen:
                continue
            seen.add(current)
            stack.extend(self.edges.get(current, ()))
        return {m for m in seen if m in self.paths}

    def files_of(self, name: str) -> set[Path]:
        return {self.paths[m].resolve() for m in self.closure(name)}


@dataclass
class TranspileResult:
    out_dir: Path
    compiled: list[str]          # modules Transcrypt actually (re)compiled
    entries: list[str]


class Transpiler:
    """One per (project, profile). Output is shared by all entries: identical options."""

    def __init__(self, src_dir: Path, cache_dir: Path, generated: dict[str, str] | None = None,
                 sourcemaps: bool = False, symbols: tuple[str, ...] = ()):
        self.src_dir = src_dir.resolve()
        self.cache_dir = cache_dir = cache_dir.resolve()
        self.gen_dir = cache_dir / "gen"
        self.out_dir = cache_dir / "tx"
        self.hash_file = cache_dir / "hashes.json"
        self.sourcemaps = sourcemaps
        self.generated = generated or {}
        # Transcrypt symbols (`-s`): the build switches of the profile (checker.BUILD_SYMBOLS, SA413).
        # Transcrypt keeps its options in each target's .project and recompiles when they change.
        self.symbols = tuple(symbols)

    @property
    def search_dirs(self) -> list[Path]:
        return [self.src_dir, self.gen_dir]

    def graph(self) -> ModuleGraph:
        return ModuleGraph(self.search_dirs)

    def _write_if_changed(self, path: Path, text: str) -> None:
        if not path.is_file() or path.read_text("utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")

    def _sources(self) -> list[Path]:
        return sorted(p for base in self.search_dirs if base.is_dir() for p in base.rglob("*.py"))

    def _invalidate_changed(self) -> dict[str, str]:
        """Content-hash cache: a module whose source hash changed loses its target, so it recompiles
        even when mtimes lie; an unchanged file (touched only) keeps it."""
        try:
            old = json.loads(self.hash_file.read_text("utf-8"))
        except (OSError, ValueError):
            old = {}
        new = {}
        for path in self._sources():
            base = self.src_dir if path.is_relative_to(self.src_dir) else self.gen_dir
            name = module_name(path, base)
            digest = sha256_file(path)
            new[name] = digest
            target = self.out_dir / f"{name}.js"
            if old.get(name) != digest:
                for stale in (target, target.with_suffix(".map")):
                    stale.unlink(missing_ok=True)
            elif target.is_file():
                # Same content: make sure Transcrypt's mtime make does not redo it.
                st = path.stat()
                if target.stat().st_mtime < st.st_mtime:
                    os.utime(target, (st.st_mtime + 1, st.st_mtime + 1))
        return new

    def write_generated(self, generated: dict[str, str] | None = None) -> list[Path]:
        """Write the generated modules (new ones when given) into gen_dir; returns the files that changed."""
        if generated is not None:
            self.generated = generated
        changed = []
        for name, text in self.generated.items():
            path = self.gen_dir / f"{name}.py"
            if not path.is_file() or path.read_text("utf-8") != text:
                self._write_if_changed(path, text)
                changed.append(path)
        return changed

    def run(self, entries: list[str]) -> TranspileResult:
        self.write_generated()
        for entry in entries:
            if module_path(entry, [self.src_dir]) is None:
                raise BuildError(f"entry module '{entry}' not found", path=str(self.src_dir / Path(*entry.split("."))) + ".py",
                                 code="missing_entry", hint="create the file or remove the entry")
        roots = "".join(f"import {entry}\n" for entry in entries)
        roots_file = self.gen_dir / f"{ROOTS_MODULE}.py"
        self._write_if_changed(roots_file, roots)
        hashes = self._invalidate_changed()
        self.out_dir.mkdir(parents=True, exist_ok=True)
        (self.out_dir / "package.json").write_text('{"type": "module"}\n')
        options = list(TRANSCRYPT_OPTIONS) + (["-m"] if self.sourcemaps else [])
        if self.symbols:
            options += ["-s", "$".join(self.symbols)]
        cmd = [sys.executable, "-m", "transcrypt", *options, "-xp", str(self.src_dir) + "$" + str(self.gen_dir),
               "-od", str(self.out_dir), str(roots_file)]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=self.gen_dir)
        output = proc.stdout + proc.stderr
        if proc.returncode != 0 or "Error while compiling" in output or "Aborted" in output:
            raise transcrypt_error(output)
        self._fix_js_only_headers()
        compiled = [Path(m).stem for m in re.findall(r"Saving target code in: (\S+)", output)]
        self.hash_file.write_text(json.dumps(hashes, indent=1, sort_keys=True))
        return TranspileResult(self.out_dir, [c for c in compiled if c != ROOTS_MODULE], entries)

    def _fix_js_only_headers(self) -> None:
        """Transcrypt's make mode re-prettifies (with Java) any cached target not starting with '/';
        its JS-only modules (copy.js) do not, so give them a comment line."""
        for target in self.out_dir.glob("*.js"):
            with target.open("rb") as fh:
                first = fh.read(1)
            if first and first != b"/":
                data = target.read_bytes()
                target.write_bytes(b"// js-only module\n" + data)

    def entry_js(self, entry: str) -> Path:
        return self.out_dir / f"{entry}.js"


def transcrypt_error(output: str) -> BuildError:
    match = re.search(r"File '([^']+)', line (\d+), namely:\s*\n?\s*(.*)", output)
    lines = [l.strip() for l in output.splitlines() if l.strip()]
    detail = ""
    for i, line in enumerate(lines):
        if line.startswith("Error while compiling"):
            detail = " ".join(lines[i + 1:i + 4])
            break
    if match:
        where = match.group(1)
        if "/" not in where and not where.endswith(".py"):      # a module name, e.g. entries.worker.dispatch
            where = "siteagent_src/" + where.replace(".", "/") + ".py"
        return BuildError(f"Transcrypt failed: {match.group(3).strip() or detail}", path=where,
                          line=int(match.group(2)), code="transpile_error",
                          hint="run `siteagent check`; this construct may be outside the subset")
    tail = " ".join(lines[-3:]) if lines else "no output"
    return BuildError(f"Transcrypt failed: {detail or tail}", code="transpile_error")


def transpile_for_node(src_dir: Path, modules: list[str], cache_dir: Path) -> Path:
    """Transpile pure modules for the Node parity harness; returns the output folder."""
    tx = Transpiler(src_dir, cache_dir)
    tx.run(modules)
    return tx.out_dir
