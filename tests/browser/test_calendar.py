"""Issue 5, Calendar: every tool end to end on the calendar.google.com fixture; irreversible tools
through the real approval window (Allow and Deny), effects read from the fixture's record."""
import base64
from dataclasses import dataclass

import pytest

from extension import answer_approval, start_call, call_tool, ext_send, reset_extension_state, tool_result
from harness import wait_until
from expected_catalogue import CALENDAR as TOOLS

pytestmark = pytest.mark.browser

ME = "me@example.com"


def eid(raw):
    text = base64.b64encode(f"{raw} {ME}".encode()).decode().rstrip("=")
    return text.replace("+", "-").replace("/", "_")


TEAM_SYNC, PLANNING, VENDOR = eid("teamsync20260316"), eid("planning20260317"), eid("vendor20260318")
OFFSITE, FOCUS, DENTIST = eid("offsite20260319"), eid("focus20260320"), eid("dentist20260325")


@dataclass
class Cal:
    browser: object
    server: object
    cal_tab: str
    chat_tab: str

    def call(self, name, args=None, timeout_ms=15000):
        return call_tool(self.browser, name, args, timeout_ms)

    def ok(self, name, args=None):
        return tool_result(self.browser, name, args)

    def approve(self, name, args, allow):
        """Start the call, read the approval window's preview, click Allow or Deny; (outcome, preview)."""
        preview, out = answer_approval(self.browser, start_call(self.browser, name, args), allow)
        return out, preview

    def records(self, action=None):
        return [r["data"] for r in self.server.records
                if isinstance(r["data"], dict) and (action is None or r["data"].get("action") == action)]

    def in_calendar(self, js, *args):
        drv = self.browser.driver
        drv.switch_to.window(self.cal_tab)
        try:
            return drv.execute_script(js, *args)
        finally:
            drv.switch_to.window(self.chat_tab)


@pytest.fixture
def cal(browser, chatbot_site, google_sites):
    server = google_sites["calendar"]        # its shell page serves every /calendar/r/... route
    reset_extension_state(browser)
    drv = browser.driver
    drv.get(server.url("/calendar/r"))
    drv.execute_script("localStorage.clear()")
    drv.get(server.url("/calendar/r"))
    wait_until(lambda: drv.execute_script("return document.querySelectorAll('[data-eventchip]').length") >= 5,
               10, "the calendar fixture to render its week")
    cal_tab = drv.current_window_handle
    drv.switch_to.new_window("window")        # its own window: both tabs stay in the foreground
    # new windows cascade; keep this one on screen, or Chromium refuses the approval popup's bounds
    drv.set_window_rect(x=0, y=0, width=1200, height=860)
    browser.open_chatbot(chatbot_site)
    yield Cal(browser, server, cal_tab, drv.current_window_handle)
    browser.assert_no_sw_exceptions()


# --- catalogue ---------------------------------------------------------------------------------

def test_catalogue_lists_the_ten_calendar_tools_with_their_risks(cal):
    reply = cal.browser.sa_send("LIST_TOOLS")
    listed = {t["name"]: t for t in reply["payload"] if t["name"].startswith("calendar_")}
    assert {n: t["risk"] for n, t in listed.items()} == TOOLS
    for tool in listed.values():
        assert len(tool["description"]) > 60 and tool["inputSchema"]["additionalProperties"] is False
    for name in ("calendar_save_event", "calendar_update_event", "calendar_add_guests", "calendar_delete_event"):
        assert "send_updates" in listed[name]["inputSchema"]["required"]


def test_health_check_counts_the_calendar_selectors(cal):
    report = ext_send(cal.browser, {"kind": "console_call", "name": "browser_health", "args": {}})
    mine = [a for a in report["result"]["adapters"] if a["adapter"] == "calendar"]
    assert len(mine) == 1 and mine[0]["ok"] is True, mine
    rows = {row["key"]: row for row in mine[0]["selectors"]}
    assert set(rows) >= {"grid", "event_chip", "account", "day_cells", "view_switcher"}
    assert mine[0]["state"] == "grid" and rows["view_switcher"]["found"] == 1
    # reconstructed contracts are reported with their status and never counted as broken
    assert rows["grid"]["status"] == "unconfirmed" and rows["grid"]["expected"] is False
    assert rows["rsvp_group"]["status"] == "unconfirmed" and "calendar_rsvp" in rows["rsvp_group"]["used_by"]


