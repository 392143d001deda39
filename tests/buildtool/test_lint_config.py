"""ruff runs over the whole repository (the README's test command). The extension's sources get
pyflakes with the browser globals as builtins: that list must be the checker's."""
import subprocess
import sys
import tomllib
from pathlib import Path

from buildtool.checker import JS_GLOBALS

REPO = Path(__file__).resolve().parents[2]


def test_the_sources_builtins_are_the_checkers_js_globals():
    config = tomllib.loads((REPO / "siteagent_src" / "ruff.toml").read_text())
    assert set(config["builtins"]) == set(JS_GLOBALS) | {"__pragma__"}
    assert config["lint"]["select"] == ["E9", "F"]


def test_ruff_finds_an_undefined_name_in_the_sources(tmp_path):
    """A typo'd step symbol is an undefined name: ruff refuses it before Transcrypt turns it into a
    runtime ReferenceError."""
    src = tmp_path / "siteagent_src" / "sites" / "x"
    src.mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text((REPO / "pyproject.toml").read_text())
    (tmp_path / "siteagent_src" / "ruff.toml").write_text((REPO / "siteagent_src" / "ruff.toml").read_text())
    (src / "worker.py").write_text("async def f(tab_id):\n    return await in_tab(tab_id, WAIT_LISTT, {})\n"
                                   "def g():\n    return document.title\n")
    ruff = Path(sys.executable).with_name("ruff")
    out = subprocess.run([str(ruff), "check", "--output-format", "concise", "siteagent_src"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "F821 Undefined name `in_tab`" in out.stdout and "F821 Undefined name `WAIT_LISTT`" in out.stdout
    assert "document" not in out.stdout
