"""Issue 6 end to end: the page tool's verbs, uids that never lie, frames, shadow DOM, risk judged in code."""
import re
import time

import pytest

from conhelp import dev_private
from extension import start_call, call_result, audit_log
from harness import wait_until
from page_fixtures import *  # noqa: F401,F403  (page_site, browser, chat, helpers)
from page_fixtures import page_call, uid_of, attach, SHOP, FRAMES

pytestmark = pytest.mark.browser


def open_page(b, path):
    out = page_call(b, {"method": "open", "url": f"https://{SHOP}{path}"})
    assert out["ok"] is True, out
    return out["result"]


def scan(b, **extra):
    out = page_call(b, {"method": "scan", **extra})
    assert out["ok"] is True, out
    return out["result"]["text"]


def records(site, action):
    return [r["data"] for r in site.records if r["data"].get("action") == action]


def test_open_scan_format_and_visibility(chat, page_site):
    opened = open_page(chat, "/index.html")
    assert opened["title"] == "Verbs fixture" and isinstance(opened["tab"], int)
    text = scan(chat)
    lines = text.split("\n")
    assert re.match(r"^# https://shop\.test/index\.html \| Verbs fixture \| \d+ nodes$", lines[0]), lines[0]
    assert "[header]" in lines and "[main]" in lines and "[footer]" in lines
    assert any(l.strip() == "[nav]" for l in lines)
    assert "  H1 Verbs fixture" in lines
    assert re.search(r"^  B u\d+ Say hello$", text, re.M)
    assert re.search(r"^  B u\d+ Disabled action \[disabled\]$", text, re.M)
    assert re.search(r"^    T u\d+ Full name value=\"\" \[required\]$", text, re.M)
    assert re.search(r"^    S u\d+ Colour value=\"Red\"$", text, re.M)
    assert re.search(r"^    C u\d+ Newsletter$", text, re.M)
    assert re.search(r"^    R u\d+ Small \[checked\]$", text, re.M)
    assert re.search(r"^    C u\d+ Dark mode$", text, re.M)
    assert re.search(r"^    T u\d+ Search the docs value=\"\"$", text, re.M)
    assert re.search(r"^  L u\d+ Company logo <shop\.test/about\.html>$", text, re.M)
    assert re.search(r"^  B u\d+ Close dialog$", text, re.M)
    assert re.search(r"^  P u\d+ This page exercises every verb.*… \(\d+ chars\)$", text, re.M)
    assert "[form:Profile]" in text
    for hidden in ["Hidden by display", "Hidden by visibility", "Hidden from AT", "Inert button", "Zero size"]:
        assert hidden not in text
    assert "PARAGRAPH-END-MARKER" not in text
    # read expands the prose, marked untrusted
    puid = re.search(r"P (u\d+) This page", text).group(1)
    read = page_call(chat, {"method": "read", "uid": puid})
    assert read["ok"] and read["result"]["untrusted"] is True
    assert "PARAGRAPH-END-MARKER" in read["result"]["text"]


