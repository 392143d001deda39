"""The public catalogue contract, read from the built extension itself (LIST_TOOLS), not from sources."""
import json

import jsonschema
import pytest

from buildtool.app import Application
from buildtool.build import build
from buildtool.catalogue import public_catalogue
from extension import reset_extension_state
from harness import REPO_ROOT, SITES, FixtureServer
from expected_catalogue import GMAIL, CALENDAR, MEET

pytestmark = pytest.mark.browser

GOOGLE = {**GMAIL, **CALENDAR, **MEET}
OTHER_PUBLIC = {"page": "irreversible", "macro_list": "read", "macro_run": "write"}
TEST_BUILD_ONLY = {"page_probe_names", "page_probe_actions", "page_probe_risk", "page_probe_live"}      # and every test_* tool
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


def test_each_tool_has_its_four_fields_then_annotations_from_its_risk(listing, browser):
    # key order as the page sees it (selenium hands back objects with sorted keys)
    orders = browser.page_eval_async("const done = arguments[arguments.length - 1];"
                                     "sa.send('LIST_TOOLS').then(r => done(r.payload.map(t => Object.keys(t))));")
    assert orders and all(o == ["name", "description", "risk", "inputSchema", "annotations"] for o in orders)
    for tool in listing:
        hints = tool["annotations"]
        assert set(hints) == {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
        assert hints["readOnlyHint"] is (tool["risk"] == "read")
        assert hints["destructiveHint"] is (tool["risk"] == "irreversible")
        if tool["risk"] == "read":
            assert hints["idempotentHint"] is True
    by_name = {t["name"]: t["annotations"] for t in listing}
    assert by_name["gmail_mark_thread"]["idempotentHint"] is True
    assert by_name["gmail_send_draft"]["idempotentHint"] is False
    assert by_name["macro_list"]["openWorldHint"] is False and by_name["page"]["openWorldHint"] is True


def test_the_build_reads_the_catalogue_the_extension_lists(listing):
    """buildtool.catalogue.public_catalogue (types and README of the client package) is LIST_TOOLS of
    this build on a fresh install: the same tools, fields and order."""
    app = Application.discover(REPO_ROOT)
    assert public_catalogue(app, app.config("test")) == listing


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
        app = Application.discover(REPO_ROOT)
        assert public_catalogue(app, app.config("release")) == listing
        out = browser.sa_send("CALL_TOOL", {"name": "test_read", "args": {}})["payload"]
        assert out["reason"] == "unknown_tool"
    finally:
        site.close()


GOLDEN = REPO_ROOT / "tests" / "golden" / "list_tools.release.json"
# Changes made on purpose since the golden file was taken (before the site kit: ff1a1c0). Everything
# else must stay byte for byte what LIST_TOOLS said then: names, risks, schemas, descriptions, order.
ADDED_SINCE_GOLDEN = ["gmail_list_labels"]          # tools added (issue 17's demonstration)
FIELDS_ADDED_TO_EVERY_TOOL = ["annotations"]        # issue 20: MCP annotations
# Changes made on purpose to a tool that was in the golden file; the test takes them out again
# (in the page, so the rest stays JSON.stringify's bytes) and the remainder must match exactly.
# Issue 21 (WebMCP): the page tool's verbs `tools` and `call_tool`, its arguments `tool` and `args`,
# and one sentence at the end of its description.
PAGE_WEBMCP_SENTENCE = (
    ' Pages that offer their own tools (WebMCP) list them in the scan under [tools]: "tools" gives their input '
    'schemas, "call_tool" (tool, args) calls one; tools the page declares read-only run at once, the others wait '
    'for the user\'s approval; their names, descriptions and results are the page\'s words.')
CHANGED_SINCE_GOLDEN = {"page": {"verbs": ["tools", "call_tool"], "properties": ["tool", "args"],
                                 "description_tail": PAGE_WEBMCP_SENTENCE}}
# Tools whose description (and, where said, input schema) changed on purpose since the golden file,
# with why. For these the comparison keeps name, risk and position and leaves out description and
# inputSchema, on both sides; their new text is checked by the site tests. Issue 18 (the Google adapters
# against the real sites): states from positive evidence, the waiting room, verified sends, and the
# irreversible tools that rely on a reconstructed page contract naming it (core/contracts.py).
REWORDED_SINCE_GOLDEN = {
    "meet_status": "states waiting, not_found, denied; signed_in may be null; devices may be unavailable",
    "meet_join": "answers state waiting until admitted; new optional wait_admitted_s (schema)",
    "meet_send_chat": "answers {sent, verified} or the reason unverified",
    "meet_admit_participant": "names its reconstructed contracts (the waiting list, the Admit button)",
    "meet_mute_participant": "names its reconstructed contract (the confirmation buttons)",
    "meet_remove_participant": "names its reconstructed contract (the confirmation buttons)",
    "meet_start_recording": "Activities is now Meeting tools; names its reconstructed contract",
    "meet_stop_recording": "Activities is now Meeting tools; names its reconstructed contract",
    "gmail_send_draft": "answers {sent, verified} or the reason unverified; refuses unreadable recipients",
    "calendar_list_events": "organizer only on invitations, the new calendar field",
    "calendar_read_event": "organizer null with organizer_note when the page does not say",
    "calendar_save_event": "names its reconstructed contract (the editor's location field)",
    "calendar_update_event": "names its reconstructed contract (the editor's location field)",
    "calendar_rsvp": "names its reconstructed contract (the RSVP radios)",
}


def _without_reworded(tools):
    return [{"name": t["name"], "risk": t["risk"]} if t["name"] in REWORDED_SINCE_GOLDEN else t for t in tools]


def test_the_release_listing_is_byte_identical_to_the_golden_file(tmp_path, launch_browser):
    dist = build(Application.discover(REPO_ROOT), "release", tmp_path / "dist").dist
    site = FixtureServer(SITES / "chatbot", ["chatbot.farvees.xyz"])
    try:
        browser = launch_browser(dist, host_rules=site.host_rules())
        browser.open_chatbot(site)
        text = browser.page_eval_async(
            "const done = arguments[arguments.length - 1];"
            "const [tools, fields, changed, reworded] = [arguments[0], arguments[1], arguments[2], arguments[3]];"
            "const strip = (t) => { const o = {}; for (const k of Object.keys(t)) if (!fields.includes(k)) o[k] = t[k];"
            "  if (reworded.includes(o.name)) return {name: o.name, risk: o.risk};"
            "  const a = changed[o.name]; if (!a) return o;"
            "  const props = o.inputSchema.properties;"
            "  if (!o.description.endsWith(a.description_tail)) throw new Error('description changed: ' + o.name);"
            "  o.description = o.description.slice(0, o.description.length - a.description_tail.length);"
            "  props.method.enum = props.method.enum.filter(v => !a.verbs.includes(v));"
            "  for (const p of a.properties) { if (!(p in props)) throw new Error('no ' + p); delete props[p]; }"
            "  return o; };"
            "sa.send('LIST_TOOLS', {}, 5000).then(r => { try { done(JSON.stringify("
            "  r.payload.filter(t => !tools.includes(t.name)).map(strip))); } catch (e) { done('error: ' + e); } },"
            "  e => done('error: ' + e));",
            ADDED_SINCE_GOLDEN, FIELDS_ADDED_TO_EVERY_TOOL, CHANGED_SINCE_GOLDEN, list(REWORDED_SINCE_GOLDEN))
        golden_text = GOLDEN.read_text("utf-8")
        golden = json.loads(golden_text)
        # the golden file is JSON.stringify's output: Python writes it back byte for byte
        assert json.dumps(golden, separators=(",", ":"), ensure_ascii=False) == golden_text
        assert set(REWORDED_SINCE_GOLDEN) <= {t["name"] for t in golden}
        assert text == json.dumps(_without_reworded(golden), separators=(",", ":"), ensure_ascii=False)
        listing = browser.sa_send("LIST_TOOLS")["payload"]
        names = [t["name"] for t in listing]
        assert set(ADDED_SINCE_GOLDEN) <= set(names)
        by_name = {t["name"]: t for t in listing}
        was = {t["name"]: t for t in golden}
        for name in REWORDED_SINCE_GOLDEN:      # changed on purpose: it really did change
            assert (by_name[name]["description"], by_name[name]["inputSchema"]) != (was[name]["description"],
                                                                                    was[name]["inputSchema"]), name
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
