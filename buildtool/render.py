"""Jinja rendering of manifest.json and the extension's HTML pages, plus static assets."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jinja2
import jsonschema

from .config import Config, load_schema
from .errors import BuildError

ICON_SIZES = (16, 32, 48, 128)


def origin_to_match_pattern(origin: str) -> str:
    """`https://host[:port]` or `http://localhost:*` -> a match pattern (ports are not part of patterns)."""
    scheme, _, rest = origin.partition("://")
    host = rest.split(":")[0]
    return f"{scheme}://{host}/*"


def environment(templates_dir: Path) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir)),
                              undefined=jinja2.StrictUndefined, autoescape=jinja2.select_autoescape(["html", "j2"]),
                              keep_trailing_newline=True)


def template_error(exc: Exception, templates_dir: Path, name: str) -> BuildError:
    if isinstance(exc, jinja2.TemplateSyntaxError):
        path = exc.filename or str(templates_dir / (exc.name or name))
        return BuildError(f"template syntax error: {exc.message}", path=path, line=exc.lineno,
                          code="template_error", hint="fix the Jinja syntax")
    if isinstance(exc, jinja2.TemplateNotFound):
        return BuildError(f"template not found: {exc.name}", path=str(templates_dir / str(exc.name)),
                          code="template_error", hint="restore the template or fix the include")
    if isinstance(exc, jinja2.UndefinedError):
        return BuildError(f"template uses an undefined value: {exc.message}", path=str(templates_dir / name),
                          code="template_error", hint="check the variable names the template uses")
    return BuildError(f"template failed: {exc}", path=str(templates_dir / name), code="template_error")


def render_template(env: jinja2.Environment, name: str, context: dict) -> str:
    try:
        return env.get_template(name).render(**context)
    except jinja2.TemplateError as exc:
        raise template_error(exc, Path(env.loader.searchpath[0]), name) from None


def manifest_context(config: Config, *, content_entry: str, pages: list[str]) -> dict:
    trusted = sorted({origin_to_match_pattern(o) for o in config.trusted_origins})
    required_hosts = list(trusted)
    optional_hosts = list(config.optional_hosts)
    if config.grant_optional_hosts:
        required_hosts += optional_hosts
        optional_hosts = []
    permissions = list(config.required_permissions)
    optional_permissions = list(config.optional_permissions)
    if config.grant_optional_permissions:   # test builds: no prompt can be answered headless
        permissions += optional_permissions
        optional_permissions = []
    return {"config": config, "trusted_patterns": trusted, "host_permissions": required_hosts,
            "optional_host_permissions": optional_hosts, "permissions": permissions,
            "optional_permissions": optional_permissions,
            "icon_sizes": ICON_SIZES, "content_entry": content_entry, "pages": pages}


def render_manifest(env: jinja2.Environment, context: dict) -> dict:
    text = render_template(env, "manifest.json.j2", context)
    try:
        manifest = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BuildError(f"manifest.json.j2 renders invalid JSON: {exc.msg}",
                         path=str(Path(env.loader.searchpath[0]) / "manifest.json.j2"), line=exc.lineno,
                         col=exc.colno, code="template_error") from None
    validate_manifest(manifest)
    return manifest


def validate_manifest(manifest: dict) -> None:
    validator = jsonschema.Draft202012Validator(load_schema("manifest.schema.json"))
    errors = sorted(validator.iter_errors(manifest), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        key = ".".join(str(p) for p in err.absolute_path) or "(top level)"
        raise BuildError(f"generated manifest is invalid at '{key}': {err.message}", key=f"manifest.{key}",
                         code="bad_manifest", hint="check templates/manifest.json.j2 and siteagent.toml")


def write_manifest(manifest: dict, out: Path) -> None:
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=False) + "\n", "utf-8")


def copy_assets(templates_dir: Path, out: Path) -> list[Path]:
    copied = []
    for rel in ["theme.css", *[f"icons/icon-{size}.png" for size in ICON_SIZES]]:
        src = templates_dir / rel
        if not src.is_file():
            raise BuildError(f"asset missing: {rel}", path=str(src), code="missing_asset")
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        copied.append(dest)
    return copied


def render_pages(env: jinja2.Environment, pages: dict[str, str], context: dict, out: Path) -> None:
    """pages: output html name -> template name."""
    for html, template in pages.items():
        (out / html).write_text(render_template(env, template, context), "utf-8")


_SCRIPT_SRC = re.compile(r"<script[^>]*\bsrc=\"([^\"]+)\"")


def page_scripts(html: str) -> list[str]:
    return _SCRIPT_SRC.findall(html)
