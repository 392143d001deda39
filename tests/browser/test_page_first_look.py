"""Issue 33: the first look at a page the agent loads. The tab half, in the page before its first
script (registered for that one load), walks it at DOMContentLoaded and again the moment `load` has
fired, and says so at once: `open`/`navigate` answer on that word."""
import re

import pytest

from harness import wait_until
from page_fixtures import *  # noqa: F401,F403  (page_site, browser, chat, helpers)
from page_fixtures import page_call, SHOP

pytestmark = pytest.mark.browser

# the page adds a button from its own `load` handler: the walk after the load runs after the page's handlers
LATE_PAGE = """<!doctype html><html><head><title>Late button</title></head><body><main><h1>Late</h1>
<p>A page that adds a button when it has loaded.</p>
<script>addEventListener('load', () => { const b = document.createElement('button');
b.textContent = 'Added at load'; document.querySelector('main').append(b); });</script></main></body></html>"""
UNTITLED_PAGE = "<!doctype html><html><body><main><h1>No title</h1><a href='/x'>Somewhere</a></main></body></html>"

def test_navigate_answers_once_loaded_and_the_walk_after_load_follows_the_pages_handlers(chat, page_site):
    page_site.set_override("/late.html", LATE_PAGE)
    page_site.set_override("/untitled.html", UNTITLED_PAGE)
    assert page_call(chat, {"method": "open", "url": f"https://{SHOP}/index.html"}, 30000)["ok"]
    moved = page_call(chat, {"method": "navigate", "url": f"https://{SHOP}/late.html"}, 30000)
    assert moved["ok"], moved
    assert moved["result"]["url"] == f"https://{SHOP}/late.html" and moved["result"]["title"] == "Late button"
    text = page_call(chat, {"method": "scan"})["result"]["text"]
    assert re.search(r"^  B u\d+ Added at load$", text, re.M), text
    # a page without a title: the title the tab shows (Chrome's, from the URL), as before
    moved = page_call(chat, {"method": "navigate", "url": f"https://{SHOP}/untitled.html"}, 30000)
    assert moved["ok"], moved
    shown = chat.sw_eval(f"chrome.tabs.get({moved['result']['tab']}).then(t => t.title)")
    assert moved["result"]["url"] == f"https://{SHOP}/untitled.html" and moved["result"]["title"] == shown
    assert "untitled.html" in shown


# the page's first script says whether the tab half was in the document before it ran
FIRST_SCRIPT_PAGE = """<!doctype html><html><head><script>document.title = (document.documentElement
.hasAttribute('data-siteagent-content') ? 'had' : 'lacked') + ' the tab half';</script></head>
<body><main><h1>First script</h1><button>Go</button></main></body></html>"""
REGISTERED = ("chrome.scripting.getRegisteredContentScripts()"
              ".then(s => s.map(x => x.id).filter(i => i.startsWith('page-at-start-')))")


def test_the_tab_half_is_in_the_page_before_its_first_script_and_only_for_that_load(chat, page_site):
    page_site.set_override("/first.html", FIRST_SCRIPT_PAGE)
    url = f"https://{SHOP}/first.html"
    opened = page_call(chat, {"method": "open", "url": url}, 30000)
    assert opened["ok"] and opened["result"]["title"] == "had the tab half", opened
    moved = page_call(chat, {"method": "navigate", "url": url + "?again=1"}, 30000)
    assert moved["ok"] and moved["result"]["title"] == "had the tab half", moved
    text = page_call(chat, {"method": "scan"})["result"]["text"]
    assert re.search(r"^  B u\d+ Go$", text, re.M), text
    # Chrome loads it for that one load only: dropped once the document was found
    wait_until(lambda: chat.sw_eval(REGISTERED) == [], 5, "the registration dropped")
    # a tab the agent did not load shows the same page without it
    drv = chat.driver
    home = drv.current_window_handle
    chat.new_tab(url + "?again=1")
    try:
        wait_until(lambda: drv.title.endswith("the tab half"), 5, "the other tab's page")
        assert drv.title == "lacked the tab half"
        assert drv.execute_script("return document.documentElement.hasAttribute('data-siteagent-content')") is False
    finally:
        drv.close()
        drv.switch_to.window(home)
    # a load that redirects to another URL: no tab half there at its start; it is injected, as before
    page_site.set_override("/moved.html", "", status=302, headers={"Location": "/first.html?via=moved"})
    moved = page_call(chat, {"method": "navigate", "url": f"https://{SHOP}/moved.html"}, 30000)
    assert moved["ok"] and moved["result"]["title"] == "lacked the tab half", moved
    assert moved["result"]["url"] == url + "?via=moved"
    text = page_call(chat, {"method": "scan"})["result"]["text"]
    assert re.search(r"^  B u\d+ Go$", text, re.M), text
    wait_until(lambda: chat.sw_eval(REGISTERED) == [], 5, "the redirected load's registration dropped")
    # a URL no pattern says exactly (a `*`) is not registered: the tab half is injected later, as before
    star = page_call(chat, {"method": "navigate", "url": url + "?q=*"}, 30000)
    assert star["ok"] and star["result"]["title"] == "lacked the tab half", star
    text = page_call(chat, {"method": "scan"})["result"]["text"]
    assert re.search(r"^  B u\d+ Go$", text, re.M), text
