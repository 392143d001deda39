"""The docs' generated tables: the tool catalogue (docs/TOOLS.md), the reason codes and the page
tool's verbs (docs/PROTOCOL.md), each made from its one source in siteagent_src/.

`siteagent docs` writes them; every build checks that they are current (SA708, buildtool/sites.py),
so the docs cannot drift from the code.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

from . import sites

MARK = re.compile(r"(<!-- generated:(?P<name>[a-z]+) .*?-->\n)(?P<body>.*?)(<!-- /generated:(?P=name) -->)", re.S)


@dataclass(frozen=True)
class Generated:
    path: str            # relative to the project root
    name: str            # the marker's name
    text: str            # what belongs between the markers


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)\.\s+(?=[A-Z])")


def _first_sentence(text: str) -> str:
    """The description's first sentence (after a leading "Console only." or "Test only.")."""
    text = re.sub(r"^(Console|Test) only\.\s+", "", text)
    cut = _SENTENCE_END.search(text)
    return text if cut is None else text[:cut.start() + 1]


def tools_table(src_dir: Path) -> str:
    release = sites.catalogue(src_dir, False)
    test_only = [t for t in sites.catalogue(src_dir, True) if t.get("test_only")]
    lines = ["| tool | site | risk | runs in | called by | what it does |", "|---|---|---|---|---|---|"]
    for tool in release:
        risk = "judged per call" if tool.get("risk_by") == "dynamic" else tool["risk"]
        caller = "pages and console" if tool.get("public") else "console only"
        lines.append(f"| `{tool['name']}` | {tool['site']} | {risk} | {tool['runs_in']} | {caller} | "
                     f"{_cell(_first_sentence(tool['description']))} |")
    lines.append("")
    lines.append("Test builds (`--profile test`) add: " + ", ".join(f"`{t['name']}`" for t in test_only) + ".")
    return "\n".join(lines) + "\n"


def _module(src_dir: Path, name: str):
    with sites.isolated_imports(src_dir):
        return importlib.import_module(name)


def reasons_table(src_dir: Path) -> str:
    reasons = _module(src_dir, "core.reasons")
    lines = ["| reason | meaning |", "|---|---|"]
    for code, meaning in list(reasons.TABLE) + list(reasons.CLIENT_TABLE):
        lines.append(f"| `{code}` | {_cell(meaning)} |")
    return "\n".join(lines) + "\n"


def verbs_table(src_dir: Path) -> str:
    verbs = _module(src_dir, "sites.page.verbs")
    lines = ["| verb | risk | needs | runs in | what it does |", "|---|---|---|---|---|"]
    for row in verbs.VERBS:
        needs = ", ".join(f"`{n}`" for n in row["needs"]) or "—"
        lines.append(f"| `{row['verb']}` | {row['risk']} | {needs} | {row['runs']} | {_cell(row['doc'])} |")
    return "\n".join(lines) + "\n"


def generated(src_dir: Path) -> list[Generated]:
    return [Generated("docs/TOOLS.md", "tools", tools_table(src_dir)),
            Generated("docs/PROTOCOL.md", "reasons", reasons_table(src_dir)),
            Generated("docs/PROTOCOL.md", "verbs", verbs_table(src_dir))]


def _sections(text: str) -> dict[str, re.Match]:
    return {m.group("name"): m for m in MARK.finditer(text)}


def stale(root: Path, src_dir: Path) -> list[str]:
    """The generated sections that differ from their source ('docs/X.md (name)'); a missing file or
    marker counts as stale."""
    out = []
    for gen in generated(src_dir):
        path = root / gen.path
        found = _sections(path.read_text("utf-8")).get(gen.name) if path.is_file() else None
        if found is None or found.group("body") != gen.text:
            out.append(f"{gen.path} (generated:{gen.name})")
    return out


def write(root: Path, src_dir: Path) -> list[str]:
    """Rewrite every generated section in place; the ones that changed."""
    changed = []
    for gen in generated(src_dir):
        path = root / gen.path
        text = path.read_text("utf-8")
        found = _sections(text).get(gen.name)
        if found is None:
            raise ValueError(f"{gen.path} has no <!-- generated:{gen.name} --> ... <!-- /generated:{gen.name} --> markers")
        if found.group("body") != gen.text:
            text = text[:found.start("body")] + gen.text + text[found.end("body"):]
            path.write_text(text, "utf-8")
            changed.append(f"{gen.path} (generated:{gen.name})")
    return changed
