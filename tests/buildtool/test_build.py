import json

import pytest

from buildtool.app import Application
from buildtool.build import build, ENTRIES
from buildtool.errors import BuildError

from projects import make_project


@pytest.fixture
def project(tmp_path):
    return Application(root=make_project(tmp_path / "proj"), quiet=True)


def test_build_writes_a_loadable_extension(project):
    result = build(project, "dev")
    dist = result.dist
    manifest = json.loads((dist / "manifest.json").read_text())
    assert manifest["manifest_version"] == 3
    assert manifest["background"] == {"service_worker": "background.js", "type": "module"}
    assert manifest["content_scripts"][0]["js"] == ["bridge.js"]
    for entry in ENTRIES:
        target = (result.client_dist if entry.client else dist) / entry.outfile
        assert target.is_file() and target.stat().st_size > 0, entry
    for size in (16, 32, 48, 128):
        assert (dist / f"icons/icon-{size}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (dist / "theme.css").is_file()
    assert '<script src="approve.js"></script>' in (dist / "approve.html").read_text()
    assert not list(dist.rglob("*.py"))
    # content scripts are classic scripts: IIFE, no import/export statements, strict like the ES modules
    # Transcrypt wrote (sloppy, every runtime String.prototype method call boxed its `this`)
    for name in ("bridge.js", "content.js", "approve.js", "console.js"):
        text = (dist / name).read_text()
        assert "\nimport " not in text and "\nexport " not in text, name
        assert text.startswith('"use strict";\n'), name
    assert "export" in (result.client_dist / "siteagent-client.js").read_text()


def test_build_code_runs_and_keeps_python_semantics(project, tmp_path):
    import subprocess
    result = build(project, "dev")
    out = subprocess.run(["node", str(result.dist / "content.js")], capture_output=True, text=True)
    assert out.stdout.strip() == "content 5", out.stderr


def test_release_profile_is_minified_without_maps(project):
    dev = build(project, "dev")
    dev_size = (dev.dist / "background.js").stat().st_size
    assert (dev.dist / "background.js.map").is_file()
    release = build(project, "release")
    assert not list(release.dist.glob("*.map"))
    assert (release.dist / "background.js").stat().st_size < dev_size
    manifest = json.loads((release.dist / "manifest.json").read_text())
    assert all("localhost" not in p and "127.0.0.1" not in p for p in manifest["host_permissions"])


def test_test_profile_grants_google_hosts(project):
    manifest = json.loads((build(project, "test").dist / "manifest.json").read_text())
    assert "https://mail.google.com/*" in manifest["host_permissions"]
    assert "optional_host_permissions" not in manifest


def test_summary_lists_entries_raw_and_gzip(project):
    result = build(project, "dev")
    text = result.summary()
    for entry in ENTRIES:
        assert entry.outfile in text
    assert "gzip" in text and "sha256" in text and f"{result.zip_size:,}" in text
    assert all(e.gzip < e.raw for e in result.entries)


def failed_build_keeps_previous(project, break_it, expect):
    first = build(project, "dev")
    before = {p.name: p.read_bytes() for p in first.dist.iterdir() if p.is_file()}
    break_it(project.root)
    with pytest.raises(BuildError) as info:
        build(project, "dev")
    after = {p.name: p.read_bytes() for p in first.dist.iterdir() if p.is_file()}
    assert after == before, "a failed build must leave dist/ intact"
    assert not [p for p in first.dist.parent.iterdir() if p.name.startswith(".dist-")], "staging left behind"
    message = str(info.value)
    assert "Traceback" not in message and "\n" not in message
    for part in expect:
        assert part in message, message
    return info.value


def test_syntax_error_names_file_and_line(project):
    def break_it(root):
        (root / "siteagent_src/core/maths.py").write_text("def add(a, b:\n    return a\n")
    err = failed_build_keeps_previous(project, break_it, ["siteagent_src/core/maths.py:1"])
    assert err.code == "subset_violation"


def test_subset_violation_refuses_to_build(project):
    def break_it(root):
        (root / "siteagent_src/core/maths.py").write_text("def add(a, b):\n    return [a, b][-1]\n")
    failed_build_keeps_previous(project, break_it, ["siteagent_src/core/maths.py:2", "subset violation"])


def test_broken_template_names_file_and_line(project):
    def break_it(root):
        page = root / "templates/approve.html.j2"
        page.write_text(page.read_text().replace("{% block body %}", "{% block body %}{% if %}"))
    failed_build_keeps_previous(project, break_it, ["templates/approve.html.j2:", "template syntax error"])


def test_missing_entry_file(project):
    def break_it(root):
        (root / "siteagent_src/entries/console.py").unlink()
    failed_build_keeps_previous(project, break_it, ["entries/console.py", "entry module 'entries.console' not found"])


def test_bad_config_names_key(project):
    def break_it(root):
        cfg = root / "siteagent.toml"
        cfg.write_text(cfg.read_text().replace('version = "0.1.0"', 'version = "one"'))
    failed_build_keeps_previous(project, break_it, ["siteagent.toml:", "extension.version", "bad version string"])


def test_missing_esbuild(project):
    def break_it(root):
        (root / "node_modules").unlink()
        from buildtool import toolchain
        toolchain.esbuild_binary.cache_clear()
    err = failed_build_keeps_previous(project, break_it, ["esbuild 0.28.2 is not installed", "npm ci"])
    assert err.code == "missing_esbuild"


def test_missing_node(project, monkeypatch):
    from buildtool import toolchain
    build(project, "dev")
    toolchain.node_binary.cache_clear()
    toolchain.esbuild_binary.cache_clear()
    monkeypatch.setenv("PATH", "/nonexistent")
    try:
        with pytest.raises(BuildError) as info:
            build(project, "dev")
        assert str(info.value).startswith("Node.js is not installed (hint: install Node.js")
    finally:
        toolchain.node_binary.cache_clear()
        toolchain.esbuild_binary.cache_clear()
