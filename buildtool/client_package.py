"""dist-client/ as an npm package: package.json, README.md and TypeScript declarations for the ES module.

- The module's public names are its `__all__` (client/siteagent_client.py); the bundle exports exactly
  those through a generated facade, so Transcrypt's module-level helpers stay private.
- `siteagent-client.d.ts` is rendered from templates/client/siteagent-client.d.ts.j2 with the build's
  catalogue (buildtool.catalogue.public_catalogue): a union of tool names and, per tool, its argument
  type from the input schema, so `callTool("gmail_compose_draft", {...})` type-checks and a misspelt
  argument does not.
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import jinja2

from .errors import BuildError
from .render import template_error

MODULE_FILE = "siteagent-client.js"
TYPES_FILE = "siteagent-client.d.ts"
README_FILE = "README.md"
TEMPLATES = "client"

_HINTS = (("readOnlyHint", "read-only"), ("destructiveHint", "destructive"), ("idempotentHint", "idempotent"),
          ("openWorldHint", "open-world"))
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def public_names(module_path: Path) -> list[str] | None:
    """The strings of a module-level `__all__ = [...]`, or None when the module has none."""
    try:
        tree = ast.parse(module_path.read_text("utf-8"))
    except (OSError, SyntaxError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            if not isinstance(node.value, (ast.List, ast.Tuple)) or not all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.value.elts):
                raise BuildError("__all__ must be a list of name strings", path=str(module_path),
                                 line=node.lineno, code="bad_exports")
            return [e.value for e in node.value.elts]
    return None


def write_facade(entry_js: Path, names: list[str], out: Path) -> Path:
    """An ES module that re-exports only `names` from the transpiled client (the bundle's entry)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    target = entry_js.resolve().as_posix()
    out.write_text(f"export {{ {', '.join(names)} }} from {json.dumps(target)};\n", "utf-8")
    return out


# --- JSON Schema -> TypeScript --------------------------------------------------------------------

def _doc(text: str, indent: str) -> list[str]:
    """A JSDoc block (`*/` inside the text cannot end it)."""
    lines = str(text).replace("*/", "*\u2215").splitlines() or [""]
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in lines], f"{indent} */"]


def _key(name: str) -> str:
    return name if _IDENTIFIER.match(name) else json.dumps(name)


def _literal(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def ts_type(schema, indent: str = "", readonly: bool = True) -> str:
    """The TypeScript type of a JSON Schema (the subset tool schemas use, and a little more)."""
    if schema is True or schema == {}:
        return "unknown"
    if not isinstance(schema, dict):
        return "never" if schema is False else "unknown"
    if "const" in schema:
        return _literal(schema["const"])
    if isinstance(schema.get("enum"), list):
        return " | ".join(_literal(v) for v in schema["enum"]) or "never"
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            return " | ".join(f"({ts_type(s, indent, readonly)})" for s in schema[key]) or "never"
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts_type({**schema, "type": k}, indent, readonly) for k in kind) or "never"
    if kind == "string":
        return "string"
    if kind in ("integer", "number"):
        return "number"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    if kind == "array":
        item = ts_type(schema.get("items", True), indent, readonly)
        item = f"({item})" if "|" in item or " " in item.strip() and not item.startswith("{") else item
        return f"{'readonly ' if readonly else ''}{item}[]"
    if kind == "object" or "properties" in schema:
        return _object_type(schema, indent, readonly)
    return "unknown"


def _object_type(schema: dict, indent: str, readonly: bool) -> str:
    props = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    closed = schema.get("additionalProperties") is False
    if not props:
        return "Record<string, never>" if closed else "Record<string, unknown>"
    inner = indent + "  "
    lines = ["{"]
    for name, sub in props.items():
        if isinstance(sub, dict) and sub.get("description"):
            lines.extend(_doc(sub["description"], inner))
        mark = "" if name in required else "?"
        lines.append(f"{inner}{_key(name)}{mark}: {ts_type(sub, inner, readonly)};")
    extra = schema.get("additionalProperties")
    if not closed and extra is not None:
        lines.append(f"{inner}[key: string]: {ts_type(extra, inner, readonly) if isinstance(extra, dict) else 'unknown'};")
    lines.append(indent + "}")
    return "\n".join(lines)


def tool_entries(catalogue: list[dict]) -> list[dict]:
    """What the declarations template needs per tool: name, doc lines and the argument type."""
    out = []
    for tool in catalogue:
        schema = tool.get("inputSchema") or {"type": "object"}
        ann = tool.get("annotations") or {}
        hints = ", ".join(label for key, label in _HINTS if ann.get(key))
        doc = f"{tool.get('description', '')}\n\nrisk: {tool.get('risk')}" + (f"; {hints}" if hints else "")
        out.append({"name": tool["name"], "key": _key(tool["name"]), "doc": _doc(doc, "  "),
                    "args": ts_type(schema, "  "), "risk": tool.get("risk"), "hints": hints})
    return out


def reason_codes(src_dir: Path) -> list[str]:
    """Every reason code of core/reasons.py (the extension's TABLE, then the client's CLIENT_TABLE)."""
    from .sites import isolated_imports
    import importlib
    if not (Path(src_dir) / "core" / "reasons.py").is_file():
        return []
    with isolated_imports(Path(src_dir)):
        reasons = importlib.import_module("core.reasons")
        return [row[0] for row in list(reasons.TABLE) + list(reasons.CLIENT_TABLE)]


# --- the package ----------------------------------------------------------------------------------

def package_json(config, files: list[str]) -> dict:
    return {
        "name": config.client_package,
        "version": config.version,
        "description": (f"The chatbot's side of {config.name}: call the extension's browser tools from your page, "
                        "in OpenAI, Anthropic, Gemini or MCP tool format, with a safe tool loop."),
        "type": "module",
        "main": f"./{MODULE_FILE}",
        "types": f"./{TYPES_FILE}",
        "exports": {
            ".": {"types": f"./{TYPES_FILE}", "default": f"./{MODULE_FILE}"},
            "./package.json": "./package.json",
        },
        "files": files,
        "sideEffects": True,
        "keywords": ["site-agent", "browser-extension", "tools", "function-calling", "mcp", "openai", "anthropic",
                     "gemini", "agent"],
        "license": "UNLICENSED",
    }


def write_package(app, config, catalogue: list[dict], out: Path, exports: list[str] | None) -> list[str]:
    """Write package.json, README.md and the declarations next to the bundled module; returns the
    package's file list (what `npm pack` puts in the tarball besides package.json)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(app.templates_dir)), undefined=jinja2.StrictUndefined,
                             autoescape=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    context = {"config": config, "tools": tool_entries(catalogue), "catalogue": catalogue,
               "reasons": reason_codes(app.src_dir), "exports": exports or [],
               "module_file": MODULE_FILE, "types_file": TYPES_FILE}
    for name in (TYPES_FILE, README_FILE):
        template = f"{TEMPLATES}/{name}.j2"
        try:
            text = env.get_template(template).render(context)
        except jinja2.TemplateError as exc:
            raise template_error(exc, Path(app.templates_dir), template) from None
        (out / name).write_text(text, "utf-8")
    files = [MODULE_FILE, TYPES_FILE, README_FILE]
    if (out / f"{MODULE_FILE}.map").is_file():
        files.insert(1, f"{MODULE_FILE}.map")
    (out / "package.json").write_text(json.dumps(package_json(config, files), indent=2) + "\n", "utf-8")
    return files
