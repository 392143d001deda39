"""Issue 34: false prompts of the leak rules on a scripted browse of the 35 real pages in
../shared/corpus/real-pages, in ONE session (what is read on one page is still noted on the next).

Each page is served as https://<page>.browse.test/<page>.html (its own origin). For each: open it, scan
it, follow its first LINKS links with their hrefs unchanged (page navigate), search with a fixed query
(page navigate to https://search.browse.test/?q=...), open the page again and type the same query into
its first text field. Any approval window is a false prompt: it is denied, counted, and its flags
printed. The count is printed (`-s`); the goal, asserted, is zero.

Run: CI=true python -m pytest -s -q tests/browser/test_leaks_browse.py
"""
import gzip
import json
import re
import time

import pytest

from extension import start_call
from harness import Browser, FixtureServer, host_rules_for
import page_fixtures

chat = page_fixtures.chat

pytestmark = pytest.mark.browser

CORPUS = page_fixtures.PAGES.parents[3].parent / "shared" / "corpus" / "real-pages"
PAGES = sorted(p.name[:-len(".html.gz")] for p in CORPUS.glob("*.html.gz")) or ["aclu"]
LINKS = 3
QUERY = "how to reset a router password"
SEARCH = "search.browse.test"
STAY = "<script>addEventListener('submit', e => e.preventDefault(), true);</script>"
FIELD = re.compile(r"^\s*T ((?:f\d+)?u\d+)\b", re.M)


def host(name):
    return f"{name}.browse.test"


@pytest.fixture(scope="module")
def page_site():
    server = FixtureServer(None, [host(n) for n in PAGES] + [SEARCH])
    yield server
    server.close()


@pytest.fixture(scope="module")
def browser(built_extension, fixture_servers, chatbot_site, page_site):
    b = Browser(built_extension.dist, host_rules=host_rules_for([*fixture_servers, page_site]))
    yield b
    b.quit()


def run(b, args, prompts, timeout=25):
    """A page call; an approval window that opens is a false prompt: noted, denied. The outcome."""
    key = start_call(b, "page", args)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = b.driver.execute_script("return (window.__calls || {})[arguments[0]] || null", key)
        if got:
            return got["payload"]
        if b.popup_targets("approve.html"):
            popup = b.wait_for_popup("approve.html")
            popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
            prompts.append({"args": args, "flags": popup.eval("document.getElementById('approve-flags').innerText")})
            popup.click("#deny")
        time.sleep(0.05)
    raise AssertionError(f"no reply to {args}")


def first_links(b, tab, count):
    """The page's first `count` distinct http(s) links to another address, as the DOM has them."""
    code = ("chrome.scripting.executeScript({target: {tabId: %d}, func: (n) => { const out = []; const here = "
            "location.href.split('#')[0]; for (const a of document.querySelectorAll('a[href]')) { const h = a.href; "
            "if (!/^https?:/.test(h) || h.split('#')[0] === here || out.includes(h)) continue; out.push(h); "
            "if (out.length >= n) break; } return out; }, args: [%d]}).then(r => JSON.stringify(r[0].result))"
            % (tab, count))
    return json.loads(b.sw_eval(code))


def test_scripted_browse_of_the_real_pages_prompts_nothing(chat, shared_dir, page_site):
    prompts = []
    calls = 0
    for name in PAGES:
        html = gzip.decompress((shared_dir / "corpus" / "real-pages" / f"{name}.html.gz").read_bytes())
        text = html.decode("utf-8", "replace")
        head = re.search(r"<head[^>]*>", text, re.I)
        page_site.set_override(f"/{name}.html", text[:head.end()] + STAY + text[head.end():] if head else STAY + text)
        url = f"https://{host(name)}/{name}.html"
        opened = run(chat, {"method": "open", "url": url}, prompts)
        assert opened["ok"], opened
        tab = opened["result"]["tab"]
        scanned = run(chat, {"method": "scan", "max_chars": 200000}, prompts)
        assert scanned["ok"], scanned
        calls += 2
        for link in first_links(chat, tab, LINKS):
            run(chat, {"method": "navigate", "url": link}, prompts)     # unresolvable hosts fail to load: fine
            calls += 1
        run(chat, {"method": "navigate", "url": f"https://{SEARCH}/?q=" + QUERY.replace(" ", "+")}, prompts)
        run(chat, {"method": "close", "tab": tab}, prompts)
        reopened = run(chat, {"method": "open", "url": url}, prompts)
        calls += 3
        if reopened["ok"]:
            fields = FIELD.findall(run(chat, {"method": "scan", "max_chars": 200000}, prompts)["result"]["text"])
            calls += 1
            if fields:
                run(chat, {"method": "type", "uid": fields[0], "text": QUERY}, prompts)
                calls += 1
            run(chat, {"method": "close", "tab": reopened["result"]["tab"]}, prompts)
            calls += 1
    noted = json.loads(chat.sw_eval("chrome.storage.session.get('rules_leaks').then(r => "
                                    "JSON.stringify(Object.keys(r.rules_leaks || {}).length))"))
    print(f"\nleak rules, scripted browse: {len(PAGES)} pages, {calls} calls, {noted} hashes noted, "
          f"false prompts: {len(prompts)}")
    assert noted > 0
    for p in prompts:
        print("  prompt:", json.dumps(p["args"])[:160], "|", p["flags"][:300].replace("\n", " / "))
    assert prompts == []