def test_click_type_select_check_press_scroll_wait(chat, page_site):
    open_page(chat, "/index.html")
    text = scan(chat)
    out = page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Say hello")})
    assert out["ok"] is True and out["result"]["navigated"] is False, out
    page_site.wait_for_record(lambda d: d["action"] == "greet")
    waited = page_call(chat, {"method": "wait", "text": "Hello there", "timeout_ms": 2000})
    assert waited["result"]["met"] is True
    gone = page_call(chat, {"method": "wait", "text": "Hello there", "gone": True, "timeout_ms": 300})
    assert gone["result"]["met"] is False and gone["result"]["waited_ms"] >= 250
    assert page_call(chat, {"method": "type", "uid": uid_of(text, "T", "Full name"), "text": "Ada"})["ok"]
    assert page_call(chat, {"method": "type", "uid": uid_of(text, "T", "Full name"), "text": "Ada Lovelace",
                            "clear": True})["ok"]
    sel = page_call(chat, {"method": "select", "uid": uid_of(text, "S", "Colour"), "label": "Blue"})
    assert sel["ok"] and sel["result"]["selected"]["value"] == "b", sel
    bad = page_call(chat, {"method": "select", "uid": uid_of(text, "S", "Colour"), "value": "purple"})
    assert bad["reason"] == "invalid_args" and bad["field"] == "value" and "Red" in bad["message"]
    chk = page_call(chat, {"method": "check", "uid": uid_of(text, "C", "Newsletter"), "checked": True})
    assert chk["ok"] and chk["result"]["checked"] is True and chk["result"]["changed"] is True
    again = page_call(chat, {"method": "check", "uid": uid_of(text, "C", "Newsletter"), "checked": True})
    assert again["result"]["changed"] is False
    assert page_call(chat, {"method": "check", "uid": uid_of(text, "R", "Large"), "checked": True})["ok"]
    sw = page_call(chat, {"method": "check", "uid": uid_of(text, "C", "Dark mode"), "checked": True})
    assert sw["ok"] and sw["result"]["checked"] is True
    unradio = page_call(chat, {"method": "check", "uid": uid_of(text, "R", "Large"), "checked": False})
    assert unradio["reason"] == "invalid_args" and unradio["field"] == "checked"
    not_field = page_call(chat, {"method": "type", "uid": uid_of(text, "B", "Say hello"), "text": "x"})
    assert not_field["reason"] == "invalid_args" and not_field["field"] == "uid"
    disabled = page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Disabled action")})
    assert disabled["reason"] == "invalid_args"
    # submit through the form's own submit (no password/payment, harmless name): runs without approval
    saved = page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Save profile")})
    assert saved["ok"], saved
    rec = page_site.wait_for_record(lambda d: d["action"] == "profile")["data"]
    assert rec == {"page": "/index.html", "action": "profile", "name": "Ada Lovelace", "color": "b", "news": True,
                   "size": "l"}
    pressed = page_call(chat, {"method": "press", "uid": uid_of(text, "T", "Key catcher"), "key": "Control+K"})
    assert pressed["ok"], pressed
    page_site.wait_for_record(lambda d: d["action"] == "key" and d["key"] == "K" and d["ctrl"] is True)
    assert page_call(chat, {"method": "press", "key": "Hyper+Q"})["field"] == "key"
    scrolled = page_call(chat, {"method": "scroll", "direction": "down"})
    assert scrolled["ok"] and scrolled["result"]["y"] > 0
    assert page_call(chat, {"method": "scroll", "to": uid_of(text, "B", "Far below")})["ok"]
    view = scan(chat, viewport=True)
    assert "Far below" in view and "Say hello" not in view
    missing = page_call(chat, {"method": "click"})
    assert missing["reason"] == "invalid_args" and missing["field"] == "uid"


def test_select_in_an_aria_listbox_by_label_and_by_data_value(chat, page_site):
    """A listbox of role=option elements: the option with that name is clicked (an option without a
    data-value is no match for a select without `value`), or the one whose data-value is `value`."""
    open_page(chat, "/listbox.html")
    text = scan(chat)
    box = uid_of(text, "S", "Colour")
    picked = page_call(chat, {"method": "select", "uid": box, "label": "violet"})
    assert picked["ok"] and picked["result"]["selected"] == {"label": "Violet"}, picked
    assert page_site.wait_for_record(lambda d: d["action"] == "pick")["data"]["colour"] == "violet"
    by_value = page_call(chat, {"method": "select", "uid": box, "value": "b"})
    assert by_value["ok"] and by_value["result"]["selected"] == {"label": "Blue"}, by_value
    page_site.wait_for_record(lambda d: d["action"] == "pick" and d["colour"] == "blue")
    none = page_call(chat, {"method": "select", "uid": box, "label": "Mauve"})
    assert none["reason"] == "invalid_args" and none["field"] == "label" and "listbox" in none["message"]


def test_budget_cursor_within_diff(chat):
    open_page(chat, "/index.html")
    full = scan(chat)
    small = page_call(chat, {"method": "scan", "max_chars": 300})["result"]
    assert len(small["text"]) <= 300 and small["text"].endswith(f"continue with cursor={small['cursor']}")
    rest = page_call(chat, {"method": "scan", "max_chars": 200000, "cursor": small["cursor"]})["result"]["text"]
    body = small["text"].split("\n")[1:-1] + rest.split("\n")[1:]
    assert body == full.split("\n")[1:]
    form = re.search(r"\[form:Profile\]", full)
    assert form
    within = scan(chat, within=uid_of(full, "T", "Full name"))
    assert "Full name" in within and "Say hello" not in within
    same = scan(chat, diff=True)
    assert "(no change since the last scan)" in same
    page_call(chat, {"method": "click", "uid": uid_of(full, "B", "Say hello")})
    changed = scan(chat, diff=True)
    assert "Hello there" in changed or "diff:" in changed.split("\n")[0]


