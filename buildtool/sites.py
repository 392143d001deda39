"""The site kit's verifier, run by `siteagent check` and every build (like refined-github's feature
check): every folder in siteagent_src/sites/ is registered in both entries, every declared tool has
exactly one handler in the half that runs it, every step a worker half runs in the tab is a
declaration of its own site (by symbol), tool names are unique, the public allowlist names real
public tools, the docs' generated tables agree with the sources, and a site's contract table is split
as the bundles need it (SA711: the unconfirmed rows, all the service worker carries of the table, are
written in unconfirmed.py and nowhere else), and content.js reads only the tab's view of a site's
tools.py and contracts.py (SA712, buildtool/tabview.py).

Declarations are pure (the core layer), so they are imported here under CPython; the halves are
read as source (AST), never run.
"""
from __future__ import annotations

import ast
import contextlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .checker import FOLDERS, KIT, Violation

WORKER_REGISTRY = "entries/worker/sites.py"
TAB_REGISTRY = "entries/content.py"

RULES: dict[str, tuple[str, str]] = {
    "SA701": ("sites/{detail}/ has a worker half that entries/worker/sites.py does not import",
              "import it there (`from sites.{detail} import tools as {detail}, worker as {detail}_worker`) and "
              "add its SITE to SITES"),
    "SA702": ("sites/{detail}/ has a tab half that entries/content.py does not import",
              "import it there: `from sites.{detail} import tab as {detail}_site`"),
    "SA703": ("{detail}", "add `@worker_handler(DECL)` in the site's worker.py or `@tab_handler(DECL)` in its tab.py, "
                          "as its declaration's `runs` says"),
    "SA704": ("{detail}", "a declaration has exactly one handler, in the half its `runs` names (steps: the tab half)"),
    "SA705": ("{detail}", "pass a declaration imported from the site's own tools.py (a symbol, never a string)"),
    "SA706": ("tool name `{detail}` is declared more than once", "tool names are unique across all sites"),
    "SA707": ("the public allowlist ([bridge] public_tools) names `{detail}`, which is not a public tool",
              "fix the name in siteagent.toml, or remove it"),
    "SA708": ("{detail} is out of date", "run `siteagent docs` to regenerate it, and commit the result"),
    "SA709": ("sites/{detail}/tools.py cannot be loaded under CPython", "declarations must be pure (core layer)"),
    "SA710": ("sites/{detail}/ declares no site", "declare it in tools.py: `SITE = declare_site(...)`"),
    "SA711": ("{detail}", "unconfirmed contracts are written in the site's unconfirmed.py only (all the service worker "
                          "carries of the table) and put in contracts.py's TABLE by name; tools.py calls "
                          "`declare_contracts(SITE, unconfirmed.ROWS)` (docs/ADAPTERS.md)"),
    "SA712": ("{detail}", "content.js carries only the tab's view of a site's tools.py and contracts.py (buildtool/tabview.py): "
                          "import declarations (a site, tool or step) from tools.py, TABLE and LABELS from contracts.py, "
                          "and read only a declaration's name and site (a site's id and hosts); move other values to logic.py"),
}

CONTRACTS = "contracts.py"        # the site's whole table (TABLE, LABELS): the tab half's
UNCONFIRMED = "unconfirmed.py"    # its unconfirmed rows (ROWS): what tools.py, and so the worker, reads


def _violation(path: str, line: int, code: str, detail: str, extra: str = "") -> Violation:
    message, hint = RULES[code]
    message = message.replace("{detail}", detail) + (f": {extra}" if extra else "")
    return Violation(path, line, 1, code, message, hint.replace("{detail}", detail))


@contextlib.contextmanager
def isolated_imports(src_dir: Path):
    """Import siteagent_src modules under CPython without leaving them (or a stale copy) behind."""
    saved_path = list(sys.path)
    ours = {name: mod for name, mod in sys.modules.items() if name.split(".")[0] in FOLDERS}
    for name in ours:
        del sys.modules[name]
    sys.path.insert(0, str(src_dir))
    try:
        yield
    finally:
        sys.path[:] = saved_path
        for name in [n for n in sys.modules if n.split(".")[0] in FOLDERS]:
            del sys.modules[name]
        sys.modules.update(ours)


