"""Tests for buildtool.checker (`siteagent check`).

SAMPLES: one failing sample per rule, with the exact code and line:col (1-based column).
PROOFS: for every rule about code Transcrypt compiles silently into wrong JS, the sample is
transpiled (one Transcrypt run for all of them) and run in node; the JS result must differ from
CPython's (or, where CPython cannot run browser code, from the Python-semantics value given).
"""
from __future__ import annotations

import asyncio
import inspect
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from buildtool.checker import RULES, Violation, check_source, check_tree, layer_of

ROOT = Path(__file__).resolve().parents[2]


def d(src: str) -> str:
    return textwrap.dedent(src).lstrip("\n")


# code -> (layer, source, (line, col))
SAMPLES = {
    "SA101": ("core", """
        async def f(it):
            async for x in it:
                pass
        """, (2, 5)),
    "SA102": ("core", """
        async def f(cm):
            async with cm:
                pass
        """, (2, 5)),
    "SA103": ("core", """
        def f(v):
            match v:
                case 1:
                    return 1
        """, (2, 5)),
    "SA104": ("core", """
        def f(xs):
            if (n := len(xs)) > 2:
                return n
        """, (2, 9)),
    "SA105": ("core", "def f(a, b, /, c):\n    return a\n", (1, 7)),
    "SA106": ("core", """
        def f():
            try:
                pass
            except* ValueError:
                pass
        """, (2, 5)),
    "SA107": ("core", "def f(xs):\n    a, *b = xs\n", (2, 8)),
    "SA108": ("core", "def f(x):\n    assert x > 0\n", (2, 5)),
    "SA109": ("core", "from .util import f\n", (1, 1)),
    "SA110": ("core", "def f():\n    var = 1\n    return var\n", (2, 5)),
    "SA111": ("core", "def f(xs):\n    return [0, *xs]\n", (2, 16)),
    "SA112": ("worker", "async def f(g):\n    return (await g())['k']\n", (2, 13)),
    "SA113": ("worker", "async def f(g, xs):\n    return [await g(x) for x in xs]\n", (2, 13)),
    "SA201": ("core", "def f(a, b=2):\n    return a\nx = f(1, b=3)\n", (3, 10)),
    "SA202": ("core", "def f(a, **kw):\n    return a\n", (1, 12)),
    "SA203": ("core", "fs = [lambda i=i: i for i in range(3)]\n", (1, 7)),
    "SA204": ("core", "def f(x, acc=[]):\n    return acc\n", (1, 14)),
    "SA301": ("core", "def f(xs):\n    return xs[-1]\n", (2, 12)),
    "SA302": ("core", "line = '-' * 10\n", (1, 8)),
    "SA303": ("core", "def f(xs: list):\n    return xs + [1]\n", (2, 12)),
    "SA304": ("core", "def f(a):\n    b = [1, 2]\n    return a == b\n", (3, 12)),
    "SA305": ("core", "a = {1, 2}\nb = a | {3}\n", (2, 5)),
    "SA306": ("core", "def f():\n    xs = []\n    if xs:\n        return 1\n", (3, 8)),
    "SA307": ("core", "s = '%d items' % 3\n", (1, 5)),
    "SA308": ("core", "def f(x):\n    return f'{x:.2f}'\n", (2, 12)),  # 3.11: the f-string's position
    "SA309": ("core", "def f(xs):\n    del xs[0]\n", (2, 9)),
    "SA310": ("core", "def f():\n    d = {'a': 1}\n    return [k for k in d]\n", (3, 24)),
    "SA311": ("core", "d = {'b': 1, '10': 2}\n", (1, 14)),
    "SA312": ("worker", "def f(msg):\n    return msg['tab'] is None\n", (2, 12)),
    "SA401": ("worker", "def f(msg):\n    return msg.type\n", (2, 12)),
    "SA402": ("worker", "def f(o):\n    return Object.keys(o)\n", (2, 12)),
    "SA403": ("worker", "def f(o):\n    return o.js_name\n", (2, 12)),
    "SA404": ("core", "def f(o):\n    return getattr(o, 'name')\n", (2, 12)),
    "SA405": ("page", "def f():\n    __pragma__('js', '{}', 'return 1;')\n", (2, 5)),
    "SA413": ("worker", "X = 1\nif __pragma__('defined', 'release'):\n    X = 2\n", (2, 4)),
    "SA406": ("core", "def f(s):\n    return s.zfill(3)\n", (2, 12)),
    "SA407": ("core", "def f(s):\n    return s.strip('x')\n", (2, 12)),
    "SA408": ("core", "def f(x):\n    return hash(x)\n", (2, 12)),
    "SA409": ("core", """
        class P:
            def __eq__(self, other):
                return True
        """, (2, 5)),
    "SA410": ("core", "def f():\n    # __pragma__ ('skip')\n    return 1\n", (2, 5)),
    "SA411": ("webapi", "def on(name, f):\n    __pragma__('js', '{}', 'return name + f.name;')\n", (2, 5)),
    "SA412": ("webapi", "def f():\n    __pragma__('js', '{}', 'var a0 = 0;\\nvar a1 = 1;\\nvar a2 = 2;\\nvar a3 = 3;\\nvar a4 = 4;\\nvar a5 = 5;\\nvar a6 = 6;\\nvar a7 = 7;\\nvar a8 = 8;\\nvar a9 = 9;\\nvar a10 = 10;\\nvar a11 = 11;\\nvar a12 = 12;\\nvar a13 = 13;\\nvar a14 = 14;\\nvar a15 = 15;\\nvar a16 = 16;\\nvar a17 = 17;\\nvar a18 = 18;\\nvar a19 = 19;\\nvar a20 = 20;\\nvar a21 = 21;\\nvar a22 = 22;\\nvar a23 = 23;\\nvar a24 = 24;\\nvar a25 = 25;\\nvar a26 = 26;\\nvar a27 = 27;\\nvar a28 = 28;\\nvar a29 = 29;\\nvar a30 = 30;')\n", (2, 5)),
    "SA501": ("core", "import json\n", (1, 1)),
    "SA502": ("core", "from webapi.chrome import storage_get\n", (1, 1)),
    "SA503": ("core", "def f():\n    return document.title\n", (2, 12)),
    "SA506": ("tab", "import core.text\nfrom sites.gmail.tools import STATUS\n", (2, 1)),
    "SA601": ("webapi", """
        def f(text):
            try:
                return JSON.parse(text)
            except Exception:
                return None
        """, (4, 12)),
    "SA800": ("core", "# siteagent: hot\nX = 1\n", (1, 1)),
    "SA801": ("tab", "# siteagent: hot\ndef f(a):\n    return {'a': a}\n", (3, 12)),
    "SA802": ("tab", "# siteagent: hot\nNAMES = ['a']\ndef f(a):\n    return a in NAMES\n", (4, 12)),
    "SA803": ("tab", "# siteagent: hot\ndef f(a):\n    return f'<{a}>'\n", (3, 12)),
    "SA804": ("tab", "# siteagent: hot\nclass Box:\n    pass\n", (2, 1)),
    "SA805": ("tab", "# siteagent: hot\ndef f(a, b=None):\n    return a\n", (2, 1)),
    "SA806": ("tab", "# siteagent: hot\ndef f(a, b):\n    return min(a, b)\n", (3, 12)),
    "SA807": ("tab", "# siteagent: hot\ndef f(a):\n    return a.startswith('x')\n", (3, 12)),
}


