"""install-host / uninstall-host / doctor / print-config: per-user paths on Linux and macOS, HKCU
keys on Windows (a fake registry records them: never HKLM), and doctor on a broken and a good set-up."""
from __future__ import annotations

import json
import os
import stat
import sys

import pytest
from click.testing import CliRunner

from buildtool.cli import cli
from siteagent_runtime import HOST_NAME, clients, doctor, install
from siteagent_runtime.install import InstallError

EXT = "abcdefghijklmnopabcdefghijklmnop"
EDGE = "ponmlkjihgfedcbaponmlkjihgfedcba"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "LOCALAPPDATA"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SITEAGENT_SOCKET_DIR", str(tmp_path / "run"))
    return tmp_path


class FakeRegistry:
    def __init__(self):
        self.keys = {}

    def set_default(self, key, value):
        self.keys[key] = value

    def delete(self, key):
        return self.keys.pop(key, None) is not None


def test_linux_paths_wrapper_and_manifest(home):
    plan = install.install_host([EXT, EDGE], ["all"], plat="linux")
    assert plan.wrapper == home / ".local/share/siteagent/native-host"
    assert stat.S_IMODE(os.stat(plan.wrapper).st_mode) == 0o700
    assert f"exec '{sys.executable}' -m siteagent_runtime.host" in plan.wrapper.read_text()
    want = {home / ".config" / d / f"{HOST_NAME}.json" for d in install.LINUX_DIRS.values()}
    assert set(plan.manifests) == want
    data = json.loads((home / ".config/chromium/NativeMessagingHosts" / f"{HOST_NAME}.json").read_text())
    assert data == {"name": HOST_NAME, "description": data["description"], "path": str(plan.wrapper), "type": "stdio",
                    "allowed_origins": [f"chrome-extension://{EXT}/", f"chrome-extension://{EDGE}/"]}
    assert all(str(p).startswith(str(home)) for p in plan.manifests)      # per user, never /etc
    removed = install.uninstall_host(["all"], plat="linux")
    assert set(removed.manifests) == want and not plan.wrapper.exists()


def test_macos_paths(home):
    plan = install.install_host([EXT], ["chrome", "brave"], plat="macos")
    assert plan.manifests == [home / "Library/Application Support/Google/Chrome/NativeMessagingHosts" / f"{HOST_NAME}.json",
                              home / "Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts"
                              / f"{HOST_NAME}.json"]
    assert plan.wrapper.parent == home / "Library/Application Support/siteagent"


def test_windows_writes_hkcu_keys_only(home, monkeypatch):
    monkeypatch.setenv("LOCALAPPDATA", str(home / "AppData/Local"))
    reg = FakeRegistry()
    plan = install.install_host([EXT], ["edge", "opera"], plat="windows", registry=reg)
    assert plan.wrapper.name == "native-host.bat" and plan.wrapper.read_text().startswith("@echo off")
    assert set(reg.keys) == {rf"Software\Microsoft\Edge\NativeMessagingHosts\{HOST_NAME}",
                             rf"Software\Google\Chrome\NativeMessagingHosts\{HOST_NAME}"}
    assert set(reg.keys.values()) == {str(plan.manifests[0])}
    assert not any("HKEY_LOCAL_MACHINE" in k or k.startswith("SOFTWARE\\WOW6432") for k in reg.keys)
    install.uninstall_host(["edge", "opera"], plat="windows", registry=reg)
    assert reg.keys == {}


def test_user_data_dir_and_bad_input(home, tmp_path):
    profile = tmp_path / "profile"
    plan = install.install_host([EXT], [], user_data_dirs=[profile], plat="linux")
    assert plan.manifests == [profile / "NativeMessagingHosts" / f"{HOST_NAME}.json"]
    for ids, code in (([], "no_extension_id"), (["nope"], "bad_extension_id"), (["A" * 32], "bad_extension_id")):
        with pytest.raises(InstallError) as err:
            install.install_host(ids, ["chrome"], plat="linux")
        assert err.value.code == code and err.value.hint
    with pytest.raises(InstallError) as err:
        install.install_host([EXT], ["netscape"], plat="linux")
    assert err.value.code == "unknown_browser"


