"""`siteagent mcp doctor`: checks the set-up end to end and says what to fix.

Each check is a Finding (ok / warn / fail, a stable code, what was seen, what to do). Checks:
the interpreter and SDK, each browser's host manifest (name, path, wrapper, interpreter,
allowed_origins, the extension id), Flatpak/Snap browsers (which cannot start hosts), the socket
folder's permissions, and a live host answering on its socket.
"""
from __future__ import annotations

import os
import re
import shutil
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from . import HOST_NAME, framing, install, sockets


@dataclass
class Finding:
    level: str          # "ok" | "warn" | "fail"
    code: str
    message: str
    fix: str = ""

    def line(self) -> str:
        mark = {"ok": "ok  ", "warn": "warn", "fail": "FAIL"}[self.level]
        return f"[{mark}] {self.message}" + (f"\n       fix: {self.fix}" if self.fix else "")


def check_sdk() -> list[Finding]:
    out = [Finding("ok", "python", f"interpreter {sys.executable} (Python {sys.version.split()[0]})")]
    try:
        from importlib.metadata import version
        v = version("mcp")
        major = int(v.split(".")[0])
        out.append(Finding("ok" if major == 2 else "fail", "mcp_sdk", f"MCP SDK mcp {v}",
                           "" if major == 2 else "pip install 'mcp>=2.3,<3'"))
    except Exception as exc:  # noqa: BLE001
        out.append(Finding("fail", "mcp_sdk", f"the MCP SDK is missing ({exc})", "pip install 'mcp>=2.3,<3'"))
    return out


def check_manifest(path: Path, browser: str, want_id: str | None) -> list[Finding]:
    data = install.read_manifest(path)
    if data is None:
        return [Finding("fail", "manifest_unreadable", f"{browser}: {path} is not readable JSON",
                        "run `siteagent mcp install-host` again")]
    out = []
    if data.get("name") != HOST_NAME or data.get("type") != "stdio":
        out.append(Finding("fail", "manifest_fields", f"{browser}: {path} has name={data.get('name')!r} "
                           f"type={data.get('type')!r}", "run `siteagent mcp install-host` again"))
    wrapper = Path(str(data.get("path", "")))
    if not wrapper.is_absolute() or not wrapper.is_file():
        out.append(Finding("fail", "wrapper_missing", f"{browser}: host path {wrapper} does not exist",
                           "run `siteagent mcp install-host` again"))
    elif os.name == "posix" and not install.is_executable(wrapper):
        out.append(Finding("fail", "wrapper_not_executable", f"{browser}: {wrapper} is not executable",
                           f"chmod 700 {wrapper}"))
    else:
        text = wrapper.read_text("utf-8", errors="replace")
        m = re.search(r"""['"]([^'"]+)['"] -m siteagent_runtime\.host""", text)
        python = Path(m.group(1)) if m else None
        if python is None or not python.is_file():
            out.append(Finding("fail", "interpreter_missing", f"{browser}: the wrapper runs {python}, which is gone "
                               "(a removed virtualenv?)", "run `siteagent mcp install-host` from the install you use"))
        else:
            out.append(Finding("ok", "wrapper", f"{browser}: {path} -> {wrapper} -> {python}"))
    origins = data.get("allowed_origins") or []
    ids = [o[len("chrome-extension://"):].rstrip("/") for o in origins if str(o).startswith("chrome-extension://")]
    bad = [i for i in ids if not install.EXT_ID.match(i)] + [o for o in origins if "*" in str(o)]
    if not ids or bad:
        out.append(Finding("fail", "allowed_origins", f"{browser}: allowed_origins {origins} is not a list of "
                           "chrome-extension://<id>/", "run `siteagent mcp install-host --extension-id <id>`"))
    elif want_id and want_id not in ids:
        out.append(Finding("fail", "extension_id", f"{browser}: allowed_origins has {ids}, not {want_id}",
                           f"run `siteagent mcp install-host --extension-id {want_id}`"))
    else:
        out.append(Finding("ok", "allowed_origins", f"{browser}: allowed for {', '.join(ids)}"))
    return out


