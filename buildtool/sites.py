"""The site kit's verifier, run by `siteagent check` and every build (like refined-github's feature
check): every folder in siteagent_src/sites/ is registered in both entries, every declared tool has
exactly one handler in the half that runs it, every step a worker half runs in the tab is a name of
its own site's ids.py (by symbol), each tool and step is named once (tool names unique across sites),
the public allowlist names real public tools, the docs' generated tables agree with the sources, and a
site's contract table is split as the bundles need it (SA711: the unconfirmed rows, all the service
worker carries of the table, are written whole in unconfirmed.py and nowhere else; every other
contract has its evidence once in evidence.py).

A site's declarations are split by half in the source (core/tooling.py): ids.py names what both
halves name (the site, the steps; the tab half imports it), tools.py declares every tool, its name
written there once, for the worker. Both are pure (the core layer), so they are imported here under
CPython; the halves are read as source (AST), never run: a site's top-level worker.py / tab.py
(worker_*.py, tab_*.py) and its rooms' halves (sites/<site>/<room>/tab.py, .../tab/*.py), as the
checker gives each file its layer. A worker tool's handler is `@worker_handler(DECL)`; a step's
`@tab_handler(STEP)`; a tab tool's a top-level function of the tab half named as the tool and marked
`@tab_tool`. From those functions and the declarations the build derives the tab's table of tools, the
generated module `tabtools` (tab_tools_module), which content.js imports: nothing else names a tab tool.
"""
from __future__ import annotations

import ast
import contextlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .checker import FOLDERS, KIT, Violation, layer_of_parts

WORKER_REGISTRY = "entries/worker/sites.py"
TAB_REGISTRY = "entries/content.py"

RULES: dict[str, tuple[str, str]] = {
    "SA701": ("sites/{detail}/ has a worker half that entries/worker/sites.py does not import",
              "import it there (`from sites.{detail} import tools as {detail}, worker as {detail}_worker`) and "
              "add its SITE to SITES"),
    "SA702": ("sites/{detail}/ has a tab half that entries/content.py does not import",
              "import it there: `from sites.{detail} import tab as {detail}_site`"),
    "SA703": ("{detail}", "add its handler: `@worker_handler(DECL)` in the site's worker half, a top-level function "
                          "named as the tool and marked `@tab_tool` in its tab half, or `@tab_handler(STEP)` for a step, as "
                          "its declaration's `runs` says"),
    "SA704": ("{detail}", "a declaration has exactly one handler, in the half its `runs` names (steps: the tab half)"),
    "SA705": ("{detail}", "a `@tab_tool` function is a top-level function of the tab half named as a tab tool that its "
                          "own site's tools.py declares; `@tab_handler`, `@worker_handler` and `in_tab()` take a symbol "
                          "(a step from the site's ids.py, a declaration from its tools.py), never a string"),
    "SA706": ("{detail}", "declare each tool once, its name written in its site's tools.py (`declare_tool(SITE, "
                          "'name', ...)`), and name each step once in ids.py (`name_step`): tool names are unique across "
                          "all sites"),
    "SA707": ("the public allowlist ([bridge] public_tools) names `{detail}`, which is not a public tool",
              "fix the name in siteagent.toml, or remove it"),
    "SA708": ("{detail} is out of date", "run `siteagent docs` to regenerate it, and commit the result"),
    "SA709": ("sites/{detail} cannot be loaded under CPython", "declarations must be pure (core layer)"),
    "SA710": ("sites/{detail}/ declares no site", "name it in ids.py (`SITE = name_site(id, hosts)`) and declare it in "
                                                  "tools.py (`SITE = declare_site(ids.SITE, open_url, selectors)`)"),
    "SA711": ("{detail}", "unconfirmed contracts are written whole in the site's unconfirmed.py only (all the service "
                          "worker carries of the table) and put in contracts.py's TABLE by name; every other contract has "
                          "one `evidence(...)` row in evidence.py; tools.py calls `declare_contracts(SITE, unconfirmed.ROWS)` "
                          "(docs/ADAPTERS.md)"),
}