@dataclass
class Site:
    folder: str
    tools_path: Path
    declarations: dict[str, dict] = field(default_factory=dict)     # symbol -> site, tool or step dict
    sites: list[dict] = field(default_factory=list)                 # the site dicts tools.py declares
    halves: dict[str, list[Path]] = field(default_factory=dict)      # 'worker' / 'tab' -> files
    table: list[dict] | None = None                                  # contracts.py TABLE
    labels: dict | None = None                                       # contracts.py LABELS
    unconfirmed: list[dict] | None = None                            # unconfirmed.py ROWS


def site_folders(src_dir: Path) -> list[str]:
    base = src_dir / "sites"
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and p.name != KIT and not p.name.startswith(("_", ".")))


def _is_site(value) -> bool:
    return isinstance(value, dict) and "id" in value and "tools" in value and "steps" in value


def _is_declaration(value) -> bool:
    return isinstance(value, dict) and "name" in value and "site" in value and (
        "inputSchema" in value or value.get("step") is True)


def load_sites(src_dir: Path) -> tuple[dict[str, Site], list[Violation]]:
    """Every site folder with its declarations (imported) and its halves (paths)."""
    import importlib
    out: dict[str, Site] = {}
    problems: list[Violation] = []
    with isolated_imports(src_dir):
        for folder in site_folders(src_dir):
            tools_path = src_dir / "sites" / folder / "tools.py"
            site = Site(folder, tools_path)
            for path in sorted((src_dir / "sites" / folder).glob("*.py")):
                stem = path.stem
                for half in ("worker", "tab"):
                    if stem == half or stem.startswith(half + "_"):
                        site.halves.setdefault(half, []).append(path)
            out[folder] = site
            if not tools_path.is_file():
                problems.append(_violation(f"siteagent_src/sites/{folder}", 1, "SA710", folder))
                continue
            try:
                module = importlib.import_module(f"sites.{folder}.tools")
            except Exception as exc:  # noqa: BLE001 - report any import failure as a violation
                problems.append(_violation(f"siteagent_src/sites/{folder}/tools.py", 1, "SA709", folder,
                                           f"{type(exc).__name__}: {exc}"))
                continue
            for name, value in vars(module).items():
                if _is_site(value):
                    site.sites.append(value)
                    site.declarations[name] = value
                elif _is_declaration(value):
                    site.declarations[name] = value
            if not site.sites:
                problems.append(_violation(f"siteagent_src/sites/{folder}/tools.py", 1, "SA710", folder))
            # in the same import context as tools.py, so that a row imported from unconfirmed.py is the same object
            for stem, attr in (("contracts", "TABLE"), ("unconfirmed", "ROWS")):
                if (src_dir / "sites" / folder / f"{stem}.py").is_file():
                    try:
                        module = importlib.import_module(f"sites.{folder}.{stem}")
                        rows = getattr(module, attr)
                    except Exception as exc:  # noqa: BLE001 - reported as a violation
                        problems.append(_violation(f"siteagent_src/sites/{folder}/{stem}.py", 1, "SA711",
                                                   f"sites/{folder}/{stem}.py has no {attr} that imports under CPython",
                                                   f"{type(exc).__name__}: {exc}"))
                        continue
                    setattr(site, "table" if stem == "contracts" else "unconfirmed", list(rows))
                    if stem == "contracts":
                        site.labels = getattr(module, "LABELS", None)
    return out, problems


