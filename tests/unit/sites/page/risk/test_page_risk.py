"""core.page_risk under CPython: URL schemes and the click classifier (docs/SECURITY.md)."""
import pytest

from sites.page.scan import links
from sites.page.risk import judge as r


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
        assert links.href_refused(href)
    for href in ["/a", "https://a.test/", "#top", "?q=1", "mailto:a@b.c", None, ""]:
        assert not links.href_refused(href)


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
    assert out["risk"] == "irreversible" and out["reasons"][0].startswith("its name says ")


@pytest.mark.parametrize("name", ["Next", "Deleted items folder", "Payment history", "Sender", "Orderly", "Cancel",
                                  "Removal policy", "Paypal", "Buyer guide", "Read more", ""])
def test_harmless_names_stay_write(name):
    assert r.classify({"name": name, "page_url": "https://a.test/"}, {})["risk"] == "write", name


def test_forms_with_secrets_and_actions():
    pw = {"name": "Continue", "submits": True, "page_url": "https://a.test/",
          "form": {"name": "Sign in", "action": "https://a.test/login", "secret_fields": ["password"]}}
    assert r.classify(pw, {})["reasons"] == ["the form has a password field"]
    card = dict(pw, form={"name": "", "action": "", "secret_fields": ["payment"]})
    assert r.classify(card, {})["risk"] == "irreversible"
    not_submitting = dict(pw, submits=False)
    assert r.classify(not_submitting, {})["risk"] == "write"
    action = dict(pw, form={"name": "", "action": "https://a.test/account/delete", "secret_fields": []})
    assert r.classify(action, {})["reasons"] == ["the form posts to /account/delete (delete)"]


def test_field_is_secret():
    assert r.field_is_secret({"type": "password"}) == "password"
    assert r.field_is_secret({"type": "text", "autocomplete": "current-password"}) == "password"
    assert r.field_is_secret({"type": "text", "autocomplete": "cc-number"}) == "payment"
    assert r.field_is_secret({"type": "text", "name": "card_number"}) == "payment"
    assert r.field_is_secret({"type": "text", "label": "CVV"}) == "payment"
    assert r.field_is_secret({"type": "text", "name": "iban"}) == "bank"
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


# --- issue 23: the judge reads the action's context ---------------------------------------------------

PAGE = "https://a.test/settings"


def judged(name, role="button", **context):
    target = {"name": name, "role": role, "page_url": context.pop("page_url", PAGE),
              "submits": context.pop("submits", False), "form": context.pop("form", None), "context": context}
    return r.classify(target, {"sensitive_hosts": [], "extra_terms": []})


def dialog(name="", heading="", description="", text="", role="dialog"):
    return {"role": role, "name": name, "heading": heading, "description": description, "text": text}


@pytest.mark.parametrize("name", ["Yes", "OK", "Confirm", "Continue", "Proceed", "I understand", "Done", "", "Sí",
                                  "Oui", "Ja", "はい", "确定"])
def test_confirm_names_take_the_dialog_intent(name):
    out = judged(name, dialog=dialog(name="Delete this project?"))
    assert out["risk"] == "irreversible" and out["reasons"] == ['inside the dialog "Delete this project?" (delete)']


@pytest.mark.parametrize("name", ["Cancel", "No", "Close", "\u2715", "No, keep it", "Annuler", "取消"])
def test_dismiss_names_never_do(name):
    assert judged(name, dialog=dialog(name="Delete this project?", text="This cannot be undone."))["risk"] == "write"


def test_dialog_heading_description_and_text():
    assert judged("OK", dialog=dialog(heading="Cancel your subscription"))["reasons"] == \
        ['inside a dialog headed "Cancel your subscription" (cancel)']
    out = judged("Confirm", dialog=dialog(name="Are you sure?", role="alertdialog",
                                          description="This will erase all messages."))
    assert out["reasons"] == ['inside an alert dialog whose description says "This will erase all messages." (delete)']
    out = judged("Proceed", dialog=dialog(text="Remove 3 photos? This cannot be undone."))
    assert out["risk"] == "irreversible" and out["reasons"][0].startswith('inside a dialog that says "Remove 3 photos?"')
    # a button with words of its own takes the dialog's name, not its body text; a link takes neither
    assert judged("Export first", dialog=dialog(name="Delete this project?"))["risk"] == "irreversible"
    assert judged("Export first", dialog=dialog(text="Delete this project?"))["risk"] == "write"
    assert judged("Learn more", role="link", dialog=dialog(name="Delete this project?"))["risk"] == "write"


