"""sites.gmail.logic under CPython: compose URLs, addresses, the Send matcher, routes, ids, previews."""
from urllib.parse import parse_qsl, urlsplit

import pytest

from sites.gmail import logic as g
from sites.gmail.contracts import LABELS

SEND = LABELS["en"]["send"]

VIS = {"visible": True, "disabled": False}


def cand(label, visible=True, disabled=False):
    return {"label": label, "visible": visible, "disabled": disabled}


@pytest.mark.parametrize("label", [
    "Send", "Send (Ctrl-Enter)", "Send \u202a(Ctrl-Enter)\u202c", "Send\u00a0\u202a(Ctrl-Enter)\u202c",
    "\u200eSend\u200f", "\u2066Send\u2069", "\u202bSend\u202c", "Send (\u2318Enter)", "  Send ",
])
def test_send_labels_accepted(label):
    assert g.is_send_label(label, SEND)


@pytest.mark.parametrize("label", [
    "Schedule send", "More send options", "send", "SEND", "Send now", "Resend", "Send\u200b", "",
    None, 3, "Send later", "Send (Ctrl-Shift-Enter)", "Sen d",
])
def test_other_labels_rejected(label):
    assert not g.is_send_label(label, SEND)


def test_bidi_inside_the_word_still_reads_send():
    # Invisible marks are stripped first: what a person sees decides.
    assert g.is_send_label("S\u202aend", SEND)


def test_matcher_picks_the_one_visible_enabled_send():
    pick = g.pick_send_control([cand("Send", visible=False), cand("More send options"),
                                cand("Send \u202a(Ctrl-Enter)\u202c"), cand("Schedule send"),
                                cand("Send", disabled=True)], SEND)
    assert pick == {"ok": True, "index": 2}


def test_matcher_refuses_zero_and_many():
    none = g.pick_send_control([cand("Send", visible=False), cand("Send", disabled=True), cand("Schedule send")], SEND)
    assert none["ok"] is False and none["reason"] == "adapter_error" and none["count"] == 0
    assert "1 hidden, 1 disabled" in none["message"]
    many = g.pick_send_control([cand("Send"), cand("Send (Ctrl-Enter)")], SEND)
    assert many["ok"] is False and many["count"] == 2 and "refusing to guess" in many["message"]
    assert g.pick_send_control([], SEND)["count"] == 0
    assert g.pick_send_control(None, SEND)["ok"] is False
    # a candidate must say visible: true and disabled: false explicitly
    assert g.pick_send_control([{"label": "Send", "visible": "yes", "disabled": False}], SEND)["ok"] is False
    assert g.pick_send_control([{"label": "Send", "visible": True}], SEND)["ok"] is False


def test_discard_and_labelled():
    assert g.pick_discard_control([cand("Discard draft \u202a(Ctrl-Shift-D)\u202c")], LABELS["en"]["discard"])["ok"] is True
    assert g.pick_labelled([cand("Archive"), cand("Delete")], ["Delete"], "Delete") == {"ok": True, "index": 1}
    assert g.pick_labelled([cand("Archive"), cand("Archive")], ["Archive"], "Archive")["count"] == 2


def test_compose_url_round_trips_and_encodes_like_encodeURIComponent():
    draft = {"to": ["a+b@x.com", "c@y.org"], "cc": ["d@z.io"], "bcc": [], "subject": "Hi & bye ✓ \U0001F600 100%",
             "body": "Line 1\nLine 2; a=b?c#d"}
    url = g.compose_url(draft)
    assert url.startswith("https://mail.google.com/mail/?view=cm&fs=1&to=")
    query = urlsplit(url).query
    assert "+" not in query and " " not in query and "#" not in query
    params = dict(parse_qsl(query, keep_blank_values=True))
    assert params == {"view": "cm", "fs": "1", "to": "a+b@x.com,c@y.org", "cc": "d@z.io",
                      "su": draft["subject"], "body": draft["body"]}
    assert g.compose_url({"to": [], "cc": [], "bcc": [], "subject": "", "body": ""}) == g.COMPOSE_BASE