# --- reads -------------------------------------------------------------------------------------

def test_status_and_list_events(cal):
    status = cal.ok("calendar_status")
    assert status["signed_in"] is True and status["account"] == ME
    assert status["view"] == "week" and status["range"] == {"start": "2026-03-15", "end": "2026-03-21"}
    assert status["editor_open"] is False
    listed = cal.ok("calendar_list_events")
    assert listed["untrusted"] is True and listed["count"] == 5
    events = {e["id"]: e for e in listed["events"]}
    assert events[TEAM_SYNC] == {"id": TEAM_SYNC, "title": "Team sync", "start": "2026-03-16T10:00:00",
                                 "end": "2026-03-16T11:00:00", "all_day": False, "location": "Room 4",
                                 "organizer": "Alice Example", "calendar": None, "my_rsvp": "yes"}
    assert events[OFFSITE]["all_day"] is True and events[OFFSITE]["start"] == "2026-03-19"
    assert events[OFFSITE]["my_rsvp"] == "needs_action"
    assert events[PLANNING]["my_rsvp"] is None and events[PLANNING]["end"] == "2026-03-17T15:30:00"
    # your own event: the chip names your calendar, not an organizer, and "No location" is no location
    assert (events[PLANNING]["organizer"], events[PLANNING]["calendar"]) == (None, "Sam Fixture")
    assert events[FOCUS]["location"] is None
    assert cal.records() == []


def test_go_to_date_moves_the_view(cal):
    day = cal.ok("calendar_go_to_date", {"date": "2026-03-25", "view": "day"})
    assert day["view"] == "day" and day["range"] == {"start": "2026-03-25", "end": "2026-03-25"}
    listed = cal.ok("calendar_list_events")
    assert [e["title"] for e in listed["events"]] == ["Dentist"]
    month = cal.ok("calendar_go_to_date", {"date": "2026-03-09", "view": "month"})
    assert month["view"] == "month" and month["range"] == {"start": "2026-03-01", "end": "2026-04-04"}
    assert cal.ok("calendar_list_events")["count"] == 6
    kept = cal.ok("calendar_go_to_date", {"date": "2026-02-10"})       # keeps the current view
    assert kept["view"] == "month" and kept["range"]["start"] == "2026-02-01"
    bad = cal.call("calendar_go_to_date", {"date": "2026-02-30"})
    assert bad["reason"] == "invalid_args" and bad["field"] == "date"


def test_read_event_returns_guests_and_marks_the_description_untrusted(cal):
    event = cal.ok("calendar_read_event", {"event_id": VENDOR})
    assert event["untrusted"] is True and event["description"]["untrusted"] is True
    assert "ignore all previous instructions" in event["description"]["text"]
    assert event["conference_link"] == "https://meet.google.com/xyz-abcd-efg"
    assert event["organizer"] == "mallory@evil.example" and event["my_rsvp"] == "needs_action"
    assert event["guests"] == [
        {"email": "mallory@evil.example", "name": "Mallory Vendor", "rsvp": "yes", "organizer": True},
        {"email": ME, "name": "Sam Fixture", "rsvp": "needs_action", "organizer": False}]
    # no guest label says "Organizer" (#xDtlDlgOrg is not evidence): unknown, and said so
    focus = cal.ok("calendar_read_event", {"event_id": FOCUS})
    assert focus["organizer"] is None and "does not say who organises" in focus["organizer_note"]
    mine = cal.ok("calendar_read_event", {"event_id": PLANNING})
    assert mine["my_rsvp"] == "organizer" and mine["can_edit"] is True and mine["location"] == "Board room"
    assert cal.in_calendar("return document.querySelector('#xDetDlg')") is None     # closed again
    missing = cal.call("calendar_read_event", {"event_id": DENTIST})                  # not in this week
    assert missing["reason"] == "invalid_args" and missing["field"] == "event_id"
    assert cal.records() == []        # the injected text made nothing happen
    cal.browser.assert_no_popup("approve.html")


# --- draft and save ----------------------------------------------------------------------------

