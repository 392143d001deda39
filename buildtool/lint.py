"""Security lint over a built extension; any finding fails the build.

- the extension-pages CSP allows no `unsafe-eval`/`unsafe-inline` and no remote script hosts;
- no built JS calls `postMessage(..., "*")`;
- approve.html and console.html are not web-accessible;
- host_permissions hold only the trusted origins; Google and wildcard hosts are optional.
  Profile-aware: a profile with `grant_optional_hosts` (the TEST profile: automation cannot answer
  the permission prompt) may also list its configured optional hosts as required;
- permissions stay within the minimal set, and nothing is externally connectable.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError

MINIMAL_PERMISSIONS = {"storage", "scripting", "tabs", "alarms", "sidePanel", "tabGroups"}
# Optional API permissions asked for at run time, under the user's click: nativeMessaging when the
# user turns MCP on (the MCP link, siteagent_runtime/). Test builds grant it up front.
OPTIONAL_PERMISSIONS = {"nativeMessaging"}
PRIVATE_PAGES = ("approve.html", "console.html")
_SCRIPT_DIRECTIVES = ("script-src", "script-src-elem", "script-src-attr", "worker-src", "default-src")
_SAFE_SCRIPT_SOURCES = {"'self'", "'none'", "'wasm-unsafe-eval'"}


@dataclass(frozen=True)
class Finding:
    rule: str
    where: str
    message: str

    def format(self) -> str:
        return f"{self.where}: [{self.rule}] {self.message}"


def _origin_pattern(origin: str) -> str:
    scheme, _, rest = origin.partition("://")
    return f"{scheme}://{rest.split(':')[0]}/*"


def lint_csp(manifest: dict) -> list[Finding]:
    out = []
    csp = manifest.get("content_security_policy", {})
    if isinstance(csp, str) or not isinstance(csp, dict):
        return [Finding("csp", "manifest.json", "content_security_policy must be an object (MV3)")]
    for key, policy in csp.items():
        for directive in str(policy).split(";"):
            parts = directive.split()
            if not parts:
                continue
            name, sources = parts[0].lower(), parts[1:]
            if name not in _SCRIPT_DIRECTIVES:
                continue
            for src in sources:
                low = src.lower()
                if low in ("'unsafe-eval'", "'unsafe-inline'", "'unsafe-hashes'", "'strict-dynamic'"):
                    out.append(Finding("csp", f"manifest.json content_security_policy.{key}",
                                       f"{name} allows {src}"))
                elif low not in _SAFE_SCRIPT_SOURCES:
                    out.append(Finding("csp", f"manifest.json content_security_policy.{key}",
                                       f"{name} allows script source {src} (only 'self' is allowed)"))
    return out


def _code(text: str, start: int = 0):
    """(index, char) for each character from start that is outside string literals."""
    i, quote = start, None
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'`":
            quote = ch
        else:
            yield i, ch
        i += 1


def _call_args(text: str, start: int) -> str | None:
    """The text between the parentheses opening at text[start] (parentheses inside strings do not count)."""
    depth = 0
    for i, ch in _code(text, start):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    return None


def _last_top_level_arg(args: str) -> str:
    depth, last = 0, 0
    for i, ch in _code(args):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            last = i + 1
    return args[last:].strip()


_POST = re.compile(r"\bpostMessage\s*\(")
_STAR = re.compile(r"""^(["'`])\*\1$""")
_STAR_OPTS = re.compile(r"""targetOrigin\s*:\s*(["'`])\*\1""")


def lint_post_message(js_files: list[Path], root: Path) -> list[Finding]:
    out = []
    for path in js_files:
        text = path.read_text("utf-8", errors="replace")
        for match in _POST.finditer(text):
            args = _call_args(text, match.end() - 1)
            if args is None:
                continue
            last = _last_top_level_arg(args)
            if _STAR.match(last) or _STAR_OPTS.search(last):
                line = text.count("\n", 0, match.start()) + 1
                out.append(Finding("postmessage-star", f"{path.relative_to(root)}:{line}",
                                   "postMessage with target origin \"*\" (post to the page's own origin)"))
    return out


def _covers(pattern: str, page: str) -> bool:
    regex = "^" + ".*".join(re.escape(p) for p in pattern.lstrip("/").split("*")) + "$"
    return re.match(regex, page) is not None


def lint_web_accessible(manifest: dict) -> list[Finding]:
    out = []
    for i, entry in enumerate(manifest.get("web_accessible_resources", []) or []):
        for resource in entry.get("resources", []) if isinstance(entry, dict) else []:
            for page in PRIVATE_PAGES:
                if _covers(str(resource), page):
                    out.append(Finding("web-accessible", f"manifest.json web_accessible_resources[{i}]",
                                       f"{resource!r} makes {page} web-accessible"))
    return out


def lint_hosts(manifest: dict, config) -> list[Finding]:
    out = []
    trusted = {_origin_pattern(o) for o in config.trusted_origins}
    optional_cfg = set(config.optional_hosts)
    allowed_required = trusted | (optional_cfg if config.grant_optional_hosts else set())
    for host in manifest.get("host_permissions", []):
        if host not in allowed_required:
            why = ("is optional and must not be required" if host in optional_cfg
                   else "is not a trusted origin")
            out.append(Finding("host-permissions", "manifest.json host_permissions", f"{host} {why}"))
    for host in manifest.get("optional_host_permissions", []):
        if host not in optional_cfg:
            out.append(Finding("host-permissions", "manifest.json optional_host_permissions",
                               f"{host} is not in siteagent.toml permissions.optional_hosts"))
    if not config.grant_optional_hosts:
        missing = optional_cfg - set(manifest.get("optional_host_permissions", []))
        for host in sorted(missing):
            out.append(Finding("host-permissions", "manifest.json optional_host_permissions",
                               f"{host} should be optional"))
    for i, script in enumerate(manifest.get("content_scripts", [])):
        if "bridge.js" in script.get("js", []):
            extra = set(script.get("matches", [])) - trusted
            if extra:
                out.append(Finding("host-permissions", f"manifest.json content_scripts[{i}]",
                                   f"the bridge runs on untrusted patterns {sorted(extra)}"))
            if script.get("all_frames"):
                out.append(Finding("host-permissions", f"manifest.json content_scripts[{i}]",
                                   "the bridge must run in the top frame only (all_frames false)"))
    return out


def lint_permissions(manifest: dict, config=None) -> list[Finding]:
    out = []
    granted_optional = getattr(config, "grant_optional_permissions", False) if config is not None else False
    for perm in manifest.get("permissions", []):
        if perm not in MINIMAL_PERMISSIONS and not (granted_optional and perm in OPTIONAL_PERMISSIONS):
            out.append(Finding("permissions", "manifest.json permissions",
                               f"{perm!r} is outside the minimal set {sorted(MINIMAL_PERMISSIONS)}"))
    for perm in manifest.get("optional_permissions", []):
        if perm not in OPTIONAL_PERMISSIONS:
            out.append(Finding("permissions", "manifest.json optional_permissions",
                               f"optional permission {perm!r} is not used; only {sorted(OPTIONAL_PERMISSIONS)} is"))
    if "externally_connectable" in manifest:
        out.append(Finding("permissions", "manifest.json externally_connectable",
                           "pages talk to the extension through the bridge only"))
    return out


def lint_dist(dist: Path, config, manifest: dict, extra_js_dirs: tuple[Path, ...] = ()) -> list[Finding]:
    js = sorted(dist.rglob("*.js"))
    for d in extra_js_dirs:
        js += sorted(Path(d).rglob("*.js"))
    root = dist.parent
    return (lint_csp(manifest) + lint_post_message(js, root) + lint_web_accessible(manifest)
            + lint_hosts(manifest, config) + lint_permissions(manifest, config))


def check_dist(dist: Path, config, manifest: dict, extra_js_dirs: tuple[Path, ...] = (), echo=None) -> None:
    """Raise a BuildError (listing every finding) when the lint finds anything."""
    findings = lint_dist(dist, config, manifest, extra_js_dirs)
    if findings:
        if echo:
            for f in findings:
                echo(f.format(), err=True)
        first = findings[0]
        raise BuildError(f"security lint: {len(findings)} finding(s); first: {first.format()}",
                         code="security_lint", hint="see docs/SECURITY.md (build-time lint)")
