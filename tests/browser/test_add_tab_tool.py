"""Adding a tool that runs in the tab is two files: its declaration in the site's tools.py (its name
written there, once) and its handler in the site's tab.py (a function of that name, marked `@tab_tool`).
Done here to a copy of the real tree: `git diff` names those two files and nothing else, `siteagent
check` passes, the build derives the tab's table (`tabtools`), and the new tool answers through the
bridge in Chromium, like the tools already there (docs/ADAPTERS.md, "Adding one tool to a site")."""
import subprocess

import pytest

from extension import build_variant

pytestmark = pytest.mark.browser

DECLARATION = '''
ECHO = declare_tool(
    TAB_SITE, 'test_tab_echo', 'read', 'Test only. Returns `text` and the page title of the tab.',
    object_schema({'text': {'type': 'string', 'maxLength': 100}}, ['text']), 'tab', {'test_only': True})
'''
HANDLER = '''

@tab_tool
def test_tab_echo(args):
    return {'echo': args['text'], 'title': page_title()}
'''


def _git(root, *args):
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.test", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.test", "PATH": "/usr/bin:/bin"}
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True, env=env).stdout


def test_a_new_tab_tool_is_its_declaration_and_its_function(tmp_path, launch_browser, built_extension,
                                                            google_sites, chatbot_site):
    diff = {}

    def add_tool(root):
        _git(root, "init", "-q")
        _git(root, "add", "-A")
        _git(root, "commit", "-qm", "the tree as it is")
        for rel, text in (("siteagent_src/sites/testsite/tools.py", DECLARATION),
                          ("siteagent_src/sites/testsite/tab.py", HANDLER)):
            path = root / rel
            path.write_text(path.read_text("utf-8") + text, "utf-8")
        diff["files"] = _git(root, "diff", "--name-only").split()
        diff["tabtools"] = root / ".siteagent" / "cache" / "test" / "gen" / "tabtools.py"

    dist = build_variant(tmp_path, lambda text: text, "test", add_tool)      # the build runs `siteagent check`
    assert diff["files"] == ["siteagent_src/sites/testsite/tab.py", "siteagent_src/sites/testsite/tools.py"]
    assert "'test_tab_echo': ['test_tab', test_tab_echo]," in diff["tabtools"].read_text("utf-8")

    if built_extension.client_dist is not None:
        chatbot_site.mount("/dist-client/", built_extension.client_dist)     # the client SDK, as the browser fixture does
    browser = launch_browser(dist)
    browser.open(google_sites["gmail"].url("/"))
    title = browser.driver.execute_script("return document.title")
    browser.new_tab()
    browser.open_chatbot(chatbot_site)
    listed = {t["name"]: t for t in browser.sa_send("LIST_TOOLS")["payload"]}
    assert listed["test_tab_echo"]["risk"] == "read" and "page title" in listed["test_tab_echo"]["description"]
    out = browser.sa_send("CALL_TOOL", {"name": "test_tab_echo", "args": {"text": "hello"}})["payload"]
    assert out == {"ok": True, "tool": "test_tab_echo", "result": {"echo": "hello", "title": title}}
    # the tools that were there answer as before
    info = browser.sa_send("CALL_TOOL", {"name": "test_tab_info", "args": {}})["payload"]
    assert info["ok"] is True and info["result"]["host"] == "mail.google.com"