TAB_TOOL = "tab_tool"             # the decorator of a tab tool's handler (sites/kit/tab.py), named as the tool
TAB_TABLE = "tabtools"            # the generated module of the tab's table of tools (content.js imports it)
IDS = "ids.py"                    # what both halves name (the site, the steps): the tab half's
TOOLS = "tools.py"                # the worker's declarations (risk, description, schema)
CONTRACTS = "contracts.py"        # the site's table as the tab reads it (TABLE, LABELS): the tab half's
EVIDENCE = "evidence.py"          # what each contract is and its citations (EVIDENCE): the docs' and tests'
UNCONFIRMED = "unconfirmed.py"    # its unconfirmed rows, whole (ROWS): what tools.py, and so the worker, reads


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
    declarations: dict[str, dict] = field(default_factory=dict)     # tools.py: symbol -> site or tool dict
    names: dict[str, dict] = field(default_factory=dict)            # ids.py: symbol -> site, tool or step name
    sites: list[dict] = field(default_factory=list)                 # the site dicts tools.py declares
    steps: list[dict] = field(default_factory=list)                 # the steps ids.py names
    halves: dict[str, list[Path]] = field(default_factory=dict)      # 'worker' / 'tab' -> files
    table: list[dict] | None = None                                  # contracts.py TABLE
    labels: dict | None = None                                       # contracts.py LABELS
    evidence: list[dict] | None = None                               # evidence.py EVIDENCE
    unconfirmed: list[dict] | None = None                            # unconfirmed.py ROWS


def site_folders(src_dir: Path) -> list[str]:
    base = src_dir / "sites"
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and p.name != KIT and not p.name.startswith(("_", ".")))


def half_files(src_dir: Path, folder: str) -> list[tuple[Path, str]]:
    """(path, 'worker' | 'tab') for every file of a site's halves, at its top level (worker.py, tab_*.py)
    and in its rooms (scan/tab/walker.py, risk/tab.py): the half the checker gives it (checker.layer_of_parts)."""
    base = src_dir / "sites" / folder
    out = []
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(base).with_suffix("").parts
        if any(part.startswith((".", "_")) and part != "__init__" for part in rel) or "__pycache__" in rel:
            continue
        half = layer_of_parts(["sites", folder, *rel])
        if half in ("worker", "tab"):
            out.append((path, half))
    return out


def _is_site(value) -> bool:
    return isinstance(value, dict) and "id" in value and "tools" in value


def _is_declaration(value) -> bool:
    return isinstance(value, dict) and "name" in value and "site" in value and "inputSchema" in value


def _is_name(value) -> bool:
    """A site or step as ids.py names it (core/tooling.py name_site, name_step)."""
    return isinstance(value, dict) and (set(value) == {"id", "hosts"} or set(value) == {"name", "site", "step"})



def _import_site_module(folder: str, filename: str, problems: list) -> object | None:
    """sites/<folder>/<filename> imported, or None with an SA709 violation saying why it failed."""
    import importlib
    try:
        return importlib.import_module(f"sites.{folder}.{filename[:-3]}")
    except Exception as exc:  # noqa: BLE001 - report any import failure as a violation
        problems.append(_violation(f"siteagent_src/sites/{folder}/{filename}", 1, "SA709", f"{folder}/{filename}",
                                   f"{type(exc).__name__}: {exc}"))
        return None

