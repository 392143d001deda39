"""The converters, the bridge calls and the tool loop, run over the built (release) ES module in Node
with node:test. Each file under js/ is one test here; a failure shows node's report."""
import os
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent / "js"
FILES = sorted(p.name for p in JS.glob("*.test.mjs"))


def test_there_are_js_tests():
    assert FILES == ["bridge.test.mjs", "loop.test.mjs", "providers.test.mjs"]


@pytest.mark.parametrize("name", FILES)
def test_node(name, client_dir, node):
    env = {**os.environ, "SITEAGENT_CLIENT": str(client_dir / "siteagent-client.js")}
    proc = subprocess.run([node, "--test", "--test-reporter=tap", name], cwd=JS, env=env, capture_output=True,
                          text=True, timeout=240)
    report = proc.stdout + proc.stderr
    assert proc.returncode == 0, report
    assert "# fail 0" in report and "# pass 0" not in report, report