def _line_of(path: Path, cid) -> int:
    """The line where contract `cid` is written (its id as a string literal), else 1."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError:
        return 1
    for number, text in enumerate(lines, 1):
        if f"'{cid}'" in text or f'"{cid}"' in text:
            return number
    return 1


def contract_split_problems(folder: str, site: Site) -> list[tuple[str, int, str]]:
    """SA711 for one site, as (file, line, message): every unconfirmed row of TABLE is written in
    unconfirmed.py (the same object), every row there is unconfirmed and in TABLE once, and each
    irreversible tool names exactly the unconfirmed contracts of TABLE it relies on."""
    table, rows = site.table, site.unconfirmed
    base = f"siteagent_src/sites/{folder}/"
    here = site.tools_path.parent

    def at(name, cid=None):
        return base + name, (_line_of(here / name, cid) if cid is not None else 1)
    if table is None and rows is None:
        if any(s.get("contracts_in_tab") for s in site.sites):
            return [(*at("tools.py"), "tools.py calls declare_contracts() but the site has no contracts.py")]
        return []
    if table is None or rows is None:
        missing = CONTRACTS if table is None else UNCONFIRMED
        return [(*at(missing), f"sites/{folder}/ has {UNCONFIRMED if table is None else CONTRACTS} "
                                 f"but no {missing}")]
    out = []
    for row in table:
        if row.get("status") == "unconfirmed" and not any(row is u for u in rows):
            out.append((*at(CONTRACTS, row.get("id")), f"contract `{row.get('id')}` is unconfirmed but written in "
                                          f"{CONTRACTS}: move it to {UNCONFIRMED}"))
    for row in rows:
        if row.get("status") != "unconfirmed":
            out.append((*at(UNCONFIRMED, row.get("id")), f"contract `{row.get('id')}` in {UNCONFIRMED} is "
                                            f"{row.get('status')!r}, not unconfirmed: move it to {CONTRACTS}"))
        times = sum(1 for t in table if t is row)
        if times != 1:
            out.append((*at(UNCONFIRMED, row.get("id")), f"contract `{row.get('id')}` of {UNCONFIRMED} is in {CONTRACTS}'s "
                                            f"TABLE {times} times, not once"))
    for sdict in site.sites:
        if not sdict.get("contracts_in_tab"):
            out.append((*at("tools.py"), f"site `{sdict['id']}` has a contract table but tools.py does not call "
                                           "declare_contracts(SITE, unconfirmed.ROWS)"))
            continue
        for tool in sdict["tools"]:
            wanted = [{"id": r["id"], "what": r["what"]} for r in table
                      if r.get("status") == "unconfirmed" and tool["name"] in r.get("used_by", [])]
            if tool["risk"] != "irreversible":
                wanted = []
            if tool.get("unconfirmed", []) != wanted:
                out.append((*at("tools.py", tool["name"]), f"`{tool['name']}` names the unconfirmed contracts "
                                               f"{[u['id'] for u in tool.get('unconfirmed', [])]}, but TABLE "
                                               f"says {[u['id'] for u in wanted]}"))
    return out


# --- reading the halves ------------------------------------------------------------------------------

def _tools_aliases(tree: ast.Module, folder: str) -> dict[str, str]:
    """local name -> symbol, for `from sites.<folder>.tools import SYMBOL [as local]`."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == f"sites.{folder}.tools":
            for alias in node.names:
                aliases[alias.asname or alias.name] = alias.name
    return aliases


