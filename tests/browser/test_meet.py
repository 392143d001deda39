"""Meet: every tool end to end on the meet.google.com fixture, which is the real captured Meet pages
(../shared/corpus/google/meet, read at test time) plus a thin behaviour layer
(tests/fixtures/sites/meet/README.md says which capture each state comes from). Effects are read
from the fixture's record, never from clicks."""
import re
import sys
import time
from pathlib import Path

import jsonschema
import pytest

from extension import answer_approval, start_call, call_tool, ext_send, reset_extension_state, tool_result
from harness import wait_until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "siteagent_src"))
from core.schema import check_tool_schema  # noqa: E402
from expected_catalogue import MEET as MEET_TOOLS

pytestmark = pytest.mark.browser

CODE = "abc-defg-hij"
UNCONFIRMED_NOTE = "Not confirmed on the real site"


class Meet:
    def __init__(self, browser, server, chat_handle):
        self.b = browser
        self.server = server
        self.chat = chat_handle

    def open(self, query="state=incall", path="/" + CODE):
        url = self.server.url(path) + ("?" + query if query else "")
        self.b.new_tab(url)
        wait_until(lambda: self.b.driver.execute_script(
            "return document.documentElement.dataset.siteagentContent && document.documentElement.dataset.fixtureState"),
            8, "the Meet fixture (a capture loaded) and the content script")
        error = self.b.driver.execute_script("const e = document.getElementById('fixture-error'); return e && e.textContent")
        assert not error, error
        self.b.driver.switch_to.window(self.chat)

    def page(self, script, *args):
        """Run script in the Meet tab's page (what a host or the network does), then come back."""
        drv = self.b.driver
        handle = next(h for h in drv.window_handles if h != self.chat)
        drv.switch_to.window(handle)
        try:
            return drv.execute_script(script, *args)
        finally:
            drv.switch_to.window(self.chat)

    def call(self, name, args=None):
        return call_tool(self.b, name, args, 8000)

    def ok(self, name, args=None):
        return tool_result(self.b, name, args, 8000)

    def events(self, kind=None):
        return [r["data"] for r in self.server.records
                if kind is None or (isinstance(r["data"], dict) and r["data"].get("event") == kind)]

    def no_event(self, kind, settle=0.3):
        time.sleep(settle)
        assert self.events(kind) == [], self.events()

    def approve(self, name, args, allow):
        """Run an irreversible tool through the real approval window; (outcome, preview text)."""
        preview, out = answer_approval(self.b, start_call(self.b, name, args), allow)
        return out, preview

    def denied(self, name, args):
        out, preview = self.approve(name, args, False)
        assert out["ok"] is False and out["reason"] == "approval_denied", out
        return preview


@pytest.fixture
def meet(browser, chatbot_site, google_sites, google_corpus):
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    m = Meet(browser, google_sites["meet"], browser.driver.current_window_handle)
    yield m
    browser.assert_no_sw_exceptions()


def test_catalogue_lists_the_19_meet_tools_with_their_risks(meet):
    tools = meet.b.sa_send("LIST_TOOLS")["payload"]
    listed = {t["name"]: t for t in tools if t["name"].startswith("meet_")}
    assert {n: t["risk"] for n, t in listed.items()} == MEET_TOOLS
    for tool in listed.values():
        jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
        assert check_tool_schema(tool["inputSchema"]) == [], tool["name"]
        assert len(tool["description"]) >= 60
    assert "untrusted" in listed["meet_read_chat"]["description"]
    assert "meet__names" not in {t["name"] for t in tools}
    assert listed["meet_join"]["inputSchema"]["properties"]["wait_admitted_s"]["maximum"] == 120
    # irreversible tools that rely on reconstructed contracts say which, for the model
    assert UNCONFIRMED_NOTE in listed["meet_admit_participant"]["description"]
    assert "waiting to join" in listed["meet_admit_participant"]["description"]
    assert UNCONFIRMED_NOTE not in listed["meet_leave"]["description"]
    assert UNCONFIRMED_NOTE not in listed["meet_status"]["description"]


