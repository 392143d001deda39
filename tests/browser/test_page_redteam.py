"""Issue 23, end to end: the red-team page (tests/fixtures/sites/pages/redteam.html), clicked through
the bridge. Every destructive control opens the approval window, and after Deny nothing happened;
no everyday control opens it, and it did what it does. The page has each pattern issue 23 names,
its everyday twins, and wordings the issue does not name.
"""
import re
import time

import pytest

from extension import start_call
from page_fixtures import *  # noqa: F401,F403  (page_site, browser, chat, helpers)
from page_fixtures import page_call, SHOP

pytestmark = pytest.mark.browser

# (section heading, scan code, name, "ask"|"run", what the page records when it runs)
CASES = [
    ("case confirm in a dialog named for the action", "B", "Yes", "ask", "d1-yes"),
    ("case confirm in a dialog named for the action", "B", "Cancel", "run", "d1-cancel"),
    ("case OK in a dialog element titled cancel your subscription", "B", "OK", "ask", "d2-ok"),
    ("case OK in a dialog element titled cancel your subscription", "B", "Keep my plan", "run", "d2-keep"),
    ("case confirm in an alertdialog whose description erases", "B", "Confirm", "ask", "d3-confirm"),
    ("case confirm in an alertdialog whose description erases", "B", "No", "run", "d3-no"),
    ("case continue on a payment form", "B", "Continue", "ask", "f1-continue"),
    ("case icon button with a title", "B", "\U0001F5D1", "ask", "i1-bin"),
    ("case icon button with a title", "B", "\u2715", "run", "i1-close"),
    ("case labelled trash with only an svg", "B", "Trash", "ask", "i2-trash"),
    ("case labelled trash with only an svg", "B", "Menu", "run", "i2-menu"),
    ("case link to a delete endpoint", "L", "Yes, I understand", "ask", "l1-understand"),
    ("case link to a delete endpoint", "L", "Next page", "run", "l1-next"),
    ("case verbs missing before", "B", "Empty trash now", "ask", "v1-empty"),
    ("case verbs missing before", "B", "Revoke all sessions", "ask", "v1-revoke"),
    ("case destructive verb in five languages", "B", "Löschen", "ask", "m1-de"),
    ("case destructive verb in five languages", "B", "Supprimer", "ask", "m1-fr"),
    ("case destructive verb in five languages", "B", "Eliminar", "ask", "m1-es"),
    ("case destructive verb in five languages", "B", "Удалить", "ask", "m1-ru"),
    ("case destructive verb in five languages", "B", "削除", "ask", "m1-ja"),
    ("case place order", "B", "Place order", "ask", "o1-place"),
    ("case place order", "B", "Add to wishlist", "run", "o1-wish"),
    ("case card number behind next", "B", "Next", "ask", "c1-next"),
    ("case review and send on a transfer form", "B", "Review and send", "ask", "t1-send"),
    ("case everyday search form", "B", "Search", "run", "s1-search"),
    ("case menus", "B", "Account menu", "run", "n1-menu"),
    ("case menus", "M", "Settings", "run", "n1-settings"),
    ("case menus", "M", "Delete account", "ask", "n1-delete"),
    ("case cookie dialog", "B", "OK", "run", "k1-ok"),
    ("case cookie dialog", "B", "Close", "run", "k1-close"),
    ("case unnamed dialog that says it cannot be undone", "B", "Proceed", "ask", "u1-proceed"),
    ("case unnamed dialog that says it cannot be undone", "B", "Go back", "run", "u1-back"),
    ("case dialog heading says leave", "B", "I'm sure", "ask", "g1-sure"),
    ("case dialog heading says leave", "B", "Stay", "run", "g1-stay"),
    ("case icon font bin without any name", "B", "", "ask", "f2-bin"),
    ("case other wordings", "B", "Discard draft", "ask", "w1-discard"),
    ("case other wordings", "B", "Close my account", "ask", "w1-close"),
    ("case other wordings", "B", "Donate $25", "ask", "w1-donate"),
    ("case other wordings", "B", "Vaciar papelera", "ask", "w1-vaciar"),
    ("case other wordings", "B", "清空回收站", "ask", "w1-zh"),
    ("case other wordings", "B", "Abo kündigen", "ask", "w1-abo"),
    ("case other wordings", "B", "Remove filter", "run", "w1-filter"),
    ("case other wordings", "B", "Leave a comment", "run", "w1-comment"),
    ("case other wordings", "B", "Sign in", "run", "w1-signin"),
    ("case other wordings", "L", "Payment history", "run", "w1-history"),
    ("case other wordings", "B", "Sort order", "run", "w1-sort"),
    ("case amount form behind continue", "B", "Continue", "ask", "a1-continue"),
    # issue 32: links named neutrally whose request, form or heading says what they do, and their twins
    ("case rails link with a request method", "L", "Yes, I understand", "ask", "r1-understand"),
    ("case rails link with a request method", "L", "Sign out", "run", "r1-signout"),
    ("case turbo link in german", "L", "Weiter", "ask", "r2-weiter"),
    ("case htmx link with its own prompt", "L", "Continue", "ask", "r3-continue"),
    ("case htmx link with its own prompt", "L", "Proceed", "run", "r3-leave"),
    ("case link that submits its form", "L", "Yes, I understand", "ask", "x1-understand"),
    ("case laravel form with a method field", "B", "OK", "ask", "x2-ok"),
    ("case continue under a heading", "L", "Continuar", "ask", "h1-continuar"),
    ("case continue on a checkout step", "L", "Continue", "run", "h2-continue"),
    ("case link to a topic page", "L", "Read more", "run", "h3-topic"),
]
# press Enter in a field of the transfer form: judged like its submit
PRESS = ("case review and send on a transfer form", "T", "Amount", "t1-send")


