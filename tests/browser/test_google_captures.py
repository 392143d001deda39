"""The adapters against real Google markup: the captures in ../shared/corpus/google (read at test
time, never copied into the repository; see its NOTICE.md), served byte for byte under their real
hostnames, and what the adapters read from them asserted.

Tests whose name says `modelled` change a capture at test time (they say how, in the test) to reach a
state no public capture shows; every other test serves a capture unmodified. The two Meet captures
that are kept back (the waiting room, captions on) are never read here.
"""
import re
import sys
from pathlib import Path

import pytest

from extension import call_tool, ext_send, reset_extension_state, tool_result
from harness import wait_until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "siteagent_src"))
from buildtool.sites import with_evidence  # noqa: E402
from sites.meet import contracts as meet_c, evidence as meet_e, unconfirmed as meet_u  # noqa: E402
from sites.gmail import contracts as gmail_c, evidence as gmail_e, unconfirmed as gmail_u  # noqa: E402

MEET_TABLE = with_evidence(meet_c.TABLE, meet_e.EVIDENCE, meet_u.ROWS)        # each contract with its evidence
GMAIL_TABLE = with_evidence(gmail_c.TABLE, gmail_e.EVIDENCE, gmail_u.ROWS)

pytestmark = pytest.mark.browser

CODE = "abc-defg-hij"
MEET_PATH = "/" + CODE
GMAIL_PATH = "/mail/u/0/"


class Captures:
    def __init__(self, browser, sites, corpus, chat):
        self.b = browser
        self.sites = sites
        self.corpus = corpus
        self.chat = chat

    def html(self, name):
        return (self.corpus / name).read_text("utf-8")

    def serve(self, name, html=None, fragment=""):
        """Open a capture (or a modelled variant of it) under its real hostname; the tab's handle."""
        site = "gmail" if name.startswith("gmail/") else "meet"
        path = GMAIL_PATH if site == "gmail" else MEET_PATH
        server = self.sites[site]
        server.set_override(path, html if html is not None else self.html(name), "text/html")
        self.b.new_tab(server.url(path) + fragment)
        wait_until(lambda: self.b.driver.execute_script(
            "return document.readyState === 'complete' && document.documentElement.dataset.siteagentContent"),
            8, f"{name} and the content script")
        handle = self.b.driver.current_window_handle
        self.b.driver.switch_to.window(self.chat)
        return handle

    def ok(self, name, args=None):
        return tool_result(self.b, name, args, 8000)

    def call(self, name, args=None):
        return call_tool(self.b, name, args, 8000)

    def health(self, adapter):
        ran = ext_send(self.b, {"kind": "console_call", "name": "browser_health", "args": {}})
        assert ran["ok"] is True, ran
        return next(r for r in ran["result"]["adapters"] if r["adapter"] == adapter)

    def close_tab(self, handle):
        drv = self.b.driver
        drv.switch_to.window(handle)
        drv.close()
        drv.switch_to.window(self.chat)


@pytest.fixture
def cap(browser, chatbot_site, google_sites, google_corpus):
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    yield Captures(browser, google_sites, google_corpus, browser.driver.current_window_handle)
    browser.assert_no_sw_exceptions()


def delete(html, pattern):
    """The capture with the first match of a regex deleted (a derived state: nothing is added)."""
    out, n = re.subn(pattern, "", html, count=1, flags=re.S)
    assert n == 1, pattern
    return out


# --- Meet -------------------------------------------------------------------------------------------

def test_the_real_lobby(cap):
    cap.serve("meet/prejoin-ready.html")
    status = cap.ok("meet_status")
    assert status["state"] == "lobby" and status["code"] == CODE and status["join_label"] == "Ask to join"
    assert status["signed_in"] is True                                 # [data-is-anonymous="false"], "Switch account"
    assert (status["microphone"], status["camera"]) == ("on", "on")   # "Turn off microphone": on now
    assert status["title"] is None                                     # "Meet - abc-defg-hij" only names the code
    refused = cap.call("meet_read_chat")
    assert refused["ok"] is False and refused["state"] == "lobby"


def test_the_real_call_with_captions_on_and_quiet(cap):
    cap.serve("meet/in-call.html")
    status = cap.ok("meet_status")
    assert status["state"] == "in_call" and status["code"] == CODE and status["signed_in"] is True
    assert (status["microphone"], status["camera"]) == ("off", "off")     # "Turn on microphone", data-is-muted
    assert (status["captions"], status["hand"], status["recording"]) == ("on", "lowered", False)
    assert status["participant_count"] == 2                               # the People badge's data-avatar-count
    captions = cap.ok("meet_read_captions")
    assert captions["captions"] == "on" and captions["lines"] == [] and captions["untrusted"] is True