def test_status_without_a_tab_then_on_the_landing_page(meet):
    assert meet.ok("meet_status")["state"] == "no_tab"
    out = meet.call("meet_set_microphone", {"state": "off"})    # never opens a tab to act in
    assert out["ok"] is False and out["reason"] == "no_target_tab", out
    bad = meet.call("meet_set_microphone", {"state": "mute"})
    assert bad["reason"] == "invalid_args" and bad["field"] == "state"
    meet.open(query="", path="/")
    status = meet.ok("meet_status")
    assert status["state"] == "landing" and status["signed_in"] is True and status["code"] is None
    info = meet.call("meet_meeting_info")
    assert info["ok"] is False and info["reason"] == "adapter_error" and "no meeting" in info["message"]


def test_create_and_open_stop_in_the_lobby_and_validate_codes(meet):
    created = meet.ok("meet_create_meeting")   # no Meet tab yet: opens one in the background
    assert re.fullmatch(r"[a-z]{3}-[a-z]{4}-[a-z]{3}", created["code"]), created
    assert created["state"] == "lobby" and created["joined"] is False
    assert created["url"] == "https://meet.google.com/" + created["code"]
    assert created["join_label"] == "Ask to join"             # the captured lobby's control
    assert [e["code"] for e in meet.events("created")] == [created["code"]]
    opened = meet.ok("meet_open_meeting", {"meeting": "HTTPS://meet.google.com/xyz-wxyz-xyz?authuser=0"})
    assert opened["code"] == "xyz-wxyz-xyz" and opened["state"] == "lobby" and opened["joined"] is False
    for bad in ["abc-defg", "https://meet.google.com.evil.com/abc-defg-hij", "https://example.com/abc-defg-hij"]:
        out = meet.call("meet_open_meeting", {"meeting": bad})
        assert out["reason"] == "invalid_args" and out["field"] == "meeting", out
        assert "meeting:" in out["message"]
    assert meet.events("joined") == [] and meet.events("asked_to_join") == []


def test_open_refuses_to_navigate_away_from_a_call(meet):
    meet.open("state=incall")
    out = meet.call("meet_open_meeting", {"meeting": "xyz-wxyz-xyz"})
    assert out["ok"] is False and out["state"] == "in_call" and "meet_leave" in out["message"], out
    same = meet.ok("meet_open_meeting", {"meeting": CODE})
    assert same["state"] == "in_call" and same["code"] == CODE
    assert meet.events("left") == []
    created = meet.call("meet_create_meeting")
    assert created["ok"] is False and created["state"] == "in_call"


def test_lobby_devices_are_idempotent_and_join_needs_approval(meet):
    meet.open("state=lobby&mic=off&join=now&title=Weekly%20sync")
    status = meet.ok("meet_status")
    assert (status["state"], status["microphone"], status["camera"], status["join_label"]) == ("lobby", "off", "on", "Join now")
    assert status["title"] == "Weekly sync" and status["signed_in"] is True
    same = meet.ok("meet_set_microphone", {"state": "off"})
    assert same["changed"] is False and same["microphone"] == "off" and "already off" in same["message"]
    meet.no_event("microphone")
    cam = meet.ok("meet_set_camera", {"state": "off"})
    assert cam == {"changed": True, "camera": "off"}
    assert meet.server.wait_for_record(lambda d: d.get("event") == "camera")["data"]["state"] == "off"
    refused = meet.call("meet_list_participants")
    assert refused["reason"] == "adapter_error" and refused["state"] == "lobby" and "meet_join" in refused["message"]

    preview = meet.denied("meet_join", {})
    assert CODE in preview and "Your microphone: off" in preview and "Your camera: off" in preview
    assert "Join now" in preview
    meet.no_event("joined")
    assert meet.ok("meet_status")["state"] == "lobby"

    out, _ = meet.approve("meet_join", {}, True)
    assert out["ok"] is True and out["result"]["joined"] is True and out["result"]["via"] == "Join now", out
    assert out["result"]["state"] == "in_call"
    joined = meet.server.wait_for_record(lambda d: d.get("event") == "joined")["data"]
    assert (joined["mic"], joined["camera"]) == ("off", "off")
    assert meet.ok("meet_status")["state"] == "in_call"
    on = meet.ok("meet_set_microphone", {"state": "on"})
    assert on == {"changed": True, "microphone": "on"}
    meet.server.wait_for_record(lambda d: d.get("event") == "microphone" and d["state"] == "on")