def _handlers(path: Path, folder: str, rel: str):
    """[(kind, symbol or None, line, text)] for each @worker_handler / @tab_handler and in_tab() call."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    aliases = _tools_aliases(tree, folder)
    found = []
    for node in ast.walk(tree):
        decorators = node.decorator_list if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
        for deco in decorators:
            if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name) and \
                    deco.func.id in ("worker_handler", "tab_handler"):
                arg = deco.args[0] if deco.args else None
                symbol = aliases.get(arg.id) if isinstance(arg, ast.Name) else None
                found.append((deco.func.id, symbol, deco.lineno, ast.unparse(arg) if arg is not None else ""))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("in_tab",):
            arg = node.args[1] if len(node.args) > 1 else None
            symbol = aliases.get(arg.id) if isinstance(arg, ast.Name) else None
            found.append(("in_tab", symbol, node.lineno, ast.unparse(arg) if arg is not None else ""))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("worker_handler", "tab_handler") and not _is_decorator(node, tree):
            found.append(("bare", None, node.lineno, node.func.id))
    return found


def _is_decorator(call: ast.Call, tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and call in node.decorator_list:
            return True
    return False


def _registered(path: Path, name: str) -> set[str]:
    """Site folders whose `name` module (worker / tab) the registry file imports."""
    if not path.is_file():
        return set()
    tree = ast.parse(path.read_text("utf-8"), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sites.") \
                and node.module.count(".") == 1 and any(a.name == name for a in node.names):
            out.add(node.module.split(".")[1])
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sites.") \
                and node.module.endswith("." + name):
            out.add(node.module.split(".")[1])
    return out


def verify_sites(src_dir: Path, root: Path, public_allowlist=None) -> list[Violation]:
    """Every rule of the module docstring, as violations (empty when the kit is sound)."""
    src_dir = Path(src_dir)
    sites, problems = load_sites(src_dir)
    rel = lambda p: Path(p).resolve().relative_to(Path(root).resolve()).as_posix()  # noqa: E731
    worker_registered = _registered(src_dir / WORKER_REGISTRY, "worker")
    tab_registered = _registered(src_dir / TAB_REGISTRY, "tab")
    seen_names: dict[str, str] = {}
    public: set[str] = set()
    for folder, site in sites.items():
        if "worker" in site.halves and folder not in worker_registered:
            problems.append(_violation(rel(src_dir / WORKER_REGISTRY), 1, "SA701", folder))
        if "tab" in site.halves and folder not in tab_registered:
            problems.append(_violation(rel(src_dir / TAB_REGISTRY), 1, "SA702", folder))
        for path, line, message in contract_split_problems(folder, site):
            problems.append(_violation(path, line, "SA711", message))
        by_symbol = site.declarations
        handled: dict[str, list[tuple[str, str, int]]] = {}
        for half, paths in site.halves.items():
            for path in paths:
                for kind, symbol, line, text in _handlers(path, folder, rel(path)):
                    if kind == "bare":
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`{text}` used outside a decorator: the verifier cannot see it"))
                        continue
                    decl = by_symbol.get(symbol) if symbol else None
                    if decl is None or _is_site(decl):
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`{text}` is not a tool or step declared in sites/{folder}/tools.py"))
                        continue
                    if kind == "in_tab":
                        if half != "worker" or not (decl.get("step") or decl.get("runs_in") == "tab"):
                            problems.append(_violation(rel(path), line, "SA705",
                                                       f"in_tab() runs `{decl['name']}`, which is not a step or a tab tool"))
                        continue
                    wanted_half = "worker" if kind == "worker_handler" else "tab"
                    if wanted_half != half:
                        problems.append(_violation(rel(path), line, "SA704",
                                                   f"`{decl['name']}`: {kind} in the {half} half"))
                        continue
                    handled.setdefault(decl["name"], []).append((half, rel(path), line))
        for sdict in site.sites:
            for decl in sdict["tools"] + sdict["steps"]:
                name = decl["name"]
                if name in seen_names:
                    problems.append(_violation(rel(site.tools_path), 1, "SA706", name))
                seen_names[name] = folder
                if decl.get("public", False) and not decl.get("step"):
                    public.add(name)
                runs = "tab" if decl.get("step") else decl.get("runs_in")
                got = handled.get(name, [])
                if not got:
                    problems.append(_violation(rel(site.tools_path), 1, "SA703",
                                               f"`{name}` is declared to run in the {runs} half but has no handler"))
                elif len(got) > 1 or got[0][0] != runs:
                    where = ", ".join(f"{p}:{ln}" for _, p, ln in got)
                    problems.append(_violation(got[0][1], got[0][2], "SA704",
                                               f"`{name}` (runs in the {runs} half) has handlers at {where}"))
    problems.extend(view_problems(src_dir, rel, sites))
    for name in public_allowlist or []:
        if name not in public:
            problems.append(_violation("siteagent.toml", 1, "SA707", name))
    return sorted(problems, key=lambda v: (v.path, v.line, v.code, v.message))


def view_problems(src_dir: Path, rel, sites: dict[str, Site]) -> list[Violation]:
    """SA712 over every module content.js bundles: what it imports from a site's tools.py or contracts.py
    is in the tab's view of it (buildtool/tabview.py), and it reads no other key of a declaration."""
    from .tabview import CONTRACT_NAMES, DECLARATION_KEYS, SITE_KEYS, TAB_ENTRY
    from .transpile import ModuleGraph
    if not (src_dir / TAB_REGISTRY).is_file():
        return []
    viewed = re.compile(r"sites\.([A-Za-z0-9_]+)\.(tools|contracts)$")
    graph = ModuleGraph([src_dir])
    out = []
    for module in sorted(graph.closure(TAB_ENTRY)):
        path = graph.paths[module]
        try:
            tree = ast.parse(path.read_text("utf-8"), str(path))
        except SyntaxError:
            continue                    # the checker reports it
        keys_of: dict[str, tuple[str, ...]] = {}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.module or node.level != 0:
                continue
            if node.module.startswith("sites.") and node.module.count(".") == 1:
                for alias in node.names:
                    if alias.name in ("tools", "contracts"):
                        out.append(_violation(rel(path), node.lineno, "SA712",
                                              f"imports the module {node.module}.{alias.name}: import the names it uses"))
                continue
            match = viewed.match(node.module)
            if not match or match.group(1) not in sites:
                continue
            site = sites[match.group(1)]
            for alias in node.names:
                if match.group(2) == "contracts":
                    if alias.name not in CONTRACT_NAMES:
                        out.append(_violation(rel(path), node.lineno, "SA712",
                                              f"imports `{alias.name}` from {node.module}, which content.js does not carry"))
                    continue
                value = site.declarations.get(alias.name)
                if value is None:
                    out.append(_violation(rel(path), node.lineno, "SA712", f"imports `{alias.name}` from {node.module}, "
                                                                           "which is not a declaration"))
                    continue
                keys_of[alias.asname or alias.name] = SITE_KEYS if _is_site(value) else DECLARATION_KEYS
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in keys_of \
                    and isinstance(node.slice, ast.Constant) and node.slice.value not in keys_of[node.value.id]:
                out.append(_violation(rel(path), node.lineno, "SA712",
                                      f"reads `{node.value.id}[{node.slice.value!r}]`, which the tab's view leaves out"))
    return out