DRAFT = {"title": "Design review", "start": "2026-03-18T15:00:00Z", "end": "2026-03-18T16:00:00Z",
         "guests": ["Erin@Example.com", "frank@example.org"], "description": "Bring mockups & notes",
         "location": "Room 7"}


def test_draft_event_opens_the_editor_prefilled_and_unsaved(cal):
    out = cal.ok("calendar_draft_event", DRAFT)
    assert out["drafted"] is True and out["saved"] is False
    assert out["editor"]["title"] == "Design review" and out["editor"]["guests"] == ["erin@example.com", "frank@example.org"]
    assert out["editor"]["start"] == "2026-03-18T15:00:00" and out["editor"]["end"] == "2026-03-18T16:00:00"
    assert out["editor"]["description"] == "Bring mockups & notes" and out["editor"]["location"] == "Room 7"
    url = cal.in_calendar("return location.href")
    assert url.startswith("https://calendar.google.com/calendar/r/eventedit?text=Design%20review&"
                          "dates=20260318T150000Z/20260318T160000Z&details=Bring%20mockups%20%26%20notes&")
    assert "add=erin%40example.com,frank%40example.org" in url
    assert cal.records() == []
    cal.browser.assert_no_popup("approve.html")
    for args, field in [({"title": "x", "start": "2026-03-18T15:00", "end": "2026-03-18T14:00"}, "end"),
                        ({"title": "x", "start": "2026-03-18T15:00"}, "end"),
                        ({"title": "x", "start": "tomorrow", "end": "2026-03-18T14:00"}, "start"),
                        ({"title": "x", "start": "2026-03-18", "guests": ["Bob <bob@x.com>"]}, "guests")]:
        bad = cal.call("calendar_draft_event", args)
        assert bad["reason"] == "invalid_args" and bad["field"] == field, (args, bad)


def test_save_event_allow_sends_invitations_per_the_argument(cal):
    cal.ok("calendar_draft_event", DRAFT)
    out, preview = cal.approve("calendar_save_event", {"send_updates": True}, allow=True)
    assert out["ok"] is True, out
    assert out["result"] == {"saved": True, "emails_asked": True, "emails_sent": True}
    lines = preview.splitlines()
    assert lines[0] == "Guests (invitations go to them): erin@example.com, frank@example.org"
    assert lines[1] == "Invitation emails: Send" and "Title: Design review" in preview
    saved = cal.records("save_event")
    assert len(saved) == 1 and saved[0]["emails_sent"] is True and saved[0]["title"] == "Design review"
    assert saved[0]["guests"] == [ME, "erin@example.com", "frank@example.org"]
    assert saved[0]["start"] == "2026-03-18T15:00" and saved[0]["location"] == "Room 7"
    assert "Design review" in [e["title"] for e in cal.ok("calendar_list_events")["events"]]


def test_save_event_deny_saves_nothing(cal):
    cal.ok("calendar_draft_event", {"title": "Lunch", "start": "2026-03-19", "guests": ["gia@example.com"]})
    out, preview = cal.approve("calendar_save_event", {"send_updates": False}, allow=False)
    assert out["ok"] is False and out["reason"] == "approval_denied"
    assert preview.startswith("Guests (invitations go to them): gia@example.com\nInvitation emails: Don't send")
    assert cal.records() == []
    assert cal.ok("calendar_status")["editor_open"] is True        # the draft is still there, unsaved


def test_save_refuses_when_the_guest_list_cannot_be_read(cal):
    """Who gets invited must be read from a supported locator (contract editor_guest_list), never guessed:
    with the list gone from the page (as if Google changed it), the approval warns and the save refuses."""
    cal.ok("calendar_draft_event", DRAFT)
    cal.in_calendar("document.getElementById('fixture-guest-list').removeAttribute('aria-label')")
    out, preview = cal.approve("calendar_save_event", {"send_updates": True}, allow=True)
    assert "guest list cannot be read" in preview and "Guests (invitations go to them): (cannot be read)" in preview
    assert "Not confirmed on the real site" in preview                # the editor's location field is reconstructed
    assert out["ok"] is False and out["reason"] == "adapter_error" and "nothing was saved" in out["message"], out
    assert cal.records() == []