def test_js_primitives_are_allowed_only_in_jsonval():
    src = d("""
        def f(text):
            # __pragma__ ('skip')
            return text
            # __pragma__ ('noskip')
            \'\'\'?
            __pragma__ ('js', '{}', 'return text;')
            ?\'\'\'
        """)
    assert check_source(src, "siteagent_src/core/jsonval.py", layer="core") == []
    elsewhere = check_source(src, "siteagent_src/core/scan_format.py", layer="core")
    assert [(v.code, v.line) for v in elsewhere] == [("SA410", 2), ("SA410", 4), ("SA410", 5)]
    assert check_source(src.replace("# __pragma__", "# pragma"), "siteagent_src/webapi/x.py", layer="webapi") == []


def test_renamed_parameter_is_fine_when_raw_js_only_reads_the_property():
    src = "def on(name, port):\n    __pragma__('js', '{}', 'return port.name;')\n"
    assert [v.code for v in check_source(src, "p.py", layer="webapi")] == []


def test_every_rule_has_a_sample():
    # SA001/SA002 are about files, SA504 and SA505 about the whole tree (test_tree_rule_sa504/sa505)
    assert set(SAMPLES) | {"SA001", "SA002", "SA504", "SA505"} == set(RULES)


HOT_CLEAN = d("""
    # siteagent: hot
    from webapi.jsobj import record, set_of

    NAMES = set_of(['a', 'b'])
    TABLE = {'a': 1}


    def f(a, b):
        out = record()
        out.hit = NAMES.has(a) or a == b
        out.text = str(a) + '|' + b
        out.low = Math.min(a.length, 3)
        out.starts = b.startsWith('x')
        return [out, len(b), b[0:2]]
""")


def test_hot_modules_refuse_only_the_costly_constructs():
    assert check_source(HOT_CLEAN, "siteagent_src/sites/s/tab_x.py", layer="tab") == []
    # the same code without the marker is ordinary code; the marker has to be a comment of its own
    assert check_source(HOT_CLEAN.replace("# siteagent: hot", "x = '# siteagent: hot'"), "t.py", layer="tab") == []
    plain = "def f(a, b=None):\n    return {'a': a in [b]}\n"
    assert check_source(plain, "t.py", layer="tab") == []
    codes = [v.code for v in check_source("# siteagent: hot\n" + plain, "t.py", layer="tab")]
    assert codes == ["SA805", "SA801", "SA802"]


def test_raw_js_lines_are_counted_in_pragmas_and_executable_comments():
    from buildtool.checker import raw_js_blocks, raw_js_lines
    src = d("""
        def f(text):
            __pragma__('js', '{}', '''
                var a = 1;

                return a;''')

        def g(text):
            # __pragma__ ('ecom')
            '''?
            __pragma__ ('js', '{}', \"\"\"
            if (!text) return '';
            return text.trim ();
            \"\"\")
            ?'''
            #?return __pragma__ ('js', '{}', 'text.length')
            __pragma__('noalias', 'get')
            return __pragma__('js', '{{}}')
        """)
    assert raw_js_blocks(src) == [(2, 5, 2), (17, 12, 1), (9, 5, 2), (15, 5, 1)]
    assert raw_js_lines(src) == 6


