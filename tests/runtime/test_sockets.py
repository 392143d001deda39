"""The socket folder and client-side checks, and choosing a host (never the first of several)."""
from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from siteagent_runtime import sockets
from siteagent_runtime.sockets import HostSocket, SocketSecurityError


def test_socket_dir_needs_no_environment_but_the_override(monkeypatch, tmp_path):
    monkeypatch.setenv("SITEAGENT_SOCKET_DIR", str(tmp_path / "x"))
    assert sockets.socket_dir() == tmp_path / "x"
    monkeypatch.delenv("SITEAGENT_SOCKET_DIR")
    # an MCP client's trimmed environment and the browser's full one give the same folder
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    full = sockets.socket_dir()
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    monkeypatch.delenv("TMPDIR")
    assert sockets.socket_dir() == full
    monkeypatch.setattr(sockets, "RUN_USER", str(tmp_path))
    assert sockets.socket_dir() == Path("/tmp") / f"siteagent-{os.getuid()}"     # no /run/user/<uid>
    (tmp_path / str(os.getuid())).mkdir()
    assert sockets.socket_dir() == tmp_path / str(os.getuid()) / "siteagent"


def test_folder_checks(tmp_path):
    d = sockets.ensure_dir(tmp_path / "run")
    assert (os.stat(d).st_mode & 0o777) == 0o700
    os.chmod(d, 0o755)
    with pytest.raises(SocketSecurityError) as mode:
        sockets.check_dir(d)
    assert mode.value.code == "socket_dir_mode"
    link = tmp_path / "link"
    link.symlink_to(d)
    with pytest.raises(SocketSecurityError) as sym:
        sockets.check_dir(link)
    assert sym.value.code == "socket_dir_not_dir"
    with pytest.raises(SocketSecurityError):
        sockets.check_dir(tmp_path / "nothing")


def test_listen_connect_peer_and_stale_cleanup(tmp_path):
    d = sockets.ensure_dir(tmp_path / "run")
    server, path = sockets.listen("chromium", d)
    try:
        assert (os.lstat(path).st_mode & 0o777) == 0o600 and path.name == f"chromium-{os.getpid()}.sock"
        [found] = sockets.list_hosts(d)
        client = sockets.connect(found)
        conn, _ = server.accept()
        assert sockets.peer_uid(conn) == os.getuid() == sockets.peer_uid(client)
        client.close()
        conn.close()
        os.chmod(path, 0o666)
        with pytest.raises(SocketSecurityError) as loose:
            sockets.connect(found)
        assert loose.value.code == "socket_mode"
    finally:
        server.close()
    stale = d / "chrome-999999999.sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(stale))
    s.close()
    assert [h.label for h in sockets.list_hosts(d)] == [f"chromium-{os.getpid()}"]
    assert not stale.exists()


def test_choose_never_picks_the_first_of_several(tmp_path):
    a, b = HostSocket(tmp_path / "chrome-10.sock", "chrome-10"), HostSocket(tmp_path / "msedge-20.sock", "msedge-20")
    assert sockets.choose([a], None) == a
    with pytest.raises(LookupError, match="2 browsers are connected .*SITEAGENT_BROWSER"):
        sockets.choose([a, b], None)
    assert sockets.choose([a, b], "msedge") == b
    assert sockets.choose([a, b], "10") == a
    assert sockets.choose([a, b], "chrome-10") == a
    with pytest.raises(LookupError, match="matches 0"):
        sockets.choose([a, b], "opera")
    with pytest.raises(LookupError, match="no browser is connected"):
        sockets.choose([], None)
