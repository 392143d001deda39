"""meet_logic under CPython: codes and links, exact-name matching, control states, text shaping, previews."""
import pytest

from sites.meet import logic as m
from sites.meet.contracts import LABELS


@pytest.mark.parametrize("ref, code", [
    ("abc-defg-hij", "abc-defg-hij"), (" ABC-DEFG-HIJ ", "abc-defg-hij"), ("abcdefghij", "abc-defg-hij"),
    ("https://meet.google.com/abc-defg-hij", "abc-defg-hij"),
    ("https://meet.google.com/abc-defg-hij?authuser=1#x", "abc-defg-hij"),
    ("http://meet.google.com/abc-defg-hij/", "abc-defg-hij"), ("meet.google.com/abc-defg-hij", "abc-defg-hij"),
])
def test_codes_and_links_normalise(ref, code):
    assert m.parse_meeting_ref(ref) == {"ok": True, "code": code, "url": "https://meet.google.com/" + code}


@pytest.mark.parametrize("ref", [
    "", "  ", "abc-defg-hi", "abc-defg-hijk", "ab1-defg-hij", "abc_defg_hij", "https://meet.google.com/",
    "https://meet.google.com/lookup/team", "https://meet.google.com/abc-defg-hij/extra",
    "https://meet.google.com.evil.com/abc-defg-hij", "https://meet.google.com@evil.com/abc-defg-hij",
    "https://evil.com/meet.google.com/abc-defg-hij", "javascript:alert(1)", "\u0430bc-defg-hij", None, 5,
])
def test_bad_references_are_refused_with_a_hint(ref):
    out = m.parse_meeting_ref(ref)
    assert out["ok"] is False and "abc-defg-hij" in out["message"]


def test_code_from_tab_url_is_strict():
    assert m.code_from_url("https://meet.google.com/abc-defg-hij?state=incall") == "abc-defg-hij"
    assert m.code_from_url("https://meet.google.com/") is None
    assert m.code_from_url("http://meet.google.com/abc-defg-hij") is None
    assert m.code_from_url("https://meet.google.com/abcdefghij") is None
    assert m.meeting_url("abc-defg-hij") == "https://meet.google.com/abc-defg-hij" and m.meeting_url("x") is None


def test_exact_match_normalises_whitespace_but_keeps_case():
    names = ["Grace Hopper", "Sam Lee", "Alan\u00a0 Turing", "Ada\u200b Lovelace"]
    assert m.match_participant(names, " Alan Turing ") == {"status": "match", "index": 2, "name": "Alan Turing"}
    assert m.match_participant(names, "Ada Lovelace")["index"] == 3
    none = m.match_participant(names, "grace hopper")
    assert none == {"status": "none", "candidates": ["Grace Hopper", "Sam Lee", "Alan Turing", "Ada Lovelace"]}
    assert m.match_participant(names, "Grace")["status"] == "none"      # no prefix or fuzzy matches
    assert m.match_participant(names, "")["status"] == "none"


def test_several_matches_list_only_the_matching_names():
    out = m.match_participant(["Sam Lee", "Grace Hopper", "Sam  Lee", "Sam\u200bLee"], "Sam Lee")
    assert out == {"status": "several", "candidates": ["Sam Lee", "Sam Lee"]}
    text = m.refusal_message("several", "Sam Lee", out["candidates"], "the call")
    assert text.startswith("name: 2 people") and "refusing to guess" in text
    assert len(m.match_participant(["n%d" % i for i in range(80)], "zz")["candidates"]) == m.CANDIDATE_CAP


@pytest.mark.parametrize("label, muted, state", [
    ("Turn off microphone (ctrl + d)", None, "on"), ("Turn on microphone (ctrl + d)", None, "off"),
    ("Turn off microphone (ctrl + d)", "true", "off"), ("Turn on camera (ctrl + e)", "false", "on"),
    ("Raise hand (ctrl + alt + h)", None, "off"), ("Lower hand (ctrl + alt + h)", None, "on"),
    ("Turn on captions", None, "off"), ("Microphone", None, None), (None, None, None),
    # real 2026 labels (in-call.html, in-call-captions-off.html)
    ("Turn on microphone", "true", "off"), ("Raise hand (ctrl + \u2318 + h)", None, "off"),
    ("Microphone problem. Show more info", "false", "unavailable"), ("Camera problem. Show more info", "false", "unavailable"),
])
def test_toggle_state_from_labels(label, muted, state):
    assert m.toggle_state(label, muted, LABELS["en"]) == state


IN_CALL = {"anchors": 2, "waiting": False, "join": False, "code": "abc-defg-hij"}