def test_the_real_call_with_captions_off_and_two_dialogs_open(cap):
    cap.serve("meet/in-call-captions-off.html")
    status = cap.ok("meet_status")
    assert status["state"] == "in_call" and status["signed_in"] is True
    assert (status["microphone"], status["camera"]) == ("unavailable", "unavailable")   # "Microphone problem. ..."
    assert status["captions"] == "off" and status["participant_count"] == 1
    captions = cap.ok("meet_read_captions")
    assert captions["captions"] == "off" and captions["lines"] == []
    refused = cap.call("meet_set_microphone", {"state": "on"})
    assert refused["ok"] is False and refused["state"] == "unavailable"


def test_the_real_meeting_not_found_screen(cap):
    cap.serve("meet/meeting-not-found.html")
    assert cap.ok("meet_status")["state"] == "not_found"
    refused = cap.call("meet_set_camera", {"state": "off"})
    assert refused["ok"] is False and refused["state"] == "not_found"


@pytest.mark.parametrize("anchor", [
    r'<button[^>]*aria-label="Meeting details"[^>]*>',                 # one admission anchor at a time is enough
    r'role="region" aria-label="Call feature notifications and actions"',
    r'role="region" aria-label="Captions"',
])
def test_one_admission_anchor_deleted_is_still_a_call(cap, anchor):
    cap.serve("meet/in-call.html", delete(cap.html("meet/in-call.html"), anchor))
    assert cap.ok("meet_status")["state"] == "in_call"


def test_every_admission_anchor_deleted_is_not_a_call_though_leave_call_is_there(cap):
    html = cap.html("meet/in-call.html")
    for anchor in [r'aria-label="Meeting details"', r'aria-label="Call feature notifications and actions"',
                   r'aria-label="Captions"']:
        html = delete(html, anchor)
    cap.serve("meet/in-call.html", html)
    status = cap.ok("meet_status")
    assert status["state"] == "unknown", status          # Leave call, chat, tiles and the toolbar remain
    out = cap.call("meet_raise_hand", {"raised": True})
    assert out["ok"] is False and out["state"] == "unknown"


def test_the_waiting_room_modelled_from_the_lobby_is_not_a_call(cap):
    """modelled after parley's README (the waiting-room capture is kept back): the lobby capture with
    its join controls deleted and the 2026 waiting text, a Leave call control and a chat button added
    (the README measures Leave call 1, chat 1, own tile 1, admission anchors 0 there)."""
    html = delete(cap.html("meet/prejoin-ready.html"),
                  r'<button[^>]*aria-label="Ask to join without microphone &amp; camera"[^>]*>.*?</button>')
    extra = ('<div>Please wait until a meeting host brings you into the call.</div>'
             '<div role="region" aria-label="Call controls"><button aria-label="Chat with everyone">chat</button>'
             '<button aria-label="Leave call">call_end</button></div>'
             '<div data-participant-id="spaces/x/devices/1"><span class="notranslate">AI Notetaker</span></div>')
    html = html.replace("</body>", extra + "</body>", 1)
    assert html.count("Ask to join without") == 0
    cap.serve("meet/prejoin-ready.html", html)
    status = cap.ok("meet_status")
    assert status["state"] == "waiting", status
    for tool in ["meet_read_chat", "meet_list_participants"]:
        out = cap.call(tool)
        assert out["ok"] is False and out["state"] == "waiting", out


def test_the_real_chat_messages_modelled_into_the_real_call(cap):
    """modelled: in-call.html with the chat list of chat-messages.html (transcriptonic's real 2026 chat
    DOM) put into its <aside aria-label="Side panel">, and a chat box as attendee's bot finds it
    (textarea[aria-label="Send a message"]); no capture has the open chat panel."""
    chat = cap.html("meet/chat-messages.html")
    listing = chat[chat.index('<div jsname="xySENc"'):chat.rindex("</body>")]
    html = cap.html("meet/in-call.html")
    at = html.index('aria-label="Side panel">') + len('aria-label="Side panel">')
    html = html[:at] + listing + '<textarea aria-label="Send a message"></textarea>' + html[at:]
    cap.serve("meet/in-call.html", html)
    chat_out = cap.ok("meet_read_chat")
    assert chat_out["untrusted"] is True
    assert chat_out["messages"] == [{"sender": "You", "time": "17:00", "text": "Hello"}]


