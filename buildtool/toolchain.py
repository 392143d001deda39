"""The pinned JavaScript tools: Node and esbuild from the project's own lockfile."""
from __future__ import annotations

import json
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from .errors import BuildError

NODE_HINT = "install Node.js 18+ (Debian: apt-get install nodejs npm), then run `npm ci` in the project"


@lru_cache(maxsize=None)
def node_binary() -> str:
    node = shutil.which("node")
    if not node:
        raise BuildError("Node.js is not installed", code="missing_node", hint=NODE_HINT)
    return node


def pinned_esbuild_version(root: Path) -> str:
    try:
        return json.loads((root / "package.json").read_text())["devDependencies"]["esbuild"]
    except (OSError, KeyError, ValueError):
        raise BuildError("package.json does not pin esbuild", path=str(root / "package.json"),
                         code="missing_esbuild", hint='add "esbuild": "<exact version>" to devDependencies') from None


@lru_cache(maxsize=None)
def esbuild_binary(root: Path) -> str:
    node_binary()
    wanted = pinned_esbuild_version(root)
    exe = root / "node_modules" / ".bin" / "esbuild"
    if not exe.exists():
        raise BuildError(f"esbuild {wanted} is not installed", path=str(exe), code="missing_esbuild",
                         hint="run `npm ci` in the project (installs the version pinned in package-lock.json)")
    try:
        version = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError as exc:
        raise BuildError(f"esbuild cannot run: {exc}", path=str(exe), code="missing_esbuild",
                         hint="run `npm ci` again") from None
    if version != wanted:
        raise BuildError(f"esbuild {version or '?'} installed, {wanted} pinned", path=str(exe),
                         code="missing_esbuild", hint="run `npm ci`")
    return str(exe)