def check_sandboxed() -> list[Finding]:
    out = []
    flatpaks = {"com.google.Chrome": "chrome", "org.chromium.Chromium": "chromium", "com.microsoft.Edge": "edge",
                "com.brave.Browser": "brave", "com.opera.Opera": "opera"}
    for app, browser in flatpaks.items():
        if (install.home() / ".var/app" / app).is_dir():
            out.append(Finding("warn", "flatpak", f"{browser} is installed as a Flatpak ({app}): Flatpak browsers "
                               "cannot start native messaging hosts", "install the browser's .deb/.rpm package"))
    for name in ("chromium", "chromium-browser", "google-chrome", "brave", "opera"):
        found = shutil.which(name)
        if found and (Path(found).resolve().parts[:2] == ("/", "snap") or found.startswith("/snap/")):
            out.append(Finding("warn", "snap", f"{name} at {found} is a Snap: Snap browsers cannot start native "
                               "messaging hosts", "use a non-Snap package of the browser"))
    return out


def check_socket() -> list[Finding]:
    directory = sockets.socket_dir()
    if not directory.exists():
        return [Finding("warn", "no_host", f"no socket folder {directory}: no browser has started the host yet",
                        "open the browser, then the Site Agent console, and turn MCP on")]
    try:
        sockets.check_dir(directory)
    except sockets.SocketSecurityError as exc:
        return [Finding("fail", exc.code, str(exc), f"rm -r {directory} (the host recreates it 0700)")]
    hosts = sockets.list_hosts(directory)
    if not hosts:
        return [Finding("warn", "no_host", f"no host is running (socket folder {directory} is empty)",
                        "open the browser, then the Site Agent console, and turn MCP on")]
    out = []
    for host in hosts:
        try:
            sock = sockets.connect(host, timeout=3)
            try:
                sock.sendall(framing.encode({"t": "hello", "client": {"name": "siteagent mcp doctor"}}, framing.LITTLE))
                sock.settimeout(3)
                welcome = framing.read_frame(sock.recv, framing.SOCKET_MAX, framing.LITTLE)
            finally:
                sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            if welcome and welcome.get("t") == "welcome":
                out.append(Finding("ok", "live_host", f"host {host.label} answers on {host.path}"))
            else:
                out.append(Finding("fail", "host_silent", f"host {host.label} did not answer", "restart the browser"))
        except (OSError, sockets.SocketSecurityError, framing.FrameError) as exc:
            out.append(Finding("fail", "host_unreachable", f"host {host.label}: {exc}", "restart the browser"))
    if len(hosts) > 1:
        out.append(Finding("warn", "several_hosts", f"{len(hosts)} browsers are connected: calls must name one",
                           "set SITEAGENT_BROWSER (e.g. `siteagent mcp print-config --browser "
                           f"{hosts[0].label}`) or use the site_agent_browsers tool"))
    return out


def run(browsers: list[str], extension_id: str | None = None, user_data_dirs: list[Path] | None = None) -> list[Finding]:
    findings = check_sdk()
    if user_data_dirs:
        places = [(f"profile {d}", Path(d) / "NativeMessagingHosts" / f"{HOST_NAME}.json") for d in user_data_dirs]
    else:
        places = [(b, install.manifest_dir(b) / f"{HOST_NAME}.json") for b in install.expand_browsers(browsers)]
    found_any = False
    for label, path in places:
        if path.is_file():
            found_any = True
            findings += check_manifest(path, label, extension_id)
    if not found_any:
        findings.append(Finding("fail", "no_manifest", "no host manifest installed for "
                                + ", ".join(label for label, _ in places),
                                "run `siteagent mcp install-host --extension-id <id>`"))
    findings += check_sandboxed()
    findings += check_socket()
    return findings