def load_sites(src_dir: Path) -> tuple[dict[str, Site], list[Violation]]:
    """Every site folder with its declarations (imported) and its halves (paths)."""
    import importlib
    out: dict[str, Site] = {}
    problems: list[Violation] = []
    with isolated_imports(src_dir):
        for folder in site_folders(src_dir):
            tools_path = src_dir / "sites" / folder / "tools.py"
            site = Site(folder, tools_path)
            for path, half in half_files(src_dir, folder):
                site.halves.setdefault(half, []).append(path)
            out[folder] = site
            if not tools_path.is_file():
                problems.append(_violation(f"siteagent_src/sites/{folder}", 1, "SA710", folder))
                continue
            if (src_dir / "sites" / folder / IDS).is_file():
                module = _import_site_module(folder, IDS, problems)
                if module is None:
                    continue
                site.names = {name: value for name, value in vars(module).items() if _is_name(value)}
                site.steps = [value for value in site.names.values() if value.get("step") is True]
            module = _import_site_module(folder, "tools.py", problems)
            if module is None:
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
            for stem, attr in (("contracts", "TABLE"), ("evidence", "EVIDENCE"), ("unconfirmed", "ROWS")):
                if (src_dir / "sites" / folder / f"{stem}.py").is_file():
                    try:
                        module = importlib.import_module(f"sites.{folder}.{stem}")
                        rows = getattr(module, attr)
                    except Exception as exc:  # noqa: BLE001 - reported as a violation
                        problems.append(_violation(f"siteagent_src/sites/{folder}/{stem}.py", 1, "SA711",
                                                   f"sites/{folder}/{stem}.py has no {attr} that imports under CPython",
                                                   f"{type(exc).__name__}: {exc}"))
                        continue
                    setattr(site, {"contracts": "table", "evidence": "evidence", "unconfirmed": "unconfirmed"}[stem],
                            list(rows))
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
    """SA711 for one site, as (file, line, message): every unconfirmed contract of TABLE is written in
    unconfirmed.py and put in TABLE from there (unconfirmed_contract), every contract there is in TABLE
    once, every other contract has one evidence row in evidence.py, and each irreversible tool names
    exactly the unconfirmed contracts of TABLE it relies on."""
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
    written = {row.get("id"): row for row in rows}
    if site.evidence is None:
        out.append((*at(EVIDENCE), f"sites/{folder}/ has {CONTRACTS} but no {EVIDENCE}"))
    else:
        for cid, times in _evidence_counts(table, site.evidence, rows).items():
            if times is None:
                out.append((*at(EVIDENCE, cid), f"evidence for `{cid}`, which is not a confirmed or partly contract "
                                                f"of {CONTRACTS}"))
            elif times != 1:
                out.append((*at(CONTRACTS, cid), f"contract `{cid}` has {times} evidence rows in {EVIDENCE}, not one"))
    for row in table:
        cid = row.get("id")
        if row.get("status") == "unconfirmed" and cid not in written:
            out.append((*at(CONTRACTS, cid), f"contract `{cid}` is unconfirmed but {UNCONFIRMED} does not write it: "
                                             f"write it there and put it in TABLE with unconfirmed_contract()"))
        elif cid in written and (row.get("status") != "unconfirmed" or row.get("used_by") is not written[cid].get("used_by")):
            out.append((*at(CONTRACTS, cid), f"contract `{cid}` of {UNCONFIRMED} is written again in {CONTRACTS}: "
                                             f"put it in TABLE with unconfirmed_contract({cid.upper()}, locators, where)"))
    for row in rows:
        if row.get("status") != "unconfirmed":
            out.append((*at(UNCONFIRMED, row.get("id")), f"contract `{row.get('id')}` in {UNCONFIRMED} is "
                                            f"{row.get('status')!r}, not unconfirmed: move it to {CONTRACTS}"))
        times = sum(1 for t in table if t.get("id") == row.get("id"))
        if times != 1:
            out.append((*at(UNCONFIRMED, row.get("id")), f"contract `{row.get('id')}` of {UNCONFIRMED} is in {CONTRACTS}'s "
                                            f"TABLE {times} times, not once"))
    for sdict in site.sites:
        if not sdict.get("contracts_in_tab"):
            out.append((*at("tools.py"), f"site `{sdict['id']}` has a contract table but tools.py does not call "
                                           "declare_contracts(SITE, unconfirmed.ROWS)"))
            continue
        for tool in sdict["tools"]:
            wanted = [{"id": r["id"], "what": written[r["id"]]["what"]} for r in table
                      if r.get("id") in written and tool["name"] in r.get("used_by", [])]
            if tool["risk"] != "irreversible":
                wanted = []
            if tool.get("unconfirmed", []) != wanted:
                out.append((*at("tools.py", tool["name"]), f"`{tool['name']}` names the unconfirmed contracts "
                                               f"{[u['id'] for u in tool.get('unconfirmed', [])]}, but TABLE "
                                               f"says {[u['id'] for u in wanted]}"))
    return out