def test_validate_draft_names_the_field():
    ok = g.validate_draft({"to": [" ann@example.com "], "subject": "Hi", "body": "Yo"})
    assert ok["ok"] is True and ok["draft"] == {"to": ["ann@example.com"], "cc": [], "bcc": [], "subject": "Hi",
                                                "body": "Yo"}
    assert ok["url"] == g.compose_url(ok["draft"])
    for args, field in [({"to": ["ok@x.com", "bad"]}, "to"), ({"cc": ["x@y"]}, "cc"), ({"bcc": "a@b.com"}, "bcc"),
                        ({"to": ["a%d@b.com" % i for i in range(26)]}, "to"), ({"subject": "a\nb"}, "subject"),
                        ({"subject": "x" * 251}, "subject"), ({"body": "y" * 5001}, "body"), ({"subject": 3}, "subject"),
                        ({"to": ["\u202eann@example.com"]}, "to")]:
        bad = g.validate_draft(args)
        assert bad["ok"] is False and bad["reason"] == "invalid_args" and bad["field"] == field, (args, bad)
        assert bad["message"].startswith(field + ": ")
    # 5,000 astral characters fit the body cap but not the URL cap once encoded
    too_long = g.validate_draft({"body": "\U0001F600" * 5000})
    assert too_long["ok"] is False and too_long["field"] == "body" and "encoded" in too_long["message"]


def test_thread_ids():
    assert g.parse_thread_id("18c1a2b3c4d5e6f7") == "18c1a2b3c4d5e6f7"
    assert g.parse_thread_id("#thread-f:1784390849923411829") == format(1784390849923411829, "x")
    assert g.parse_thread_id("thread-f:1") == "1" and g.parse_thread_id("thread-f:") is None
    assert g.parse_thread_id("https://mail.google.com/mail/u/0/#inbox/18c1a2b3c4d5e6f7") == "18c1a2b3c4d5e6f7"
    assert g.parse_thread_id("https://mail.google.com/mail/u/0/#inbox") is None
    for bad in ["short", "has space here", "", None, 12, "x" * 65, "../../etc", "18c1?x=1"]:
        assert g.parse_thread_id(bad) is None


def test_routes():
    assert g.parse_route("#inbox")["view"] == "list"
    assert g.parse_route("")["folder"] == "inbox"
    r = g.parse_route("#search/from%3Aalice+is%3Aunread")
    assert (r["view"], r["folder"], r["query"]) == ("list", "search", "from:alice is:unread")
    r = g.parse_route("#label/My+Work/FMfcgzGtwgsJWDMZQvdlHnlrbvlJHbKr")
    assert (r["view"], r["label"], r["thread_id"]) == ("thread", "My Work", "FMfcgzGtwgsJWDMZQvdlHnlrbvlJHbKr")
    assert g.parse_route("#inbox/p2")["view"] == "list"
    assert g.parse_route("#settings/general")["view"] == "unknown"
    assert g.parse_route("#inbox/a/b")["view"] == "unknown"
    assert g.search_url("from:alice is:unread") == "https://mail.google.com/mail/u/0/#search/from%3Aalice+is%3Aunread"
    assert g.parse_route("#" + g.search_url("a+b c ✓").split("#")[1])["query"] == "a+b c ✓"


def test_previews_put_recipients_first_and_cap():
    text = g.send_preview_text({"to": ["a@x.com", "b@y.com"], "cc": ["c@z.com"], "bcc": [], "subject": "S",
                                "body": "B\nC"})
    assert text == "To: a@x.com, b@y.com\nCc: c@z.com\nSubject: S\nBody: B\nC"
    long = g.send_preview_text({"to": ["a@x.com"], "subject": "S", "body": "x" * 3000})
    assert long.startswith("To: a@x.com\nSubject: S\nBody: x") and long.endswith("more characters)")
    assert len(long) < 1600
    assert g.send_preview_text({"to": [], "subject": "s", "body": ""}).startswith("To: (no recipients)")
    assert "will not send" in g.send_preview_text(None)
    delete = g.delete_preview_text({"thread_id": "t", "subject": "Re: kickoff", "participants": ["d@x.net"],
                                    "body": "Monday"})
    assert delete == "Move this thread to Trash\nTo: d@x.net\nSubject: Re: kickoff\nBody: Monday"
    assert g.fingerprint({"b": 1, "a": [1]}) == '{"a":[1],"b":1}'