def test_cookie_and_everyday_dialogs_do_not_ask():
    cookie = dialog(name="Cookie consent", description="We use cookies. You can withdraw your consent at any time, "
                                                       "or delete cookies in your browser.")
    assert judged("OK", dialog=cookie)["risk"] == "write"
    assert judged("Got it", dialog=dialog(name="What's new", text="You can now order photo books."))["risk"] == "write"


def test_form_context():
    charge = {"name": "", "action": "https://a.test/api/payments/charge", "method": "post", "secret_fields": []}
    out = judged("Continue", submits=True, form=charge)
    assert out["reasons"] == ["the form posts to /api/payments/charge (pay)"]
    search = {"name": "Search", "action": "https://a.test/search", "method": "get", "secret_fields": []}
    assert judged("Search", submits=True, form=search)["risk"] == "write"
    # a GET form names its purpose with verbs only: /orders/search is a search
    lookup = {"name": "", "action": "https://a.test/payments/lookup", "method": "get", "secret_fields": []}
    assert judged("Go", submits=True, form=lookup)["risk"] == "write"
    for kind, why in [("password", "a password field"), ("payment", "a payment card field"),
                      ("bank", "an IBAN or account number field"), ("amount", "an amount field")]:
        form = {"name": "", "action": "", "method": "post", "secret_fields": [kind]}
        assert judged("Next", submits=True, form=form)["reasons"] == ["the form has " + why]
    # a non-submitting confirm button in the form (a script submits it) takes the form's intent too
    assert judged("Continue", form=charge)["risk"] == "irreversible"
    assert judged("Show password", form=charge)["risk"] == "write"
    # Enter in a field: the form's submit button speaks for it
    form = {"name": "", "action": "https://a.test/account", "method": "post", "secret_fields": []}
    out = r.classify({"name": "Email", "role": "textbox", "submits": True, "page_url": PAGE, "form": form,
                      "context": {"form": {"submit_name": "Delete account"}}}, {})
    assert out["reasons"] == ["the form's submit button says \"Delete account\" (delete)"]
    named = {"name": "paymentForm", "action": "", "method": "post", "secret_fields": []}
    assert judged("Next", submits=True, form=named)["reasons"] == ['it submits the form "paymentForm" (pay)']


def test_link_targets():
    out = judged("Yes, I understand", role="link", href_url="https://a.test/projects/42/delete")
    assert out["reasons"] == ["the link goes to /projects/42/delete (delete)"]
    assert judged("Read more", role="link", href_url="https://a.test/2021/man-deletes-tweets-after-row")["risk"] == "write"
    assert judged("Next page", role="link", href_url="https://a.test/articles?page=2")["risk"] == "write"
    # a relative href still names its endpoint
    relative = {"name": "Go", "role": "link", "href": "/unsubscribe?t=1", "page_url": PAGE}
    assert r.classify(relative, {})["reasons"] == ["the link goes to /unsubscribe?t=1 (unsubscribe)"]


def test_description_icon_and_page():
    assert judged("\U0001F5D1", description="Move to trash", description_from="title")["reasons"][0] == \
        "the button's title says \"Move to trash\" (delete)"
    assert judged("\U0001F5D1")["reasons"] == ["its icon is a wastebasket (\U0001F5D1) (delete)"]
    assert judged("", icon="btn fa fa-trash-can")["reasons"] == ['its icon is named "trash" (delete)']
    assert judged("\u2715", description="Close", description_from="title")["risk"] == "write"
    assert judged("Continue", page_url="https://a.test/account/delete")["reasons"] == ["on the page /account/delete (delete)"]
    assert judged("OK", page_title="Close your account | Example")["reasons"] == \
        ['on the page titled "Close your account | Example" (close account)']
    assert judged("Next", page_url="https://news.test/orders?page=2", page_title="Trump orders troops")["risk"] == "write"
    assert judged("Subscribe now", page_title="Delete account")["reasons"] == ['its name says "Subscribe now" (subscribe)']


