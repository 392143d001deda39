"""core.page_risk under CPython: URL schemes and the click classifier (docs/SECURITY.md)."""
import pytest

from sites.page import risk as r


@pytest.mark.parametrize("url", ["javascript:alert(1)", " JavaScript:x", "java\tscript:x", "\x00javascript:x",
                                 "data:text/html,x", "file:///etc/passwd", "chrome://settings", "CHROME://x",
                                 "chrome-extension://id/x", "about:blank", "blob:https://a/x", "view-source:https://a",
                                 "ftp://a.test/", "mailto:a@b", "", "no scheme", None, 42, "https://", "http:///x"])
def test_refused_urls(url):
    out = r.url_verdict(url)
    assert out["ok"] is False and out["reason"] == "url_not_allowed" and out["message"].startswith("url: ")


@pytest.mark.parametrize("url", ["https://example.com/", "http://a.test:8080/x?y#z", "  HTTPS://EXAMPLE.com"])
def test_allowed_urls(url):
    assert r.url_verdict(url)["ok"] is True


def test_href_refused():
    for href in ["javascript:void(0)", " JAVA\tSCRIPT:x", "data:x", "file:x", "vbscript:x"]:
        assert r.href_refused(href)
    for href in ["/a", "https://a.test/", "#top", "?q=1", "mailto:a@b.c", None, ""]:
        assert not r.href_refused(href)


def test_method_risks():
    assert [r.method_risk(m) for m in ["scan", "open", "click", "close", "type", "scroll"]] == \
        ["read", "read", "write", "write", "write", "read"]
    assert r.method_risk("explode") == "irreversible" and r.method_risk(None) == "irreversible"
    assert r.judges_target("click", {}) and r.judges_target("type", {"submit": True})
    assert not r.judges_target("type", {"submit": False}) and not r.judges_target("scan", {})
    assert r.judges_target("press", {"key": "Enter"}) and r.judges_target("press", {"key": "Shift+Enter"})
    assert not r.judges_target("press", {"key": "Control+Enter"}) and not r.judges_target("press", {"key": "a"})


@pytest.mark.parametrize("name", ["Delete account", "Remove item", "Pay now", "Buy", "Purchase", "Place order",
                                  "Checkout", "Transfer funds", "Send", "Unsubscribe", "Cancel subscription",
                                  "Jetzt kaufen", "Löschen", "Supprimer", "Payer", "Eliminar", "Comprar",
                                  "Удалить", "Оплатить", "删除", "立即购买", "購入する", "削除", "결제", "Zahlungspflichtig bestellen",
                                  "DELETE", "delete-forever", "Acquista ora", "Verwijderen"])
def test_vocabulary_makes_a_click_irreversible(name):
    out = r.classify({"name": name, "page_url": "https://a.test/"}, None)
    assert out["risk"] == "irreversible" and "its name matches" in out["reasons"][0]


@pytest.mark.parametrize("name", ["Next", "Deleted items folder", "Payment history", "Sender", "Orderly", "Cancel",
                                  "Removal policy", "Paypal", "Buyer guide", "Read more", ""])
def test_harmless_names_stay_write(name):
    assert r.classify({"name": name, "page_url": "https://a.test/"}, {})["risk"] == "write", name


def test_forms_with_secrets_and_actions():
    pw = {"name": "Continue", "submits": True, "page_url": "https://a.test/",
          "form": {"name": "Sign in", "action": "https://a.test/login", "secret_fields": ["password"]}}
    assert r.classify(pw, {})["reasons"] == ["submits a form with a password field"]
    card = dict(pw, form={"name": "", "action": "", "secret_fields": ["payment"]})
    assert r.classify(card, {})["risk"] == "irreversible"
    not_submitting = dict(pw, submits=False)
    assert r.classify(not_submitting, {})["risk"] == "write"
    action = dict(pw, form={"name": "", "action": "https://a.test/account/delete", "secret_fields": []})
    assert r.classify(action, {})["reasons"] == ['its form action matches "delete"']


def test_field_is_secret():
    assert r.field_is_secret({"type": "password"}) == "password"
    assert r.field_is_secret({"type": "text", "autocomplete": "current-password"}) == "password"
    assert r.field_is_secret({"type": "text", "autocomplete": "cc-number"}) == "payment"
    assert r.field_is_secret({"type": "text", "name": "card_number"}) == "payment"
    assert r.field_is_secret({"type": "text", "label": "CVV"}) == "payment"
    assert r.field_is_secret({"type": "text", "name": "iban"}) == "payment"
    assert r.field_is_secret({"type": "text", "name": "email", "label": "Email"}) is None
    assert r.field_is_secret({"type": "text", "name": "cvcx"}) is None
    assert r.field_is_secret(None) is None


def test_sensitive_pages_and_extra_terms():
    policy = {"sensitive_hosts": ["*.bank.test", "admin.test"], "extra_terms": ["Publish"]}
    assert r.classify({"name": "Next", "page_url": "https://www.bank.test/x"}, policy)["reasons"] == \
        ["the page is marked sensitive"]
    assert r.classify({"name": "Next", "page_url": "https://bank.test/"}, policy)["risk"] == "irreversible"
    assert r.classify({"name": "Next", "page_url": "https://notbank.test/"}, policy)["risk"] == "write"
    assert r.classify({"name": "Next", "page_url": "https://admin.test/"}, policy)["risk"] == "irreversible"
    assert r.classify({"name": "Publish post", "page_url": "https://a.test/"}, policy)["risk"] == "irreversible"
    assert r.classify(None, policy)["risk"] == "irreversible"


def test_preview_names_element_form_and_page():
    target = {"name": "Pay now", "role": "button", "page_url": "https://shop.test/cart",
              "form": {"name": "Card", "action": "https://shop.test/pay", "fields": ["Card number (text)"]}}
    text = r.preview("click", target, ["its name matches \"pay\""], None)
    assert text.split("\n") == ['Action: Click "Pay now"', "Element: button", "Form: Card → https://shop.test/pay",
                                "Fields: Card number (text)", "Page: https://shop.test/cart",
                                'Why approval: its name matches "pay"']
    typed = r.preview("type", {"name": "Search", "page_url": "https://a.test/"}, [], "hello")
    assert "Text: hello" in typed and typed.startswith('Action: Type and submit "Search"')
