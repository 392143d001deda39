"""sites.calendar.logic under CPython: Calendar's date forms, URLs, chip labels, guests and previews."""
import urllib.parse


from sites.calendar import logic as cl
from sites.calendar.contracts import LABELS

EN = LABELS["en"]


def test_event_times():
    utc = cl.event_times("2026-03-20T23:30:00-02:00", "2026-03-21T01:00:00-02:00")
    assert utc["dates"] == "20260321T013000Z/20260321T030000Z"
    assert cl.event_times("2026-03-20T10:00", "2026-03-20T11:00")["dates"] == "20260320T100000/20260320T110000"
    assert cl.event_times("2026-12-31", None)["dates"] == "20261231/20270101"
    assert cl.event_times("2026-03-20", "2026-03-22")["dates"] == "20260320/20260323"
    for start, end, field in [("2026-03-20T10:00", None, "end"), ("2026-03-20T10:00", "2026-03-20T10:00", "end"),
                              ("2026-03-20", "2026-03-20T10:00", "end"), ("2026-03-20T10:00Z", "2026-03-20T11:00", "end"),
                              ("2026-03-21", "2026-03-20", "end"), ("soon", "2026-03-20", "start")]:
        out = cl.event_times(start, end)
        assert out["ok"] is False and out["field"] == field and out["message"].startswith(field + ": ")


def test_eventedit_url_round_trips():
    url = cl.eventedit_url("Café & co / 1", "20260320T100000Z/20260320T110000Z", "a\nb 😀", "Room 4",
                           ["a@x.com", "b+tag@y.org"])
    assert url.startswith("https://calendar.google.com/calendar/r/eventedit?text=")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
    assert query == {"text": ["Café & co / 1"], "dates": ["20260320T100000Z/20260320T110000Z"],
                     "details": ["a\nb 😀"], "location": ["Room 4"], "add": ["a@x.com,b+tag@y.org"]}
    assert cl.eventedit_url("", None, None, "", []) == "https://calendar.google.com/calendar/r/eventedit"


def test_views_and_paths():
    assert cl.view_url("month", "2026-03-09")["url"] == "https://calendar.google.com/calendar/r/month/2026/3/9"
    assert cl.view_url("year", "2026-03-09")["field"] == "view"
    assert cl.view_url("day", "2026-03-09T10:00")["field"] == "date"
    assert cl.parse_path("/calendar/u/1/r/day/2026/3/25") == {"view": "day", "date": "2026-03-25",
                                                             "editor": False, "event_id": None}
    assert cl.parse_path("/calendar/r/eventedit/abc_-1")["event_id"] == "abc_-1"
    assert cl.parse_path("/calendar/r")["view"] is None and cl.parse_path("/mail/u/0")["view"] is None
    assert cl.parse_path("/calendar/r/week/2026/2/30")["date"] is None
    for iso, (y, m, d) in [("1970-01-01", (1970, 1, 1)), ("2026-03-16", (2026, 3, 16)), ("2199-12-31", (2199, 12, 31))]:
        assert cl.datekey_to_iso(((y - 1970) << 9) | (m << 5) | d) == iso
    assert cl.datekey_to_iso("x") is None and cl.datekey_to_iso(0) is None


def test_chip_labels_in_the_reconstructed_order_are_not_read_as_the_real_one():
    """The old parser's made-up order put the calendar name into location; the real format never has
    a bare place before the date (test_chip_labels.py has the real labels)."""
    got = cl.parse_chip_label("10am to 11:30am, Lunch, with, commas, Alice Example, Accepted, Location: Room 4, "
                              "March 16, 2026", "Lunch, with, commas", EN)
    assert (got["title"], got["organizer"], got["my_rsvp"], got["location"]) == (
        "Lunch, with, commas", "Alice Example", "yes", "Room 4")
    own = cl.parse_chip_label("12pm to 12:45pm, Focus, Sam Fixture, No location, March 20, 2026", None, EN)
    assert (own["title"], own["calendar"], own["organizer"], own["location"]) == ("Focus", "Sam Fixture", None, None)
    assert cl.parse_chip_label("garbage", None, EN)["parsed"] is False


def test_guests():
    assert cl.check_guests([" Ann@Example.COM", "ann@example.com", "b.c+d@sub.example.org"], "guests") == {
        "ok": True, "guests": ["ann@example.com", "b.c+d@sub.example.org"]}
    for bad in ["Ann <ann@example.com>", "ann@example", "ann@@example.com", ".ann@example.com", "a..b@example.com",
                "ann@-x.com", "ann example@x.com", "a@b.12", 7]:
        out = cl.check_guests(["ok@example.com", bad], "guests")
        assert out["ok"] is False and out["field"] == "guests" and "item 1" in out["message"], bad
    assert cl.check_guests("a@b.com", "guests")["ok"] is False
    assert cl.parse_guest_label("Alice, Attending, Organizer", EN) == {"name": "Alice", "rsvp": "yes", "organizer": True}
    assert cl.parse_guest_label("Ann, Organiser", EN)["organizer"] is True          # the British spelling too
    assert cl.parse_guest_label("Ann, Accepted", EN) == {"name": "Ann", "rsvp": "yes", "organizer": False}
    assert cl.strip_label("Description:\nhello ", "Description:") == "hello"


SNAP = {"ok": True, "title": "Sync", "start": "2026-03-16T10:00:00", "end": "2026-03-16T11:00:00",
        "location": "Room 1", "description": "Old", "organizer": "alice@example.com", "my_rsvp": "needs_action",
        "guests": [{"email": "alice@example.com"}, {"email": "bob@example.com"}]}


def test_previews_put_guests_first():
    text = cl.update_preview(SNAP, {"event_id": "x", "start": "2026-03-16T10:30", "location": "Room 1",
                                    "description": "New\nlines", "send_updates": True})
    lines = text.splitlines()
    assert lines[0] == "Guests who will see the change: alice@example.com, bob@example.com"
    assert lines[1] == "Update emails to guests: Send" and lines[2] == "Event: Sync"
    assert lines[3] == "Start: 2026-03-16T10:00:00  →  2026-03-16T10:30:00"
    assert lines[4] == "Description: Old  →  New" and lines[5] == "lines"
    assert "Location" not in text
    failed = cl.update_preview({"ok": False, "message": "gone"}, {"title": "T", "send_updates": False})
    assert failed.startswith("Warning: The event could not be read now: gone.")
    assert cl.add_guests_preview(SNAP, ["bob@example.com", "c@example.com"], False).splitlines()[:3] == [
        "New guests: c@example.com", "Invitation emails: Don't send",
        "Guests already invited: alice@example.com, bob@example.com"]
    assert cl.rsvp_preview(SNAP, "no").splitlines()[2] == "Your answer: Not answered  →  No"
    assert cl.delete_preview({"ok": True, "title": "Solo", "guests": []}, True).splitlines()[0] == \
        "Guests (the event disappears for them): (none)"
    saved = cl.save_preview({"ok": True, "title": "T", "guests": ["g@example.com"], "start": "2026-03-16",
                             "end": "2026-03-16", "all_day": True}, True)
    assert saved.splitlines()[:3] == ["Guests (invitations go to them): g@example.com", "Invitation emails: Send",
                                      "Title: T"]
    long = cl.update_preview(SNAP, {"description": "x" * 5000, "send_updates": True})
    assert len(long) < 1600 and "…" in long
