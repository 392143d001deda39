"""The tab's view of the sites' declarations (buildtool/tabview.py): what content.js carries of each
tools.py and contracts.py, the overlay the content bundle is built from, and SA712 (the verifier's
proof that the tab reads nothing the view leaves out). The release bundles themselves are checked in
test_real_tree.py."""

import pytest

from buildtool.sites import isolated_imports, load_sites
from buildtool.tabview import CONTRACT_KEYS, PACKAGE, generated, overlay, views
from projects import REPO
from srctree import edit_once, kit_findings

SRC = REPO / "siteagent_src"


@pytest.fixture(scope="module")
def real_views():
    return views(SRC)


def _run(text):
    names = {}
    exec(compile(text, "<view>", "exec"), names)       # a view is plain data: no imports
    return {k: v for k, v in names.items() if not k.startswith("__")}


def test_every_site_gets_a_view_of_its_declarations_and_the_google_sites_of_their_tables(real_views):
    folders = sorted(p.name for p in (SRC / "sites").iterdir() if (p / "tools.py").is_file())
    assert sorted(m.split(".")[1] for m in real_views if m.endswith(".tools")) == folders
    assert sorted(m for m in real_views if m.endswith(".contracts")) == [
        "sites.calendar.contracts", "sites.gmail.contracts", "sites.meet.contracts"]
    assert sorted(generated(SRC)) == sorted(f"{PACKAGE}.{m}" for m in real_views)


def test_a_tools_view_keeps_each_declarations_name_and_site_only(real_views):
    gmail = _run(real_views["sites.gmail.tools"])
    assert gmail["SITE"] == {"id": "gmail", "hosts": ["mail.google.com"]}
    assert gmail["STATUS"] == {"name": "gmail_status", "site": "gmail"}
    assert gmail["WAIT_LIST"] == {"name": "gmail__wait_list", "site": "gmail", "step": True}
    sites, _ = load_sites(SRC)
    for folder, site in sites.items():
        view = _run(real_views[f"sites.{folder}.tools"])
        assert sorted(view) == sorted(site.declarations), folder
        for symbol, value in site.declarations.items():
            if "tools" not in value:
                assert view[symbol]["name"] == value["name"]
                assert "description" not in view[symbol] and "inputSchema" not in view[symbol]


def test_a_contracts_view_keeps_the_locators_and_the_labels_but_no_evidence(real_views):
    with isolated_imports(SRC):
        import importlib
        for site in ("gmail", "calendar", "meet"):
            source = importlib.import_module(f"sites.{site}.contracts")
            view = _run(real_views[f"sites.{site}.contracts"])
            assert sorted(view) == ["LABELS", "TABLE"]
            assert view["LABELS"] == source.LABELS
            assert [row["id"] for row in view["TABLE"]] == [row["id"] for row in source.TABLE]
            for mine, theirs in zip(view["TABLE"], source.TABLE):
                assert mine == {k: theirs[k] for k in CONTRACT_KEYS}
            assert "evidence" not in real_views[f"sites.{site}.contracts"]


def test_a_project_without_sites_has_no_views(tmp_path):
    (tmp_path / "core").mkdir()
    assert views(tmp_path) == {}


def test_the_overlay_links_the_tree_and_puts_each_view_in_place_of_its_module(tmp_path):
    tx = tmp_path / "tx"
    tx.mkdir()
    (tx / "entries.content.js").write_text("import './sites.a.tools.js';\n")
    (tx / "sites.a.tools.js").write_text("export var X = 'the whole declaration';\n")
    (tx / "sites.a.tools.map").write_text("{}")
    (tx / f"{PACKAGE}.sites.a.tools.js").write_text("export var X = 'the view';\n")
    dest = overlay(tx, tmp_path / "tx-tab", ["sites.a.tools"])
    assert (dest / "sites.a.tools.js").read_text() == "export var X = 'the view';\n"
    assert (dest / "entries.content.js").read_text() == "import './sites.a.tools.js';\n"
    assert (tx / "sites.a.tools.js").read_text() == "export var X = 'the whole declaration';\n"   # untouched
    (tx / "entries.content.js").write_text("changed\n")
    again = overlay(tx, tmp_path / "tx-tab", ["sites.a.tools"])
    assert (again / "entries.content.js").read_text() == "changed\n"
    with pytest.raises(FileNotFoundError, match="sites.b.tools"):
        overlay(tx, tmp_path / "tx-tab", ["sites.b.tools"])


# --- SA712 on a copy of the real tree ----------------------------------------------------------------

def test_sa712_accepts_the_real_tree(src_tree):
    assert kit_findings(src_tree, "SA712") == []


def test_sa712_a_tab_half_reading_a_description(src_tree):
    tab = src_tree / "siteagent_src/sites/gmail/tab.py"
    tab.write_text(tab.read_text("utf-8") + "\n\ndef _described():\n    return STATUS['description']\n", "utf-8")
    found = kit_findings(src_tree, "SA712")
    assert [(v.path, v.message) for v in found] == [
        ("siteagent_src/sites/gmail/tab.py", "reads `STATUS['description']`, which the tab's view leaves out")]
    assert found[0].line == len(tab.read_text("utf-8").splitlines())


def test_sa712_a_tab_half_importing_a_constant_from_tools_py(src_tree):
    edit_once(src_tree / "siteagent_src/sites/calendar/tab.py", "from sites.calendar.tools import (SITE, STATUS,",
          "from sites.calendar.tools import (SITE, _ID, STATUS,")
    assert [v.message for v in kit_findings(src_tree, "SA712")] == ["imports `_ID` from sites.calendar.tools, which is not a declaration"]


def test_sa712_a_tab_half_importing_evidence_or_a_whole_module(src_tree):
    edit_once(src_tree / "siteagent_src/sites/gmail/tab.py", "from sites.gmail.contracts import TABLE, LABELS",
          "from sites.gmail.contracts import TABLE, LABELS, GMAILJS\nfrom sites.meet import tools")
    assert [v.message for v in kit_findings(src_tree, "SA712")] == [
        "imports `GMAILJS` from sites.gmail.contracts, which content.js does not carry",
        "imports the module sites.meet.tools: import the names it uses"]


def test_sa712_does_not_look_at_the_worker_half(src_tree):
    worker = src_tree / "siteagent_src/sites/gmail/worker.py"
    worker.write_text(worker.read_text("utf-8") + "\nfrom sites.gmail.tools import STATUS as _S\n_D = _S['description']\n",
                      "utf-8")
    assert kit_findings(src_tree, "SA712") == []
