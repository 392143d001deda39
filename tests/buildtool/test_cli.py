"""The CLI is a thin shell: exit codes and one-line errors, no tracebacks."""
import json

import pytest
from click.testing import CliRunner

from buildtool.cli import cli

from projects import make_project


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "proj")


def invoke(project, *args):
    return CliRunner().invoke(cli, ["-C", str(project), *args], catch_exceptions=False)


def test_help_lists_the_commands():
    out = CliRunner().invoke(cli, ["--help"]).output
    for name in ("check", "build", "package", "demo", "keygen", "release", "verify"):
        assert name in out


def test_build_then_package(project):
    built = invoke(project, "build", "--profile", "release")
    assert built.exit_code == 0, built.output
    assert "background.js" in built.output and "sha256" in built.output
    packed = invoke(project, "package")
    assert packed.exit_code == 0, packed.output
    side = json.loads((project / "site-agent.json").read_text())
    assert side["sha256"] in packed.output and (project / "site-agent.zip").stat().st_size == side["size"]


def test_check_reports_and_fails(project):
    bad = project / "siteagent_src/core/maths.py"
    bad.write_text("def add(a, b):\n    return [a, b][-1]\n")
    result = invoke(project, "check")
    assert result.exit_code == 1
    assert "siteagent_src/core/maths.py:2:" in result.output and "SA301" in result.output


def test_build_error_is_one_line_without_traceback(project):
    cfg = project / "siteagent.toml"
    cfg.write_text(cfg.read_text().replace("[bridge]\n", "[bridge]\nbogus = 1\n"))
    result = CliRunner().invoke(cli, ["-C", str(project), "build"])
    assert result.exit_code == 1
    lines = [l for l in result.output.splitlines() if l.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "bridge.bogus" in lines[0]
    assert "Traceback" not in result.output


def test_package_without_build(project):
    result = CliRunner().invoke(cli, ["-C", str(project), "package"])
    assert result.exit_code == 1 and "siteagent build" in result.output


def test_outside_a_project(tmp_path):
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "build"])
    assert result.exit_code == 1 and "no siteagent.toml" in result.output
