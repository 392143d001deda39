"""Declarations split by half (core/tooling.py): ids.py names what both halves name, tools.py declares
the tools for the worker. Each tab tool and step is named once in ids.py and each tab tool declared
once in tools.py (SA706); a handler or step passes a symbol of one of the two (SA705); and each half
imports only its file."""
import importlib
import sys
from pathlib import Path

import pytest

from buildtool.sites import isolated_imports, load_sites
from srctree import edit_once, kit_findings

SRC = Path(__file__).resolve().parents[3] / "siteagent_src"
TAB_SITES = ["gmail", "calendar", "meet", "console", "page", "testsite"]


def test_the_real_tree_names_each_tab_tool_once_and_declares_it_once():
    sites, problems = load_sites(SRC)
    assert problems == []
    for folder in TAB_SITES:
        site = sites[folder]
        tab_tools = {decl["name"] for s in site.sites for decl in s["tools"] if decl["runs_in"] == "tab"}
        named = {v["name"] for v in site.names.values() if "name" in v and not v.get("step")}
        assert tab_tools == named, folder                  # every tab tool, and only those, in ids.py
        assert all(step["site"] in {s["id"] for s in site.sites} for step in site.steps), folder
        assert bool(site.steps) == (folder not in ("console", "testsite")), folder
        for s in site.sites:
            assert "steps" not in s                        # steps are named in ids.py only


@pytest.mark.parametrize("folder", TAB_SITES)
def test_ids_py_is_all_the_tab_half_imports_of_the_declarations(folder):
    """ids.py loads nothing but core.tooling; tools.py is never imported by a tab-half file."""
    with isolated_imports(SRC):
        importlib.import_module(f"sites.{folder}.ids")
        loaded = {m for m in sys.modules if m.startswith(("sites.", "core."))}
    assert loaded <= {f"sites.{folder}.ids", "sites", f"sites.{folder}", "core", "core.tooling", "core.jsonval"}, loaded
    for path in (SRC / "sites" / folder).glob("tab*.py"):
        assert f"sites.{folder}.tools" not in path.read_text("utf-8"), path.name


def test_sa706_a_tab_tool_named_but_never_declared(src_tree):
    edit_once(src_tree / "siteagent_src/sites/gmail/ids.py", "LIST_LABELS = name_tool(SITE, 'gmail_list_labels')\n",
              "LIST_LABELS = name_tool(SITE, 'gmail_list_labels')\nEXTRA = name_tool(SITE, 'gmail_extra')\n")
    found = kit_findings(src_tree, "SA706")
    assert [v.message for v in found] == ["`gmail_extra` (EXTRA) is named in ids.py and declared 0 times in tools.py, "
                                          "not once"], [v.format() for v in found]
    assert found[0].path == "siteagent_src/sites/gmail/ids.py"


def test_sa706_a_tab_tool_declared_twice(src_tree):
    path = src_tree / "siteagent_src/sites/gmail/tools.py"
    path.write_text(path.read_text("utf-8") + "\nAGAIN = declare_tool(SITE, ids.STATUS, 'read', 'Again.', _NO_ARGS, 'tab')\n")
    messages = [v.message for v in kit_findings(src_tree, "SA706")]
    assert "`gmail_status` (STATUS) is named in ids.py and declared 2 times in tools.py, not once" in messages
    assert "tool name `gmail_status` is declared more than once" in messages


def test_sa706_a_tab_tool_declared_for_another_site(src_tree):
    edit_once(src_tree / "siteagent_src/sites/testsite/tools.py", "    TAB_SITE, ids.TAB_INFO, 'read',",
              "    SITE, ids.TAB_INFO, 'read',")
    messages = [v.message for v in kit_findings(src_tree, "SA706")]
    assert messages == ["`test_tab_info` (TAB_INFO) is named in ids.py for the site `test_tab` but declared for "
                        "`test` in tools.py"], messages


def test_sa705_a_step_that_is_not_named(src_tree):
    edit_once(src_tree / "siteagent_src/sites/gmail/ids.py", "WAIT_LIST = name_step(SITE, 'gmail__wait_list')\n",
              "WAIT_LIST = {'name': 'gmail__wait_list'}\n")
    found = kit_findings(src_tree, "SA705")
    assert found and all("`WAIT_LIST` is not a tool or step named in sites/gmail/ids.py" in v.message for v in found)
    assert {v.path for v in found} == {"siteagent_src/sites/gmail/tab.py", "siteagent_src/sites/gmail/worker.py"}