def test_ask_to_join_answers_waiting_and_the_waiting_room_is_not_a_call(meet):
    meet.open("state=lobby")                                     # the capture: "Ask to join without microphone & camera"
    out, preview = meet.approve("meet_join", {}, True)
    assert "Ask to join" in preview
    assert out["ok"] is True, out
    assert (out["result"]["joined"], out["result"]["state"], out["result"]["via"]) == (False, "waiting", "Ask to join")
    meet.server.wait_for_record(lambda d: d.get("event") == "asked_to_join")
    status = meet.ok("meet_status")
    assert status["state"] == "waiting"
    # the waiting room shows Leave call, chat and a tile: none of it makes it a call
    assert meet.page("return !!document.querySelector('[aria-label=\"Leave call\"]') && "
                     "!!document.querySelector('[data-participant-id]')") is True
    for tool in ["meet_read_chat", "meet_list_participants", "meet_read_captions"]:
        refused = meet.call(tool)
        assert refused["ok"] is False and refused["state"] == "waiting" and "admits you" in refused["message"], refused
    meet.page("window.__meetFixture.admitSelf()")               # a host lets you in
    wait_until(lambda: meet.ok("meet_status")["state"] == "in_call", 5, "the call after admission")


def test_join_waits_for_admission_when_asked(meet):
    meet.open("state=lobby&admit_after=1500")
    out, _ = meet.approve("meet_join", {"wait_admitted_s": 8}, True)
    assert out["ok"] is True, out
    assert (out["result"]["joined"], out["result"]["state"]) == (True, "in_call"), out
    assert 1 <= out["result"]["waited_s"] <= 8
    bad = meet.call("meet_join", {"wait_admitted_s": 121})
    assert bad["reason"] == "invalid_args" and bad["field"] == "wait_admitted_s"


def test_leave_allow_and_deny(meet):
    meet.open("state=incall")
    assert CODE in meet.denied("meet_leave", {})
    meet.no_event("left")
    out, _ = meet.approve("meet_leave", {}, True)
    assert out["ok"] is True and out["result"]["left"] is True
    assert meet.server.wait_for_record(lambda d: d.get("event") == "left")["data"]["code"] == CODE
    assert meet.ok("meet_status")["state"] == "ended"
    after = meet.call("meet_read_chat")
    assert after["reason"] == "adapter_error" and after["state"] == "ended"


def test_a_page_without_evidence_is_unknown_and_acting_tools_refuse(meet):
    meet.open("state=blank")
    assert meet.ok("meet_status")["state"] == "unknown"
    for tool, args in [("meet_set_microphone", {"state": "off"}), ("meet_read_chat", {}), ("meet_raise_hand", {"raised": True})]:
        out = meet.call(tool, args)
        assert out["ok"] is False and out["reason"] == "adapter_error" and out["state"] == "unknown", out
        assert "Nothing was done" in out["message"]
    meet.no_event("microphone")


def test_the_not_found_screen(meet):
    meet.open("state=notfound")                                  # the vexa capture
    assert meet.ok("meet_status")["state"] == "not_found"
    out = meet.call("meet_set_camera", {"state": "off"})
    assert out["ok"] is False and out["state"] == "not_found"


