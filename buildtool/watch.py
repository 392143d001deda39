"""`siteagent build --watch`: incremental rebuilds and, in the dev profile, live reload over a loopback WebSocket."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import watchfiles

from . import build as builder
from .errors import BuildError


class LiveReloadServer:
    """A tiny WebSocket broadcaster on 127.0.0.1; the dev service worker listens to it."""

    def __init__(self, port: int):
        from websockets.sync.server import serve
        self.clients: set = set()
        self.lock = threading.Lock()
        try:
            self.server = serve(self._handler, "127.0.0.1", port)
        except OSError as exc:
            raise BuildError(f"live reload port {port} is busy: {exc.strerror}", key="profiles.dev.live_reload_port",
                             code="port_busy", hint="stop the other watcher or set profiles.dev.live_reload_port") from None
        self.port = self.server.socket.getsockname()[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def _handler(self, connection):
        with self.lock:
            self.clients.add(connection)
        try:
            for _ in connection:
                pass
        finally:
            with self.lock:
                self.clients.discard(connection)

    def broadcast(self, message: dict) -> int:
        data = json.dumps(message)
        with self.lock:
            clients = list(self.clients)
        sent = 0
        for client in clients:
            try:
                client.send(data)
                sent += 1
            except Exception:  # a client that went away
                pass
        return sent

    def close(self) -> None:
        self.server.shutdown()


def classify(changes, app) -> str:
    """'full' when config or templates change, else 'python'."""
    kind = "python"
    for _, path in changes:
        p = Path(path)
        if p.name == "siteagent.toml" or p.is_relative_to(app.templates_dir):
            return "full"
    return kind


def human(n: int) -> str:
    return f"{n / 1024:.1f} KB"


class Watcher:
    def __init__(self, app, profile: str, out: Path | None):
        self.app = app
        self.profile = profile
        self.out = Path(out) if out else app.default_dist
        self.sizes: dict[str, int] = {}
        self.config = None
        self.tx = None
        self.phases = ""

    def full(self) -> builder.BuildResult:
        result = builder.build(self.app, self.profile, self.out)
        self.config = result.config
        self.tx = builder.transpiler_for(self.app, self.config)
        self.sizes = {e.path: e.raw for e in result.entries}
        return result

    def affected_entries(self, changed: list[Path]) -> list[builder.Entry]:
        graph = self.tx.graph()
        changed_set = {p.resolve() for p in changed}
        return [e for e in builder.ENTRIES if graph.files_of(e.module) & changed_set]

    def incremental(self, changed: list[Path]) -> tuple[list[builder.Entry], list[str]]:
        started = time.perf_counter()
        builder.run_check(self.app, self.config)
        # a tab tool declared or renamed changes the tab's generated table (tabtools), whose entries rebuild too
        changed = list(changed) + self.tx.write_generated(builder.generated_modules(self.app, self.config))
        checked = time.perf_counter()
        entries = self.affected_entries(changed)
        if not entries:
            return [], []
        result = self.tx.run([e.module for e in entries])
        transpiled = time.perf_counter()
        staging = Path(tempfile.mkdtemp(prefix=".watch-", dir=self.out.parent))
        try:
            builder.bundle_entries(self.app, self.config, self.tx, entries, staging, staging / builder.CLIENT_DIR)
            self.phases = (f"check {checked - started:.2f}s, transpile {transpiled - checked:.2f}s, "
                           f"bundle {time.perf_counter() - transpiled:.2f}s")
            for entry in entries:
                base = staging / builder.CLIENT_DIR if entry.client else staging
                target = self.out.parent / builder.CLIENT_DIR if entry.client else self.out
                for produced in base.glob(entry.outfile + "*"):
                    os.replace(produced, target / produced.name)
            # a changed tool declaration changes the package's types and README, whichever entry it is in
            builder.write_client_package(self.app, self.config, self.out.parent / builder.CLIENT_DIR)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return entries, result.compiled

    def describe(self, entries) -> str:
        parts = []
        for entry in entries:
            label = f"{builder.CLIENT_DIR}/{entry.outfile}" if entry.client else entry.outfile
            path = (self.out.parent / builder.CLIENT_DIR if entry.client else self.out) / entry.outfile
            size = path.stat().st_size
            delta = size - self.sizes.get(label, size)
            self.sizes[label] = size
            parts.append(f"{entry.outfile} {human(size)} ({delta:+,} B)")
        return ", ".join(parts)


def watch(app, profile: str = "dev", out: Path | None = None, *, stop_event: threading.Event | None = None,
          on_rebuild=None) -> None:
    watcher = Watcher(app, profile, out)
    server = None
    try:
        result = watcher.full()
        app.echo(result.summary())
    except BuildError as err:
        app.echo(f"error: {err}", err=True)
        result = None
    config = watcher.config or app.config(profile)
    if profile == "dev" and config.live_reload:
        server = LiveReloadServer(config.live_reload_port)
        app.echo(f"live reload on ws://127.0.0.1:{server.port}")
    app.echo(f"watching {app.src_dir.name}/, {app.templates_dir.name}/ and siteagent.toml (Ctrl-C to stop)")
    paths = [app.src_dir, app.templates_dir, app.config_source]
    build_no = 0
    try:
        for changes in watchfiles.watch(*paths, debounce=30, step=10, stop_event=stop_event,
                                        watch_filter=lambda _c, p: not p.endswith((".pyc", "~", ".swp"))
                                        and "__pycache__" not in p, raise_interrupt=False):
            started = time.perf_counter()
            names = sorted({os.path.relpath(p, app.root) for _, p in changes})
            what = ", ".join(names[:3]) + (f" (+{len(names) - 3})" if len(names) > 3 else "")
            try:
                if watcher.tx is None or classify(changes, app) == "full":
                    res = watcher.full()
                    detail = f"full rebuild, zip {human(res.zip_size)}"
                    rebuilt = [e.outfile for e in builder.ENTRIES]
                else:
                    entries, _ = watcher.incremental([Path(p) for _, p in changes if p.endswith(".py")])
                    detail = (watcher.describe(entries) + f" [{watcher.phases}]") if entries else "no entry affected"
                    rebuilt = [e.outfile for e in entries]
            except BuildError as err:
                app.echo(f"[{time.strftime('%H:%M:%S')}] {what}: error: {err}", err=True)
                continue
            build_no += 1
            elapsed = time.perf_counter() - started
            app.echo(f"[{time.strftime('%H:%M:%S')}] {what} -> {detail} in {elapsed:.2f}s")
            if server and rebuilt:
                server.broadcast({"type": "reload", "build": build_no, "files": rebuilt})
            if on_rebuild:
                on_rebuild(rebuilt, elapsed)
    finally:
        if server:
            server.close()