def _evidence_counts(table: list[dict], evidence: list[dict], unconfirmed: list[dict]) -> dict:
    """{contract id: how many evidence rows it has} for the rows of `table` that unconfirmed.py does not
    write, and {id: None} for an evidence row of no such contract."""
    written = {row.get("id") for row in unconfirmed}
    counts: dict = {row["id"]: 0 for row in table if row.get("id") not in written}
    for item in evidence:
        cid = item.get("id")
        counts[cid] = None if cid not in counts or counts[cid] is None else counts[cid] + 1
    return counts


def with_evidence(table: list[dict], evidence: list[dict], unconfirmed: list[dict]) -> list[dict]:
    """A site's contract table whole, one row per contract as core/contracts.py describes it (`id, what,
    locators, status, evidence, used_by, where, note`): each row of contracts.py with what evidence.py or
    unconfirmed.py says of it joined in. The docs' and the tests' view; no bundle has it."""
    by_id = {item["id"]: item for item in [*evidence, *unconfirmed]}
    out = []
    for row in table:
        item = by_id.get(row["id"], {"what": "", "evidence": [], "note": ""})
        out.append({"id": row["id"], "what": item["what"], "locators": row["locators"], "status": row["status"],
                    "evidence": item["evidence"], "used_by": row["used_by"], "where": row["where"],
                    "note": item["note"]})
    return out


# --- reading the halves ------------------------------------------------------------------------------

