import json
import socket
import threading
import time

import pytest
import websocket

from buildtool.app import Application
from buildtool.watch import watch

from projects import make_project, MINI_SOURCES


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Session:
    def __init__(self, tmp_path):
        self.root = make_project(tmp_path / "proj")
        self.port = free_port()
        cfg = self.root / "siteagent.toml"
        cfg.write_text(cfg.read_text().replace("[profiles.dev]\n", f"[profiles.dev]\nlive_reload_port = {self.port}\n"))
        self.lines = []
        self.rebuilds = []
        self.stop = threading.Event()
        self.app = Application(root=self.root)
        self.app.echo = lambda text="", err=False: self.lines.append(text)
        self.thread = threading.Thread(target=watch, args=(self.app, "dev", None),
                                       kwargs={"stop_event": self.stop, "on_rebuild": self._rebuilt}, daemon=True)

    def _rebuilt(self, files, elapsed):
        self.rebuilds.append((files, elapsed))

    def start(self, timeout=20):
        self.thread.start()
        self.wait(lambda: any(l.startswith("watching") for l in self.lines), "watcher start", timeout)
        time.sleep(0.3)

    def wait(self, predicate, what, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}; output: {self.lines}")

    def edit(self, rel, text):
        (self.root / "siteagent_src" / rel).write_text(text)

    def close(self):
        self.stop.set()
        self.thread.join(10)


@pytest.fixture
def session(tmp_path):
    s = Session(tmp_path)
    yield s
    s.close()


def test_rebuilds_only_affected_entries_and_reports(session):
    session.start()
    ws = websocket.create_connection(f"ws://127.0.0.1:{session.port}", timeout=10)
    session.edit("entries/bridge.py", "console.log('bridge v2')\n")
    session.wait(lambda: len(session.rebuilds) == 1, "first rebuild")
    assert session.rebuilds[0][0] == ["bridge.js"]
    assert "bridge v2" in (session.root / "dist/bridge.js").read_text()
    line = [l for l in session.lines if "entries/bridge.py" in l][-1]
    assert "-> bridge.js" in line and " in " in line and "KB" in line
    assert json.loads(ws.recv()) == {"type": "reload", "build": 1, "files": ["bridge.js"]}
    session.edit("core/maths.py", MINI_SOURCES["core/maths.py"] + "# touched\n")
    session.wait(lambda: len(session.rebuilds) == 2, "second rebuild")
    assert sorted(session.rebuilds[1][0]) == ["background.js", "content.js"]
    ws.close()


def test_keeps_watching_after_an_error(session):
    session.start()
    session.edit("entries/bridge.py", "x = [1][-1]\n")
    session.wait(lambda: any("error:" in l for l in session.lines), "error line")
    error = [l for l in session.lines if "error:" in l][-1]
    assert "entries/bridge.py" in error and "Traceback" not in error
    session.edit("entries/bridge.py", "console.log('fixed')\n")
    session.wait(lambda: len(session.rebuilds) == 1, "rebuild after the fix")
    assert "fixed" in (session.root / "dist/bridge.js").read_text()


def test_template_change_rebuilds_pages(session):
    session.start()
    page = session.root / "templates/console.html.j2"
    page.write_text(page.read_text().replace("Status", "Status now"))
    session.wait(lambda: len(session.rebuilds) == 1, "template rebuild")
    assert "Status now" in (session.root / "dist/console.html").read_text()


def test_a_tab_tool_added_while_watching_reaches_content_js(tmp_path):
    """The tab's table of tools (the generated `tabtools`) is derived again on every rebuild: a tab tool
    declared in tools.py (which content.js does not import) rebuilds content.js with it."""
    import shutil
    from projects import REPO
    session = Session(tmp_path)
    shutil.rmtree(session.root / "siteagent_src")
    shutil.copytree(REPO / "siteagent_src", session.root / "siteagent_src", ignore=shutil.ignore_patterns("__pycache__"))
    try:
        session.start(180)                      # a first full build of the real tree
        tab = session.root / "siteagent_src/sites/console/tab.py"
        tab.write_text(tab.read_text() + "\n\n@tab_tool\ndef generic_page_title(args):\n    return document.title\n")
        session.wait(lambda: any("SA705" in l and "generic_page_title" in l for l in session.lines),
                     "SA705 for a function that names no tool yet", 60)
        tools = session.root / "siteagent_src/sites/console/tools.py"
        tools.write_text(tools.read_text() + "\nPAGE_TITLE = declare_tool(SITE, 'generic_page_title', 'read', "
                         "'The title of the attached tab.', object_schema({}, None), 'tab', {'public': False})\n")
        session.wait(lambda: session.rebuilds and "content.js" in session.rebuilds[-1][0], "content.js rebuilt", 60)
        assert "generic_page_title" in (session.root / "dist/content.js").read_text()
        assert "generic_page_title" in (session.root / "dist/background.js").read_text()
    finally:
        session.close()