def test_tree_rule_sa505(tmp_path):
    """At most RAW_JS_TOTAL_MAX lines of raw JS in the whole tree, however they are split."""
    from buildtool.checker import RAW_JS_TOTAL_MAX
    src = tmp_path / "siteagent_src"
    block = "\n".join("var a%d = %d;" % (i, i) for i in range(30))
    per_file = RAW_JS_TOTAL_MAX // 30
    files = {f"webapi/m{i}.py": f"def f():\n    __pragma__('js', '{{}}', {block!r})\n" for i in range(per_file)}
    _write(src, files)
    assert check_tree(src, tmp_path) == []
    _write(src, {"webapi/last.py": "def g():\n    __pragma__('js', '{}', 'return 1;')\n"})
    found = check_tree(src, tmp_path)
    assert [(v.path, v.line, v.code) for v in found] == [("siteagent_src", 1, "SA505")]
    assert str(per_file * 30 + 1) in found[0].message


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_failing_sample(code):
    layer, src, (line, col) = SAMPLES[code]
    found = check_source(d(src), f"{code}.py", layer=layer)
    hits = [v for v in found if v.code == code]
    assert hits, f"{code} not reported; got {[v.format() for v in found]}"
    assert (hits[0].line, hits[0].col) == (line, col), hits[0].format()
    assert hits[0].message and hits[0].hint


PASSING = d("""
    import math
    import re
    from core.text import clean
    from buildinfo import CONFIG


    class Queue:
        def __init__(self, items: list):
            self.entries = items
            self.kind = 'fifo'

        def __len__(self):
            return len(self.entries)

        @property
        def size(self):
            return len(self.entries)


    def last(xs: list, n: int) -> list:
        if len(xs) > 0 and n > 0:
            return xs[len(xs) - 1:]
        return xs[-2:]


    def summary(d: dict, words: list) -> str:
        out = []
        for k, v in d.items():
            out.append(k + '=' + str(v))
        for k in d.keys():
            out.append(k)
        if 'x' in d and len(out) == 0:
            out.extend(words)
        both = list(out)
        both.extend(words)
        s = ', '.join(sorted(both, key=len, reverse=True))
        sep = ''.join(['-' for _ in range(3)])
        text = s.split(',')
        first = d.get('a', 0) + max([1, 2], key=abs) + math.floor(2.5)
        if bool(text) and not (len(words) == 0):
            del d['k']
            d.pop('z', None)
        msg = {'type': 'x', 'name': words[0] if len(words) > 0 else None}
        kind = msg['type']
        try:
            first = int(s)
        except ValueError:
            first = 0
        count = 0
        while count < 3 and kind is not None:
            count += 1
        return f"{s} {sep} {first} {kind} {count} {'{}'.format(1)}" + re.sub('a', 'b', s) + clean(s)


    async def fetch_all(tasks: list):
        results = []
        for t in tasks:
            results.append(await t)
        a, b = 1, 2
        return results, a < b < 3, (1 if results is None else 2), max(*tasks)
""")


def test_passing_sample_is_clean():
    found = check_source(PASSING, "core/ok.py", layer="core")
    assert found == [], "\n".join(v.format() for v in found)


def test_webapi_may_use_workarounds():
    src = d("""
        __pragma__('noalias', 'type')
        def kind(msg):
            try:
                return msg.type + msg.js_name + Object.keys(msg)[0]
            except:
                return None
        def names(o):
            return getattr(o, 'name')
    """)
    assert check_source(src, "webapi/x.py", layer="webapi") == []


def test_raw_js_only_in_webapi():
    src = "def f():\n    __pragma__('js', '{}', 'return 1;')\n"
    assert check_source(src, "webapi/x.py", layer="webapi") == []
    for layer in ("core", "worker", "tab", "page", "client"):
        assert [v.code for v in check_source(src, f"{layer}/x.py", layer=layer)] == ["SA405"], layer


def test_build_switches_only_at_module_level_in_entries():
    """SA413: `if __pragma__('defined', SYMBOL):` compiles its body into the builds that define SYMBOL
    (buildtool/build.py build_symbols); allowed as a module-level `if` in entries/ only."""
    good = d("""
        SITES = []
        if __pragma__('defined', 'test_adapter'):
            from sites.testsite import tools as testsite
            SITES.append(testsite.SITE)
        """)
    assert check_source(good, "siteagent_src/entries/worker/sites.py", layer="worker") == []
    tab_good = good.replace("import tools as testsite", "import tab as testsite")      # the tab imports no tools.py (SA506)
    assert check_source(tab_good, "siteagent_src/entries/content.py", layer="tab") == []
    elsewhere = "X = 1\nif __pragma__('defined', 'test_adapter'):\n    X = 2\n"
    for layer, path in (("worker", "siteagent_src/sites/gmail/worker.py"), ("core", "siteagent_src/core/x.py")):
        found = check_source(elsewhere, path, layer=layer)
        assert [v.code for v in found] == ["SA413"] and "not in entries/" in found[0].message, path
    bad = {
        "if __pragma__('defined', 'dev'):\n    X = 1\n": "name one symbol",
        "if __pragma__('defined', 'test_adapter', 'dev'):\n    X = 1\n": "name one symbol",
        "if __pragma__('defined', 'test_adapter'):\n    X = 1\nelse:\n    X = 2\n": "else",
        "def f():\n    if __pragma__('defined', 'test_adapter'):\n        return 1\n": "module-level",
        "X = __pragma__('defined', 'test_adapter')\n": "module-level",
    }
    for src, why in bad.items():
        found = check_source(src, "siteagent_src/entries/worker/sites.py", layer="worker")
        assert [v.code for v in found] == ["SA413"] and why in found[0].message, (src, found)


