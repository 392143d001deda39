"""`siteagent native-host`: the process the browser starts through `chrome.runtime.connectNative`.

It relays between the extension (native messaging on stdin / a private copy of stdout) and the
MCP servers of this user (the Unix socket, sockets.py). It decides nothing: every call goes to
the extension's one gate sequence, and only the extension's approval window can approve.

Lifetime: when the browser closes the port, stdin ends; the host says `bye` to every server,
removes its socket and exits at once (the browser kills it 1-2 s later anyway).
"""
from __future__ import annotations

import itertools
import os
import socket
import sys
import threading

from . import framing, sockets
from .framing import LITTLE, FrameError


def log(text: str) -> None:
    try:
        sys.stderr.write(f"siteagent native-host[{os.getpid()}]: {text}\n")
        sys.stderr.flush()
    except OSError:
        pass


def browser_label() -> str:
    """The parent browser's process name ("chromium", "chrome", "msedge", "opera", "brave")."""
    try:
        with open(f"/proc/{os.getppid()}/comm", encoding="utf-8") as f:
            name = f.read().strip()
    except OSError:
        name = os.environ.get("SITEAGENT_BROWSER_NAME", "browser")
    name = name.lower()
    for known in ("chromium", "chrome", "msedge", "edge", "opera", "brave"):
        if known in name:
            return known
    return sockets.safe_label(name) or "browser"


CONNECTION_LOST = {"t": "bye", "reason": "mcp_connection_lost",
                   "message": "the browser closed the connection (browser closed, or the extension restarted)"}


class Conn:
    def __init__(self, conn_id: str, sock: socket.socket):
        self.id = conn_id
        self.sock = sock
        self.lock = threading.Lock()
        self.closed = False

    def send(self, message: dict) -> None:
        data = framing.encode(message, LITTLE)
        with self.lock:
            if self.closed:
                return
            try:
                self.sock.sendall(data)
            except OSError:
                self.closed = True

    def close(self) -> None:
        with self.lock:
            self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class Host:
    def __init__(self, proto_out, stdin, label: str, directory=None):
        self.out = proto_out
        self.stdin = stdin
        self.out_lock = threading.Lock()
        self.conns: dict[str, Conn] = {}
        self.conns_lock = threading.Lock()
        self.ids = itertools.count(1)
        self.chunk_ids = itertools.count(1)
        self.server, self.path = sockets.listen(label, directory)
        self.label = self.path.name[:-len(sockets.SUFFIX)]
        self.stopping = threading.Event()

    # --- to the extension ---------------------------------------------------------------------
    def to_extension(self, message: dict) -> None:
        frames = framing.to_extension_frames(message, f"h{os.getpid()}-{next(self.chunk_ids)}")
        with self.out_lock:
            try:
                for frame in frames:
                    self.out.write(frame)
                self.out.flush()
            except (OSError, ValueError):
                self.stop("the browser closed the port")

    # --- the socket side ----------------------------------------------------------------------
    def accept_loop(self) -> None:
        while not self.stopping.is_set():
            try:
                sock, _ = self.server.accept()
            except OSError:
                return
            try:
                sockets.check_peer(sock)
            except sockets.SocketSecurityError as exc:
                log(f"refused a connection: {exc}")
                sock.close()
                continue
            conn = Conn(f"c{next(self.ids)}", sock)
            threading.Thread(target=self.conn_loop, args=(conn,), daemon=True).start()

    def conn_loop(self, conn: Conn) -> None:
        opened = False
        try:
            hello = framing.read_frame(conn.sock.recv, framing.SOCKET_MAX, LITTLE)
            if hello is None or hello.get("t") != "hello" or not isinstance(hello.get("client"), dict):
                conn.send({"t": "bye", "reason": "bad_hello", "message": "the first frame must be a hello"})
                return
            client = {"name": str(hello["client"].get("name") or "unnamed client")[:80],
                      "version": str(hello["client"].get("version") or "")[:40]}
            with self.conns_lock:
                late = self.stopping.is_set()
                if not late:
                    self.conns[conn.id] = conn
            if late:
                conn.send(CONNECTION_LOST)
                return
            opened = True
            conn.send({"t": "welcome", "label": self.label, "pid": os.getpid()})
            self.to_extension({"t": "open", "conn": conn.id, "client": client})
            # no check of `stopping` here: stop() says bye to every registered connection, then
            # shuts its socket, which ends this read. Leaving the loop on the flag instead raced
            # stop(): this thread closed the socket before stop() could send the bye.
            while True:
                frame = framing.read_frame(conn.sock.recv, framing.SOCKET_MAX, LITTLE)
                if frame is None:
                    return
                kind = frame.get("t")
                if kind == "req" and isinstance(frame.get("id"), str):
                    self.to_extension({"t": "req", "conn": conn.id, "id": frame["id"], "op": frame.get("op"),
                                       "name": frame.get("name"), "args": frame.get("args")})
                elif kind == "cancel" and isinstance(frame.get("id"), str):
                    self.to_extension({"t": "cancel", "conn": conn.id, "id": frame["id"]})
        except (OSError, FrameError) as exc:
            log(f"connection {conn.id} ended: {exc}")
        finally:
            with self.conns_lock:
                self.conns.pop(conn.id, None)
            conn.close()
            if opened and not self.stopping.is_set():
                self.to_extension({"t": "close", "conn": conn.id})

    # --- from the extension -------------------------------------------------------------------
    def handle_from_extension(self, message: dict) -> None:
        kind = message.get("t")
        if kind == "drop_all":
            with self.conns_lock:
                conns = list(self.conns.values())
            for conn in conns:
                conn.send({"t": "bye", "reason": "mcp_disconnected", "message": "disconnected in the Site Agent console"})
                conn.close()
            return
        with self.conns_lock:
            conn = self.conns.get(message.get("conn"))
        if conn is None:
            return
        if kind == "drop":
            conn.send({"t": "bye", "reason": message.get("reason") or "mcp_disconnected",
                       "message": message.get("message") or "disconnected by the extension"})
            conn.close()
            return
        conn.send(message)

    def read_loop(self) -> None:
        while True:
            try:
                message = framing.read_frame(self.stdin.read, framing.EXT_TO_HOST_MAX)
            except FrameError as exc:
                log(f"bad frame from the browser: {exc}")
                return
            except OSError:
                return
            if message is None:
                return
            self.handle_from_extension(message)

    def stop(self, why: str) -> None:
        if self.stopping.is_set():
            return
        self.stopping.set()
        log(f"stopping: {why}")
        try:
            self.path.unlink()
        except OSError:
            pass
        try:
            self.server.close()
        except OSError:
            pass
        with self.conns_lock:      # after `stopping` is set: a connection registers before this or not at all
            conns = list(self.conns.values())
        for conn in conns:
            conn.send(CONNECTION_LOST)
            conn.close()

    def run(self) -> int:
        threading.Thread(target=self.accept_loop, daemon=True).start()
        self.to_extension({"t": "host", "label": self.label, "pid": os.getpid()})
        self.read_loop()
        self.stop("stdin closed")
        return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point. argv[0] is the caller's origin (chrome-extension://<id>/) as the browser passes it."""
    proto = framing.private_stdout()
    stdin = os.fdopen(os.dup(0), "rb", buffering=0)
    try:
        host = Host(proto, stdin, browser_label())
    except (OSError, sockets.SocketSecurityError) as exc:
        log(f"cannot open the socket: {exc}")
        return 2
    code = host.run()
    sys.stderr.flush()
    os._exit(code)  # daemon threads blocked in accept/recv must not delay the exit


if __name__ == "__main__":
    main(sys.argv[1:])