def uid_in_section(text, section, code, name):
    """The uid of the first `code` line named `name` after the section's heading line."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.strip() == "H2 " + section)
    pattern = re.compile(r"^\s*" + re.escape(code) + r" ((?:f\d+)?u\d+)" + (" " + re.escape(name) if name else "")
                         + r"(?: |$)")
    for line in lines[start + 1:]:
        if line.strip().startswith("H2 "):
            break
        found = pattern.match(line)
        if found:
            return found.group(1)
    raise AssertionError(f"no {code} {name!r} under {section!r}:\n" + "\n".join(lines[start:start + 30]))


def call_and_deny(b, args, timeout=15):
    """Run a page call; if the approval window opens, read its preview and deny. (asked, preview, payload)."""
    key = start_call(b, "page", args)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = b.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
        if got:
            return False, None, got["payload"]
        if b.popup_targets("approve.html"):
            popup = b.wait_for_popup("approve.html")
            popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
            preview = popup.eval("document.getElementById('approve-preview').textContent")
            popup.click("#deny")
            while time.monotonic() < deadline:
                got = b.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
                if got:
                    return True, preview, got["payload"]
                time.sleep(0.05)
            raise AssertionError(f"no reply after deny to {args}")
        time.sleep(0.05)
    raise AssertionError(f"no reply to {args}")


def recorded(site, action):
    return [r for r in site.records if r["data"].get("action") == action]


def test_every_destructive_control_asks_and_no_everyday_one_does(chat, page_site):
    opened = page_call(chat, {"method": "open", "url": f"https://{SHOP}/redteam.html"})
    assert opened["ok"], opened
    text = page_call(chat, {"method": "scan", "max_chars": 100000})["result"]["text"]
    wrong = []
    for section, code, name, expect, action in CASES:
        uid = uid_in_section(text, section, code, name)
        asked, preview, out = call_and_deny(chat, {"method": "click", "uid": uid})
        if expect == "ask":
            time.sleep(0.2)
            if not asked or out.get("reason") != "approval_denied" or recorded(page_site, action):
                wrong.append((section, name, "did not ask" if not asked else out))
            elif "Why approval:" not in preview:
                wrong.append((section, name, "no reason in " + preview))
        else:
            if asked or not out.get("ok"):
                wrong.append((section, name, preview or out))
                continue
            try:
                page_site.wait_for_record(lambda d, a=action: d.get("action") == a, 5)
            except Exception:
                wrong.append((section, name, "ran without effect"))
    section, code, name, action = PRESS
    asked, preview, out = call_and_deny(chat, {"method": "press", "uid": uid_in_section(text, section, code, name),
                                               "key": "Enter"})
    if not asked or "IBAN" not in preview:
        wrong.append(("press Enter", name, preview or out))
    time.sleep(0.2)
    assert not recorded(page_site, action)
    assert wrong == [], "\n".join(repr(w) for w in wrong)


def test_the_window_says_why(chat, page_site):
    """The reasons name what the action sits in: the dialog, the form's endpoint, the element's title."""
    page_call(chat, {"method": "open", "url": f"https://{SHOP}/redteam.html"})
    text = page_call(chat, {"method": "scan", "max_chars": 100000})["result"]["text"]
    expected = [
        (("case confirm in a dialog named for the action", "B", "Yes"), 'inside the dialog "Delete this project?"'),
        (("case continue on a payment form", "B", "Continue"), "the form posts to /api/payments/charge"),
        (("case icon button with a title", "B", "\U0001F5D1"), "the button's title says \"Move to trash\""),
        (("case confirm in an alertdialog whose description erases", "B", "Confirm"),
         'whose description says "This will erase all messages in this conversation."'),
        (("case link to a delete endpoint", "L", "Yes, I understand"), "the link goes to /projects/42/delete"),
        (("case rails link with a request method", "L", "Yes, I understand"),
         "it sends a DELETE request to /projects/9 (data-method)"),
        (("case htmx link with its own prompt", "L", "Continue"),
         'the page asks "Are you sure?" before it sends a POST request to /orders/5'),
        (("case link that submits its form", "L", "Yes, I understand"), "the form posts to /account/destroy"),
        (("case laravel form with a method field", "B", "OK"), "the form sends a DELETE request to /teams/3 (_method)"),
        (("case continue under a heading", "L", "Continuar"), 'under the heading "Cancelar suscripción"'),
    ]
    for where, says in expected:
        asked, preview, out = call_and_deny(chat, {"method": "click", "uid": uid_in_section(text, *where)})
        assert asked and says in preview, (where, preview)