def test_bare_except_and_typed_except_are_fine_outside_core():
    src = d("""
        def f(text):
            try:
                return JSON.parse(text)
            except ValueError:
                return 1
            except:
                return None
    """)
    assert check_source(src, "entries/x.py", layer="worker") == []
    # core may catch Exception (no native calls there)
    assert check_source("try:\n    x = 1\nexcept Exception:\n    x = 2\n", "core/y.py", layer="core") == []


def test_syntax_error_is_a_violation():
    found = check_source("def f(:\n    pass\n", "core/bad.py", layer="core")
    assert len(found) == 1
    v = found[0]
    assert (v.code, v.line, v.col) == ("SA001", 1, 7)
    assert v.format().startswith("core/bad.py:1:7: SA001 syntax error")


def test_layer_rules():
    """Each layer imports only the layers below it; a site's worker and tab halves never meet."""
    imports = {"core": "core.m", "webapi": "webapi.m", "worker": "sites.s.worker", "tab": "sites.s.tab",
               "page": "entries.bridge", "client": "client.m", "site core": "sites.s.logic"}
    allowed = {
        "core": {"core", "site core"}, "webapi": {"core", "webapi", "site core"},
        "worker": {"core", "webapi", "worker", "site core"}, "tab": {"core", "webapi", "tab", "site core"},
        "page": {"core", "webapi", "page", "site core"}, "client": {"core", "webapi", "client", "site core"},
    }
    for layer, ok in allowed.items():
        for target, module in imports.items():
            src = f"from {module} import x\nimport {module}\n"
            codes = [v.code for v in check_source(src, "x.py", layer=layer)]
            assert codes == ([] if target in ok else ["SA502", "SA502"]), (layer, target, codes)
    # `from folder import module` is checked per module
    assert [v.code for v in check_source("from sites.s import tab\n", "x.py", layer="worker")] == ["SA502"]
    assert check_source("from sites.s import worker, tools\n", "x.py", layer="worker") == []
    # browser globals are forbidden in core only
    src = "def f():\n    return window.location.href + chrome.runtime.id\n"
    assert {v.code for v in check_source(src, "x.py", layer="core")} == {"SA503"}
    assert check_source(src, "x.py", layer="tab") == []
    # a name the module binds itself is not a global
    assert check_source("document = {}\nx = document\n", "x.py", layer="core") == []


def test_a_rooms_halves_are_kept_apart():
    """A room (a package in a site, e.g. sites/page/scan/) keeps its tab half in tab/ or tab.py: a worker
    module may import the room's pure rules but none of its tab half, whichever way the import is written."""
    worker = "siteagent_src/sites/page/worker.py"
    for src in ("from sites.page.scan.names import squash\n", "from sites.page.scan import names\n",
                "from sites.page.risk import judge as page_risk, vocabulary\n", "import sites.page.scan.links\n",
                "from sites.page.tools import PAGE_TAB\n"):
        assert check_source(src, worker, layer="worker") == [], src
    for src in ("from sites.page.scan.tab.walker import scan\n", "from sites.page.scan.tab import walker\n",
                "from sites.page.scan import tab\n", "from sites.page.risk import judge, tab\n",
                "from sites.page.risk.tab import context_of\n", "import sites.page.scan.tab.model\n",
                "from sites.page.actions import tab_helpers\n"):
        found = check_source(src, worker, layer="worker")
        assert [v.code for v in found] == ["SA502"] and "tab code" in found[0].message, src
    # and the other way round: the tab half never reaches a room's worker half
    tab = "siteagent_src/sites/page/scan/tab/walker.py"
    assert check_source("from sites.page.scan.tab.names import name_of\n", tab, layer="tab") == []
    for src in ("from sites.page.jobs.worker.queue import q\n", "from sites.page.jobs import worker\n"):
        assert [v.code for v in check_source(src, tab, layer="tab")] == ["SA502"], src
    # a pure rule in a room imports no half at all
    core = "siteagent_src/sites/page/scan/names.py"
    assert [v.code for v in check_source("from sites.page.scan.tab import visible\n", core, layer="core")] == ["SA502"]


def test_a_room_in_the_tree_takes_its_layer_from_where_it_sits(tmp_path):
    """check_tree over a site with rooms: a tab/ folder's module is checked as tab code (browser globals
    allowed, a worker import refused), the room's other modules as core (no browser globals)."""
    src = tmp_path / "siteagent_src"
    _write(src, {
        "sites/a/tools.py": "SITE = {}\n",
        "sites/a/scan/rules.py": "def f():\n    return document.title\n",
        "sites/a/scan/tab/walk.py": "from sites.a.scan.rules import f\n\ndef g():\n    return document.title + f()\n",
        "sites/a/scan/tab/bad.py": "from sites.a.worker import w\n",
        "sites/a/worker.py": "from sites.a.scan import rules\nw = 1\n",
    })
    found = [(v.path, v.code) for v in check_tree(src, tmp_path)]
    assert found == [("siteagent_src/sites/a/scan/rules.py", "SA503"), ("siteagent_src/sites/a/scan/tab/bad.py", "SA502")]


