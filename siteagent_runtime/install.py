"""Install or remove the native messaging host for this user: never root, never HKLM.

`install_host` writes a wrapper that runs this interpreter's absolute path (browsers start hosts
with a minimal PATH), and a host manifest `com.siteagent.bridge.json` whose `allowed_origins`
lists exactly the given extension ids, into each browser's per-user folder (Linux, macOS) or
under %LOCALAPPDATA%\\siteagent with an HKCU registry key per browser (Windows; Edge and Opera
also read Chrome's key, so Chrome's is always written there).
"""
from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import HOST_NAME

BROWSERS = ("chrome", "chromium", "edge", "brave", "opera")
EXT_ID = re.compile(r"^[a-p]{32}$")

# per-user manifest folders (relative to $HOME, or to $XDG_CONFIG_HOME on Linux)
LINUX_DIRS = {
    "chrome": "google-chrome/NativeMessagingHosts",
    "chromium": "chromium/NativeMessagingHosts",
    "edge": "microsoft-edge/NativeMessagingHosts",
    "brave": "BraveSoftware/Brave-Browser/NativeMessagingHosts",
    # Opera reads Chrome's folders on Linux (its docs say nothing of its own)
    "opera": "google-chrome/NativeMessagingHosts",
}
MAC_DIRS = {
    "chrome": "Library/Application Support/Google/Chrome/NativeMessagingHosts",
    "chromium": "Library/Application Support/Chromium/NativeMessagingHosts",
    "edge": "Library/Application Support/Microsoft Edge/NativeMessagingHosts",
    "brave": "Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    "opera": "Library/Application Support/Google/Chrome/NativeMessagingHosts",
}
WIN_KEYS = {
    "chrome": r"Software\Google\Chrome\NativeMessagingHosts",
    "chromium": r"Software\Chromium\NativeMessagingHosts",
    "edge": r"Software\Microsoft\Edge\NativeMessagingHosts",
    "brave": r"Software\Google\Chrome\NativeMessagingHosts",
    "opera": r"Software\Google\Chrome\NativeMessagingHosts",
}


class InstallError(Exception):
    def __init__(self, code: str, message: str, hint: str = ""):
        super().__init__(message)
        self.code = code
        self.hint = hint


@dataclass
class Plan:
    """What install_host writes (or uninstall_host removes): files, and HKCU keys on Windows."""
    wrapper: Path
    manifests: list[Path] = field(default_factory=list)
    registry: list[str] = field(default_factory=list)


def platform_name() -> str:
    if sys.platform.startswith("linux"):
        return "linux"
    if sys.platform == "darwin":
        return "macos"
    if sys.platform == "win32":
        return "windows"
    return sys.platform


def home() -> Path:
    return Path(os.environ.get("HOME") or Path.home())


def data_dir(plat: str | None = None) -> Path:
    plat = plat or platform_name()
    if plat == "macos":
        return home() / "Library/Application Support/siteagent"
    if plat == "windows":
        return Path(os.environ.get("LOCALAPPDATA") or home() / "AppData/Local") / "siteagent"
    return Path(os.environ.get("XDG_DATA_HOME") or home() / ".local/share") / "siteagent"


def manifest_dir(browser: str, plat: str | None = None) -> Path:
    plat = plat or platform_name()
    if plat == "macos":
        return home() / MAC_DIRS[browser]
    if plat == "windows":
        return data_dir(plat)
    return Path(os.environ.get("XDG_CONFIG_HOME") or home() / ".config") / LINUX_DIRS[browser]


