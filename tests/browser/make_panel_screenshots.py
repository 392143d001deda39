"""Regenerate docs/panel-chat-light.png and docs/panel-chat-dark.png: the side panel's chat mid-task
(360 px wide), driven against a scripted OpenAI-compatible streaming server (stream_models.py) on the
order fixture page, stopped while the approval window waits for "Delete account".

    python tests/browser/make_panel_screenshots.py DIST [OUT_DIR]
"""
import base64
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import Browser, FixtureServer, SITES, host_rules_for, wait_until  # noqa: E402
from stream_models import StreamModel, Turn, first_user_text, last_tool_texts, outcome_in  # noqa: E402
import test_sidepanel_chat as t  # noqa: E402

WIDTH = 360


def plan(body, n):
    context = first_user_text("openai", body)
    if n == 1:
        plan.uids = {"name": t.uid_in(context, "T", "Delivery name"), "size": t.uid_in(context, "S", "Size"),
                     "quote": t.uid_in(context, "B", "Get quote"), "del": t.uid_in(context, "B", "Delete account")}
        return Turn("I'll fill in the order form first.",
                    [("page", {"method": "type", "uid": plan.uids["name"], "text": "Ada Lovelace"})], usage=(1480, 38))
    outcome_in(last_tool_texts("openai", body)[0])
    if n == 2:
        return Turn("", [("page", {"method": "select", "uid": plan.uids["size"], "label": "Medium"})], usage=(1690, 31))
    if n == 3:
        return Turn("", [("page", {"method": "click", "uid": plan.uids["quote"]})], usage=(1795, 24))
    return Turn("The quote is 42.50 EUR. You also asked me to close the account, so:",
                [("page", {"method": "click", "uid": plan.uids["del"]})], usage=(2210, 41))


def capture(b, path):
    height = b.driver.execute_script("return document.documentElement.scrollHeight")
    # the composer is sticky at the bottom of the viewport: make the viewport the page's height
    b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                             {"width": WIDTH, "height": height, "deviceScaleFactor": 1, "mobile": False})
    time.sleep(0.3)
    height = b.driver.execute_script("return document.documentElement.scrollHeight")
    shot = b.driver.execute_cdp_cmd("Page.captureScreenshot", {
        "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": WIDTH, "height": height, "scale": 1}})
    Path(path).write_bytes(base64.b64decode(shot["data"]))


def main(dist, out):
    pages = FixtureServer(SITES / "pages", ["shop.test"])
    server = StreamModel("openai", plan)
    b = Browser(dist, host_rules=host_rules_for([pages]), window_size="1000,900")
    try:
        for theme in ("light", "dark"):
            b.sw_eval("Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]).then(() => 1)")
            server.requests.clear()
            t.open_panel(b, "/panel-order.html", theme)
            b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                     {"width": WIDTH, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            t.configure(b, "openai", server, key="sk-screenshot", model="gpt-4o-mini")
            t.say(b, "Order a medium lamp for Ada Lovelace, tell me the price, then close my account.", wait=False)
            popup = b.wait_for_popup("approve.html")
            wait_until(lambda: [c["state"] for c in t.cards(b)][-1:] == ["waiting"], 10, "the waiting card")
            time.sleep(0.5)
            capture(b, f"{out}/panel-chat-{theme}.png")
            popup.click("#deny")
            t.finished(b)
            b.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            b.driver.close()
            b.driver.switch_to.window(b.driver.window_handles[0])
    finally:
        b.quit()
        server.close()
        pages.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else str(Path(__file__).resolve().parents[2] / "docs"))