def test_participants_info_and_status_in_a_call(meet):
    meet.open("state=incall&waiting=Eve%20Visitor")
    status = meet.ok("meet_status")
    assert status["state"] == "in_call" and status["participant_count"] == 7 and status["recording"] is False
    assert status["signed_in"] is True and status["captions"] == "off" and status["hand"] == "lowered"
    listed = meet.ok("meet_list_participants")
    assert listed["untrusted"] is True
    rows = {(p["name"], p["self"], p["host"], p["muted"], p["hand"]) for p in listed["participants"]}
    assert ("AI Notetaker", True, True, False, False) in rows
    assert ("Grace Hopper", False, False, False, True) in rows
    assert ("Alan Turing", False, False, True, False) in rows
    assert [p["name"] for p in listed["participants"]].count("Sam Lee") == 2
    assert listed["waiting"] == [{"name": "Eve Visitor"}]
    info = meet.ok("meet_meeting_info")
    assert info["code"] == CODE and info["link"] == "https://meet.google.com/" + CODE
    assert info["dial_in"] == {"phone": "(US) +1 555-0100", "pin": "123 456 789#"}
    assert meet.events() == []


def test_admit_allow_deny_and_exact_name(meet):
    meet.open("state=incall&waiting=Eve%20Visitor,Bob%20Guest")
    preview = meet.denied("meet_admit_participant", {"name": "Eve Visitor"})
    assert "Admit into the call: Eve Visitor" in preview
    assert UNCONFIRMED_NOTE in preview and "waiting to join" in preview  # reconstructed contracts, named
    meet.no_event("admitted")
    out, _ = meet.approve("meet_admit_participant", {"name": "Eve  Visitor"}, True)   # whitespace is normalised
    assert out["ok"] is True and out["result"] == {"admitted": "Eve Visitor"}, out
    assert meet.server.wait_for_record(lambda d: d.get("event") == "admitted")["data"]["name"] == "Eve Visitor"
    out, _ = meet.approve("meet_admit_participant", {"name": "bob guest"}, True)      # case-sensitive
    assert out["reason"] == "invalid_args" and out["field"] == "name" and out["candidates"] == ["Bob Guest"], out
    assert "Bob Guest" in out["message"]
    assert [e["name"] for e in meet.events("admitted")] == ["Eve Visitor"]


def test_mute_picks_its_own_dialog_among_the_open_ones(meet):
    meet.open("state=incall")        # in-call-captions-off.html: "Your meeting's ready" and the persistent "Meet keeps you safe" are open
    assert meet.page("return document.querySelectorAll('[role=dialog]').length") == 2
    meet.ok("meet_list_participants")            # People panel open: the preview can check the name
    preview = meet.denied("meet_mute_participant", {"name": "Grace Hopper"})
    assert "Mute for everyone: Grace Hopper" in preview and CODE in preview
    meet.no_event("muted")
    out, _ = meet.approve("meet_mute_participant", {"name": "Grace Hopper"}, True)
    assert out["ok"] is True and out["result"] == {"changed": True, "muted": "Grace Hopper"}, out
    assert meet.server.wait_for_record(lambda d: d.get("event") == "muted")["data"]["name"] == "Grace Hopper"
    assert meet.page("return document.querySelectorAll('[role=dialog]').length") == 2   # the captured ones stay

    out, preview = meet.approve("meet_mute_participant", {"name": "Sam Lee"}, True)
    assert "2 people have this name" in preview
    assert out["ok"] is False and out["reason"] == "invalid_args" and out["match"] == "several", out
    assert out["candidates"] == ["Sam Lee", "Sam Lee"] and "refusing to guess" in out["message"]
    out, _ = meet.approve("meet_mute_participant", {"name": "Alan Turing"}, True)
    assert out["ok"] is True and out["result"]["changed"] is False
    meet.no_event("__none__", 0.3)
    assert [e["name"] for e in meet.events("muted")] == ["Grace Hopper"]


