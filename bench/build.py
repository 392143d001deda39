"""Cold build time, watch-mode edit latency, and sizes. Usage: python bench/build.py [--runs N]"""
import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "buildtool"))

from buildtool.app import Application  # noqa: E402
from buildtool.build import build  # noqa: E402
from buildtool.watch import watch  # noqa: E402
from projects import make_project  # noqa: E402


def cold_builds(root: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        shutil.rmtree(root / ".siteagent", ignore_errors=True)
        shutil.rmtree(root / "dist", ignore_errors=True)
        app = Application(root=root, quiet=True)
        started = time.perf_counter()
        result = build(app, "dev")
        times.append(time.perf_counter() - started)
    return times, result


def watch_edits(root: Path, edits: int) -> dict[str, list[float]]:
    app = Application(root=root, quiet=True)
    stop = threading.Event()
    rebuilt = []
    thread = threading.Thread(target=watch, args=(app, "dev", None),
                              kwargs={"stop_event": stop, "on_rebuild": lambda files, s: rebuilt.append(s)},
                              daemon=True)
    cfg = root / "siteagent.toml"
    cfg.write_text(cfg.read_text().replace("live_reload = true", "live_reload = false"))
    thread.start()
    time.sleep(3)
    results = {}
    for rel, out in (("entries/bridge.py", "bridge.js"), ("core/outcome.py", "background.js")):
        src = root / "siteagent_src" / rel
        original = src.read_text()
        samples = []
        for i in range(edits):
            marker = f"bench_marker_{rel.replace('/', '_').replace('.', '_')}_{i}"
            before = len(rebuilt)
            wall_started = time.time()
            started = time.perf_counter()
            src.write_text(original + f"\n{marker} = {i}\n")
            deadline = started + 15
            target = root / "dist" / out
            while time.perf_counter() < deadline:
                if len(rebuilt) > before and target.stat().st_mtime >= wall_started:
                    break
                time.sleep(0.005)
            samples.append(time.perf_counter() - started)
            time.sleep(0.3)
        src.write_text(original)
        time.sleep(0.5)
        results[f"{rel} -> {out}"] = samples
    stop.set()
    thread.join(10)
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = make_project(Path(tmp) / "proj", real_sources=True)
        times, result = cold_builds(root, args.runs)
        print(f"cold build (dev, no cache), {args.runs} runs: median {statistics.median(times):.2f} s "
              f"(min {min(times):.2f}, max {max(times):.2f})")
        for label, samples in watch_edits(root, args.edits).items():
            print(f"watch edit {label}: median {statistics.median(samples) * 1000:.0f} ms of {len(samples)} "
                  f"(min {min(samples) * 1000:.0f}, max {max(samples) * 1000:.0f})")
        release = build(Application(root=root, quiet=True), "release")
        print("\nrelease build sizes:")
        print(release.summary())


if __name__ == "__main__":
    main()
