"""buildtool.lint: every rule fires on a bad manifest/bundle, stays quiet on the real builds, and fails the build."""
from __future__ import annotations

import copy

import pytest

from buildtool import lint
from buildtool.app import Application
from buildtool.build import build
from buildtool.config import load_config
from buildtool.errors import BuildError

from projects import make_project, REPO


@pytest.fixture(scope="module")
def configs():
    return {p: load_config(REPO / "siteagent.toml", p) for p in ("dev", "release", "test")}


def manifest_for(config):
    from buildtool import render
    ctx = render.manifest_context(config, content_entry="content.js", pages=["approve.html", "console.html"])
    return render.render_manifest(render.environment(REPO / "templates"), ctx)


def rules(findings):
    return sorted({f.rule for f in findings})


@pytest.mark.parametrize("profile", ["dev", "release", "test"])
def test_real_manifests_are_clean(configs, profile, tmp_path):
    m = manifest_for(configs[profile])
    assert lint.lint_dist(tmp_path, configs[profile], m) == []


def test_csp_rules(configs):
    m = manifest_for(configs["release"])
    for bad in ["script-src 'self' 'unsafe-eval'", "script-src 'self' https://cdn.example.com",
                "default-src *", "script-src 'self' 'unsafe-inline'", "script-src http:"]:
        mm = copy.deepcopy(m)
        mm["content_security_policy"]["extension_pages"] = bad
        assert rules(lint.lint_csp(mm)) == ["csp"], bad
    mm = copy.deepcopy(m)
    mm["content_security_policy"]["extension_pages"] = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'"
    assert lint.lint_csp(mm) == []


def test_postmessage_star(tmp_path):
    (tmp_path / "a.js").write_text('window.postMessage(msg, "*");\n')
    (tmp_path / "b.js").write_text("x.postMessage({a: f(1, '*')}, location.origin); y.postMessage(m,'*')")
    (tmp_path / "c.js").write_text("w.postMessage(m, {targetOrigin: '*'}); ok.postMessage(m, origin);")
    found = lint.lint_post_message(sorted(tmp_path.glob("*.js")), tmp_path)
    assert [f.where for f in found] == ["a.js:1", "b.js:1", "c.js:1"]


def test_web_accessible_private_pages(configs):
    m = manifest_for(configs["release"])
    for res in [["approve.html"], ["*.html"], ["*"], ["console.html", "icons/*"]]:
        mm = dict(m, web_accessible_resources=[{"resources": res, "matches": ["<all_urls>"]}])
        assert rules(lint.lint_web_accessible(mm)) == ["web-accessible"], res
    mm = dict(m, web_accessible_resources=[{"resources": ["icons/*"], "matches": ["<all_urls>"]}])
    assert lint.lint_web_accessible(mm) == []


def test_host_permissions_are_profile_aware(configs):
    release, test = configs["release"], configs["test"]
    granted = manifest_for(test)        # the test profile grants the optional hosts: fine for it ...
    assert "https://mail.google.com/*" in granted["host_permissions"]
    assert lint.lint_hosts(granted, test) == []
    findings = lint.lint_hosts(granted, release)     # ... and a finding for a profile that does not
    assert rules(findings) == ["host-permissions"]
    assert any("must not be required" in f.message for f in findings)
    m = manifest_for(release)
    assert rules(lint.lint_hosts(dict(m, host_permissions=m["host_permissions"] + ["https://evil.test/*"]), release)) \
        == ["host-permissions"]
    bad_bridge = copy.deepcopy(m)
    bad_bridge["content_scripts"][0]["all_frames"] = True
    assert any("top frame" in f.message for f in lint.lint_hosts(bad_bridge, release))


def test_minimal_permissions(configs):
    m = manifest_for(configs["release"])
    for extra in [{"permissions": m["permissions"] + ["debugger"]}, {"permissions": ["cookies"]},
                  {"externally_connectable": {"matches": ["https://*/*"]}}, {"optional_permissions": ["history"]}]:
        assert rules(lint.lint_permissions({**m, **extra})) == ["permissions"], extra


def test_a_finding_fails_the_build(tmp_path):
    project = make_project(tmp_path / "p")
    template = project / "templates" / "manifest.json.j2"
    # the manifest schema already refuses unsafe-eval and remote hosts; the lint also catches unsafe-inline
    template.write_text(template.read_text().replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))
    app = Application(project, quiet=True)
    with pytest.raises(BuildError) as err:
        build(app, profile="release", out=tmp_path / "dist")
    assert err.value.code == "security_lint" and "unsafe-inline" in str(err.value)
    assert not (tmp_path / "dist").exists()


def test_a_star_postmessage_in_the_source_fails_the_build(tmp_path):
    from projects import MINI_SOURCES
    sources = dict(MINI_SOURCES)
    sources["entries/bridge.py"] = "window.postMessage({'a': 1}, '*')\n"
    project = make_project(tmp_path / "p", sources)
    with pytest.raises(BuildError) as err:
        build(Application(project, quiet=True), profile="dev", out=tmp_path / "dist")
    assert err.value.code == "security_lint" and "postmessage-star" in str(err.value)
