"""Declarations split by half (core/tooling.py): ids.py names what both halves name (the site, the steps),
tools.py declares every tool, its name written there once, for the worker; a tab tool's handler is the
tab half's top-level function of the tool's name, marked `@tab_tool`, and the build derives the tab's
table from the two (buildtool/sites.py tab_tools_module). The verifier's SA703-SA706 on a copy of the
real tree, and each half importing only its file."""
import ast
import importlib
import sys
from pathlib import Path

import pytest

from buildtool.errors import BuildError
from buildtool.sites import isolated_imports, load_sites, tab_tool_functions, tab_tool_table, tab_tools_module
from srctree import edit_once, kit_findings

SRC = Path(__file__).resolve().parents[3] / "siteagent_src"
TAB_SITES = ["gmail", "calendar", "meet", "console", "page", "testsite"]


def test_the_real_tree_has_one_tab_tool_function_per_tab_tool_and_names_no_tool_in_ids():
    sites, problems = load_sites(SRC)
    assert problems == []
    for folder in TAB_SITES:
        site = sites[folder]
        tab_tools = sorted(decl["name"] for s in site.sites for decl in s["tools"] if decl["runs_in"] == "tab")
        functions = sorted(name for name, _, _ in tab_tool_functions(SRC, folder))
        assert tab_tools and functions == tab_tools, folder
        assert all(v.get("step") or set(v) == {"id", "hosts"} for v in site.names.values()), folder
        assert all(step["site"] in {s["id"] for s in site.sites} for step in site.steps), folder
        assert bool(site.steps) == (folder not in ("console", "testsite")), folder
        for s in site.sites:
            assert "steps" not in s                        # steps are named in ids.py only
    # the page's probes are read in their room (sites/page/probes/tab.py), not only at the site's top level
    assert {path.relative_to(SRC).as_posix() for _, path, _ in tab_tool_functions(SRC, "page")} == \
        {"sites/page/probes/tab.py"}


def test_the_tab_table_is_derived_per_build():
    release = tab_tool_table(SRC, False)
    test = tab_tool_table(SRC, True)
    assert ("gmail_status", "gmail", "sites.gmail.tab") in release
    assert ("page_probe_live", "generic", "sites.page.probes.tab") in test
    assert ("test_tab_info", "test_tab", "sites.testsite.tab") in test
    assert not [row for row in release if row[2].startswith(("sites.testsite", "sites.page.probes"))]
    assert set(release) < set(test)
    text = tab_tools_module(SRC, False)
    tree = ast.parse(text)                                 # a Python module the build transpiles like any other
    table = next(n for n in tree.body if isinstance(n, ast.Assign))
    assert [k.value for k in table.value.keys] == [name for name, _, _ in release]
    assert "description" not in text and "inputSchema" not in text
    assert "from sites.gmail.tab import gmail_status, gmail_list_threads" in text


@pytest.mark.parametrize("folder", TAB_SITES)
def test_ids_py_is_all_the_tab_half_imports_of_the_declarations(folder):
    """ids.py loads nothing but core.tooling; tools.py is never imported by a tab-half file (SA506 checks it)."""
    with isolated_imports(SRC):
        importlib.import_module(f"sites.{folder}.ids")
        loaded = {m for m in sys.modules if m.startswith(("sites.", "core."))}
    assert loaded <= {f"sites.{folder}.ids", "sites", f"sites.{folder}", "core", "core.tooling", "core.jsonval"}, loaded
    for path in (SRC / "sites" / folder).rglob("tab*.py"):
        assert f"sites.{folder}.tools" not in path.read_text("utf-8"), path.name


NEW_TOOL = ("\nEXTRA = declare_tool(TAB_SITE, 'test_tab_extra', 'read', 'Test only. An extra tab tool.', "
            "{'type': 'object', 'properties': {}, 'additionalProperties': False}, 'tab', {'test_only': True})\n")


def _append(path: Path, text: str) -> int:
    """Append text to path; returns the line number of its first non-blank line."""
    before = path.read_text("utf-8")
    path.write_text(before + text, "utf-8")
    return len(before.splitlines()) + 1 + (len(text) - len(text.lstrip("\n")))