def test_stale_uids_never_lie(chat, page_site):
    open_page(chat, "/stale.html")
    text = scan(chat)
    victim = uid_of(text, "B", "Victim")
    stable = uid_of(text, "B", "Stable")
    # stable across scans
    assert uid_of(scan(chat), "B", "Victim") == victim
    # re-render replaces the node with an identical one: the old uid is stale, not silently rebound
    page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Re-render")})
    out = page_call(chat, {"method": "click", "uid": victim})
    assert out["reason"] == "stale_uid" and out["hint"] == "scan again", out
    text = scan(chat)
    victim2 = uid_of(text, "B", "Victim")
    assert victim2 != victim
    # rename: same node, other name
    page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Rename victim")})
    assert page_call(chat, {"method": "click", "uid": victim2})["reason"] == "stale_uid"
    text = scan(chat)
    renamed = uid_of(text, "B", "Renamed")
    assert renamed not in (victim, victim2)
    # removal
    page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Detach victim")})
    assert page_call(chat, {"method": "click", "uid": renamed})["reason"] == "stale_uid"
    assert not records(page_site, "victim")
    # SPA route change invalidates everything from before
    text = scan(chat)
    stable = uid_of(text, "B", "Stable")
    routed = page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Go to view 2")})
    assert routed["ok"] and routed["result"]["navigated"] is True
    assert page_call(chat, {"method": "click", "uid": stable})["reason"] == "stale_uid"
    text = scan(chat)
    stable2 = uid_of(text, "B", "Stable")
    assert stable2 != stable
    # full navigation: the action reports it; old uids fail, and new pages never reuse their numbers
    nav = page_call(chat, {"method": "click", "uid": uid_of(text, "L", "Full navigation")})
    assert nav["ok"] and nav["result"]["navigated"] is True and nav["result"]["url"].endswith("/about.html"), nav
    assert page_call(chat, {"method": "click", "uid": stable2})["reason"] == "stale_uid"
    about = scan(chat)
    nums = [int(u) for u in re.findall(r" u(\d+) ", about)]
    assert nums and min(nums) > int(stable2[1:])
    assert page_call(chat, {"method": "click", "uid": "u999999"})["reason"] == "stale_uid"
    assert page_call(chat, {"method": "click", "uid": "bogus"})["reason"] == "invalid_args"
    assert not records(page_site, "stable")


def test_names_follow_blocks_and_skip_containers_and_items_list_their_links(chat, page_site):
    open_page(chat, "/names.html")
    text = scan(chat)
    lines = [line.strip() for line in text.split("\n")]
    # a link inside a menu item is listed too: clicking the item itself would not follow it
    assert re.search(r"^\s*M u\d+ About us$", text, re.M) and re.search(r"^\s*L u\d+ About us <shop\.test/about\.html>$", text, re.M)
    assert any(re.fullmatch(r"M u\d+ Plain item", line) for line in lines)
    # spans shown as blocks are separate words, inline ones run together (as in Chromium's names)
    assert re.search(r"^\s*L u\d+ Best flashlight ever Lumify <", text, re.M)
    assert re.search(r"^\s*L u\d+ Runtogether <", text, re.M)
    # a figure gives an ancestor's name only its caption, never its content
    assert re.search(r"^\s*L u\d+ Citi fined <", text, re.M) and "Citi fined Citi fined" not in text
    assert re.search(r"^\s*L u\d+ Sales chart <", text, re.M)
    # ::after text is part of a name, also when its rule is in a sheet that another one @imports
    assert re.search(r"^\s*L u\d+ Offers \(new\) <", text, re.M), text
    # ... and for an element added after the last scan
    added = page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Add an offer")})
    assert added["ok"], added
    assert re.search(r"^\s*L u\d+ Late offers \(new\) <", scan(chat), re.M)
    clicked = page_call(chat, {"method": "click", "uid": uid_of(text, "L", "About us")})
    assert clicked["ok"] and clicked["result"]["navigated"] is True and clicked["result"]["url"].endswith("/about.html"), clicked


