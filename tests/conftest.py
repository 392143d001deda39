"""Top-level test rules.

* ``browser`` marker: every test under tests/browser/ gets it automatically.
* CI (env ``CI=true``): a browser test, or a test that needs ../shared, is never skipped. Missing
  Chromium/chromedriver or a missing ../shared is a failure, and any skip of such a test is
  reported as a failure.
* Outside CI: browser tests skip with a clear reason when /usr/bin/chromium is missing.
* ``shared_dir``: ``<repo>/../shared`` (the corpus), skipped when absent (failed in CI).
* A per-test deadline when pytest-timeout is not installed (SIGALRM, ini ``timeout``, default 300 s).
"""
from __future__ import annotations

import os
import shutil
import signal
import threading
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DIR = (REPO_ROOT / ".." / "shared").resolve()
BROWSER_DIR = Path(__file__).resolve().parent / "browser"
CHROMIUM = os.environ.get("SITEAGENT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SITEAGENT_CHROMEDRIVER", "/usr/bin/chromedriver")
SHARED_SKIP_REASON = "needs ../shared (corpus); not present in this clone"

_NEVER_SKIP = pytest.StashKey[bool]()


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def browser_missing() -> str | None:
    """Why browser tests cannot run here, or None."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not (os.path.exists(p) or shutil.which(p))]
    if missing:
        return f"browser tests need {' and '.join(missing)} (apt-get install chromium chromium-driver)"
    return None


def pytest_addoption(parser, pluginmanager):
    if not pluginmanager.hasplugin("timeout"):
        parser.addini("timeout", "per-test timeout in seconds (fallback when pytest-timeout is absent)",
                      default="300")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives real headless Chromium with the built extension")
    config.addinivalue_line("markers", "needs_shared: uses ../shared (the corpus)")
    if not config.pluginmanager.hasplugin("timeout"):
        config.addinivalue_line("markers", "timeout(seconds): per-test deadline (fallback implementation)")


def pytest_collection_modifyitems(config, items):
    for item in items:
        try:
            in_browser_dir = BROWSER_DIR in Path(str(item.fspath)).resolve().parents
        except OSError:
            in_browser_dir = False
        if in_browser_dir and item.get_closest_marker("browser") is None:
            item.add_marker(pytest.mark.browser)


def pytest_runtest_setup(item):
    if item.get_closest_marker("browser") is not None:
        item.stash[_NEVER_SKIP] = True
        why = browser_missing()
        if why:
            if in_ci():
                pytest.fail(f"CI=true and {why}: browser tests must run in CI, not skip", pytrace=False)
            pytest.skip(why)
    if item.get_closest_marker("needs_shared") is not None or "shared_dir" in getattr(item, "fixturenames", ()):
        item.stash[_NEVER_SKIP] = True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (report.skipped and in_ci() and item.stash.get(_NEVER_SKIP, False)
            and not hasattr(report, "wasxfail")):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true: this test must not be skipped, but it was: {reason}"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``<repo>/../shared``: the shared corpus (real pages, wpt markup)."""
    if not SHARED_DIR.is_dir():
        if in_ci():
            pytest.fail(f"CI=true and {SHARED_DIR} is missing: {SHARED_SKIP_REASON}", pytrace=False)
        pytest.skip(SHARED_SKIP_REASON)
    return SHARED_DIR


# -- fallback per-test deadline ---------------------------------------------------------------

class DeadlineExceeded(Exception):
    pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    config = item.config
    use_alarm = (not config.pluginmanager.hasplugin("timeout") and hasattr(signal, "SIGALRM")
                 and threading.current_thread() is threading.main_thread())
    seconds = 0.0
    if use_alarm:
        marker = item.get_closest_marker("timeout")
        try:
            seconds = float(marker.args[0]) if marker and marker.args else float(config.getini("timeout") or 0)
        except (TypeError, ValueError):
            seconds = 0.0
    if seconds <= 0:
        yield
        return

    def on_alarm(signum, frame):
        raise DeadlineExceeded(f"{item.nodeid} exceeded the {seconds:.0f}s per-test deadline "
                           f"(setup + call + teardown); something hung")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def src_tree(tmp_path):
    """A scratch copy of siteagent_src/ under tmp_path (tests/srctree.py); returns tmp_path."""
    from srctree import copy_source
    return copy_source(tmp_path)