def _tools_aliases(tree: ast.Module, folder: str) -> dict[str, tuple[str, str]]:
    """local name -> (module, symbol), for `from sites.<folder>.ids|tools import SYMBOL [as local]`."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in (f"sites.{folder}.ids", f"sites.{folder}.tools"):
            for alias in node.names:
                aliases[alias.asname or alias.name] = (node.module.rsplit(".", 1)[1], alias.name)
    return aliases


def _handlers(path: Path, folder: str, rel: str):
    """[(kind, symbol or None, line, text)] for each @worker_handler / @tab_handler, in_tab() call and
    @tab_tool function (kind 'tab_tool', text: the function's name; 'tab_tool_misplaced' when it is not
    a top-level function or the decorator takes an argument)."""
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
            elif isinstance(deco, ast.Name) and deco.id == TAB_TOOL:
                kind = TAB_TOOL if node in tree.body else "tab_tool_misplaced"
                found.append((kind, None, deco.lineno, node.name))
            elif isinstance(deco, ast.Call) and isinstance(deco.func, ast.Name) and deco.func.id == TAB_TOOL:
                found.append(("tab_tool_misplaced", None, deco.lineno, node.name))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("in_tab",):
            arg = node.args[1] if len(node.args) > 1 else None
            symbol = aliases.get(arg.id) if isinstance(arg, ast.Name) else None
            found.append(("in_tab", symbol, node.lineno, ast.unparse(arg) if arg is not None else ""))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("worker_handler", "tab_handler", TAB_TOOL) and not _is_decorator(node, tree):
            found.append(("bare", None, node.lineno, node.func.id))
    return found


def tab_tool_functions(src_dir: Path, folder: str) -> list[tuple[str, Path, int]]:
    """(function name, file, line) for every top-level `@tab_tool` function of a site's tab half."""
    out = []
    for path, half in half_files(Path(src_dir), folder):
        if half == "tab":
            out.extend((text, path, line) for kind, _, line, text in _handlers(path, folder, "") if kind == TAB_TOOL)
    return out


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
    tab_tool_sites = {decl["name"]: folder for folder, site in sites.items() for sdict in site.sites
                      for decl in sdict["tools"] if decl.get("runs_in") == "tab"}
    registering: dict[Path, tuple[str, int]] = {}       # a file whose import registers handlers -> (half, line)
    for folder, site in sites.items():
        if "worker" in site.halves and folder not in worker_registered:
            problems.append(_violation(rel(src_dir / WORKER_REGISTRY), 1, "SA701", folder))
        if "tab" in site.halves and folder not in tab_registered:
            problems.append(_violation(rel(src_dir / TAB_REGISTRY), 1, "SA702", folder))
        for path, line, message in contract_split_problems(folder, site):
            problems.append(_violation(path, line, "SA711", message))
        by_name = {decl["name"]: decl for sdict in site.sites for decl in sdict["tools"]}
        by_name.update({step["name"]: step for step in site.steps})
        handled: dict[str, list[tuple[str, str, int]]] = {}
        for half, paths in site.halves.items():
            for path in paths:
                for kind, symbol, line, text in _handlers(path, folder, rel(path)):
                    if kind in ("tab_handler", "worker_handler"):
                        registering.setdefault(path, (half, line))
                    if kind == "bare":
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`{text}` used outside a decorator: the verifier cannot see it"))
                        continue
                    if kind == "tab_tool_misplaced":
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`@tab_tool` on `{text}`: a tab tool's handler is a top-level function "
                                                   "of the tab half, named as the tool, and the decorator takes no argument"))
                        continue
                    if kind == TAB_TOOL:
                        decl = by_name.get(text)
                        if decl is None or decl.get("step"):
                            elsewhere = tab_tool_sites.get(text)
                            problems.append(_violation(rel(path), line, "SA705",
                                                       f"`@tab_tool` function `{text}` names no tool declared in "
                                                       f"sites/{folder}/tools.py" + (f" (it is a tool of sites/{elsewhere}/)"
                                                                                     if elsewhere else "")))
                        elif decl.get("runs_in") != "tab" or half != "tab":
                            problems.append(_violation(rel(path), line, "SA704",
                                                       f"`{text}`: @tab_tool in the {half} half, but tools.py declares it "
                                                       f"to run in the {decl.get('runs_in')} half"))
                        else:
                            handled.setdefault(text, []).append(("tab", rel(path), line))
                        continue
                    module, name = symbol if symbol else (None, None)
                    value = (site.names if module == "ids" else site.declarations).get(name) if module else None
                    decl = by_name.get(value["name"]) if isinstance(value, dict) and "name" in value else None
                    if decl is None:
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`{text}` is not a tool or step named in sites/{folder}/ids.py "
                                                   f"or declared in sites/{folder}/tools.py"))
                        continue
                    if kind == "tab_handler" and not decl.get("step"):
                        problems.append(_violation(rel(path), line, "SA705",
                                                   f"`@tab_handler({text})`: `{decl['name']}` is a tool, not a step: its "
                                                   f"handler is a top-level function named `{decl['name']}`, marked `@tab_tool`"))
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
            steps = [step for step in site.steps if step["site"] == sdict["id"]]
            for decl in sdict["tools"] + steps:
                name = decl["name"]
                if name in seen_names:
                    problems.append(_violation(rel(site.tools_path), _line_of(site.tools_path, name), "SA706",
                                               f"tool name `{name}` is declared more than once"
                                               + (f" (also in sites/{seen_names[name]}/)" if seen_names[name] != folder
                                                  else "")))
                seen_names[name] = folder
                if decl.get("public", False) and not decl.get("step"):
                    public.add(name)
                runs = "tab" if decl.get("step") else decl.get("runs_in")
                got = handled.get(name, [])
                if not got:
                    where = site.tools_path if not decl.get("step") else site.tools_path.with_name(IDS)
                    problems.append(_violation(rel(where), _line_of(where, name), "SA703",
                                               f"`{name}` is declared to run in the {runs} half but has no handler"
                                               + (f" (a top-level `@tab_tool` function `{name}` in the site's tab half)"
                                                  if runs == "tab" and not decl.get("step") else "")))
                elif len(got) > 1 or got[0][0] != runs:
                    where = ", ".join(f"{p}:{ln}" for _, p, ln in got)
                    problems.append(_violation(got[0][1], got[0][2], "SA704",
                                               f"`{name}` (runs in the {runs} half) has handlers at {where}"))
    problems.extend(_unreached(src_dir, sites, registering, rel))
    for name in public_allowlist or []:
        if name not in public:
            problems.append(_violation("siteagent.toml", 1, "SA707", name))
    return sorted(problems, key=lambda v: (v.path, v.line, v.code, v.message))