def test_field_kinds():
    assert r.field_is_secret({"type": "text", "name": "account_number"}) == "bank"
    assert r.field_is_secret({"type": "text", "label": "Routing number"}) == "bank"
    assert r.field_is_secret({"type": "text", "name": "amount"}) == "amount"
    assert r.field_is_secret({"type": "number", "label": "Betrag"}) == "amount"
    assert r.field_is_secret({"type": "text", "autocomplete": "transaction-amount"}) == "amount"
    assert r.field_is_secret({"type": "checkbox", "label": "Amount"}) is None
    assert r.field_is_secret({"type": "text", "label": "Quantity"}) is None
    assert r.with_secrets({"form": {"secret_fields_raw": [{"type": "password"}, {"name": "iban"}, {"name": "x"}]}}) == \
        {"form": {"secret_fields_raw": [{"type": "password"}, {"name": "iban"}, {"name": "x"}],
                  "secret_fields": ["password", "bank"]}}
    assert r.with_secrets(None) is None


def test_preview_names_what_the_action_sits_in():
    target = {"name": "Yes", "role": "button", "page_url": PAGE, "form": None,
              "context": {"description": "Deletes the project", "dialog": dialog(name="Delete this project?",
                                                                                 description="All files go too."),
                          "page_title": "Settings"}}
    text = r.preview("click", target, ['inside the dialog "Delete this project?" (delete)'], None)
    assert text.split("\n") == ['Action: Click "Yes"', "Element: button", "Described as: Deletes the project",
                                "Dialog: Delete this project? \u2014 All files go too.", "Page: " + PAGE + " (Settings)",
                                'Why approval: inside the dialog "Delete this project?" (delete)']
    assert r.preview("press", {"name": "Amount"}, [], None).startswith('Action: Press Enter in "Amount"')


def test_wordings_the_issue_does_not_name():
    """Generalisation, not the issue's examples: synonyms, other structures, reports of done deals."""
    ask = [judged("Yes, remove", dialog=dialog(name="Remove collaborator?")),
           judged("OK", dialog=dialog(name="Discard unsaved changes?")),
           judged("Continue", dialog=dialog(role="alertdialog",
                                            description="Your account and all data will be permanently deleted.")),
           judged("Submit", submits=True, form={"name": "", "action": "https://a.test/billing/subscription/cancel",
                                                "method": "get", "secret_fields": []}),
           judged("Shut down server"), judged("Factory reset"), judged("Secure checkout"), judged("Bid $120"),
           judged("Top up"), judged("Add funds"), judged("Complete order"), judged("Authorize payment"),
           judged("Start membership"), judged("Confirm & Pay $49.99"), judged("Send $50 to Alex"),
           judged("Clear search history"), judged("Borrar definitivamente"), judged("Konto endgültig löschen"),
           judged("永久删除"), judged("完全に削除"), judged("Conferma ordine"), judged("Оплатить заказ"), judged("去结算"),
           judged("Zahlung bestätigen"), judged("注文を確定する"), judged("Yes", dialog=dialog(name="Account deletion")),
           judged("Proceed", dialog=dialog(text="Are you sure you want to delete your account?")),
           judged("Go", role="link", href_url="https://a.test/account/close"),
           judged("Confirm", role="link", href_url="https://a.test/subscription/cancel?id=4")]
    assert [o["risk"] for o in ask] == ["irreversible" for _ in ask]
    everyday = [judged("OK", dialog=dialog(name="Order placed", text="Thanks! We'll send you a confirmation email.")),
                judged("Done", dialog=dialog(name="Payment successful")),
                judged("OK", dialog=dialog(name="Your message", description="We'll send you a copy by email.")),
                judged("View order"), judged("Track my order"), judged("Update payment method"),
                judged("Continue shopping"), judged("Remove from wishlist"), judged("Archive"), judged("Unfollow"),
                judged("Got it", dialog=dialog(name="Tips", text="You can now order photo books and send cards.")),
                judged("Sign up for our newsletter"), judged("Back to cart"), judged("Load more"),
                judged("Continue reading", role="link"),
                judged("Next", role="link", page_url="https://a.test/orders?page=2"),
                judged("Accept all", dialog=dialog(name="We value your privacy",
                                                   text="We and our partners use cookies. You can withdraw consent.")),
                judged("Leave a review"), judged("Apply coupon"), judged("Download invoice")]
    assert [o["reasons"] for o in everyday] == [[] for _ in everyday]
