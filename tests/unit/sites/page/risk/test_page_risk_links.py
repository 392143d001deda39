"""Issue 32: the risk judge reads a link's destination, the request a framework attribute makes of a
click, a link whose script submits its form, a form's _method override and the heading a confirm-style
control sits under. The cases (tests/parity/page_phrases.py LINKS) are shared with the parity run."""
import pytest

from sites.page.risk import judge as r
from tests.parity.page_phrases import LINKS, LINK_FORM

PAGE = "https://a.test/home"


def judge(name, ctx, role="link"):
    form = LINK_FORM if ctx.get("link_submits") else None
    target = {"name": name, "role": role, "page_url": PAGE, "submits": False, "form": form, "context": ctx}
    return r.classify(target, {"sensitive_hosts": [], "extra_terms": []})


@pytest.mark.parametrize("name,ctx,risk,opening", LINKS, ids=[f"{i}-{c[0]}" for i, c in enumerate(LINKS)])
def test_links(name, ctx, risk, opening):
    out = judge(name, ctx)
    assert out["risk"] == risk, out
    if opening is not None:
        assert out["reasons"][0].startswith(opening), out


def test_form_method_override():
    """Rails' button_to / form_with and Laravel's @method('DELETE') post a hidden _method field."""
    form = {"name": "", "action": "https://a.test/teams/3", "method": "post", "secret_fields": []}
    target = {"name": "Yes, I understand", "role": "button", "page_url": PAGE, "submits": True, "form": form,
              "context": {"form": {"submit_name": "Yes, I understand", "method_override": "delete"}}}
    out = r.classify(target, {})
    assert out["reasons"] == ["the form sends a DELETE request to /teams/3 (_method)"]
    target["context"]["form"]["method_override"] = "patch"
    assert r.classify(target, {})["risk"] == "write"
    target["form"]["action"] = "https://a.test/users/sign_out"
    target["context"]["form"]["method_override"] = "delete"
    assert r.classify(target, {})["risk"] == "write"


def test_request_evidence_is_not_silenced_by_a_dismiss_name():
    """"Cancel" that sends DELETE is a delete whatever it is called; a heading never speaks for it."""
    out = judge("Cancel", {"href_url": "https://a.test/bookings/8", "request": {"method": "delete",
                                                                                 "via": "data-method"}})
    assert out["risk"] == "irreversible"
    assert judge("Cancel", {"section": "Delete this project"})["risk"] == "write"


def test_heading_rule_is_for_confirm_style_names_only():
    assert judge("Edit profile", {"section": "Delete your account"})["risk"] == "write"
    assert judge("", {"section": "Remove all photos"}, role="button")["risk"] == "irreversible"
    # inside a dialog the dialog speaks, not the section (the tab leaves section empty there)
    out = r.classify({"name": "OK", "role": "button", "page_url": PAGE,
                      "context": {"dialog": {"role": "dialog", "name": "Cookies"}, "section": "Delete all"}}, {})
    assert out["risk"] == "write"


def test_topics_are_not_endpoints():
    from sites.page.risk import vocabulary as v
    assert v.path_words("/blog/tags/delete") == [["blog"], ["tags"]]
    assert v.path_words("/search?q=close+account&page=2") == [["search"], ["page"]]
    assert v.path_words("/settings?action=remove") == [["settings"], ["action"], ["remove"]]
