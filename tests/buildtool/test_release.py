"""Release: permission diff, store-readiness checks, and byte-identical releases from two clean clones."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from buildtool import crx, release as rel, sign
from buildtool.cli import cli

REPO = Path(__file__).resolve().parents[2]

BASE = {
    "manifest_version": 3, "name": "Site Agent", "version": "0.1.0", "description": "Short and sweet.",
    "icons": {s: f"icons/icon-{s}.png" for s in ("16", "32", "48", "128")},
    "background": {"service_worker": "background.js", "type": "module"},
    "permissions": ["storage", "scripting", "tabs"],
    "host_permissions": ["https://chatbot.farvees.xyz/*"],
    "optional_host_permissions": ["https://mail.google.com/*"],
    "content_scripts": [{"matches": ["https://chatbot.farvees.xyz/*"], "js": ["bridge.js"]}],
    "content_security_policy": {"extension_pages": "script-src 'self'; object-src 'self'"},
}


def sample_files(manifest=BASE, **extra):
    files = {"manifest.json": json.dumps(manifest).encode(), "background.js": b'import "./core.js";',
             "core.js": b"export const x = 1;", "bridge.js": b"(()=>{})();"}
    files.update({f"icons/icon-{s}.png": b"\x89PNG" for s in ("16", "32", "48", "128")})
    files.update({k.replace("__", "/").replace("_dot_", "."): v for k, v in extra.items()})
    return files


# --- permission diff -------------------------------------------------------------------------

def test_permission_diff_flags_added_host_permission():
    new = {**BASE, "host_permissions": BASE["host_permissions"] + ["https://calendar.google.com/*"]}
    warnings, _ = rel.permission_diff(BASE, new)
    assert len(warnings) == 1
    assert "calendar.google.com" in warnings[0] and "Read and change your data" in warnings[0]


def test_permission_diff_flags_new_content_script_host_and_warning_permission():
    new = {**BASE, "permissions": BASE["permissions"] + ["history", "alarms"],
           "content_scripts": [{"matches": ["<all_urls>"], "js": ["bridge.js"]}]}
    warnings, notes = rel.permission_diff(BASE, new)
    text = "\n".join(warnings)
    assert "'history'" in text and "all websites" in text and "alarms" not in text
    assert any("alarms" in n for n in notes)


def test_permission_diff_quiet_when_covered_or_optional():
    old = {**BASE, "host_permissions": ["https://*.google.com/*"]}
    new = {**BASE, "host_permissions": ["https://mail.google.com/*"],
           "optional_host_permissions": ["https://meet.google.com/*"]}
    warnings, notes = rel.permission_diff(old, new)
    assert warnings == []
    assert any("meet.google.com" in n and "optional" in n for n in notes)
    assert rel.permission_diff(BASE, BASE) == ([], [])


@pytest.mark.parametrize("old,new,covers", [
    ("<all_urls>", "https://a.b/*", True), ("*://*/*", "https://x.y/z", True),
    ("https://*.google.com/*", "https://mail.google.com/*", True), ("https://*.google.com/*", "https://google.com/*", True),
    ("https://mail.google.com/*", "https://calendar.google.com/*", False),
    ("https://a.com/x/*", "https://a.com/*", False), ("http://a.com/*", "https://a.com/*", False),
])
def test_pattern_covers(old, new, covers):
    assert rel.pattern_covers(old, new) is covers


def test_previous_release_is_highest_lower_version(tmp_path):
    for v in ("0.9.0", "0.10.0", "1.0.0", "0.2.0"):
        (tmp_path / v).mkdir()
        (tmp_path / v / "site-agent.zip").write_bytes(b"")
    (tmp_path / "notes").mkdir()
    assert rel.previous_release(tmp_path, "0.11.0").name == "0.10.0"
    assert rel.previous_release(tmp_path, "0.2.0") is None
    assert rel.check_version("0.11.0", rel.released_versions(tmp_path))  # 1.0.0 exists: not increasing
    assert rel.check_version("1.0.1", rel.released_versions(tmp_path)) == []


# --- store readiness -------------------------------------------------------------------------

def test_good_sample_passes_every_store_check():
    assert rel.store_checks(BASE, sample_files(), "0.1.0", ["0.0.9"]) == []


def test_icons_check():
    icons = {k: v for k, v in BASE["icons"].items() if k != "32"}
    assert any("32x32" in p for p in rel.check_icons({**BASE, "icons": icons}, sample_files()))
    files = sample_files()
    del files["icons/icon-128.png"]
    assert any("not in the zip" in p for p in rel.check_icons(BASE, files))


def test_description_check():
    assert rel.check_description({**BASE, "description": "x" * 132}) == []
    assert "133 characters" in rel.check_description({**BASE, "description": "x" * 133})[0]


def test_version_check():
    assert rel.check_version("0.1.0", ["0.1.1"])
    assert rel.check_version("0.1", ["0.0.9"]) == []


@pytest.mark.parametrize("name,body", [
    ("core.js", b"export const x = eval('1+1');"),
    ("core.js", b"const f = new Function('return 1');"),
    ("core.js", b"import('https://cdn.example.com/x.js');"),
    ("core.js", b'import {a} from "https://cdn.example.com/x.js";'),
    ("core.js", b"importScripts('https://cdn.example.com/x.js');"),
    ("core.js", b"setTimeout('alert(1)', 10);"),
])
def test_remote_code_check_js(name, body):
    files = sample_files()
    files[name] = body
    assert rel.check_remote_code(BASE, files), body


def test_remote_code_check_html_and_csp():
    files = sample_files(page_dot_html=b'<script src="https://cdn.example.com/a.js"></script>')
    assert any("remote code" in p for p in rel.check_remote_code(BASE, files))
    csp = {**BASE, "content_security_policy": {"extension_pages": "script-src 'self' https://cdn.x; object-src 'self'"}}
    assert rel.check_remote_code(csp, sample_files())
    ok = sample_files(core_dot_js=b"const evaluate = obj.eval; x.retrieval(1); const u = 'https://chatbot.farvees.xyz';")
    assert rel.check_remote_code(BASE, ok) == []


def test_unreferenced_file_check():
    files = sample_files(stray_dot_txt=b"left over")
    problems = rel.check_unreferenced(files)
    assert problems == ["stray.txt is in the zip but nothing references it (remove it or reference it)"]
    assert rel.check_unreferenced(files, intended=("stray.txt",)) == []
    files = sample_files(approve_dot_html=b'<link href="theme.css"><script src="approve.js"></script>',
                         approve_dot_js=b"", theme_dot_css=b"")
    assert rel.check_unreferenced(files, intended=("approve.html",)) == []


def test_release_hygiene_check():
    files = sample_files(core_dot_js_dot_map=b"{}")
    assert any("source map" in p for p in rel.check_release_hygiene(BASE, files, False))
    local = {**BASE, "host_permissions": ["http://localhost/*"]}
    assert rel.check_release_hygiene(local, sample_files(), False)
    assert rel.check_release_hygiene(local, sample_files(), True) == []


def test_permission_rows_cover_every_permission():
    rows = rel.permission_rows(BASE)
    names = [r["name"] for r in rows]
    assert names == ["storage", "scripting", "tabs", "https://chatbot.farvees.xyz/*", "https://mail.google.com/*"]
    assert all(r["why"] for r in rows)


# --- end to end: two clean clones, one commit, identical bytes --------------------------------

def _git(cwd, *args):
    env = {**os.environ, "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout


def snapshot_repo(dest: Path) -> Path:
    """A one-commit repo of the tree under test: tracked + untracked files, minus ignored ones.

    That is HEAD itself in CI (a clean checkout). Locally the working tree runs ahead of HEAD;
    SITEAGENT_REPRO_FROM=head snapshots HEAD instead, to check that the last commit reproduces.
    """
    if os.environ.get("SITEAGENT_REPRO_FROM") == "head":
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=REPO, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    else:
        for rel_path in filter(None, _git(REPO, "ls-files", "-co", "--exclude-standard", "-z").split("\0")):
            src = REPO / rel_path
            if src.is_file() and not src.is_symlink():
                (dest / rel_path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, dest / rel_path)
    _git(dest, "init", "-q", "-b", "main")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "-m", "snapshot")
    return dest


def clone(src: Path, dest: Path) -> Path:
    _git(src.parent, "clone", "-q", str(src), str(dest))
    if (REPO / "node_modules").is_dir():  # npm ci without the network: reuse the pinned tools
        (dest / "node_modules").symlink_to(REPO / "node_modules")
    return dest


@pytest.fixture(scope="module")
def two_releases(tmp_path_factory):
    base = tmp_path_factory.mktemp("repro")
    keys = base / "keys"
    sign.keygen(keys)
    origin = base / "origin"
    origin.mkdir()
    snapshot_repo(origin)
    results = []
    for name in ("a", "b"):
        repo = clone(origin, base / name)
        env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
        env.update({sign.ENV_SIGNING_KEY: str(keys / "signing.key"), sign.ENV_CRX_KEY: str(keys / "crx.pem")})
        result = CliRunner().invoke(cli, ["-C", str(repo), "release", "--pin-id"], env=env,
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
        version = json.loads((repo / "release").glob("*/site-agent.json").__next__().read_text())["version"]
        results.append((repo, repo / "release" / version, result.output))
    return keys, results


def test_two_clean_clones_give_identical_release(two_releases):
    keys, [(repo_a, a, _), (repo_b, b, _)] = two_releases
    for name in ("site-agent.zip", "site-agent.json", "site-agent.zip.sig", "site-agent.crx", "install.html"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    assert crx.verify_crx((a / "site-agent.crx").read_bytes()).zip_bytes == (a / "site-agent.zip").read_bytes()
    assert (repo_a / "release" / "signing.pub").read_bytes() == (keys / "signing.pub").read_bytes()


def test_release_output_verifies(two_releases):
    keys, [(repo, folder, output), _] = two_releases
    assert "released" in output and "pinned the signing public key" in output
    result = CliRunner().invoke(cli, ["verify", str(folder)])
    assert result.exit_code == 0, result.output
    from crx3 import verifier
    status, info = verifier.verify(str(folder / "site-agent.crx"))
    assert status == verifier.VerifierResult.OK_FULL
    manifest = json.loads(zipfile.ZipFile(folder / "site-agent.zip").read("manifest.json"))
    assert crx.crx_id(base64.b64decode(manifest["key"])) == info.crx_id  # --pin-id
    names = zipfile.ZipFile(folder / "site-agent.zip").namelist()
    assert names == sorted(names) and not any(n.endswith(".map") for n in names)
    assert not any(h.startswith("http://") for h in manifest.get("host_permissions", []))
    page = (folder / "install.html").read_text()
    side = json.loads((folder / "site-agent.json").read_text())
    for needle in (side["sha256"], side["version"], "chrome://extensions", "edge://extensions",
                   "opera://extensions", "sha256sum", "siteagent verify", 'href="site-agent.zip"'):
        assert needle in page, needle


def test_release_refuses_existing_version_and_foreign_key(two_releases, tmp_path):
    keys, [(repo, folder, _), _] = two_releases
    env = {sign.ENV_SIGNING_KEY: str(keys / "signing.key"), sign.ENV_CRX_KEY: str(keys / "crx.pem")}
    again = CliRunner().invoke(cli, ["-C", str(repo), "release"], env=env)
    assert again.exit_code == 1 and "already exists" in again.output
    sign.keygen(tmp_path / "other")
    other = {**env, sign.ENV_SIGNING_KEY: str(tmp_path / "other" / "signing.key")}
    wrong = CliRunner().invoke(cli, ["-C", str(repo), "release", "--force"], env=other)
    assert wrong.exit_code == 1 and "does not match the pinned public key" in wrong.output
    inside = CliRunner().invoke(cli, ["-C", str(repo), "release", "--signing-key",
                                      str(repo / "siteagent.toml")], env=env)
    assert inside.exit_code == 1 and "inside the repository" in inside.output
