"""The shared pure modules every site uses: dates, email addresses, percent-encoding, label text.

Each was once copied into two or three sites with different rules; these tests pin the one rule."""
import datetime
from urllib.parse import quote, unquote

import pytest

from core import dates, emails, text, urlcode


# --- core.dates ---------------------------------------------------------------------------------

def test_civil_day_arithmetic_matches_datetime():
    epoch = datetime.date(1970, 1, 1)
    for day in [datetime.date(1900, 3, 1), datetime.date(1969, 12, 31), datetime.date(2000, 2, 29),
                datetime.date(2026, 3, 16), datetime.date(2100, 2, 28), datetime.date(2199, 12, 31)]:
        n = (day - epoch).days
        assert dates.days_from_civil(day.year, day.month, day.day) == n
        assert dates.civil_from_days(n) == [day.year, day.month, day.day]
        assert dates.weekday(day.year, day.month, day.day) == (day.weekday() + 1) % 7
    assert dates.add_days("2024-02-28", 1) == "2024-02-29" and dates.add_days("2026-12-31", 1) == "2027-01-01"
    assert dates.add_days("2026-03-16T10:00", 1) is None


@pytest.mark.parametrize("given,expect", [
    ("2026-03-16", "2026-03-16"), (" 2026-03-16T09:05 ", "2026-03-16T09:05:00"),
    ("2026-03-16T09:05:07.123Z", "2026-03-16T09:05:07Z"), ("2026-03-16 23:59:59+05:30", "2026-03-16T23:59:59+05:30"),
    ("2026-03-16T00:00-0800", "2026-03-16T00:00:00-08:00"),
])
def test_parse_iso_accepts(given, expect):
    parsed = dates.parse_iso(given)
    assert parsed["ok"] is True and dates.iso_of(parsed) == expect


@pytest.mark.parametrize("given", ["", "2026-3-16", "2026-02-29", "2026-13-01", "2026-03-16T24:00",
                                   "2026-03-16T10:00+15:00", "2026-03-16T10:00 PST", "tomorrow", None, 20260316])
def test_parse_iso_refuses(given):
    assert dates.parse_iso(given)["ok"] is False


def test_to_utc_and_wall_times():
    p = dates.parse_iso("2026-03-20T23:30:00-02:00")
    assert dates.iso_of(dates.to_utc(p)) == "2026-03-21T01:30:00Z"
    wall = dates.parse_iso("2026-03-20T23:30")
    assert dates.to_utc(wall) is wall and wall["offset"] is None


def test_twelve_hour_times_and_long_dates():
    assert dates.parse_time_12h("12am") == [0, 0] and dates.parse_time_12h("12:30pm") == [12, 30]
    assert dates.parse_time_12h("13pm") is None and dates.parse_time_12h("14:05") == [14, 5]
    assert dates.parse_time_12h("9") is None and dates.parse_time_12h(None) is None
    assert dates.parse_long_date("Monday, March 16, 2026") == "2026-03-16"
    assert dates.parse_long_date("Mar. 16, 2026") == "2026-03-16" and dates.parse_long_date("Feb 30, 2026") is None


# --- core.emails --------------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["a@b.co", "first.last+tag@sub.example.org", "o'neil@example.ie",
                                     "x@xn--p1ai.xn--p1ai", "a_b-c@d-e.fg", "Ann@Example.COM"])
def test_good_addresses(address):
    assert emails.address_problem(address) is None and emails.is_address(address)


@pytest.mark.parametrize("address", ["a@b", "@b.com", "a@@b.com", "a b@c.com", "a@b..com", "a@-b.com", ".a@b.com",
                                     "a..b@c.com", "a@b.c", "a@b.12", "é@b.com", "Bob <bob@x.com>", "a,b@c.com", "",
                                     "a" * 65 + "@b.com", "a@b.com\n", None, 7])
def test_bad_addresses(address):
    assert isinstance(emails.address_problem(address), str) and not emails.is_address(address)


def test_normalize_address_takes_a_display_name_and_lower_cases():
    assert emails.normalize_address(" Alice <Alice@Example.COM> ") == "alice@example.com"
    assert emails.normalize_address("bob@x.org") == "bob@x.org"
    for bad in ["Alice <alice@example.com", "alice", "a@b.c", "<>", None, "x" * 321]:
        assert emails.normalize_address(bad) is None, bad


def test_account_label():
    assert emails.account_from_label("Google Account: Test User  \n(Test.User@example.com)") == "test.user@example.com"
    assert emails.account_from_label("Google Account: Sam  (Me@Example.com)") == "me@example.com"
    assert emails.account_from_label("Google Account: (nope)") is None and emails.account_from_label(None) is None


# --- core.urlcode -------------------------------------------------------------------------------

def test_percent_encode_is_encodeURIComponent():
    for given in ["a b", "é", "\U0001F600", "-_.!~*'()", "&=?/#%+,;:@$", "plain", "ü€😀", " %&=+/?#"]:
        assert urlcode.percent_encode(given) == quote(given, safe="-_.!~*'()")
        assert urlcode.percent_decode(urlcode.percent_encode(given), False) == given
    assert urlcode.percent_encode("\ud800") == "%EF%BF%BD"        # a lone surrogate has no UTF-8 form


def test_percent_decode_is_lenient_and_safe():
    assert urlcode.percent_decode("a+b%20c", True) == "a b c"
    assert urlcode.percent_decode("a+b", False) == "a+b"
    assert urlcode.percent_decode("%zz%", True) == "%zz%"
    assert urlcode.percent_decode("%C3%28", False) == "\ufffd("
    assert urlcode.percent_decode("%ED%A0%80", False) == "\ufffd"          # an encoded surrogate is not text
    assert urlcode.percent_decode("caf%C3%A9", False) == unquote("caf%C3%A9")


# --- core.text ----------------------------------------------------------------------------------

def test_trim_matches_on_both_sides():
    assert text.trim("\u00a0 x \t\n") == "x"
    assert text.trim("\u3000x\u2003") == "x"
    assert text.trim("\ufeffx") == "\ufeffx"          # JS trim would drop U+FEFF; ours keeps it on both sides


def test_fold_text_drops_every_invisible_character():
    """Names: what a person sees decides (a zero-width space or a bidi mark changes nothing)."""
    assert text.fold_text("  Ann\u200b  \u202aBo\u00adb\u202c \n") == "Ann Bob"
    assert text.fold_text(None) == ""


def test_fold_label_drops_only_direction_marks():
    """Labels: sites wrap them in bidi marks; any other invisible character means it is not the label."""
    assert text.fold_label("\u200eSend\u00a0\u202a(Ctrl-Enter)\u202c ") == "Send (Ctrl-Enter)"
    assert text.fold_label("Send\u200b") == "Send\u200b"


def test_elide_query_is_the_scan_href_rule():
    """A query (something after '?') becomes '?…'; a bare trailing '#' or '?' goes; the rest is kept."""
    assert urlcode.elide_query("https://x.test/p?utm=1&b=2") == "https://x.test/p?\u2026"
    assert urlcode.elide_query("https://x.test/p?") == "https://x.test/p"
    assert urlcode.elide_query("https://x.test/p#") == "https://x.test/p"
    assert urlcode.elide_query("https://x.test/p#frag") == "https://x.test/p#frag"
    assert urlcode.elide_query("a#b?c") == "a#b?\u2026"          # the first '?' counts, as in the scan
    assert urlcode.elide_query("") == ""