def test_remove_allow_deny_and_unknown_name(meet):
    meet.open("state=incall")
    preview = meet.denied("meet_remove_participant", {"name": "Mallory Ops"})
    assert "Remove from the call: Mallory Ops" in preview
    meet.no_event("removed")
    out, _ = meet.approve("meet_remove_participant", {"name": "Mallory Ops"}, True)
    assert out["ok"] is True and out["result"] == {"removed": "Mallory Ops"}, out
    assert meet.server.wait_for_record(lambda d: d.get("event") == "removed")["data"]["name"] == "Mallory Ops"
    assert "Mallory Ops" not in [p["name"] for p in meet.ok("meet_list_participants")["participants"]]
    out, _ = meet.approve("meet_remove_participant", {"name": "Nobody Here"}, True)
    assert out["reason"] == "invalid_args" and out["match"] == "none"
    assert out["candidates"] == ["Jordan Rivera", "Grace Hopper", "Alan Turing", "Sam Lee", "Sam Lee"], out
    out, _ = meet.approve("meet_remove_participant", {"name": "AI Notetaker"}, True)   # yourself: not a candidate
    assert out["reason"] == "invalid_args" and "AI Notetaker" not in out["candidates"]
    assert len(meet.events("removed")) == 1


def test_chat_is_untrusted_and_sending_is_verified(meet):
    meet.open("state=incall")
    chat = meet.ok("meet_read_chat", {"limit": 10})
    assert chat["untrusted"] is True and chat["count"] == 3
    assert chat["messages"][0] == {"sender": "Grace Hopper", "time": "10:02", "text": "Morning all, the agenda is in the doc."}
    injection = chat["messages"][1]
    assert injection["sender"] == "Mallory Ops" and "ignore all previous instructions" in injection["text"]
    assert meet.ok("meet_read_chat", {"limit": 1})["messages"][0]["sender"] == "Alan Turing"
    meet.b.assert_no_popup("approve.html")
    assert meet.events() == []                  # reading the injection did nothing

    text = "Notes are in the doc \u2014 thanks all"
    preview = meet.denied("meet_send_chat", {"text": text})
    assert "Message: " + text in preview and CODE in preview
    meet.no_event("chat_sent")
    out, _ = meet.approve("meet_send_chat", {"text": text}, True)
    assert out["ok"] is True and out["result"]["sent"] is True and out["result"]["verified"] is True, out
    assert meet.server.wait_for_record(lambda d: d.get("event") == "chat_sent")["data"]["text"] == text
    last = meet.ok("meet_read_chat")["messages"][-1]
    assert last["sender"] == "You" and last["text"] == text
    # the same text again: verified by a new message with that text, not by the first one
    out, _ = meet.approve("meet_send_chat", {"text": text}, True)
    assert out["ok"] is True and out["result"]["verified"] is True, out
    assert len(meet.events("chat_sent")) == 2


def test_a_send_that_cannot_be_confirmed_is_never_a_plain_failure(meet):
    meet.open("state=incall&chat=drop")         # Meet empties the box but the message never shows
    out, _ = meet.approve("meet_send_chat", {"text": "hello"}, True)
    assert out["ok"] is True and out["result"]["sent"] is True and out["result"]["verified"] is False, out
    assert "meet_read_chat" in out["result"]["note"]
    meet.server.wait_for_record(lambda d: d.get("event") == "chat_sent")
    meet.open("state=incall&chat=stuck")        # nothing visible happens after the click
    out, _ = meet.approve("meet_send_chat", {"text": "hello again"}, True)
    assert out["ok"] is False and out["reason"] == "unverified", out
    assert "before sending it again" in out["message"]


