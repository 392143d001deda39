"""Fixtures for the page-tool tests: fixture pages served as https://shop.test and https://frames.test,
and a module-scoped browser whose host rules include them (every other host stays unresolvable).

Import the names into a test module (``from page_fixtures import *``); they override conftest's
``browser`` for that module only. A module that sets ``EXTRA_SITES`` (names of server fixtures, e.g.
``["corpus_site"]``: https://corpus.test, an empty server on which each test serves a saved page with
``set_override``) gets those hosts in the browser's host rules too.
"""
from __future__ import annotations

import re

import pytest

from extension import reset_extension_state, ext_send, call_tool
from harness import SITES, FixtureServer, extension_browser

PAGES = SITES / "pages"
SHOP = "shop.test"
FRAMES = "frames.test"
CORPUS_HOST = "corpus.test"

__all__ = ["page_site", "corpus_site", "browser", "chat", "page_call", "uid_of", "lines_of", "attach", "SHOP", "FRAMES", "CORPUS_HOST"]


@pytest.fixture(scope="module")
def page_site():
    """tests/fixtures/sites/pages/ served as https://shop.test and https://frames.test (one server)."""
    server = FixtureServer(PAGES, [SHOP, FRAMES])
    yield server
    server.close()


@pytest.fixture(scope="module")
def corpus_site():
    server = FixtureServer(None, [CORPUS_HOST])
    yield server
    server.close()


@pytest.fixture(scope="module")
def browser(request, built_extension, fixture_servers, chatbot_site, page_site):
    sites = [*fixture_servers, page_site]
    for name in getattr(request.module, "EXTRA_SITES", []):
        sites.append(request.getfixturevalue(name))
    b = extension_browser(built_extension, chatbot_site, sites)
    yield b
    b.quit()


@pytest.fixture
def chat(browser, chatbot_site, page_site):
    """The chatbot page open in the selenium tab, extension state fresh."""
    page_site.reset()
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    yield browser
    browser.assert_no_sw_exceptions()


def page_call(browser, args: dict, timeout_ms: int = 15000) -> dict:
    """CALL_TOOL page from the chatbot page; the outcome (payload)."""
    return call_tool(browser, "page", args, timeout_ms)


def lines_of(outcome: dict) -> list[str]:
    assert outcome.get("ok") is True, outcome
    return outcome["result"]["text"].split("\n")


def uid_of(text: str, code: str, name: str) -> str:
    """The uid on the scan line `<code> <uid> <name>` (name matched at the start of the rest)."""
    pat = re.compile(r"^\s*" + re.escape(code) + r" ((?:f\d+)?u\d+) " + re.escape(name) + r"(?: |$)", re.M)
    found = pat.search(text)
    assert found, f"no line {code} <uid> {name!r} in scan:\n{text}"
    return found.group(1)


def attach(browser, tab_id: int) -> None:
    ext_send(browser, {"kind": "attach_tab", "tabId": tab_id})
