"""A scratch copy of siteagent_src/ for tests that break the real tree on purpose (the site kit's checks)."""
from __future__ import annotations

import shutil
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "siteagent_src"


def copy_source(dest: Path) -> Path:
    """siteagent_src/ copied into dest (no caches, no transpiler output); returns dest."""
    shutil.copytree(SRC, dest / "siteagent_src", ignore=shutil.ignore_patterns("__pycache__", "__target__"))
    return dest


def edit_once(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of old in path (fails when old is not there exactly once)."""
    text = path.read_text("utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), "utf-8")


def kit_findings(root: Path, code: str) -> list:
    """The site kit's findings of one code (SA701-SA711) over the copy at root."""
    from buildtool.sites import verify_sites
    return [v for v in verify_sites(root / "siteagent_src", root) if v.code == code]