def test_save_event_without_guests_is_not_asked_about_emails(cal):
    cal.ok("calendar_draft_event", {"title": "Solo block", "start": "2026-03-20", "end": "2026-03-20"})
    out, preview = cal.approve("calendar_save_event", {"send_updates": True}, allow=True)
    assert out["result"] == {"saved": True, "emails_asked": False, "emails_sent": None}
    assert preview.startswith("Guests (invitations go to them): (none)\nTitle: Solo block")
    rec = cal.records("save_event")
    assert len(rec) == 1 and rec[0]["all_day"] is True and rec[0]["emails_sent"] is None


def test_send_updates_is_never_guessed(cal):
    for name, args in [("calendar_save_event", {}), ("calendar_update_event", {"event_id": PLANNING, "title": "x"}),
                       ("calendar_add_guests", {"event_id": PLANNING, "guests": ["a@example.com"]}),
                       ("calendar_delete_event", {"event_id": PLANNING})]:
        out = cal.call(name, args)
        assert out["reason"] == "invalid_args" and out["field"] == "send_updates", (name, out)
    cal.browser.assert_no_popup("approve.html")
    assert cal.records() == []


# --- update and add guests ---------------------------------------------------------------------

UPDATE = {"event_id": PLANNING, "title": "Q2 planning", "start": "2026-03-17T15:00", "end": "2026-03-17T16:30",
          "location": "Board room", "send_updates": False}


def test_update_event_allow_shows_before_after_and_answers_dont_send(cal):
    out, preview = cal.approve("calendar_update_event", UPDATE, allow=True)
    assert out["ok"] is True, out
    assert out["result"]["saved"] is True and out["result"]["emails_asked"] is True
    assert out["result"]["emails_sent"] is False and out["result"]["changed"] == ["title", "start", "end"]
    lines = preview.splitlines()
    assert lines[0] == "Guests who will see the change: carol@example.com, dan@example.com, me@example.com" \
        or lines[0].startswith("Guests who will see the change: ")
    assert "carol@example.com" in lines[0] and "dan@example.com" in lines[0]
    assert lines[1] == "Update emails to guests: Don't send"
    assert "Title: Quarterly planning  →  Q2 planning" in lines
    assert "Start: 2026-03-17T14:00:00  →  2026-03-17T15:00:00" in lines
    assert "End: 2026-03-17T15:30:00  →  2026-03-17T16:30:00" in lines
    assert not any(line.startswith("Location:") for line in lines)      # unchanged
    rec = cal.records("update_event")
    assert len(rec) == 1 and rec[0]["emails_sent"] is False and rec[0]["id"] == PLANNING
    assert rec[0]["changed"] == {"title": {"before": "Quarterly planning", "after": "Q2 planning"},
                                 "start": {"before": "2026-03-17T14:00", "after": "2026-03-17T15:00"},
                                 "end": {"before": "2026-03-17T15:30", "after": "2026-03-17T16:30"}}
    assert rec[0]["guests_added"] == []


def test_update_event_deny_changes_nothing(cal):
    out, preview = cal.approve("calendar_update_event", dict(UPDATE, send_updates=True), allow=False)
    assert out["reason"] == "approval_denied" and "Update emails to guests: Send" in preview
    assert cal.records() == []
    assert {e["title"] for e in cal.ok("calendar_list_events")["events"]} >= {"Quarterly planning"}


def test_update_event_refuses_what_it_cannot_do(cal):
    out, preview = cal.approve("calendar_update_event", {"event_id": TEAM_SYNC, "title": "Mine now",
                                                         "send_updates": True}, allow=True)
    assert out["reason"] == "invalid_args" and out["field"] == "event_id" and "organise" in out["message"]
    out, preview = cal.approve("calendar_update_event", {"event_id": PLANNING, "start": "2026-03-17T15:00Z",
                                                         "send_updates": True}, allow=True)
    assert preview.startswith("This call will be refused: start:")
    assert out["reason"] == "invalid_args" and out["field"] == "start"
    assert cal.records() == []


