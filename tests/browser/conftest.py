"""Fixtures for browser tests (headless Chromium + the extension). Library code is in harness.py.

Session-scoped: ``built_extension``, ``google_sites``, ``chatbot_site``, ``untrusted_site``,
``fixture_servers``. Module-scoped: ``browser`` (one Chromium per test module). Function-scoped:
``launch_browser`` (a factory for extra browsers, quit after the test). Before every test that uses
``browser``, tabs and popups are reset, the servers' records/overrides are cleared and the
service-worker error log is emptied (so ``browser.sw_exceptions()`` is per test).
"""
from __future__ import annotations

import os
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import (  # noqa: E402
    SITES, UNTRUSTED_HOST, Browser, FixtureServer, extension_browser, host_rules_for, start_google_sites,
)


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


@dataclass
class BuiltExtension:
    dist: Path                  # the unpacked extension (has manifest.json)
    client_dist: Path | None    # the built client SDK (dist-client/), if present
    source: str                 # "env" (SITEAGENT_TEST_DIST) or "build"


@pytest.fixture(scope="session")
def built_extension(tmp_path_factory) -> BuiltExtension:
    """The real extension, built once per session with the "test" profile.

    ``SITEAGENT_TEST_DIST=/path/to/dist`` reuses a prebuilt dist instead (its client SDK is looked
    for in ``/path/to/dist-client``).
    """
    env_dist = os.environ.get("SITEAGENT_TEST_DIST")
    if env_dist:
        dist = Path(env_dist).resolve()
        if not (dist / "manifest.json").is_file():
            pytest.fail(f"SITEAGENT_TEST_DIST={env_dist} has no manifest.json", pytrace=False)
        client = dist.parent / "dist-client"
        return BuiltExtension(dist, client if client.is_dir() else None, "env")
    try:
        from buildtool.app import Application
        from buildtool.build import build
    except ImportError as exc:
        if _in_ci() or not isinstance(exc, ModuleNotFoundError) or exc.name not in (
                "buildtool", "buildtool.build"):
            raise
        pytest.skip(f"buildtool/build.py is not there yet ({exc}); set SITEAGENT_TEST_DIST to use a prebuilt dist")
    app = Application.discover(Path(__file__))
    out = tmp_path_factory.mktemp("siteagent-build") / "dist"
    try:
        result = build(app, profile="test", out=out)
    except Exception as exc:
        pytest.fail(f"building the extension (profile=test) failed: {exc!r}\n{traceback.format_exc()}",
                    pytrace=False)
    dist = Path(result.dist)
    client = Path(getattr(result, "client_dist", None) or dist.parent / "dist-client")
    return BuiltExtension(dist, client if client.is_dir() else None, "build")


@pytest.fixture(scope="session")
def google_sites() -> dict[str, FixtureServer]:
    """HTTPS servers for ``tests/fixtures/sites/{gmail,calendar,meet}`` as mail/calendar/meet.google.com.

    Keys: ``"gmail"``, ``"calendar"``, ``"meet"``. ``server.url("/")`` is e.g. ``https://mail.google.com/``.
    """
    servers = start_google_sites(SITES)
    corpus = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "google").resolve()
    if corpus.is_dir():
        # the real captures, read at test time (never copied into the repo): the Meet fixture is built
        # on them (tests/fixtures/sites/meet/README.md); tests that need them ask for `google_corpus`
        for site in ("meet", "gmail"):
            servers[site].mount("/__corpus/", corpus)
    yield servers
    for s in servers.values():
        s.close()


@pytest.fixture
def google_corpus(shared_dir) -> Path:
    """``../shared/corpus/google`` (the real Meet and Gmail captures); skipped without ../shared
    (failed in CI). The google_sites servers serve it at ``/__corpus/``."""
    corpus = shared_dir / "corpus" / "google"
    if not (corpus / "NOTICE.md").is_file():
        pytest.fail(f"{corpus} has no NOTICE.md: the Google captures are missing from ../shared", pytrace=False)
    return corpus


@pytest.fixture(scope="session")
def chatbot_site() -> FixtureServer:
    """Plain HTTP ``http://localhost:PORT`` (a trusted origin in the test profile) serving
    ``tests/fixtures/sites/chatbot/``; the ``browser`` fixture mounts the client SDK at ``/dist-client/``."""
    server = FixtureServer(SITES / "chatbot", ["localhost"], https=False)
    yield server
    server.close()


@pytest.fixture(scope="session")
def untrusted_site() -> FixtureServer:
    """``https://untrusted.test``: the same chatbot page on an origin the extension must not answer."""
    server = FixtureServer(SITES / "chatbot", [UNTRUSTED_HOST])
    yield server
    server.close()


@pytest.fixture(scope="session")
def fixture_servers(google_sites, chatbot_site, untrusted_site) -> list[FixtureServer]:
    return [*google_sites.values(), chatbot_site, untrusted_site]


@pytest.fixture(scope="module")
def browser(built_extension, fixture_servers, chatbot_site) -> Browser:
    """One headless Chromium per test module with the built extension loaded and every fixture host
    mapped to loopback (all other hosts fail with ERR_NAME_NOT_RESOLVED)."""
    b = extension_browser(built_extension, chatbot_site, fixture_servers)
    yield b
    b.quit()


@pytest.fixture
def launch_browser(fixture_servers):
    """Factory for extra browsers (another dist, other flags); each is quit after the test.

    ``b = launch_browser(ext_dir, extra_args=[...])``; host rules for all fixture servers are added.
    """
    launched: list[Browser] = []

    def launch(extension_dir, **kw) -> Browser:
        rules = list(kw.pop("host_rules", ())) + host_rules_for(fixture_servers)
        b = Browser(extension_dir, host_rules=rules, **kw)
        launched.append(b)
        return b

    yield launch
    for b in launched:
        b.quit()


@pytest.fixture
def fresh(browser):
    """The module's browser with empty extension storage; the test fails on any uncaught SW exception."""
    from extension import reset_extension_state
    reset_extension_state(browser)
    yield browser
    browser.assert_no_sw_exceptions()


@pytest.fixture
def page(fresh, chatbot_site):
    """`fresh`, with the trusted chatbot fixture page open in the current tab."""
    fresh.open_chatbot(chatbot_site)
    return fresh


@pytest.fixture(autouse=True)
def _browser_isolation(request):
    """Fresh tabs, empty server records/overrides and an empty SW error log for each browser test."""
    names = request.fixturenames
    if "browser" in names:
        b = request.getfixturevalue("browser")
        b.reset_tabs()
        b.clear_sw_records()
    for name in ("chatbot_site", "untrusted_site"):
        if name in names:
            request.getfixturevalue(name).reset()
    if "google_sites" in names:
        for s in request.getfixturevalue("google_sites").values():
            s.reset()
    yield

