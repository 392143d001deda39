"""Throwaway projects for toolchain tests: the real templates and config, a tiny source tree."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

MINI_SOURCES = {
    "core/maths.py": "def add(a, b):\n    return a + b\n",
    "entries/background.py": "from core.maths import add\nconsole.log('background', add(1, 2))\n",
    "entries/bridge.py": "console.log('bridge')\n",
    "entries/content.py": "from core.maths import add\nconsole.log('content', add(2, 3))\n",
    "entries/approve.py": "console.log('approve')\n",
    "entries/console.py": "console.log('console')\n",
    "entries/sidepanel.py": "console.log('sidepanel')\n",
    "client/siteagent_client.py": "def ping():\n    return 1\n",
}


def make_project(dest: Path, sources: dict[str, str] | None = None, *, real_sources: bool = False) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "siteagent.toml", dest / "siteagent.toml")
    shutil.copy(REPO / "package.json", dest / "package.json")
    shutil.copytree(REPO / "templates", dest / "templates")
    (dest / "node_modules").symlink_to(REPO / "node_modules")
    if real_sources:
        shutil.copytree(REPO / "siteagent_src", dest / "siteagent_src",
                        ignore=shutil.ignore_patterns("__pycache__"))
    else:
        for rel, text in (sources or MINI_SOURCES).items():
            path = dest / "siteagent_src" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    return dest


def git_commit(project: Path, when: int = 1700000000) -> str:
    env = {"GIT_AUTHOR_DATE": f"{when} +0000", "GIT_COMMITTER_DATE": f"{when} +0000",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.test",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.test", "PATH": "/usr/bin:/bin"}
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(["git", "add", "-A"], cwd=project, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "fixture"], cwd=project, check=True, env=env)
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=project, capture_output=True, text=True,
                          check=True).stdout.strip()