def test_navigate_back_tabs_close(chat):
    first = open_page(chat, "/index.html")
    nav = page_call(chat, {"method": "navigate", "url": f"https://{SHOP}/about.html"})
    assert nav["ok"] and nav["result"]["title"] == "About fixture"
    back = page_call(chat, {"method": "back"})
    assert back["ok"] and back["result"]["url"].endswith("/index.html"), back
    second = open_page(chat, "/shop.html")
    listed = page_call(chat, {"method": "tabs"})["result"]["tabs"]
    assert [t["tab"] for t in listed] == [first["tab"], second["tab"]]
    assert all("localhost" not in t["url"] for t in listed)      # the chatbot tab is never listed
    chatbot_tab = chat.sw_eval("chrome.tabs.query({url: 'http://localhost/*'}).then(t => t[0].id)")
    other = page_call(chat, {"method": "scan", "tab": chatbot_tab})
    assert other["reason"] == "no_target_tab" and other["field"] == "tab"
    grouped = chat.sw_eval(f"chrome.tabs.get({second['tab']}).then(t => chrome.tabGroups.get(t.groupId)).then(g => g.title)")
    assert grouped == "Site Agent"
    closed = page_call(chat, {"method": "close", "tab": second["tab"]})
    assert closed["ok"] and closed["result"]["current"] == first["tab"]
    assert [t["tab"] for t in page_call(chat, {"method": "tabs"})["result"]["tabs"]] == [first["tab"]]


def test_refused_urls(chat, page_site):
    for url in ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd",
                "chrome://settings", "chrome-extension://abc/x.html", "about:blank", "ftp://x.test/"]:
        out = page_call(chat, {"method": "open", "url": url})
        assert out["ok"] is False and out["reason"] == "url_not_allowed" and out["field"] == "url", (url, out)
    open_page(chat, "/shop.html")
    assert page_call(chat, {"method": "navigate", "url": "javascript:void(0)"})["reason"] == "url_not_allowed"
    text = scan(chat)
    assert re.search(r"L u\d+ Run script link <javascript:>", text)
    for name in ["Run script link", "Sneaky link"]:
        out = page_call(chat, {"method": "click", "uid": uid_of(text, "L", name)})
        assert out["reason"] == "url_not_allowed", out
    time.sleep(0.3)
    assert not records(page_site, "js-link") and not records(page_site, "js-link2")
    chat.assert_no_popup("approve.html")


def test_destructive_click_denied_then_allowed(chat, page_site):
    open_page(chat, "/shop.html")
    text = scan(chat)
    delete = uid_of(text, "B", "Delete account")
    key = start_call(chat, "page", {"method": "click", "uid": delete})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('Delete account')")
    preview = popup.eval("document.getElementById('approve-preview').textContent")
    assert "https://shop.test/shop.html" in preview and "delete" in preview.lower()
    popup.click("#deny")
    out = call_result(chat, key)["payload"]
    assert out["reason"] == "approval_denied"
    time.sleep(0.3)
    assert not records(page_site, "delete")
    key = start_call(chat, "page", {"method": "click", "uid": delete})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('Delete account')")
    time.sleep(0.8)
    popup.click("#allow")
    out = call_result(chat, key)["payload"]
    assert out["ok"] is True, out
    page_site.wait_for_record(lambda d: d["action"] == "delete")
    assert len(records(page_site, "delete")) == 1
    # a harmless button runs without any window
    assert page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Next page")})["ok"]
    chat.assert_no_popup("approve.html")
    entries = [e for e in audit_log(chat) if e["tool"] == "page"]
    assert any(e.get("reason") == "approval_denied" or e.get("outcome") == "approval_denied" or
               "approval_denied" in str(e) for e in entries)