def test_health_on_the_real_call_reports_every_contract(cap):
    cap.serve("meet/in-call.html")
    report = cap.health("meet")
    assert report["state"] == "in_call" and report["ok"] is True and report["broken"] == [], report
    rows = {r["key"]: r for r in report["selectors"]}
    assert rows["people_badge"]["found"] == 1 and rows["people_badge"]["locator"] == 0
    assert rows["side_panel"]["found"] == 1 and rows["chat_message"]["found"] == 0


# --- every capture count the contract tables claim is measured again ------------------------------

def _claims(table, site):
    out = []
    for row in table:
        for ev in row["evidence"]:
            m = re.match(r"capture ((?:meet|gmail)/[\w.-]+): (\d+)\b", ev)
            if m and len(row["locators"]) > 0:
                out.append((m.group(1), row["id"], int(m.group(2))))
    return out


CLAIMS = _claims(MEET_TABLE, "meet") + _claims(GMAIL_TABLE, "gmail")


def test_the_contract_tables_claim_capture_counts():
    assert len(CLAIMS) >= 40
    assert {f for f, _, _ in CLAIMS} >= {"meet/prejoin-ready.html", "meet/in-call.html", "meet/in-call-captions-off.html",
                                         "meet/meeting-not-found.html", "meet/chat-messages.html", "gmail/inbox-2014.html"}


@pytest.mark.parametrize("capture", sorted({f for f, _, _ in CLAIMS}))
def test_every_capture_count_in_the_contract_tables_is_true(cap, capture):
    site = "gmail" if capture.startswith("gmail/") else "meet"
    handle = cap.serve(capture, fragment="#inbox" if site == "gmail" else "")
    report = cap.health(site)
    found = {r["key"]: r["found"] for r in report["selectors"]}
    wrong = [(cid, claimed, found.get(cid)) for f, cid, claimed in CLAIMS if f == capture and found.get(cid) != claimed]
    assert wrong == [], f"{capture}: (contract, claimed, measured)"
    cap.close_tab(handle)


# --- Gmail ------------------------------------------------------------------------------------------

def test_the_real_2014_inbox_list(cap):
    cap.serve("gmail/inbox-2014.html", fragment="#inbox")
    listed = cap.ok("gmail_list_threads")
    assert listed["folder"] == "inbox" and listed["count"] == 16 and listed["untrusted"] is True
    threads = listed["threads"]
    assert sum(1 for t in threads if t["unread"]) == 13 and not any(t["starred"] for t in threads)
    assert all(t["sender"] and "@" in t["sender"]["email"] for t in threads)
    assert all(t["subject"] for t in threads)                     # .bog is absent in 2014: div.y6 > span
    assert all(re.fullmatch(r"\w{3}, \w{3} \d{1,2}, 2014 at \d{1,2}:\d\d [AP]M", t["date"]) for t in threads)
    assert all(t["id"] is None for t in threads)                  # the 2014 rows carry no thread-id attribute
    twilio = next(t for t in threads if t["sender"]["email"] == "news@twilio.com")
    assert twilio["sender"]["name"] == "Team Twilio" and twilio["date"] == "Wed, Dec 10, 2014 at 6:02 AM"
    assert twilio["snippet"].startswith("Twilio now offers local and mobile phone numbers in Germany")
    status = cap.ok("gmail_status")
    assert status["view"] == "list" and status["signed_in"] is False   # no account control in the capture


def test_gmail_search_waits_for_the_real_list_without_a_grid_role(cap):
    cap.serve("gmail/inbox-2014.html", fragment="#inbox")
    found = cap.ok("gmail_search", {"query": "twilio"})           # the static page keeps its rows
    assert found["count"] == 16 and found["folder"] == "search" and found["query"] == "twilio"


def test_the_real_2015_rows_modelled_into_a_main_area(cap):
    """modelled: thread-rows.html's three rows (InboxSDK's test strings, one in the vertical split pane)
    wrapped in <div role="main">, where Gmail puts the list (gmail.js reads rows under div[role=main])."""
    html = cap.html("gmail/thread-rows.html").replace("<body>", '<body><div role="main">', 1).replace(
        "</body>", "</div></body>", 1)
    cap.serve("gmail/thread-rows.html", html, "#inbox")
    threads = cap.ok("gmail_list_threads")["threads"]
    first = threads[0]
    assert first["sender"] == {"name": "me", "email": "cowan@streak.com"} and first["subject"] == "test merge again"
    assert first["date"] == "Thu, Dec 4, 2014 at 2:02 PM" and first["unread"] is False
    assert first["snippet"].startswith("4 On Thu, Dec 4, 2014 at 2:02 PM, Chris Cowan")
    assert [t["subject"] for t in threads if t["subject"]][:1] == ["test merge again"]
