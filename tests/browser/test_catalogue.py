"""The public catalogue contract, read from the built extension itself (LIST_TOOLS), not from sources."""
import jsonschema
import pytest

from buildtool.app import Application
from buildtool.build import build
from extension import reset_extension_state
from harness import REPO_ROOT, SITES, FixtureServer
from expected_catalogue import GMAIL, CALENDAR, MEET

pytestmark = pytest.mark.browser

GOOGLE = {**GMAIL, **CALENDAR, **MEET}
OTHER_PUBLIC = {"page": "irreversible", "macro_list": "read", "macro_run": "write"}
TEST_BUILD_ONLY = {"page_probe_names", "page_probe_actions", "page_probe_risk"}      # and every test_* tool
CONSOLE_ONLY = {"browser_health", "generic_click_text"}


@pytest.fixture
def listing(browser, chatbot_site):
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    return browser.sa_send("LIST_TOOLS")["payload"]


def test_exact_public_catalogue(listing):
    public = {t["name"]: t["risk"] for t in listing
              if not t["name"].startswith("test_") and t["name"] not in TEST_BUILD_ONLY}
    assert len(GOOGLE) == 43
    assert public == {**GOOGLE, **OTHER_PUBLIC}
    assert not CONSOLE_ONLY & set(public)


def test_every_schema_is_valid_json_schema_and_described(listing):
    for tool in listing:
        jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
        assert tool["inputSchema"]["type"] == "object"
        assert tool["inputSchema"].get("additionalProperties") is False, tool["name"]
        assert len(tool["description"]) >= 40, tool["name"]


def test_the_release_build_offers_exactly_the_public_catalogue(tmp_path, launch_browser):
    """The shipped profile, on its real trusted origin (mapped to loopback): no test tools at all."""
    dist = build(Application.discover(REPO_ROOT), "release", tmp_path / "dist").dist
    site = FixtureServer(SITES / "chatbot", ["chatbot.farvees.xyz"])
    try:
        browser = launch_browser(dist, host_rules=site.host_rules())
        browser.open_chatbot(site)
        listing = browser.sa_send("LIST_TOOLS")["payload"]
        assert {t["name"]: t["risk"] for t in listing} == {**GOOGLE, **OTHER_PUBLIC}
        out = browser.sa_send("CALL_TOOL", {"name": "test_read", "args": {}})["payload"]
        assert out["reason"] == "unknown_tool"
    finally:
        site.close()


GOLDEN = REPO_ROOT / "tests" / "golden" / "list_tools.release.json"
# Tools added on purpose since the golden file was taken (before the site kit: ff1a1c0). Everything
# else must stay byte for byte what LIST_TOOLS said then: names, risks, schemas, descriptions, order.
ADDED_SINCE_GOLDEN = ["gmail_list_labels"]


def test_the_release_listing_is_byte_identical_to_the_golden_file(tmp_path, launch_browser):
    dist = build(Application.discover(REPO_ROOT), "release", tmp_path / "dist").dist
    site = FixtureServer(SITES / "chatbot", ["chatbot.farvees.xyz"])
    try:
        browser = launch_browser(dist, host_rules=site.host_rules())
        browser.open_chatbot(site)
        text = browser.page_eval_async(
            "const done = arguments[arguments.length - 1];"
            "sa.send('LIST_TOOLS', {}, 5000).then(r => done(JSON.stringify("
            "  r.payload.filter(t => !arguments[0].includes(t.name)))), e => done('error: ' + e));",
            ADDED_SINCE_GOLDEN)
        assert text == GOLDEN.read_text("utf-8")
        names = [t["name"] for t in browser.sa_send("LIST_TOOLS")["payload"]]
        assert set(ADDED_SINCE_GOLDEN) <= set(names)
    finally:
        site.close()


def test_the_public_allowlist_from_config_limits_what_a_page_may_call(tmp_path, launch_browser, chatbot_site):
    from extension import build_variant, ext_send
    dist = build_variant(tmp_path, lambda t: t.replace("[bridge]\n", '[bridge]\npublic_tools = ["test_read", "page"]\n', 1))
    browser = launch_browser(dist)
    browser.open_chatbot(chatbot_site)
    assert sorted(t["name"] for t in browser.sa_send("LIST_TOOLS")["payload"]) == ["page", "test_read"]
    refused = browser.sa_send("CALL_TOOL", {"name": "test_write", "args": {"text": "x"}})["payload"]
    assert refused["reason"] == "tool_not_allowed_for_site"
    assert browser.sa_send("CALL_TOOL", {"name": "test_read", "args": {}})["payload"]["ok"] is True
    assert ext_send(browser, {"kind": "console_call", "name": "test_write", "args": {"text": "x"}})["ok"] is True