def _unreached(src_dir: Path, sites: dict, registering: dict[Path, tuple[str, int]], rel) -> list[Violation]:
    """SA701/SA702 for a file of a site's halves (a room's included) that registers handlers by being
    imported (`@worker_handler`, `@tab_handler`) but that its entry never imports, directly or through
    the site's other files of that half (test-switched imports count): its handlers would never run. A
    half file is imported only by its entry or by files of the same half (the checker's layers), so the
    search stays within them. A tab tool's function is reached through the build's table (tabtools)."""
    from .transpile import imports_of
    entries = {"worker": ("SA701", "entries/background.py", WORKER_REGISTRY), "tab": ("SA702", "entries/content.py", TAB_REGISTRY)}
    out = []
    for half, (code, entry, registry) in entries.items():
        files = {".".join(path.relative_to(src_dir).with_suffix("").parts): path
                 for site in sites.values() for path in site.halves.get(half, [])}
        roots = [src_dir / registry, src_dir / entry]
        if not any(path.is_file() for path in roots):
            continue
        seen: set[str] = set()
        stack = [name for path in roots if path.is_file() for name in imports_of(path) if name in files]
        while stack:
            name = stack.pop()
            if name not in seen:
                seen.add(name)
                stack.extend(dep for dep in imports_of(files[name]) if dep in files)
        for module, path in sorted(files.items()):
            if path in registering and module not in seen:
                out.append(Violation(rel(path), registering[path][1], 1, code,
                                     f"{rel(path)} registers {half}-half handlers, but {entry} never imports it (directly "
                                     "or through the modules it imports): they would never run",
                                     f"import it from the site's {half}.py (`from {module.rsplit('.', 1)[0]} import "
                                     f"{module.rsplit('.', 1)[1]}`) or from {registry}"))
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


# --- the tab's table of tools, derived at build time ------------------------------------------------

def tab_tool_table(src_dir: Path, test_build: bool) -> list[tuple[str, str, str]]:
    """(tool name, site id, module) for each tab tool of a build, in catalogue order: its declaration
    in tools.py (runs='tab') and the tab-half module whose top-level `@tab_tool` function bears its name."""
    src_dir = Path(src_dir)
    if not (src_dir / WORKER_REGISTRY).is_file():
        return []                               # a tree without sites (a toolchain test's project)
    found: dict[str, list[Path]] = {}
    for folder in site_folders(src_dir):
        for name, path, _ in tab_tool_functions(src_dir, folder):
            found.setdefault(name, []).append(path)
    out = []
    for decl in catalogue(src_dir, test_build):
        if decl.get("runs_in") != "tab":
            continue
        paths = found.get(decl["name"], [])
        if len(paths) != 1:
            from .errors import BuildError
            raise BuildError(f"tab tool `{decl['name']}` has {len(paths)} `@tab_tool` functions, not one",
                             code="SA703" if not paths else "SA704",
                             hint="run `siteagent check`: a tab tool's handler is one top-level function named as the "
                                  "tool, marked `@tab_tool`, in its site's tab half")
        module = ".".join(paths[0].relative_to(src_dir).with_suffix("").parts)
        out.append((decl["name"], decl["site"], module))
    return out


def tab_tools_module(src_dir: Path, test_build: bool) -> str:
    """The generated module `tabtools` (content.js imports it; sites/kit/tab.py `run` reads it): each tab
    tool's name -> [its site's id, its `@tab_tool` function]. Derived from the declarations and the tab
    halves; written by no one, so nothing names a tab tool twice."""
    table = tab_tool_table(src_dir, test_build)
    by_module: dict[str, list[str]] = {}
    for name, _, module in table:
        by_module.setdefault(module, []).append(name)
    lines = ["# Generated by siteagent build from the sites' tools.py (runs='tab') and their @tab_tool functions;",
             "# do not edit (buildtool/sites.py tab_tools_module).",
             '"""The tab\'s table of tools: each tab tool\'s name -> [its site\'s id, its handler]."""']
    lines += [f"from {module} import {', '.join(names)}" for module, names in by_module.items()]
    rows = "".join(f"\n    {name!r}: [{site!r}, {name}]," for name, site, _ in table)
    lines.append("TOOLS = {" + rows + ("\n" if rows else "") + "}")
    return "\n".join(lines) + "\n"