@pytest.mark.parametrize("field,name,why", [
    ("T", "Password", "password"),
    ("T", "Card number", "payment"),
])
def test_password_and_card_forms_need_approval(chat, page_site, field, name, why):
    open_page(chat, "/shop.html")
    text = scan(chat)
    key = start_call(chat, "page", {"method": "type", "uid": uid_of(text, field, name), "text": "hunter2",
                                    "submit": True})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
    preview = popup.eval("document.getElementById('approve-preview').textContent")
    assert why in preview and "Form:" in preview and "https://shop.test/shop.html" in preview, preview
    popup.click("#deny")
    assert call_result(chat, key)["payload"]["reason"] == "approval_denied"
    assert not records(page_site, "login") and not records(page_site, "card")


def test_german_buy_and_sensitive_page_policy(chat, page_site):
    open_page(chat, "/shop.html")
    text = scan(chat)
    key = start_call(chat, "page", {"method": "click", "uid": uid_of(text, "B", "Jetzt kaufen")})
    chat.wait_for_popup("approve.html").click("#deny")
    assert call_result(chat, key)["payload"]["reason"] == "approval_denied"
    chat.sw_eval("chrome.storage.local.set({page_policy: {sensitive_hosts: ['shop.test'], extra_terms: []}}).then(() => 1)")
    key = start_call(chat, "page", {"method": "click", "uid": uid_of(text, "B", "Next page")})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('sensitive')")
    popup.click("#deny")
    assert call_result(chat, key)["payload"]["reason"] == "approval_denied"
    assert not records(page_site, "next") and not records(page_site, "kaufen")


def test_frames_same_and_cross_origin(chat, page_site):
    open_page(chat, "/frames.html")
    text = wait_until(lambda: (lambda t: t if "Inner button" in t and "iframe#cross-origin" in t else None)(scan(chat)),
                      8, "both frames in the scan")
    assert "- iframe#cross-origin https://frames.test/frame-inner.html?cross=1" in text
    assert "- iframe#cross-origin https://nowhere.invalid/x.html" in text
    same = re.findall(r"^\s*B (u\d+) Inner button$", text, re.M)
    cross = re.findall(r"^\s*B (f\d+u\d+) Inner button$", text, re.M)
    assert len(same) == 1 and len(cross) == 1, text
    # the frame's lines sit under its iframe line, one level deeper
    lines = text.split("\n")
    at = lines.index(next(l for l in lines if l.endswith("- iframe#cross-origin https://frames.test/frame-inner.html?cross=1")))
    outer = len(lines[at]) - len(lines[at].lstrip())
    assert lines[at + 1].strip() == "H2 Inner heading" and len(lines[at + 1]) - len(lines[at + 1].lstrip()) == outer + 2, lines[at:at + 3]
    # a scan within a frame's uid keeps its uids frame-qualified (a bare u<n> would name a top-frame element)
    inside = scan(chat, within=cross[0])
    assert re.search(rf"^B {cross[0]} Inner button$", inside.split("\n", 1)[1], re.M), inside
    assert not re.search(r"(^|\s)u\d+(\s|$)", inside.split("\n", 1)[1]), inside
    assert page_call(chat, {"method": "click", "uid": same[0]})["ok"]
    page_site.wait_for_record(lambda d: d["action"] == "inner" and d["host"] == SHOP)
    assert page_call(chat, {"method": "click", "uid": cross[0]})["ok"]
    page_site.wait_for_record(lambda d: d["action"] == "inner" and d["host"] == FRAMES)
    field = uid_of(text, "T", "Inner field") if re.search(r"T f\d+u\d+ Inner field", text) is None else \
        re.search(r"T (f\d+u\d+) Inner field", text).group(1)
    assert page_call(chat, {"method": "type", "uid": field, "text": "hi"})["ok"]
    assert page_call(chat, {"method": "click", "uid": "f9u1"})["reason"] == "stale_uid"