def test_doctor_broken_then_good(home):
    levels = lambda fs: {f.code: f.level for f in fs}     # noqa: E731
    broken = doctor.run(["chromium"], EXT)
    assert levels(broken)["no_manifest"] == "fail"
    plan = install.install_host([EDGE], ["chromium"], plat="linux")
    wrong_id = doctor.run(["chromium"], EXT)
    assert levels(wrong_id)["extension_id"] == "fail"
    plan = install.install_host([EXT], ["chromium"], python=str(home / "gone/python"), plat="linux")
    gone = doctor.run(["chromium"], EXT)
    assert levels(gone)["interpreter_missing"] == "fail"
    plan = install.install_host([EXT], ["chromium"], plat="linux")
    good = doctor.run(["chromium"], EXT)
    assert [f for f in good if f.level == "fail"] == [], [f.line() for f in good]
    assert levels(good)["wrapper"] == "ok" and levels(good)["allowed_origins"] == "ok"
    assert levels(good)["no_host"] == "warn"          # no browser running here
    assert plan.wrapper.exists()


def test_cli_install_doctor_uninstall(home):
    runner = CliRunner()
    out = runner.invoke(cli, ["mcp", "install-host", "--extension-id", EXT, "--browser", "chromium"])
    assert out.exit_code == 0, out.output
    assert "wrote" in out.output and "chromium/NativeMessagingHosts" in out.output
    ok = runner.invoke(cli, ["mcp", "doctor", "--extension-id", EXT, "--browser", "chromium"])
    assert ok.exit_code == 0 and "all checks passed" in ok.output, ok.output
    bad = runner.invoke(cli, ["mcp", "install-host", "--extension-id", "xyz"])
    assert bad.exit_code == 1 and "bad_extension_id" in bad.output
    gone = runner.invoke(cli, ["mcp", "uninstall-host", "--browser", "chromium"])
    assert gone.exit_code == 0 and "removed" in gone.output
    failed = runner.invoke(cli, ["mcp", "doctor", "--browser", "chromium"])
    assert failed.exit_code == 1 and "no host manifest" in failed.output


@pytest.mark.parametrize("client", clients.CLIENTS)
def test_print_config_uses_absolute_paths(client):
    text = clients.snippet(client)
    cmd = clients.command()
    assert os.path.isabs(cmd[0]) and cmd[0] in text
    if client in ("claude-desktop", "cursor", "vscode"):
        body = json.loads(text.split("\n", 1)[1])
        entry = body["mcpServers" if client != "vscode" else "servers"]["site-agent"]
        assert entry["command"] == cmd[0] and entry["args"] == cmd[1:]
    else:
        assert text.startswith(("claude mcp add site-agent -- ", "codex mcp add site-agent -- "))
        assert "--env SITEAGENT_BROWSER=chromium-123 -- " in clients.snippet(client, "chromium-123")
    assert "SITEAGENT_BROWSER" in clients.snippet(client, "chromium-123")


def test_doctor_flags_flatpak_and_snap_browsers(home, monkeypatch):
    (home / ".var/app/org.chromium.Chromium").mkdir(parents=True)
    monkeypatch.setattr(doctor.shutil, "which", lambda name: "/snap/bin/chromium" if name == "chromium" else None)
    found = {f.code: f for f in doctor.check_sandboxed()}
    assert found["flatpak"].level == "warn" and "cannot start native messaging hosts" in found["flatpak"].message
    assert found["snap"].level == "warn" and found["snap"].message.startswith("chromium at /snap/bin/chromium is a Snap")
    monkeypatch.setattr(doctor.shutil, "which", lambda name: None)
    (home / ".var/app/org.chromium.Chromium").rmdir()
    assert doctor.check_sandboxed() == []
