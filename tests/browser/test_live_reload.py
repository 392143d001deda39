"""`siteagent build --watch` in the dev profile: edit a source file and the open tab runs the new code."""
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness import Browser, FixtureServer, SITES, host_rules_for, wait_until

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dev_project(tmp_path):
    root = tmp_path / "proj"
    root.mkdir()
    for name in ("siteagent.toml", "package.json"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "templates", root / "templates")
    shutil.copytree(REPO / "siteagent_src", root / "siteagent_src", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(REPO / "node_modules")
    port = free_port()
    cfg = root / "siteagent.toml"
    cfg.write_text(cfg.read_text().replace("[profiles.dev]\n", f"[profiles.dev]\nlive_reload_port = {port}\n"))
    return root


def test_edit_reaches_the_open_tab_without_a_refresh(dev_project):
    log = open(dev_project / "watch.log", "w")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    watcher = subprocess.Popen([sys.executable, "-c", "from buildtool.cli import main; main()", "build", "--watch"],
                               cwd=dev_project, stdout=log, stderr=subprocess.STDOUT, env=env)
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    browser = None
    try:
        wait_until(lambda: "live reload on ws://127.0.0.1:" in (dev_project / "watch.log").read_text(), 60,
                   "the watcher to finish its first build")
        browser = Browser(dev_project / "dist", host_rules=host_rules_for([chat]))
        browser.open_chatbot(chat)
        assert browser.sa_send("PING")["payload"]["ok"] is True
        browser.driver.execute_script("window.__pageMark = 'kept'")
        # the dev worker connects to the watcher's WebSocket
        wait_until(lambda: browser.sw_eval("1") == 1, 10, "the worker")
        time.sleep(1.0)
        bridge = dev_project / "siteagent_src/entries/bridge.py"
        started = time.monotonic()
        bridge.write_text(bridge.read_text() + "\ndocument.documentElement.setAttribute('data-live-probe', 'v2')\n")
        wait_until(lambda: browser.driver.execute_script(
            "return document.documentElement.getAttribute('data-live-probe')") == "v2", 30,
            "the edited bridge to run in the open tab")
        elapsed = time.monotonic() - started
        print(f"\nedit -> new code running in the open tab: {elapsed:.2f} s")
        assert browser.driver.execute_script("return window.__pageMark") == "kept", "the page was refreshed"
        wait_until(lambda: browser.sa_send("PING", timeout_ms=2000).get("payload", {}).get("ok"), 20,
                   "the new bridge to answer")
        text = (dev_project / "watch.log").read_text()
        assert "siteagent_src/entries/bridge.py -> bridge.js" in text, text
    finally:
        if browser:
            browser.quit()
        chat.close()
        watcher.terminate()
        watcher.wait(10)
        log.close()