def test_add_guests_allow_sends_invitations(cal):
    args = {"event_id": PLANNING, "guests": ["Hana@Example.com", "dan@example.com"], "send_updates": True}
    out, preview = cal.approve("calendar_add_guests", args, allow=True)
    assert out["ok"] is True, out
    assert out["result"]["added"] == ["hana@example.com"] and out["result"]["already_guests"] == ["dan@example.com"]
    assert out["result"]["emails_sent"] is True
    lines = preview.splitlines()
    assert lines[0] == "New guests: hana@example.com" and lines[1] == "Invitation emails: Send"
    rec = cal.records("update_event")
    assert len(rec) == 1 and rec[0]["guests_added"] == ["hana@example.com"] and rec[0]["emails_sent"] is True
    assert rec[0]["changed"] == {}


def test_add_guests_deny_invites_nobody(cal):
    args = {"event_id": FOCUS, "guests": ["ivan@example.com"], "send_updates": False}
    out, preview = cal.approve("calendar_add_guests", args, allow=False)
    assert out["reason"] == "approval_denied"
    assert preview.startswith("New guests: ivan@example.com\nInvitation emails: Don't send")
    assert cal.records() == []
    # a malformed guest is refused by the recipient rules before any approval window opens
    bad = cal.call("calendar_add_guests", {"event_id": FOCUS, "guests": ["not an address"], "send_updates": True})
    assert bad["reason"] == "invalid_args" and bad["field"] == "guests"
    cal.browser.assert_no_popup("approve.html")
    assert cal.records() == []


# --- RSVP and delete ---------------------------------------------------------------------------

def test_rsvp_allow_answers_the_invitation(cal):
    out, preview = cal.approve("calendar_rsvp", {"event_id": OFFSITE, "response": "maybe"}, allow=True)
    assert out["ok"] is True and out["result"] == {"answered": "maybe", "before": "needs_action", "changed": True}
    assert preview.startswith("Organizer (sees your answer): hr@example.com")
    assert "Your answer: Not answered  →  Maybe" in preview
    assert "Not confirmed on the real site" in preview and "Going?" in preview     # the RSVP radios are reconstructed
    assert cal.records("rsvp") == [{"action": "rsvp", "id": OFFSITE, "title": "Company offsite",
                                    "before": "needs_action", "response": "maybe"}]
    assert cal.ok("calendar_read_event", {"event_id": OFFSITE})["my_rsvp"] == "maybe"


def test_rsvp_deny_leaves_the_answer(cal):
    out, preview = cal.approve("calendar_rsvp", {"event_id": VENDOR, "response": "yes"}, allow=False)
    assert out["reason"] == "approval_denied" and "mallory@evil.example" in preview.splitlines()[0]
    assert cal.records() == []
    out, _ = cal.approve("calendar_rsvp", {"event_id": PLANNING, "response": "no"}, allow=True)
    assert out["reason"] == "invalid_args" and out["field"] == "event_id"      # my own event
    assert cal.records() == []


def test_delete_event_allow_with_cancellation_emails(cal):
    out, preview = cal.approve("calendar_delete_event", {"event_id": PLANNING, "send_updates": True}, allow=True)
    assert out["ok"] is True and out["result"] == {"deleted": True, "emails_asked": True, "emails_sent": True}
    assert preview.splitlines()[0].startswith("Guests (the event disappears for them): ")
    assert "Cancellation emails: Send" in preview and "Delete event: Quarterly planning" in preview
    rec = cal.records("delete_event")
    assert len(rec) == 1 and rec[0]["id"] == PLANNING and rec[0]["emails_sent"] is True
    assert set(rec[0]["notified"]) == {"carol@example.com", "dan@example.com"}
    assert PLANNING not in {e["id"] for e in cal.ok("calendar_list_events")["events"]}


def test_delete_event_deny_and_an_event_without_guests(cal):
    out, _ = cal.approve("calendar_delete_event", {"event_id": FOCUS, "send_updates": False}, allow=False)
    assert out["reason"] == "approval_denied" and cal.records() == []
    assert FOCUS in {e["id"] for e in cal.ok("calendar_list_events")["events"]}
    out, preview = cal.approve("calendar_delete_event", {"event_id": FOCUS, "send_updates": False}, allow=True)
    assert out["result"] == {"deleted": True, "emails_asked": False, "emails_sent": None}
    assert preview.startswith("Guests (the event disappears for them): (none)\nDelete event: Focus time")
    assert [r["emails_sent"] for r in cal.records("delete_event")] == [None]