def test_state_comes_from_positive_evidence_only():
    assert m.classify_state(IN_CALL) == "in_call"
    assert m.classify_state({**IN_CALL, "anchors": 1}) == "in_call"          # captions off: two anchors, or one
    assert m.classify_state({"anchors": 0, "join": True}) == "lobby"
    assert m.classify_state({"anchors": 0, "waiting": True}) == "waiting"     # Leave call is never a signal
    assert m.classify_state({"anchors": 0, "ended": True}) == "ended"
    assert m.classify_state({"anchors": 0, "not_found": True, "code": "abc-defg-hij"}) == "not_found"
    assert m.classify_state({"anchors": 0, "denied": True}) == "denied"
    assert m.classify_state({"landing": True, "code": None}) == "landing"
    assert m.classify_state({"landing": True, "code": "abc-defg-hij"}) == "unknown"


@pytest.mark.parametrize("signals", [
    {}, None, {"anchors": "2"}, {"anchors": 2, "waiting": True},          # nothing, or contradictory evidence
    {"anchors": 0, "join": True, "waiting": True}, {"anchors": 0, "join": True, "denied": True},
    {"anchors": 0, "ended": True, "join": True}, {"anchors": 0, "not_found": True, "denied": True},
    {"leave": True}, {"join_label": "Join now"}, {"asking": True},        # the old, one-control signals mean nothing
])
def test_unclear_or_contradictory_evidence_is_unknown(signals):
    assert m.classify_state(signals) == "unknown"


def test_failure_texts_say_what_to_do():
    assert "meet_join" in m.state_failure_text("meet_mute_participant", "lobby", "in_call")
    assert "admits you" in m.state_failure_text("meet_read_chat", "waiting", "in_call")
    assert "Nothing was done" in m.state_failure_text("meet_leave", "unknown", "in_call")


def test_signed_in_title_and_count():
    assert m.signed_in_from("false", False, False) is True and m.signed_in_from("true", True, True) is False
    assert m.signed_in_from(None, True, False) is True and m.signed_in_from(None, False, False) is None
    words = LABELS["en"]
    assert m.meeting_title("Meet - abc-defg-hij", "abc-defg-hij", words) is None       # the captures' title
    assert m.meeting_title("Meet - Weekly sync", "abc-defg-hij", words) == "Weekly sync"
    assert m.meeting_title("Google Meet", None, words) is None
    assert m.count_from("2", "2") == 2 and m.count_from(None, "People 12") == 12 and m.count_from("x", "") is None


def test_chat_and_captions_are_cleaned_and_capped():
    chat = m.shape_chat([{"sender": " Mallory\u202e Ops ", "time": "10:03 AM", "text": "hi\u0000 there "},
                         {"sender": "A", "text": "  "}, {"sender": "B", "text": "x" * 2500}], 10)
    assert chat[0] == {"sender": "Mallory Ops", "time": "10:03 AM", "text": "hi there"}
    assert len(chat) == 2 and chat[1]["text"].endswith("…") and len(chat[1]["text"]) == m.TEXT_CAP + 1
    lines = m.shape_captions([{"speaker": "G", "text": "one."}, {"speaker": "G", "text": "two."},
                              {"speaker": "A", "text": "three"}], 5)
    assert lines == [{"speaker": "G", "text": "one. two."}, {"speaker": "A", "text": "three"}]
    assert m.shape_captions(lines, 1) == [{"speaker": "A", "text": "three"}]


def test_previews_name_the_target_and_the_meeting_first():
    assert m.action_preview("meet_send_chat", {"text": "Hello"}, "abc-defg-hij", None) == \
        "Send to everyone in the call: abc-defg-hij\nMessage: Hello"
    assert m.action_preview("meet_remove_participant", {"name": " Sam  Lee "}, None, {"note": "2 people"}) == \
        "Remove from the call: Sam Lee\nMeeting: (unknown meeting)\nNote: 2 people"
    join = m.action_preview("meet_join", {}, "abc-defg-hij", {"mic": "off", "camera": "on", "join_label": "Join now"})
    assert "Your microphone: off" in join and "Your camera: on" in join
    assert m.action_preview("meet_send_chat", {"text": "z" * 3000}, "abc-defg-hij", {}).endswith("more characters)")


def test_details_and_counts():
    assert m.parse_details(["meet.google.com/abc-defg-hij", "Join by phone", "(US) +1 555-0100", "PIN: 1 2#"],
                           LABELS["en"]) == \
        {"link": "https://meet.google.com/abc-defg-hij", "phone": "(US) +1 555-0100", "pin": "1 2#"}
    assert m.trailing_number("people6") == 6 and m.trailing_number("People") is None
