"""The side panel's fixture task (issue 30), figure by figure: the order page of
tests/browser/test_sidepanel_chat.py run N times against the scripted OpenAI-compatible streaming
server, in real headless Chromium with a test build.

Prints, per model call: the request body's size (what the model would read: safety prompt, page
context, tools, results), the tool calls, and the time from Send to the end of the run; the token
figures are the ones the scripted server reports (no real model can be reached here), so they show
that the panel adds up and displays what a provider says, not what a real model would use.

Usage: python bench/panel.py [--runs 5]
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from buildtool.app import Application  # noqa: E402
from buildtool.build import build  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402
from stream_models import StreamModel  # noqa: E402
import test_sidepanel_chat as t  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = build(Application.discover(REPO, quiet=True), "test", Path(tmp) / "dist").dist
        pages = FixtureServer(SITES / "pages", ["shop.test"])
        b = Browser(dist, host_rules=host_rules_for([pages]))
        walls, sizes = [], []
        try:
            for run in range(args.runs):
                log: dict = {}
                server = StreamModel("openai", t.order_plan("openai", log))
                b.sw_eval("Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]).then(() => 1)")
                t.open_panel(b, "/panel-order.html")
                t.configure(b, "openai", server)
                start = time.perf_counter()
                t.say(b, "Order a medium lamp for Ada Lovelace and tell me the price.")
                walls.append(time.perf_counter() - start)
                sizes.append([len(json.dumps(r["body"])) for r in server.requests])
                if run == 0:
                    first = server.requests[0]["body"]
                    user = next(m["content"] for m in first["messages"] if m["role"] == "user")
                    print(f"steps (model calls): {len(server.requests)}; tool calls: {len(t.cards(b))} "
                          f"+ 1 context scan; answer: {t.answers(b)[-1][len('Assistant'):]!r}")
                    print(f"first request: {sizes[0][0]} bytes JSON; system prompt {len(first['messages'][0]['content'])}"
                          f" chars; user message with page context {len(user)} chars; tools JSON "
                          f"{len(json.dumps(first['tools']))} bytes ({len(first['tools'])} tools)")
                    print("tokens shown:", b.driver.execute_script(
                        "return document.getElementById('run-tokens').textContent"), "(scripted usage figures)")
                server.close()
                b.driver.close()
                b.driver.switch_to.window(b.driver.window_handles[0])
        finally:
            b.quit()
            pages.close()
    per_step = [statistics.median(col) for col in zip(*sizes)]
    print("request bytes per step (median over runs):", [int(x) for x in per_step])
    print(f"Send to answer, 6 streamed model calls + 6 gated page calls: median {statistics.median(walls):.2f} s "
          f"(min {min(walls):.2f}, max {max(walls):.2f}, {len(walls)} runs)")


if __name__ == "__main__":
    main()