def test_a_large_scan_formatted_in_the_tab_keeps_frames_under_their_lines(chat, page_site):
    """1,200 rows: the tab formats the lines itself; both frames' lines still land under their own
    iframe line, with frame-qualified uids, and the list between them is whole."""
    open_page(chat, "/frames-many.html")
    text = wait_until(lambda: (lambda t: t if len(re.findall(r"B f\d+u\d+ Inner button", t)) == 2 else None)(
        scan(chat, max_chars=1000000)), 8, "both frames in the scan")
    lines = text.split("\n")
    for n in (1, 2):
        at = next(i for i, l in enumerate(lines) if l.endswith(f"- iframe#cross-origin https://frames.test/frame-inner.html?cross={n}"))
        assert lines[at + 1].strip() == "H2 Inner heading", lines[at:at + 3]
        assert re.fullmatch(r"\s*B f\d+u\d+ Inner button", lines[at + 2]), lines[at:at + 3]
    items = [l for l in lines if re.fullmatch(r"\s*L u\d+ Item \d+ <shop\.test/item-\d+\.html>", l)]
    assert len(items) == 1200 and items[0].strip().split()[2:4] == ["Item", "1"] and items[-1].split()[3] == "1200"
    first_frame = next(i for i, l in enumerate(lines) if "cross=1" in l)
    second_frame = next(i for i, l in enumerate(lines) if "cross=2" in l)
    assert first_frame < lines.index(items[0]) < lines.index(items[-1]) < second_frame


def test_shadow_dom_open_and_closed(chat, page_site):
    open_page(chat, "/shadow.html")
    text = scan(chat)
    assert re.search(r"H2 Open widget", text)
    assert "- shadow#closed closed-widget" in text and "Secret button" not in text
    assert re.search(r"L u\d+ Slotted link", text)
    # a shadow root's own style sheet gives its buttons their ::before text (the page's cannot), and
    # the risk is judged on that name: "Delete" exists only as generated text, yet asks for approval
    assert re.search(r"B u\d+ Delete draft$", text, re.M), text
    key = start_call(chat, "page", {"method": "click", "uid": uid_of(text, "B", "Delete draft")})
    popup = chat.wait_for_popup("approve.html")
    popup.wait_for("document.getElementById('approve-preview').textContent.includes('Delete draft')")
    popup.click("#deny")
    assert call_result(chat, key)["payload"]["reason"] == "approval_denied"
    assert page_call(chat, {"method": "click", "uid": uid_of(text, "B", "Shadow button")})["ok"]
    page_site.wait_for_record(lambda d: d["action"] == "shadow")


def test_list_tools_shows_page_once_with_its_highest_risk(chat):
    tools = {t["name"]: t for t in chat.sa_send("LIST_TOOLS")["payload"]}
    assert tools["page"]["risk"] == "irreversible"
    assert tools["page"]["inputSchema"]["properties"]["method"]["enum"][0] == "open"


def test_permission_required_without_host_access(launch_browser, built_extension, chatbot_site, tmp_path_factory):
    """The dev build keeps the page tool's hosts optional (not granted): open answers permission_required."""
    from pathlib import Path
    from buildtool.app import Application
    from buildtool.build import build
    out = tmp_path_factory.mktemp("page-dev-build") / "dist"
    dist = Path(build(Application.discover(Path(__file__)), profile="dev", out=out).dist)
    b = launch_browser(dist)
    try:
        chatbot_site.mount("/dist-client/", dist.parent / "dist-client")
        b.open_chatbot(chatbot_site)
        got = b.sa_call("page", {"method": "open", "url": f"https://{SHOP}/index.html"})["payload"]
        assert got["ok"] is False and got["reason"] == "permission_required", got
        assert "shop.test" in got["message"] and "console" in got["hint"]
        tabs = b.sw_eval("chrome.tabs.query({}).then(t => t.filter(x => (x.url || '').includes('shop.test')).length)")
        assert tabs == 0
    finally:
        if built_extension.client_dist is not None:
            chatbot_site.mount("/dist-client/", built_extension.client_dist)


def test_empty_named_controls_are_listed(chat, page_site):
    """Issue 32: a link or button with nothing inside and no size (an icon whose style sheet gave it
    none) is in Chromium's tree by its title or aria-label, and so in the full scan; one with no name,
    one whose text is clipped to a zero box, and a viewport scan leave them out."""
    open_page(chat, "/docs/empty-links.html")
    text = scan(chat)
    assert re.search(r"^\s*L u\d+ Share on X <shop\.test/share/x>$", text, re.M), text
    assert re.search(r"^\s*L u\d+ Share by email <shop\.test/share/mail>$", text, re.M), text
    assert re.search(r"^\s*B u\d+ Print this page$", text, re.M), text
    assert re.search(r"^\s*L u\d+ Share on Facebook <shop\.test/share/fb>$", text, re.M), text
    assert "nameless" not in text and not re.search(r"^\s*L u\d+ Clipped away", text, re.M), text
    assert "Share on X" not in scan(chat, viewport=True)