def test_sa506_only_the_worker_imports_a_sites_declarations():
    """tools.py (descriptions, schemas, risk) is the worker's: a tab half, a page or a pure module that
    imported it would put every description in its bundle; evidence.py is in no bundle at all. The tab
    half takes names from ids.py and locators from contracts.py."""
    tab = "siteagent_src/sites/gmail/tab.py"
    for src in ("from sites.gmail.tools import STATUS\n", "from sites.gmail import tools\n",
                "import sites.gmail.tools\n", "from sites.gmail import ids, tools as declared\n"):
        found = check_source(src, tab, layer="tab")
        assert [(v.code, v.line) for v in found] == [("SA506", 1)], src
        assert "`sites.gmail.tools`" in found[0].message and "content.js would carry it" in found[0].message
        assert "ids.py" in found[0].hint
    for src in ("from sites.gmail.ids import SITE, WAIT_LIST\n", "from sites.gmail.contracts import TABLE, LABELS\n",
                "from sites.gmail.unconfirmed import ROWS\n"):
        assert check_source(src, tab, layer="tab") == [], src
    # a room's module that happens to be called tools.py is not a site's declarations
    assert check_source("from sites.page.webmcp.tools import x\n", "siteagent_src/sites/page/tab.py", layer="tab") == []
    room = "siteagent_src/sites/page/probes/tab.py"
    assert [v.code for v in check_source("from sites.page.tools import PAGE\n", room, layer="tab")] == ["SA506"]
    assert [v.code for v in check_source("from sites.page.tools import PAGE\n", "siteagent_src/entries/sidepanel.py",
                                         layer="page")] == ["SA506"]
    assert [v.code for v in check_source("from sites.gmail.tools import SITE\n", "siteagent_src/sites/gmail/logic.py",
                                         layer="core")] == ["SA506"]
    worker = "siteagent_src/sites/gmail/worker.py"
    assert check_source("from sites.gmail.tools import SITE\nfrom sites.gmail import tools\n", worker, layer="worker") == []
    evidence = check_source("from sites.gmail.evidence import EVIDENCE\n", worker, layer="worker")
    assert [v.code for v in evidence] == ["SA506"] and "no bundle carries" in evidence[0].message
    # the tab's generated table of tools is tab code
    assert check_source("from tabtools import TOOLS\n", "siteagent_src/entries/content.py", layer="tab") == []
    found = check_source("from tabtools import TOOLS\n", "siteagent_src/entries/background.py", layer="worker")
    assert [v.code for v in found] == ["SA502"] and "the tab's table of tools" in found[0].message


def test_sa506_on_the_real_tree_names_the_file_and_line(tmp_path):
    from srctree import copy_source, edit_once
    root = copy_source(tmp_path)
    path = root / "siteagent_src/sites/meet/tab.py"
    edit_once(path, "from sites.kit.tab import", "from sites.meet.tools import SITE as DECLARED  # noqa: F401\n"
                                               "from sites.kit.tab import")
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "sites.meet.tools" in text)
    found = [v for v in check_tree(root / "siteagent_src", root) if v.code == "SA506"]
    assert [(v.path, v.line) for v in found] == [("siteagent_src/sites/meet/tab.py", line)]


def test_a_site_imports_only_its_own_folder_and_the_kit():
    src = "from sites.gmail.logic import x\nfrom sites.kit.worker import in_tab\n"
    assert check_source(src, "siteagent_src/sites/gmail/worker.py", layer="worker") == []
    other = check_source("from sites.meet.logic import y\n", "siteagent_src/sites/gmail/worker.py", layer="worker")
    assert [v.code for v in other] == ["SA502"] and "own" in other[0].message
    entries = check_source("from entries.worker.state import z\n", "siteagent_src/sites/gmail/worker.py",
                           layer="worker")
    assert [v.code for v in entries] == ["SA502"] and "entries" in entries[0].message
    assert check_source("from sites.gmail.logic import x\n", "siteagent_src/entries/worker/a.py", layer="worker") == []


def test_tree_rule_sa504(tmp_path):
    """`alias.NAME` of a module that only imports NAME: undefined in JS, fine under CPython."""
    src = tmp_path / "siteagent_src"
    _write(src, {
        "sites/a/tools.py": "SITE = {}\n",
        "sites/a/worker.py": "from sites.a.tools import SITE\nOWN = 1\n",
        "entries/worker/sites.py": "from sites.a import worker as w\nX = w.SITE\nY = w.OWN\n",
    })
    found = check_tree(src, tmp_path)
    assert [(v.path, v.line, v.code) for v in found] == [("siteagent_src/entries/worker/sites.py", 2, "SA504")]
    assert "w.SITE" in found[0].message


def test_unknown_layer_rejected():
    with pytest.raises(ValueError):
        check_source("", "x.py", layer="nope")


