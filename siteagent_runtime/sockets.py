"""The per-user Unix socket between `siteagent mcp serve` and the native host.

No TCP, HTTP or WebSocket: a Unix socket in a folder only this user can enter (0700, owned by
us, not a symlink), the socket itself 0600, and the peer's uid checked on both ends
(SO_PEERCRED on Linux, LOCAL_PEERCRED on macOS). One socket per running host:
`<browser>-<pid>.sock`, so several browsers or profiles never share one.
"""
from __future__ import annotations

import os
import socket
import stat
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".sock"


class SocketSecurityError(Exception):
    """A folder, socket or peer that fails the owner/permission checks. `code` is a stable reason."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def socket_dir() -> Path:
    """$SITEAGENT_SOCKET_DIR, else a folder both ends find without relying on the environment (MCP
    clients start servers with a trimmed environment: the SDK's stdio client passes only HOME, PATH,
    ...; no XDG_RUNTIME_DIR or TMPDIR): Linux /run/user/<uid>/siteagent when that runtime folder is
    ours, else /tmp/siteagent-<uid>; macOS ~/Library/Caches/siteagent/run."""
    override = os.environ.get("SITEAGENT_SOCKET_DIR")
    if override:
        return Path(override)
    uid = os.getuid()
    if sys.platform == "darwin":
        return Path(os.path.expanduser("~")) / "Library" / "Caches" / "siteagent" / "run"
    runtime = Path(RUN_USER) / str(uid)
    try:
        if runtime.is_dir() and os.stat(runtime).st_uid == uid:
            return runtime / "siteagent"
    except OSError:
        pass
    return Path("/tmp") / f"siteagent-{uid}"


RUN_USER = "/run/user"


def check_dir(path: Path) -> None:
    """Raise SocketSecurityError unless `path` is a real folder we own with mode 0700 (no group/other bits)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise SocketSecurityError("no_socket_dir", f"{path} does not exist") from None
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise SocketSecurityError("socket_dir_not_dir", f"{path} is not a plain folder (a symlink?)")
    if info.st_uid != os.getuid():
        raise SocketSecurityError("socket_dir_owner", f"{path} belongs to uid {info.st_uid}, not {os.getuid()}")
    if info.st_mode & 0o077:
        raise SocketSecurityError("socket_dir_mode", f"{path} has mode {oct(info.st_mode & 0o777)}; it must be 0700")


def ensure_dir(path: Path | None = None) -> Path:
    """Create the socket folder 0700 if needed (its parents too, 0700, on macOS), then check it."""
    path = path or socket_dir()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    check_dir(path)
    return path


def peer_uid(sock: socket.socket) -> int:
    """The uid of the process at the other end of a connected Unix socket."""
    if hasattr(socket, "SO_PEERCRED"):
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", raw)
        return uid
    if sys.platform == "darwin":  # pragma: no cover - macOS only: struct xucred {u_int version; uid_t uid; ...}
        local_peercred = getattr(socket, "LOCAL_PEERCRED", 0x001)
        raw = sock.getsockopt(0, local_peercred, 4 + 4 + 2 + 16 * 4)
        return struct.unpack_from("=II", raw)[1]
    raise SocketSecurityError("no_peer_check", "this platform has no peer-credential check")  # pragma: no cover


def check_peer(sock: socket.socket) -> None:
    uid = peer_uid(sock)
    if uid != os.getuid():
        raise SocketSecurityError("peer_uid", f"peer uid {uid} is not ours ({os.getuid()})")


def listen(label: str, directory: Path | None = None) -> tuple[socket.socket, Path]:
    """A listening socket `<label>-<pid>.sock`, mode 0600, in the checked folder."""
    directory = ensure_dir(directory)
    path = directory / f"{safe_label(label)}-{os.getpid()}{SUFFIX}"
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        server.bind(str(path))
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    server.listen(8)
    return server, path


def safe_label(label: str) -> str:
    return "".join(c if c.isalnum() or c in "._" else "_" for c in label)[:40] or "browser"


@dataclass(frozen=True)
class HostSocket:
    path: Path
    label: str      # "<browser>-<pid>", the name SITEAGENT_BROWSER picks

    @property
    def pid(self) -> int:
        return int(self.label.rsplit("-", 1)[1])


def list_hosts(directory: Path | None = None) -> list[HostSocket]:
    """The sockets of hosts that are still running (a stale file of a dead pid is removed)."""
    directory = directory or socket_dir()
    if not directory.is_dir():
        return []
    check_dir(directory)
    found = []
    for path in sorted(directory.glob("*" + SUFFIX)):
        label = path.name[:-len(SUFFIX)]
        try:
            pid = int(label.rsplit("-", 1)[1])
        except (IndexError, ValueError):
            continue
        if not _alive(pid):
            try:
                path.unlink()
            except OSError:
                pass
            continue
        found.append(HostSocket(path, label))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def connect(host: HostSocket, timeout: float = 5.0) -> socket.socket:
    """Connect to a host's socket after checking the folder and the socket file, then the peer's uid."""
    check_dir(host.path.parent)
    info = os.lstat(host.path)
    if not stat.S_ISSOCK(info.st_mode):
        raise SocketSecurityError("not_socket", f"{host.path} is not a socket")
    if info.st_uid != os.getuid():
        raise SocketSecurityError("socket_owner", f"{host.path} belongs to uid {info.st_uid}")
    if info.st_mode & 0o077:
        raise SocketSecurityError("socket_mode", f"{host.path} has mode {oct(info.st_mode & 0o777)}; want 0600")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(str(host.path))
        check_peer(sock)
    except BaseException:
        sock.close()
        raise
    sock.settimeout(None)
    return sock


def choose(hosts: list[HostSocket], wanted: str | None) -> HostSocket:
    """The host a call goes to: the only one, or the one SITEAGENT_BROWSER names (a label, a pid or a
    browser name that matches exactly one). Never the first of several."""
    if wanted:
        matches = [h for h in hosts if wanted in (h.label, str(h.pid), h.label.rsplit("-", 1)[0])]
        if len(matches) == 1:
            return matches[0]
        names = ", ".join(h.label for h in hosts) or "none"
        raise LookupError(f"SITEAGENT_BROWSER={wanted} matches {len(matches)} of the connected browsers ({names})")
    if not hosts:
        raise LookupError("no browser is connected: open the browser with Site Agent and turn MCP on in its "
                          "console (run `siteagent mcp doctor` to check the set-up)")
    if len(hosts) > 1:
        names = ", ".join(h.label for h in hosts)
        raise LookupError(f"{len(hosts)} browsers are connected ({names}): set SITEAGENT_BROWSER to one of them, "
                          "or call site_agent_browsers to list them")
    return hosts[0]