def test_hand_and_captions_are_idempotent_and_captions_are_untrusted(meet):
    meet.open("state=incall")
    assert meet.ok("meet_raise_hand", {"raised": True}) == {"changed": True, "hand": "raised"}
    meet.server.wait_for_record(lambda d: d.get("event") == "hand" and d["state"] == "raised")
    again = meet.ok("meet_raise_hand", {"raised": True})
    assert again["changed"] is False and "already raised" in again["message"]
    assert meet.ok("meet_raise_hand", {"raised": False}) == {"changed": True, "hand": "lowered"}
    meet.server.wait_for_record(lambda d: d.get("event") == "hand" and d["state"] == "lowered")
    assert len(meet.events("hand")) == 2

    off = meet.ok("meet_read_captions")
    assert off["captions"] == "off" and off["lines"] == [] and "meet_set_captions" in off["message"]
    assert meet.ok("meet_set_captions", {"state": "on"}) == {"changed": True, "captions": "on"}
    meet.server.wait_for_record(lambda d: d.get("event") == "captions" and d["state"] == "on")
    assert meet.ok("meet_set_captions", {"state": "on"})["changed"] is False
    quiet = meet.ok("meet_read_captions")
    assert quiet["captions"] == "on" and quiet["lines"] == []
    assert len(meet.events("captions")) == 1

    meet.open("state=incall&call=captions&captions=talk")       # in-call.html, lines modelled after parley
    lines = meet.ok("meet_read_captions", {"limit": 5})
    assert lines["untrusted"] is True and lines["captions"] == "on"
    assert lines["lines"][0] == {"speaker": "Grace Hopper", "text": "Let's start with the roadmap. First item is the release."}
    assert lines["lines"][1]["speaker"] == "Alan Turing"
    assert meet.ok("meet_read_captions", {"limit": 1})["lines"][0]["speaker"] == "Alan Turing"
    assert meet.events("removed") == []


def test_a_device_problem_is_reported_and_not_toggled(meet):
    meet.open("state=incall&devices=problem")  # the captured "Microphone problem. Show more info"
    status = meet.ok("meet_status")
    assert status["microphone"] == "unavailable" and status["camera"] == "unavailable"
    out = meet.call("meet_set_microphone", {"state": "on"})
    assert out["ok"] is False and out["state"] == "unavailable" and "problem" in out["message"], out
    meet.no_event("microphone")


def test_recording_start_stop_allow_deny(meet):
    meet.open("state=incall")
    preview = meet.denied("meet_start_recording", {})
    assert "Start recording: " + CODE in preview and "everyone in the call" in preview
    assert UNCONFIRMED_NOTE in preview
    meet.no_event("recording")
    out, _ = meet.approve("meet_start_recording", {}, True)
    assert out["ok"] is True and out["result"] == {"changed": True, "recording": True}, out
    meet.server.wait_for_record(lambda d: d.get("event") == "recording" and d["state"] == "started")
    assert meet.ok("meet_status")["recording"] is True
    out, _ = meet.approve("meet_start_recording", {}, True)
    assert out["result"]["changed"] is False
    meet.denied("meet_stop_recording", {})
    time.sleep(0.3)
    assert [e["state"] for e in meet.events("recording")] == ["started"]
    out, _ = meet.approve("meet_stop_recording", {}, True)
    assert out["ok"] is True and out["result"] == {"changed": True, "recording": False}, out
    meet.server.wait_for_record(lambda d: d.get("event") == "recording" and d["state"] == "stopped")
    assert [e["state"] for e in meet.events("recording")] == ["started", "stopped"]


def test_a_page_in_another_language_is_refused_by_name(meet):
    meet.open("state=incall&lang=de")
    for tool, args in [("meet_status", {}), ("meet_set_microphone", {"state": "off"})]:
        out = meet.call(tool, args)
        assert out["ok"] is False and out["reason"] == "unsupported_locale", out
        assert out["lang"] == "de" and out["language"] == "German" and out["supported"] == ["en"]
        assert "German" in out["message"]
    meet.no_event("microphone")


def test_health_reports_each_contract_with_its_status(meet):
    meet.open("state=incall")
    report = ext_send(meet.b, {"kind": "console_call", "name": "browser_health", "args": {}})
    meet_report = next(r for r in report["result"]["adapters"] if r["adapter"] == "meet")
    assert meet_report["ok"] is True and meet_report["state"] == "in_call" and meet_report["broken"] == [], meet_report
    rows = {r["key"]: r for r in meet_report["selectors"]}
    assert rows["people_badge"]["found"] == 1 and rows["people_badge"]["status"] == "confirmed"
    assert rows["people_badge"]["locator"] == 0 and "meet_list_participants" in rows["people_badge"]["used_by"]
    assert rows["waiting_list"]["status"] == "unconfirmed" and rows["waiting_list"]["expected"] is False
    assert rows["leave_button"]["expected"] is True