def test_layer_of(tmp_path):
    src = tmp_path / "siteagent_src"
    assert layer_of(src / "core" / "a.py", src) == "core"
    assert layer_of(src / "entries" / "worker" / "b.py", src) == "worker"
    assert layer_of(src / "entries" / "background.py", src) == "worker"
    assert layer_of(src / "entries" / "content.py", src) == "tab"
    assert layer_of(src / "entries" / "bridge.py", src) == "page"
    assert layer_of(src / "sites" / "gmail" / "worker.py", src) == "worker"
    assert layer_of(src / "sites" / "gmail" / "tab_walker.py", src) == "tab"
    assert layer_of(src / "sites" / "gmail" / "logic.py", src) == "core"
    assert layer_of(src / "buildinfo.py", src) == "core"
    # a site's rooms (packages): the half is the first part below the site named worker or tab
    page = src / "sites" / "page"
    assert layer_of(page / "scan" / "names.py", src) == "core"
    assert layer_of(page / "scan" / "tab" / "walker.py", src) == "tab"
    assert layer_of(page / "scan" / "tab" / "deeper" / "x.py", src) == "tab"
    assert layer_of(page / "risk" / "tab.py", src) == "tab"
    assert layer_of(page / "risk" / "tab_context.py", src) == "tab"
    assert layer_of(page / "risk" / "judge.py", src) == "core"
    assert layer_of(page / "jobs" / "worker" / "queue.py", src) == "worker"
    assert layer_of(page / "jobs" / "worker_queue.py", src) == "worker"
    assert layer_of(page / "tab" / "logic.py", src) == "tab"        # a folder's name counts, not only the file's
    assert layer_of(page / "tables" / "tabs.py", src) == "core"     # `tabs` names no half
    assert layer_of(page / "worker" / "tab.py", src) == "worker"    # the first half named decides
    for bad in (src / "misc" / "c.py", src / "sites" / "loose.py"):
        with pytest.raises(ValueError):
            layer_of(bad, src)


def _write(base: Path, files: dict) -> None:
    for rel, text in files.items():
        p = base / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(d(text))


def test_check_tree_sorting_and_format(tmp_path):
    src = tmp_path / "siteagent_src"
    _write(src, {
        "core/b.py": "def f(xs):\n    return xs[-1]\nimport json\n",
        "core/a.py": "x = '-' * 3\ny = [1] == [1]\n",
        "webapi/p.py": "def f(o):\n    return o.type\n",
        "sites/z/tab.py": "def f(o):\n    return o.type\n",
        "misc/q.py": "x = 1\n",
        "buildinfo.py": "CONFIG = {}\n",
        "entries/e.py": "from buildinfo import CONFIG\nfrom helpers import h\n",
        "helpers.py": "def h():\n    return 1\n",
    })
    found = check_tree(src, tmp_path)
    assert [(v.path, v.line, v.col, v.code) for v in found] == [
        ("siteagent_src/core/a.py", 1, 5, "SA302"),
        ("siteagent_src/core/a.py", 2, 5, "SA304"),
        ("siteagent_src/core/b.py", 2, 12, "SA301"),
        ("siteagent_src/core/b.py", 3, 1, "SA501"),
        ("siteagent_src/misc/q.py", 1, 1, "SA002"),
        ("siteagent_src/sites/z/tab.py", 2, 12, "SA401"),
    ]
    assert found[5].format() == (
        "siteagent_src/sites/z/tab.py:2:12: SA401 " + found[5].message + " (hint: " + found[5].hint + ")")
    # default root is src_dir's parent
    assert [v.path for v in check_tree(src)] == [v.path for v in found]


def test_violation_format():
    v = Violation("a/b.py", 3, 4, "SA999", "msg", "do this")
    assert v.format() == "a/b.py:3:4: SA999 msg (hint: do this)"


def _project(tmp_path: Path, files: dict) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "siteagent.toml", tmp_path / "siteagent.toml")
    _write(tmp_path / "siteagent_src", files)
    return tmp_path