def test_sa703_a_tab_tool_declared_without_its_function(src_tree):
    line = _append(src_tree / "siteagent_src/sites/testsite/tools.py", NEW_TOOL)
    found = kit_findings(src_tree, "SA703")
    assert [(v.path, v.line, v.message) for v in found] == [
        ("siteagent_src/sites/testsite/tools.py", line, "`test_tab_extra` is declared to run in the tab half but has "
         "no handler (a top-level `@tab_tool` function `test_tab_extra` in the site's tab half)")]
    with pytest.raises(BuildError, match="test_tab_extra"):
        tab_tool_table(src_tree / "siteagent_src", True)


def test_the_declaration_and_the_function_are_all_a_tab_tool_needs(src_tree):
    _append(src_tree / "siteagent_src/sites/testsite/tools.py", NEW_TOOL)
    _append(src_tree / "siteagent_src/sites/testsite/tab.py", "\n\n@tab_tool\ndef test_tab_extra(args):\n    return 1\n")
    from buildtool.sites import verify_sites
    assert verify_sites(src_tree / "siteagent_src", src_tree) == []
    assert ("test_tab_extra", "test_tab", "sites.testsite.tab") in tab_tool_table(src_tree / "siteagent_src", True)
    assert "test_tab_extra" not in tab_tools_module(src_tree / "siteagent_src", False)       # test_only


def test_sa705_a_tab_tool_function_that_names_no_declared_tool(src_tree):
    line = _append(src_tree / "siteagent_src/sites/testsite/tab.py", "\n\n@tab_tool\ndef test_tab_inf(args):\n    return 1\n")
    found = kit_findings(src_tree, "SA705")
    assert [(v.path, v.line, v.message) for v in found] == [
        ("siteagent_src/sites/testsite/tab.py", line, "`@tab_tool` function `test_tab_inf` names no tool declared "
         "in sites/testsite/tools.py")]
    assert found[0].hint and found[0].code == "SA705"


def test_sa705_a_tab_tool_function_for_another_sites_tool(src_tree):
    _append(src_tree / "siteagent_src/sites/testsite/tab.py", "\n\n@tab_tool\ndef meet_leave(args):\n    return 1\n")
    messages = [v.message for v in kit_findings(src_tree, "SA705")]
    assert messages == ["`@tab_tool` function `meet_leave` names no tool declared in sites/testsite/tools.py "
                        "(it is a tool of sites/meet/)"]


@pytest.mark.parametrize("source", ["\n\ndef outer():\n    @tab_tool\n    def test_tab_info(args):\n        return 1\n",
                                    "\n\n@tab_tool('test_tab_info')\ndef anything(args):\n    return 1\n"])
def test_sa705_tab_tool_only_on_a_top_level_function_without_argument(src_tree, source):
    _append(src_tree / "siteagent_src/sites/testsite/tab.py", source)
    found = kit_findings(src_tree, "SA705")
    assert len(found) == 1 and "a tab tool's handler is a top-level function of the tab half" in found[0].message


def test_sa705_a_tab_tool_registered_like_a_step(src_tree):
    edit_once(src_tree / "siteagent_src/sites/console/tab.py", "@tab_tool\n", "@tab_handler(CLICK_TEXT)\n")
    edit_once(src_tree / "siteagent_src/sites/console/tab.py", "from sites.kit.tab import tab_tool\n",
              "from sites.kit.tab import tab_handler\nfrom sites.console.tools import CLICK_TEXT\n")
    messages = [v.message for v in kit_findings(src_tree, "SA705")]
    assert messages == ["`@tab_handler(CLICK_TEXT)`: `generic_click_text` is a tool, not a step: its handler is a "
                        "top-level function named `generic_click_text`, marked `@tab_tool`"]


def test_sa704_two_functions_for_one_tab_tool(src_tree):
    (src_tree / "siteagent_src/sites/testsite/tab_more.py").write_text(
        "from sites.kit.tab import tab_tool\n\n\n@tab_tool\ndef test_tab_info(args):\n    return 2\n", "utf-8")
    found = kit_findings(src_tree, "SA704")
    assert len(found) == 1 and "`test_tab_info` (runs in the tab half) has handlers at" in found[0].message
    assert "siteagent_src/sites/testsite/tab.py:" in found[0].message and "tab_more.py:4" in found[0].message


def test_sa704_a_tab_tool_function_for_a_worker_tool(src_tree):
    _append(src_tree / "siteagent_src/sites/testsite/tab.py", "\n\n@tab_tool\ndef test_read(args):\n    return 1\n")
    messages = [v.message for v in kit_findings(src_tree, "SA704")]
    assert messages == ["`test_read`: @tab_tool in the tab half, but tools.py declares it to run in the worker half"]


