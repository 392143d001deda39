"""Paths and Node helpers shared by the client package tests (imported by name: conftest modules
of other test folders would shadow a `conftest` import)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def run_node(node: str, script: str, *args: str, cwd: Path = HERE, env: dict | None = None, timeout: int = 120):
    """`node --input-type=module -e script args...`; the completed process."""
    return subprocess.run([node, "--input-type=module", "-e", script, *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=timeout)


def node_json(node: str, script: str, *args: str):
    """Run an ES module script that prints one JSON value; that value."""
    proc = run_node(node, script, *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