def stale_docs(sections: list[str]) -> list[Violation]:
    """SA708 for each generated docs section that differs from its source (buildtool/docsgen.py)."""
    return [_violation(section.split(" ")[0], 1, "SA708", section) for section in sections]


# --- the catalogue at build time ---------------------------------------------------------------------

def _sites_order(src_dir: Path) -> tuple[list[str], list[str]]:
    """The SITES list of entries/worker/sites.py as `alias.NAME` references: (always, test builds only)."""
    tree = ast.parse((src_dir / WORKER_REGISTRY).read_text("utf-8"))
    modules = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sites."):
            for alias in node.names:
                if alias.name == "tools":
                    modules[alias.asname or alias.name] = node.module.split(".")[1]
    always, test_only = [], []

    def ref(expr):
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in modules:
            return f"{modules[expr.value.id]}.{expr.attr}"
        raise ValueError(f"{WORKER_REGISTRY}: SITES holds `{ast.unparse(expr)}`, not a site's tools.SITE")
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SITES" for t in node.targets):
            always = [ref(e) for e in node.value.elts]
        if isinstance(node, ast.If):
            for stmt in node.body:
                call = stmt.value if isinstance(stmt, ast.Expr) else None
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and \
                        isinstance(call.func.value, ast.Name) and call.func.value.id == "SITES":
                    test_only.extend(ref(a) for a in call.args)
    return always, test_only


def catalogue(src_dir: Path, test_build: bool) -> list[dict]:
    """Every tool definition of a build, in catalogue order (what the worker's catalogue() holds)."""
    import importlib
    always, test_only = _sites_order(Path(src_dir))
    refs = always + (test_only if test_build else [])
    with isolated_imports(Path(src_dir)):
        tooling = importlib.import_module("core.tooling")
        site_dicts = []
        for ref in refs:
            folder, name = ref.split(".")
            site_dicts.append(getattr(importlib.import_module(f"sites.{folder}.tools"), name))
        return tooling.catalogue_of(site_dicts, test_build)