def test_cli_exit_codes(tmp_path):
    from buildtool.cli import cli
    good = _project(tmp_path / "good", {"core/a.py": "def f(xs: list):\n    return len(xs) > 0\n",
                                        "webapi/p.py": "x = 1\n"})
    result = CliRunner().invoke(cli, ["-C", str(good), "check"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1] == "ok: 2 files checked"

    bad = _project(tmp_path / "bad", {"core/a.py": "def f(xs):\n    return xs[-1]\n",
                                      "core/b.py": "import json\nx = '%d' % 1\n",
                                      "webapi/p.py": "x = 1\n"})
    result = CliRunner().invoke(cli, ["-C", str(bad), "check"])
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("siteagent_src/core/a.py:2:12: SA301 ")
    assert "(hint: " in lines[0]
    assert lines[-1] == "3 violations in 2 files"

    syntax = _project(tmp_path / "syn", {"core/a.py": "def f(:\n"})
    result = CliRunner().invoke(cli, ["-C", str(syntax), "check"])
    assert result.exit_code == 1
    assert "siteagent_src/core/a.py:1:7: SA001" in result.output
    assert "Traceback" not in result.output


def test_cli_missing_source_folder(tmp_path):
    from buildtool.cli import cli
    shutil.copy(ROOT / "siteagent.toml", tmp_path / "siteagent.toml")
    result = CliRunner().invoke(cli, ["-C", str(tmp_path), "check"])
    assert result.exit_code == 1
    assert "error:" in result.output


# ------------------------------------------------------------------ proofs against Transcrypt

_UNSET = object()

# code -> (module source with run(), value Python semantics give, or _UNSET to run it in CPython)
PROOFS = {
    "SA413": ("""
        CHOSEN = 'neither'
        if __pragma__('defined', 'no_such_symbol'):
            CHOSEN = 'if'
        else:
            CHOSEN = 'else'
        def run():
            return CHOSEN
        """, "else"),
    "SA411": ("""
        def pick(name):
            __pragma__('js', '{}', 'return typeof name === "string" ? name : "not the parameter";')
        def run():
            return pick('x')
        """, "x"),
    "SA112": ("""
        async def give():
            return {'k': 'value'}
        async def run():
            return (await give())['k']
        """, _UNSET),
    "SA101": ("""
        class It:
            def __init__(self):
                self.i = 0
            def __aiter__(self):
                return self
            async def __anext__(self):
                self.i += 1
                if self.i > 2:
                    raise StopAsyncIteration
                return self.i
        async def run():
            out = []
            async for v in It():
                out.append(v)
            return out
        """, _UNSET),
    "SA102": ("""
        class CM:
            def __init__(self, log):
                self.log = log
            async def __aenter__(self):
                self.log.append('enter')
            async def __aexit__(self, a, b, c):
                self.log.append('exit')
        async def run():
            log = []
            async with CM(log):
                log.append('body')
            return log
        """, _UNSET),
    "SA103": ("""
        def run():
            match 2:
                case 1:
                    return 'one'
                case 2:
                    return 'two'
        """, _UNSET),
    "SA104": ("""
        def run():
            if (n := 3) > 2:
                return n
            return 0
        """, _UNSET),
    "SA105": ("""
        def f(a, b, /, c):
            return [a, b, c]
        def run():
            return f(1, 2, 3)
        """, _UNSET),
    "SA106": ("""
        def run():
            out = []
            try:
                raise ValueError('x')
            except* ValueError:
                out.append('caught')
            return out
        """, _UNSET),
    "SA108": ("""
        def run():
            try:
                assert 1 == 2
                return 'not raised'
            except AssertionError:
                return 'raised'
        """, _UNSET),
    "SA110": ("""
        def run():
            var = 5
            return var
        """, _UNSET),
    "SA111": ("""
        def run():
            xs = [1, 2]
            return [*xs, 3]
        """, _UNSET),
    "SA201": ("""
        def f(a, b=2, c=3):
            return [a, b, c]
        def run():
            return f(1, c=9)
        """, _UNSET),
    "SA202": ("""
        def f(a, **kw):
            return [a, len(kw)]
        def run():
            return f(1)
        """, _UNSET),
    "SA203": ("""
        def run():
            fs = [lambda i=i: i for i in range(3)]
            return [f() for f in fs]
        """, _UNSET),
    "SA204": ("""
        def f(x, acc=[]):
            acc.append(x)
            return len(acc)
        def run():
            return [f(1), f(2)]
        """, _UNSET),
    "SA301": ("""
        def run():
            xs = [1, 2, 3]
            return xs[-1]
        """, _UNSET),
    "SA302": ("""
        def run():
            return ['ab' * 3, [0] * 2]
        """, _UNSET),
    "SA303": ("""
        def run():
            return [1, 2] + [3]
        """, _UNSET),
    "SA304": ("""
        def run():
            return [[1, 2] == [1, 2], {'a': 1} != {'a': 1}, [1] in [[1]]]
        """, _UNSET),
    "SA305": ("""
        def run():
            return len({1, 2} | {3})
        """, _UNSET),
    "SA306": ("""
        def run():
            xs = []
            return 'nonempty' if xs else 'empty'
        """, _UNSET),
    "SA307": ("""
        def run():
            return '%d items' % 3
        """, _UNSET),
    "SA308": ("""
        def run():
            x = 3.14159
            return [f'{x:.2f}', f"{'a'!r}", '{:>3}'.format('a')]
        """, _UNSET),
    "SA309": ("""
        def run():
            xs = [1, 2, 3]
            del xs[0]
            return xs
        """, _UNSET),
    "SA310": ("""
        def run():
            d = {'a': 1}
            return [k for k in d]
        """, _UNSET),
    "SA311": ("""
        def run():
            d = {'b': 1, '10': 2}
            return list(d.keys())
        """, _UNSET),
    "SA312": ("""
        def run():
            msg = JSON.parse('{"a": 1}')
            return msg['tab'] is None
        """, True),
    "SA401": ("""
        def run():
            msg = JSON.parse('{"type": "x"}')
            return msg.type
        """, "x"),
    "SA402": ("""
        def run():
            return Object.keys(JSON.parse('{"a": 1}'))
        """, ["a"]),
    "SA404": ("""
        class A:
            def __init__(self):
                self.name = 'n'
        def run():
            return getattr(A(), 'name')
        """, _UNSET),
    "SA406": ("""
        def run():
            return ['7'.zfill(3), 'abca'.count('a')]
        """, _UNSET),
    "SA407": ("""
        def run():
            return 'xxaxx'.strip('x')
        """, _UNSET),
    "SA408": ("""
        def run():
            try:
                raise ValueError('v')
            except ZeroDivisionError:
                return 'zde'
            except ValueError:
                return 've'
        """, _UNSET),
    "SA409": ("""
        class P:
            def __init__(self, v):
                self.v = v
            def __eq__(self, o):
                return self.v == o.v
        def run():
            return P(1) == P(1)
        """, _UNSET),
    "SA501": ("""
        from typing import Any
        def run():
            return 1
        """, _UNSET),
    "SA601": ("""
        def run():
            try:
                try:
                    JSON.parse('{')
                except Exception:
                    return 'caught'
            except:
                return 'escaped'
        """, _UNSET),
}

RUNNER = """
const names = JSON.parse(process.argv[2]);
const out = {};
for (const name of names) {
  try {
    const m = await import('./out/' + name + '.js');
    const r = await m.run();
    out[name] = JSON.stringify(r === undefined ? '<undefined>' : r);
  } catch (e) {
    out[name] = 'JS error: ' + e;
  }
}
console.log(JSON.stringify(out));
"""


def _cpython(src: str):
    ns: dict = {}
    try:
        exec(compile(src, "<proof>", "exec"), ns)
        r = ns["run"]()
        if inspect.iscoroutine(r):
            r = asyncio.run(r)
        return json.dumps(r, separators=(",", ":"))
    except Exception as err:  # noqa: BLE001 - the proof only needs a value to compare
        return f"Python error: {type(err).__name__}"


def test_proofs_are_flagged():
    for code, (src, _) in PROOFS.items():
        found = {v.code for v in check_source(d(src), f"p_{code}.py", layer="worker")}
        assert code in found, (code, found)


@pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")
def test_rules_are_real_transcrypt_miscompiles(tmp_path):
    names = {code: f"p_{code.lower()}" for code in PROOFS}
    for code, (src, _) in PROOFS.items():
        (tmp_path / f"{names[code]}.py").write_text(d(src))
    (tmp_path / "allproofs.py").write_text("".join(f"import {n}\n" for n in names.values()))
    proc = subprocess.run([sys.executable, "-m", "transcrypt", "-b", "-n", "-od", "out", "allproofs.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    missing = [n for n in names.values() if not (tmp_path / "out" / f"{n}.js").exists()]
    assert not missing, (missing, proc.stdout[-2000:], proc.stderr[-2000:])
    (tmp_path / "out" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "runner.mjs").write_text(RUNNER)
    node = subprocess.run(["node", "runner.mjs", json.dumps(list(names.values()))],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    js = json.loads(node.stdout.strip().splitlines()[-1])
    same = []
    for code, (src, expected) in PROOFS.items():
        py = _cpython(d(src)) if expected is _UNSET else json.dumps(expected, separators=(",", ":"))
        assert not py.startswith("Python error"), (code, py)
        if js[names[code]] == py:
            same.append((code, py))
    assert same == [], f"Transcrypt got these right, the rule is not needed: {same}"


# ------------------------------------------------------------------ what the subset relies on (must compile right)

# name -> module source with run(); JS must give exactly what CPython gives.
WORKS = {
    "w_tool_error_across_await": """
        class ToolError(Exception):
            def __init__(self, reason, message, extra):
                Exception.__init__(self, message)
                self.reason = reason
                self.detail = message
                self.extra = extra

        class Stale(ToolError):
            pass

        async def deepest(kind):
            if kind == 'tool':
                raise ToolError('adapter_error', 'boom', {'field': 'x'})
            if kind == 'sub':
                raise Stale('stale_uid', 'gone', None)
            return 'fine'

        async def middle(kind):
            value = await deepest(kind)
            return value + '!'

        async def handler(kind, log):
            try:
                try:
                    return {'ok': True, 'value': await middle(kind)}
                finally:
                    log.append('finally ' + kind)
            except ToolError as err:
                return {'ok': False, 'reason': err.reason, 'message': err.detail, 'extra': err.extra,
                        'is': isinstance(err, ToolError), 'stale': isinstance(err, Stale), 'text': str(err)}

        async def run():
            log = []
            out = [await handler('tool', log), await handler('sub', log), await handler('none', log)]
            out.append(log)
            return out
        """,
    "w_typed_then_bare_except": """
        class ToolError(Exception):
            pass

        def native():
            return {}['missing']['deeper']          # a TypeError in JS, a KeyError under CPython

        async def guarded(kind):
            try:
                if kind == 'tool':
                    raise ToolError('x')
                native()
                return 'none'
            except ToolError:
                return 'tool error'
            except:
                return 'other error'

        async def run():
            return [await guarded("tool"), await guarded("native")]
        """,
}


def test_what_the_subset_relies_on_compiles_right(tmp_path):
    """A ToolError raised deep in awaited calls reaches the caller's `except ToolError` with its
    fields, through `finally`, subclasses included; a native error falls to the bare `except:`."""
    for name, src in WORKS.items():
        (tmp_path / f"{name}.py").write_text(d(src))
        assert check_source(d(src), f"{name}.py", layer="worker") == [], name
    (tmp_path / "allworks.py").write_text("".join(f"import {n}\n" for n in WORKS))
    proc = subprocess.run([sys.executable, "-m", "transcrypt", "-b", "-n", "-od", "out", "allworks.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert all((tmp_path / "out" / f"{n}.js").exists() for n in WORKS), proc.stdout[-2000:]
    (tmp_path / "out" / "package.json").write_text('{"type": "module"}')
    (tmp_path / "runner.mjs").write_text(RUNNER)
    node = subprocess.run(["node", "runner.mjs", json.dumps(list(WORKS))], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    js = json.loads(node.stdout.strip().splitlines()[-1])
    for name, src in WORKS.items():
        assert js[name] == _cpython(d(src)), (name, js[name])
