"""Regenerate docs/console-*.png and docs/sidepanel-*.png (headless Chromium, test build).

    python tests/browser/make_screenshots.py DIST [OUT_DIR]
"""
import base64
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Browser, FixtureServer, SITES, start_google_sites, host_rules_for  # noqa: E402
from extension import ext_send, start_call  # noqa: E402
from conhelp import open_console, pick_tool, run_form, wait_js  # noqa: E402

BROKEN = "<!doctype html><title>Inbox (3) - Gmail</title><p>markup changed</p>"


def capture(b, path, width):
    height = b.driver.execute_script("return document.documentElement.scrollHeight")
    shot = b.driver.execute_cdp_cmd("Page.captureScreenshot", {
        "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    Path(path).write_bytes(base64.b64decode(shot["data"]))


def main(dist, out):
    sites = start_google_sites(SITES)
    chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    b = Browser(dist, host_rules=host_rules_for(list(sites.values()) + [chat]), window_size="1280,900")
    try:
        sites["gmail"].set_override("/", BROKEN)
        b.open(sites["gmail"].url("/"))
        tab = b.sw_eval("chrome.tabs.query({url: 'https://mail.google.com/*'}).then(t => t[0].id)")
        ext_send(b, {"kind": "attach_tab", "tabId": tab})
        ext_send(b, {"kind": "macro_import", "text": json.dumps({"format": "siteagent-macros", "version": 1, "macros": [
            {"name": "check_then_confirm", "description": "Read, then confirm", "params": ["note"], "steps": [
                {"tool": "test_read", "args": {"text": "a"}, "bind": {"text": "note"}},
                {"tool": "test_irreversible", "args": {"text": "confirm"}}]},
            {"name": "tab_title", "steps": [{"tool": "test_tab_info", "args": {}}]}]})})
        b.new_tab()
        b.open_chatbot(chat)
        b.sa_call("test_read", {"text": "hello"})
        b.sa_call("test_write", {"text": 5})
        b.sa_call("macro_list")
        ext_send(b, {"kind": "set_tool_enabled", "name": "generic_click_text", "enabled": False})
        ext_send(b, {"kind": "macro_record_start", "source": "console", "count": 1})
        ext_send(b, {"kind": "console_call", "name": "test_read", "args": {"text": "recorded"}})
        ext_send(b, {"kind": "health_check_now"})
        for theme in ("light", "dark"):
            b.driver.set_window_size(1280, 900)
            open_console(b, f"console.html?theme={theme}")
            pick_tool(b, "test_tab_info")
            run_form(b)
            b.driver.execute_script("window.scrollTo(0, 0)")
            time.sleep(0.4)
            capture(b, f"{out}/console-{theme}.png", 1280)
        b.new_tab()
        b.open_chatbot(chat)
        start_call(b, "test_irreversible", {"text": "pending in the panel"})
        b.wait_for_popup("approve.html")
        for theme in ("light", "dark"):
            b.driver.set_window_size(400, 760)
            b.new_tab(b.extension_url(f"sidepanel.html?theme={theme}"))
            wait_js(b, "!document.getElementById('pending').hidden", "the pending card")
            time.sleep(0.3)
            capture(b, f"{out}/sidepanel-{theme}.png", 400)
    finally:
        b.quit()
        chat.close()
        for s in sites.values():
            s.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else str(Path(__file__).resolve().parents[2] / "docs"))
