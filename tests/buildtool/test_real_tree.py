"""The real siteagent_src/ tree: it passes the checker, and its release build keeps Google optional."""
import json

from buildtool.app import Application
from buildtool.build import build
from buildtool.checker import check_tree

from projects import make_project, REPO


def test_real_tree_passes_the_checker():
    violations = check_tree(REPO / "siteagent_src", REPO)
    assert violations == [], "\n".join(v.format() for v in violations)


def test_release_build_keeps_google_hosts_optional(tmp_path):
    root = make_project(tmp_path / "proj", real_sources=True)
    result = build(Application(root=root, quiet=True), "release")
    text = "".join(p.read_text() for p in result.dist.glob("*.js"))
    for name in ("gmail_send_draft", "calendar_rsvp", "meet_join", "macro_run"):
        assert name in text
    manifest = json.loads((result.dist / "manifest.json").read_text())
    assert "https://mail.google.com/*" in manifest["optional_host_permissions"]
    assert not any("google" in p for p in manifest["host_permissions"])