def expand_browsers(names: list[str] | tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for name in names or ("all",):
        for b in (BROWSERS if name == "all" else (name,)):
            if b not in BROWSERS:
                raise InstallError("unknown_browser", f"unknown browser {b!r}", f"use one of {', '.join(BROWSERS)}, all")
            if b not in out:
                out.append(b)
    return out


def check_ids(ids: list[str]) -> list[str]:
    if not ids:
        raise InstallError("no_extension_id", "no extension id given",
                           "pass --extension-id (32 letters a-p; chrome://extensions shows it with Developer mode on)")
    for ext_id in ids:
        if not EXT_ID.match(ext_id):
            raise InstallError("bad_extension_id", f"{ext_id!r} is not an extension id (32 letters a-p)",
                               "copy the ID from chrome://extensions (Developer mode on)")
    return list(dict.fromkeys(ids))


def host_manifest(wrapper: Path, ids: list[str]) -> dict:
    return {"name": HOST_NAME, "description": "Site Agent native messaging host (MCP relay)",
            "path": str(wrapper), "type": "stdio",
            "allowed_origins": [f"chrome-extension://{i}/" for i in ids]}


def wrapper_text(python: str, plat: str) -> str:
    if plat == "windows":
        return f'@echo off\r\n"{python}" -m siteagent_runtime.host %*\r\n'
    return f"#!/bin/sh\n# Site Agent native messaging host (written by `siteagent mcp install-host`)\nexec '{python}' -m siteagent_runtime.host \"$@\"\n"


def write_wrapper(directory: Path, python: str, plat: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / ("native-host.bat" if plat == "windows" else "native-host")
    _write_atomic(path, wrapper_text(python, plat))
    if plat != "windows":
        os.chmod(path, 0o700)
    return path


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def install_host(ids: list[str], browsers: list[str], *, python: str | None = None,
                 user_data_dirs: list[Path] | None = None, plat: str | None = None, registry=None) -> Plan:
    """Write the wrapper and one manifest per browser folder (or per given --user-data-dir: a browser
    started with --user-data-dir reads <dir>/NativeMessagingHosts/ instead of the default folder)."""
    plat = plat or platform_name()
    ids = check_ids(ids)
    python = python or sys.executable
    if not Path(python).is_absolute():
        raise InstallError("bad_python", f"interpreter path {python!r} is not absolute")
    plan = Plan(write_wrapper(data_dir(plat), python, plat))
    body = json.dumps(host_manifest(plan.wrapper, ids), indent=2) + "\n"
    folders = [Path(d) / "NativeMessagingHosts" for d in user_data_dirs] if user_data_dirs else \
        [manifest_dir(b, plat) for b in expand_browsers(browsers)]
    for folder in dict.fromkeys(folders):
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{HOST_NAME}.json"
        _write_atomic(target, body)
        plan.manifests.append(target)
    if plat == "windows" and not user_data_dirs:
        reg = registry or _winreg()
        manifest_path = str(plan.manifests[0])
        for b in expand_browsers(browsers) + ["chrome"]:
            key = WIN_KEYS[b] + "\\" + HOST_NAME
            if key in plan.registry:
                continue
            reg.set_default(key, manifest_path)
            plan.registry.append(key)
    return plan


def uninstall_host(browsers: list[str], *, user_data_dirs: list[Path] | None = None, plat: str | None = None,
                   registry=None) -> Plan:
    """Remove what install_host wrote (only files that are our manifest; our HKCU keys)."""
    plat = plat or platform_name()
    wrapper = data_dir(plat) / ("native-host.bat" if plat == "windows" else "native-host")
    plan = Plan(wrapper)
    folders = [Path(d) / "NativeMessagingHosts" for d in user_data_dirs] if user_data_dirs else \
        [manifest_dir(b, plat) for b in expand_browsers(browsers)]
    for folder in dict.fromkeys(folders):
        target = folder / f"{HOST_NAME}.json"
        if target.is_file():
            target.unlink()
            plan.manifests.append(target)
    if plat == "windows" and not user_data_dirs:
        reg = registry or _winreg()
        for b in expand_browsers(browsers) + ["chrome"]:
            key = WIN_KEYS[b] + "\\" + HOST_NAME
            if key not in plan.registry and reg.delete(key):
                plan.registry.append(key)
    if wrapper.is_file() and (user_data_dirs or set(expand_browsers(browsers)) == set(BROWSERS)):
        wrapper.unlink()
    return plan


class _WinRegistry:  # pragma: no cover - Windows only
    """HKEY_CURRENT_USER only: the host is per user, never HKLM."""

    def __init__(self):
        import winreg
        self.winreg = winreg

    def set_default(self, key: str, value: str) -> None:
        with self.winreg.CreateKey(self.winreg.HKEY_CURRENT_USER, key) as handle:
            self.winreg.SetValueEx(handle, "", 0, self.winreg.REG_SZ, value)

    def get_default(self, key: str) -> str | None:
        try:
            with self.winreg.OpenKey(self.winreg.HKEY_CURRENT_USER, key) as handle:
                return self.winreg.QueryValueEx(handle, "")[0]
        except OSError:
            return None

    def delete(self, key: str) -> bool:
        try:
            self.winreg.DeleteKey(self.winreg.HKEY_CURRENT_USER, key)
            return True
        except OSError:
            return False


def _winreg():  # pragma: no cover - Windows only
    return _WinRegistry()


def read_manifest(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None


def is_executable(path: Path) -> bool:
    try:
        return bool(os.stat(path).st_mode & stat.S_IXUSR)
    except OSError:
        return False
