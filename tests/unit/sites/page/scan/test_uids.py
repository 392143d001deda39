"""sites/page/scan/uids.py under CPython: uid text, fingerprints and refusals."""
from sites.page.scan import uids as u


def test_uid_text_and_number():
    assert u.uid_text(12) == "u12"
    assert u.uid_number("u12") == 12 and u.uid_number("u007") == 7
    for junk in ["u", "12", "U1", "u1a", "u-1", "u\uff11", "", None, 5, ["u1"], "f1u2"]:
        assert u.uid_number(junk) is None, junk


def test_fingerprint_is_role_and_name():
    assert u.fingerprint("button", "Send") == "button|Send"


def test_refusals():
    assert u.not_a_uid("x1") == {"ok": False, "reason": "invalid_args", "field": "uid",
                                 "message": 'uid: "x1" is not a uid from a scan (u<n>)'}
    out = u.stale("u3", u.GONE)
    assert out == {"ok": False, "reason": "stale_uid", "message": "uid: u3 is gone from the page", "hint": "scan again"}