@pytest.mark.parametrize("query", ["", "?q=1&r=2#top"])
def test_link_hrefs_match_the_url_parser(chat, page_site, query):
    """The walker resolves plain `./path` and `#fragment` hrefs without the URL parser; every link's
    href must still be exactly what the browser's own URL parser makes of it."""
    opened = open_page(chat, "/docs/hrefs.html" + query)
    attach(chat, opened["tab"])
    links = chat.sa_call("page_probe_names", {"selector": "a[href]"}, 15000)["payload"]
    assert links["ok"], links
    got = {(l["name"], l["href"], l["parsed"]) for l in links["result"]["names"]}
    assert len(got) == 33
    assert [g for g in got if g[1] != g[2]] == []
    page = f"https://{SHOP}/docs/hrefs.html{query.split('#')[0]}"
    assert ("fragment", page + "#cite_note-1", page + "#cite_note-1") in got
    assert ("colon", f"https://{SHOP}/docs/Help:Contents", f"https://{SHOP}/docs/Help:Contents") in got


def test_a_scan_answers_permission_required_once_host_access_is_withdrawn(chat, page_site):
    """A scan of an agent tab goes to its frame before any check; the content script still runs there
    after access is withdrawn, and its answer must be refused on the URL it scanned."""
    open_page(chat, "/index.html")
    assert "Say hello" in scan(chat)
    shop = f"https://{SHOP}/*"
    try:
        assert dev_private(chat, "await chrome.developerPrivate.updateExtensionConfiguration("
                                 "{extensionId: id, hostAccess: 'ON_SPECIFIC_SITES'});"
                                 f"await chrome.developerPrivate.addHostPermission(id, '{shop}'); return 'ok';") == "ok"
        assert "Say hello" in scan(chat)
        assert dev_private(chat, f"await chrome.developerPrivate.removeHostPermission(id, '{shop}'); return 'ok';") == "ok"
        out = page_call(chat, {"method": "scan"})
        assert out["ok"] is False and out["reason"] == "permission_required", out
        assert "Say hello" not in str(out)
    finally:
        dev_private(chat, "await chrome.developerPrivate.updateExtensionConfiguration("
                          "{extensionId: id, hostAccess: 'ON_ALL_SITES'}); return 'ok';")
    assert "Say hello" in scan(chat)


def test_a_scan_of_a_busy_tab_answers_tab_timeout_once(chat, page_site):
    """The direct path does not ask a tab that timed out a second time (that would double the wait)."""
    tab = open_page(chat, "/index.html")["tab"]
    chat.sw_eval(f"chrome.scripting.executeScript({{target: {{tabId: {tab}}}, world: 'MAIN', func: () => {{"
                 "setTimeout(() => { const end = Date.now() + 6000; while (Date.now() < end) {} }, 0); }}).then(() => 1)")
    started = time.monotonic()
    out = page_call(chat, {"method": "scan"}, 20000)
    took = time.monotonic() - started
    assert out["ok"] is False and out["reason"] == "tab_timeout", out
    assert 2.5 < took < 5.5, took        # the test profile's 3 s once, not the 6 s the page is busy
    time.sleep(max(0.0, 6.5 - took))
    assert "Say hello" in scan(chat)


def test_a_scan_within_a_uid_it_cannot_use_is_refused_with_that_reason(chat, page_site):
    # the tab's refusal of `within` reaches the caller as its own outcome (not a crash of the merge)
    open_page(chat, "/stale.html")
    scan(chat)
    gone = page_call(chat, {"method": "scan", "within": "u999999"})
    assert gone["ok"] is False and gone["reason"] == "stale_uid" and gone["hint"] == "scan again", gone
    bad = page_call(chat, {"method": "scan", "within": "nope"})
    assert bad["ok"] is False and bad["reason"] in ("invalid_args", "stale_uid"), bad
