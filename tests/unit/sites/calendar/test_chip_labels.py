"""Calendar chip labels in the real format, under CPython: the 13 real labels in chip_labels.py (each
cited there) parse to the fields that feed calendar_list_events and every approval preview."""
import pytest

from sites.calendar.contracts import LABELS as WORDS
from sites.calendar.logic import parse_chip_label

from chip_labels import LABELS

EN = WORDS["en"]


@pytest.mark.parametrize("label, source, expected", LABELS, ids=[s + " " + label[:30] for label, s, _ in LABELS])
def test_real_labels_parse(label, source, expected):
    got = parse_chip_label(label, None, EN)
    assert got["parsed"] is True
    assert got["kind"] == expected.get("kind", "event")
    assert got["all_day"] is expected.get("all_day", False)
    assert got["multi_day"] is expected.get("multi_day", False)
    for key, value in expected.items():
        assert got[key] == value, key


TITLED = [row for row in LABELS if row[2].get("title") is not None]


@pytest.mark.parametrize("label, source, expected", TITLED, ids=[s + " " + label[:30] for label, s, _ in TITLED])
def test_the_visible_title_cuts_titles_with_commas(label, source, expected):
    """The chip's .I0UMhf text decides where the title ends (titles and names may hold ", ")."""
    got = parse_chip_label(label, expected["title"], EN)
    assert got["title"] == expected["title"] and got["organizer"] == expected["organizer"]
    assert got["calendar"] == expected["calendar"]


def test_a_title_with_a_comma_is_kept_whole_when_the_chip_shows_it():
    label = "10am to 11am, Budget, Q2 review, Alice Example, Accepted, Location: Room 4, Floor 2, March 16, 2026"
    got = parse_chip_label(label, "Budget, Q2 review", EN)
    assert (got["title"], got["organizer"], got["location"]) == ("Budget, Q2 review", "Alice Example", "Room 4, Floor 2")
    blind = parse_chip_label(label, None, EN)          # without the title element: the last name before RSVP
    assert blind["organizer"] == "Alice Example" and blind["title"] == "Budget, Q2 review"


@pytest.mark.parametrize("label", [
    "", "x", "Team sync", "soon, Team sync, March 16, 2026", "10am to 11am, Team sync, Marchuary 16, 2026",
    "10am to 11am, Team sync, March 32, 2026", "All day, March 16, 2026", "January 4, 2024 at 10pm to soon, x, y, ",
    "All day, Offsite, March 18 \u2013 12, 2026",
])
def test_what_does_not_read_as_a_label_is_not_guessed(label):
    got = parse_chip_label(label, None, EN)
    assert got["parsed"] is False and got["start"] is None and got["organizer"] is None


def test_an_event_without_a_name_and_across_months():
    assert parse_chip_label("All day, Offsite, March 18, 2026", None, EN)["title"] == "Offsite"
    got = parse_chip_label("All day, Trip, Me, No location, March 30 \u2013 April 2, 2026", None, EN)
    assert (got["start"], got["end"], got["multi_day"], got["calendar"]) == ("2026-03-30", "2026-04-02", True, "Me")
    late = parse_chip_label("11pm to 1am, Launch, Ops, Accepted, No location, March 16, 2026", None, EN)
    assert (late["start"], late["end"]) == ("2026-03-16T23:00:00", "2026-03-17T01:00:00")