def test_a_handler_in_a_room_is_read(src_tree):
    """A room's tab half (sites/<site>/<room>/tab.py) holds handlers like the site's tab.py: a second
    function there for a tool is found (and the page's probes, in sites/page/probes/, pass)."""
    room = src_tree / "siteagent_src/sites/gmail/extra"
    room.mkdir()
    (room / "tab.py").write_text("from sites.kit.tab import tab_tool\n\n\n@tab_tool\ndef gmail_status(args):\n"
                                 "    return 1\n", "utf-8")
    found = kit_findings(src_tree, "SA704")
    assert len(found) == 1 and "siteagent_src/sites/gmail/extra/tab.py:4" in found[0].message


def test_sa706_a_tool_declared_twice(src_tree):
    path = src_tree / "siteagent_src/sites/gmail/tools.py"
    path.write_text(path.read_text("utf-8") + "\nAGAIN = declare_tool(SITE, 'gmail_status', 'read', 'Again.', _NO_ARGS, 'tab')\n")
    found = kit_findings(src_tree, "SA706")
    assert [v.message for v in found] == ["tool name `gmail_status` is declared more than once"]
    assert found[0].path == "siteagent_src/sites/gmail/tools.py" and found[0].line > 1


def test_sa706_a_tool_declared_by_two_sites(src_tree):
    _append(src_tree / "siteagent_src/sites/testsite/tools.py",
            "\nAGAIN = declare_tool(TAB_SITE, 'meet_leave', 'read', 'Again.', {}, 'worker', {'test_only': True})\n")
    messages = [v.message for v in kit_findings(src_tree, "SA706")]
    assert len(messages) == 1 and "tool name `meet_leave` is declared more than once (also in sites/" in messages[0]


def test_sa705_a_step_that_is_not_named(src_tree):
    edit_once(src_tree / "siteagent_src/sites/gmail/ids.py", "WAIT_LIST = name_step(SITE, 'gmail__wait_list')\n",
              "WAIT_LIST = {'name': 'gmail__wait_list'}\n")
    found = kit_findings(src_tree, "SA705")
    assert found and all("`WAIT_LIST` is not a tool or step named in sites/gmail/ids.py" in v.message for v in found)
    assert {v.path for v in found} == {"siteagent_src/sites/gmail/tab.py", "siteagent_src/sites/gmail/worker.py"}


def test_sa702_a_file_that_registers_steps_but_that_content_js_never_imports(src_tree):
    """Handlers may sit in a room; a file whose import registers them must be reached from its entry
    (the page's probes: content.py imports them under the test switch)."""
    edit_once(src_tree / "siteagent_src/entries/content.py",
              "    from sites.page.probes import tab as page_probes  # noqa: F401\n", "    pass\n")
    found = kit_findings(src_tree, "SA702")
    line = next(i for i, text in enumerate((src_tree / "siteagent_src/sites/page/probes/tab.py").read_text().splitlines(), 1)
                if text.startswith("@tab_handler("))
    assert [(v.path, v.line, v.message) for v in found] == [
        ("siteagent_src/sites/page/probes/tab.py", line, "siteagent_src/sites/page/probes/tab.py registers tab-half "
         "handlers, but entries/content.py never imports it (directly or through the modules it imports): they "
         "would never run")]
    assert "from sites.page.probes import tab" in found[0].hint


def test_sa701_a_room_worker_file_that_nothing_imports(src_tree):
    room = src_tree / "siteagent_src/sites/testsite/extra"
    room.mkdir()
    (room / "worker.py").write_text("from sites.testsite.tools import TEST_READ\nfrom sites.kit.worker import "
                                    "worker_handler\n\n\n@worker_handler(TEST_READ)\nasync def again(args, ctx):\n"
                                    "    return 1\n", "utf-8")
    assert [(v.path, v.line) for v in kit_findings(src_tree, "SA701")] == [("siteagent_src/sites/testsite/extra/worker.py", 5)]


def test_sa702_a_site_whose_tab_half_is_not_registered(src_tree):
    edit_once(src_tree / "siteagent_src/entries/content.py", "from sites.console import tab as console_site  # noqa: F401\n", "")
    found = kit_findings(src_tree, "SA702")
    assert [(v.path, v.message) for v in found] == [
        ("siteagent_src/entries/content.py", "sites/console/ has a tab half that entries/content.py does not import")]
