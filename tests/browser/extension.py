"""Helpers shared by browser tests: extension-page messaging, pending page calls, storage dumps."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from harness import wait_until


def ext_send(browser, message: dict, timeout: float = 10) -> object:
    """Send a runtime message from an extension page (the console), as the console itself would."""
    drv = browser.driver
    back = drv.current_window_handle
    drv.switch_to.new_window("tab")
    try:
        drv.get(browser.extension_url("console.html"))
        return browser.page_eval_async(
            "const done = arguments[arguments.length - 1];"
            "chrome.runtime.sendMessage(arguments[0]).then(done, e => done({error: String(e)}));",
            message, timeout=timeout)
    finally:
        drv.close()
        drv.switch_to.window(back)


def payload(reply: dict) -> dict:
    """The outcome inside a bridge reply (a reply without one is a failure)."""
    assert "payload" in reply, reply
    return reply["payload"]


def call_tool(browser, name: str, args: dict | None = None, timeout_ms: int = 15000) -> dict:
    """CALL_TOOL from the chatbot page; the outcome."""
    return payload(browser.sa_call(name, args or {}, timeout_ms))


def tool_result(browser, name: str, args: dict | None = None, timeout_ms: int = 15000):
    """CALL_TOOL that must succeed; its result."""
    out = call_tool(browser, name, args, timeout_ms)
    assert out["ok"] is True, out
    return out["result"]


def start_call(browser, name: str, args: dict, timeout_ms: int = 30000) -> str:
    """Start CALL_TOOL without waiting; returns a key for `call_result`."""
    key = f"call{time.monotonic_ns()}"
    browser.driver.execute_script(
        "window.__calls = window.__calls || {};"
        "const key = arguments[0];"
        "sa.send('CALL_TOOL', {name: arguments[1], args: arguments[2]}, arguments[3])"
        "  .then(r => { window.__calls[key] = r; });",
        key, name, args, timeout_ms)
    return key


def call_result(browser, key: str, timeout: float = 20):
    return wait_until(lambda: browser.driver.execute_script(
        "return (window.__calls || {})[arguments[0]] || null", key), timeout, f"the reply to {key}")


def answer_approval(browser, key: str, allow: bool, timeout: float = 25) -> tuple[str, dict]:
    """For a call started with `start_call`: read the approval window's preview, click Allow or Deny
    (real trusted clicks), and return (preview text, the call's outcome)."""
    popup = browser.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
    preview = popup.eval("document.getElementById('approve-preview').textContent")
    if allow:
        popup.wait_for("!document.getElementById('allow').disabled")
        popup.click("#allow")
    else:
        popup.click("#deny")
    outcome = call_result(browser, key, timeout=timeout)["payload"]
    wait_until(lambda: popup.is_closed, 5, "the approval window to close")
    return preview, outcome


def storage_dump(browser) -> str:
    """Every chrome.storage area the extension has, as one JSON text."""
    return browser.sw_eval(
        "Promise.all([chrome.storage.local.get(null), chrome.storage.session.get(null),"
        " chrome.storage.sync.get(null)]).then(a => JSON.stringify(a))")


def effects(browser) -> dict:
    return json.loads(browser.sw_eval(
        "chrome.storage.session.get('test_effects').then(r => JSON.stringify(r.test_effects || {}))"))


def audit_log(browser) -> list:
    """The audit log as stored (a ring of `audit:<slot>` keys and `audit_meta`), oldest first."""
    return json.loads(browser.sw_eval(
        "chrome.storage.local.get(null).then(all => { const m = all.audit_meta; if (!m) return '[]';"
        " const out = []; for (let i = 0; i < m.count; i++) {"
        "   const slot = (m.next - m.count + i + 200) % 200; out.push(all['audit:' + slot]); }"
        " return JSON.stringify(out); })"))


def reset_extension_state(browser) -> None:
    browser.sw_eval("Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]).then(() => 1)")


def build_variant(dest: Path, edit_config, profile: str = "test", edit_tree=None) -> Path:
    """Build the real tree with an edited siteagent.toml (edit_config: text -> text) and, when given,
    edit_tree(project root) run on the copy first; returns dist/."""
    from buildtool.app import Application
    from buildtool.build import build
    from harness import REPO_ROOT
    root = dest / "proj"
    root.mkdir(parents=True)
    for name in ("siteagent.toml", "package.json"):
        shutil.copy(REPO_ROOT / name, root / name)
    for name in ("templates", "siteagent_src"):
        shutil.copytree(REPO_ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(REPO_ROOT / "node_modules")
    cfg = root / "siteagent.toml"
    cfg.write_text(edit_config(cfg.read_text()))
    if edit_tree is not None:
        edit_tree(root)
    return build(Application.discover(root), profile, dest / "dist").dist
