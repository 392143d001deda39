"""Bridge round trip in real headless Chromium: PING and CALL_TOOL of a read tool, timed in the page.

Usage: python bench/bridge.py [--n 300]
"""
import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from buildtool.app import Application  # noqa: E402
from buildtool.build import build  # noqa: E402
from harness import Browser, FixtureServer, SITES, host_rules_for  # noqa: E402

TIMER = """
const done = arguments[arguments.length - 1];
const [n, type, extra] = [arguments[0], arguments[1], arguments[2]];
(async () => {
  for (let i = 0; i < 20; i++) await sa.send(type, extra, 5000);          // warm up
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await sa.send(type, extra, 5000);
    times.push(performance.now() - t);
    if (!r.payload) throw new Error('no reply: ' + JSON.stringify(r));
  }
  times.sort((a, b) => a - b);
  return {median: times[Math.floor(n / 2)], p95: times[Math.floor(n * 0.95)], min: times[0]};
})().then(done, e => done({error: String(e)}));
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = build(Application.discover(REPO), "test", Path(tmp) / "dist")
        chat = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
        browser = Browser(result.dist, host_rules=host_rules_for([chat]))
        try:
            browser.open_chatbot(chat)
            for label, kind, extra in (("PING", "PING", {}),
                                       ("CALL_TOOL test_read", "CALL_TOOL", {"name": "test_read", "args": {"text": "x"}})):
                stats = browser.page_eval_async(TIMER, args.n, kind, extra, timeout=120)
                if "error" in stats:
                    raise SystemExit(stats["error"])
                print(f"{label:<22} n={args.n}  median {stats['median']:.2f} ms  p95 {stats['p95']:.2f} ms  "
                      f"min {stats['min']:.2f} ms")
        finally:
            browser.quit()
            chat.close()


if __name__ == "__main__":
    main()
