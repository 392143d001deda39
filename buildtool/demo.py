"""`siteagent demo`: the demo chat (templates/demo.html.j2) on localhost, on the client SDK's tool loop."""
from __future__ import annotations

import http.server
import threading
from pathlib import Path

from .errors import BuildError
from .render import environment, render_template

CLIENT_FILE = "siteagent-client.js"


class DemoHandler(http.server.SimpleHTTPRequestHandler):
    page: bytes = b""
    client_dir: Path = Path(".")

    def log_message(self, *args):  # keep test output quiet
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        if path in ("/", "/index.html"):
            return self._send(200, "text/html; charset=utf-8", self.page)
        if path == f"/{CLIENT_FILE}":
            data = (self.client_dir / CLIENT_FILE).read_bytes()
            return self._send(200, "text/javascript; charset=utf-8", data)
        return self._send(404, "text/plain", b"not found")

    def _send(self, status, kind, data):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)


def make_server(app, port: int = 8765, client_dir: Path | None = None, host: str = "127.0.0.1"):
    client_dir = Path(client_dir or app.root / "dist-client")
    if not (client_dir / CLIENT_FILE).is_file():
        raise BuildError(f"{CLIENT_FILE} not built", path=str(client_dir / CLIENT_FILE), code="not_built",
                         hint="run `siteagent build` first")
    config = app.config("dev")
    page = render_template(environment(app.templates_dir), "demo.html.j2", {"config": config}).encode()
    handler = type("BoundDemoHandler", (DemoHandler,), {"page": page, "client_dir": client_dir})
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as exc:
        raise BuildError(f"cannot listen on {host}:{port}: {exc.strerror}", key="--port", code="port_busy",
                         hint="pick another port with --port") from None
    return server


def serve_in_thread(server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread
