"""Load and validate siteagent.toml, then resolve one build profile."""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import jsonschema

from .errors import BuildError

PROFILES = ("dev", "release", "test")
DEFAULT_PAGE_SOURCE = "portfolio-chat"
DEFAULT_EXTENSION_SOURCE = "portfolio-ext"
DEFAULT_REQUIRED = ["storage", "scripting", "tabs"]
DEFAULT_RUNTIME = {"tab_timeout_ms": 15000, "approval_timeout_ms": 60000, "max_message_bytes": 262144}
DEFAULT_LIVE_RELOAD_PORT = 35729
DEFAULT_HEALTH_PERIOD_MINUTES = 30
DEFAULT_SIGNING = {"enabled": False, "alg": "ES256", "public_key": "", "issuer": None}
DEFAULT_RULES = {"rule_of_two": False, "max_recipients": 20,
                 "rate_limits": {"per_origin": {"max": 120, "window_s": 60},
                                 "per_tool": {"max": 60, "window_s": 60}, "tools": {}},
                 "sinks": {}}
PUBLIC_KEY_BYTES = {"ES256": 65, "EdDSA": 32}
DEFAULT_CLIENT_PACKAGE = "site-agent-client"


def load_schema(name: str) -> dict:
    return json.loads(resources.files("buildtool").joinpath("schemas", name).read_text("utf-8"))


@dataclass(frozen=True)
class Config:
    profile: str
    name: str
    version: str
    description: str
    min_chrome: int
    page_source: str
    extension_source: str
    trusted_origins: tuple[str, ...]
    required_permissions: tuple[str, ...]
    optional_hosts: tuple[str, ...]
    runtime: dict = field(default_factory=dict)
    minify: bool = False
    sourcemaps: bool = True
    live_reload: bool = False
    live_reload_port: int = DEFAULT_LIVE_RELOAD_PORT
    grant_optional_hosts: bool = False
    optional_permissions: tuple[str, ...] = ()
    grant_optional_permissions: bool = False
    test_adapter: bool = False
    public_tools: tuple[str, ...] | None = None
    health_period_minutes: float = DEFAULT_HEALTH_PERIOD_MINUTES
    signing: dict = field(default_factory=lambda: dict(DEFAULT_SIGNING))
    rules: dict = field(default_factory=lambda: json.loads(json.dumps(DEFAULT_RULES)))
    client_package: str = DEFAULT_CLIENT_PACKAGE
    panel_backend: dict | None = None

    def runtime_constants(self) -> dict:
        """The values baked into the built JS (siteagent_src/core/buildinfo)."""
        return {
            "name": self.name,
            "version": self.version,
            "profile": self.profile,
            "page_source": self.page_source,
            "extension_source": self.extension_source,
            "trusted_origins": list(self.trusted_origins),
            "optional_hosts": list(self.optional_hosts),
            "tab_timeout_ms": self.runtime["tab_timeout_ms"],
            "approval_timeout_ms": self.runtime["approval_timeout_ms"],
            "max_message_bytes": self.runtime["max_message_bytes"],
            "live_reload_port": self.live_reload_port if self.live_reload else 0,
            "test_adapter": self.test_adapter,
            "public_tools": list(self.public_tools) if self.public_tools is not None else None,
            "health_period_minutes": self.health_period_minutes,
            "signing": dict(self.signing),
            "rules": json.loads(json.dumps(self.rules)),
            "panel_backend": dict(self.panel_backend) if self.panel_backend else None,
        }


def _key_path(error: jsonschema.ValidationError) -> str:
    parts = [str(p) for p in error.absolute_path]
    if error.validator == "additionalProperties":
        extra = re.findall(r"'([^']+)' was unexpected", error.message)
        if extra:
            parts.append(extra[0])
    return ".".join(parts) or "(top level)"


def _line_of(text: str, key_path: str) -> int | None:
    leaf = key_path.split(".")[-1]
    if not leaf or leaf.isdigit():
        leaf = key_path.split(".")[-2] if "." in key_path else leaf
    pattern = re.compile(rf"^\s*(\[\s*)?[\w.\"-]*\b{re.escape(leaf)}\b")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


def _describe(error: jsonschema.ValidationError, key: str) -> str:
    if error.validator == "additionalProperties":
        return f"unknown key '{key}'"
    if error.validator == "pattern" and "origin" in str(error.schema_path) or (
            error.validator == "pattern" and "trusted_origins" in key):
        return f"malformed origin {error.instance!r} (expected https://host[:port] or http://localhost[:port|*])"
    if error.validator == "pattern" and key.endswith("version"):
        return f"bad version string {error.instance!r} (expected 1 to 4 dot-separated integers, e.g. 1.2.3)"
    if error.validator == "pattern" and "optional_hosts" in key:
        return f"bad host pattern {error.instance!r} (expected https://host/*)"
    return error.message


def validate_raw(data: dict, source: Path, text: str = "") -> None:
    validator = jsonschema.Draft202012Validator(load_schema("config.schema.json"))
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(list(e.absolute_path)), e.message))
    if errors:
        err = errors[0]
        key = _key_path(err)
        raise BuildError(_describe(err, key), path=str(source), line=_line_of(text, key), key=key,
                         hint=f"fix '{key}' in {source.name}", code="bad_config")


def read_config(source: Path) -> dict:
    if not source.is_file():
        raise BuildError(f"{source.name} not found", path=str(source), code="bad_config",
                         hint="create it at the project root")
    text = source.read_text("utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+), column (\d+)", str(exc))
        raise BuildError(f"TOML syntax error: {exc}", path=str(source),
                         line=int(match.group(1)) if match else None,
                         col=int(match.group(2)) if match else None, code="bad_config") from None
    validate_raw(data, source, text)
    return data


def resolve(data: dict, profile: str, source: Path = Path("siteagent.toml")) -> Config:
    if profile not in PROFILES:
        raise BuildError(f"unknown profile '{profile}'", key="profiles", hint=f"use one of {', '.join(PROFILES)}")
    ext, bridge, perms = data["extension"], data["bridge"], data.get("permissions", {})
    prof = data.get("profiles", {}).get(profile, {})
    origins = list(bridge["trusted_origins"]) + [o for o in prof.get("extra_trusted_origins", [])
                                                 if o not in bridge["trusted_origins"]]
    if profile == "release" and not prof.get("allow_localhost", False):
        local = [o for o in origins if o.startswith("http://")]
        if local:
            raise BuildError(f"release profile trusts local origin {local[0]}", path=str(source),
                             key="bridge.trusted_origins", code="bad_config",
                             hint="set profiles.release.allow_localhost = true if this is intended")
    runtime = {**DEFAULT_RUNTIME, **data.get("runtime", {}), **prof.get("runtime", {})}
    return Config(
        profile=profile,
        name=ext["name"],
        version=ext["version"],
        description=ext["description"],
        min_chrome=ext.get("min_chrome", 110),
        page_source=bridge.get("page_source", DEFAULT_PAGE_SOURCE),
        extension_source=bridge.get("extension_source", DEFAULT_EXTENSION_SOURCE),
        trusted_origins=tuple(origins),
        required_permissions=tuple(perms.get("required", DEFAULT_REQUIRED)),
        optional_hosts=tuple(perms.get("optional_hosts", [])),
        runtime=runtime,
        minify=prof.get("minify", profile == "release"),
        sourcemaps=prof.get("sourcemaps", profile != "release"),
        live_reload=prof.get("live_reload", profile == "dev"),
        live_reload_port=prof.get("live_reload_port", DEFAULT_LIVE_RELOAD_PORT),
        grant_optional_hosts=prof.get("grant_optional_hosts", False),
        optional_permissions=tuple(perms.get("optional", [])),
        grant_optional_permissions=prof.get("grant_optional_permissions", False),
        test_adapter=prof.get("test_adapter", False),
        public_tools=tuple(bridge["public_tools"]) if "public_tools" in bridge else None,
        health_period_minutes=data.get("health", {}).get("period_minutes", DEFAULT_HEALTH_PERIOD_MINUTES),
        signing=resolve_signing(data, prof, source),
        rules=resolve_rules(data, prof),
        client_package=data.get("client", {}).get("package_name", DEFAULT_CLIENT_PACKAGE),
        panel_backend=resolve_panel_backend(data, origins, source),
    )


def _origin_matches(origin: str, pattern: str) -> bool:
    """An origin against a trusted-origin entry (exact, or `scheme://host:*` for any port)."""
    if pattern.endswith(":*"):
        return origin == pattern[:-2] or origin.startswith(pattern[:-1]) and origin[len(pattern) - 1:].isdigit()
    return origin == pattern


def resolve_panel_backend(data: dict, origins: list[str], source: Path) -> dict | None:
    """[panel] backend_url: "the chatbot's backend", which must live on a trusted chatbot origin."""
    panel = data.get("panel", {})
    url = panel.get("backend_url", "")
    if not url:
        return None
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    if parts.scheme != "https" and parts.hostname not in ("localhost", "127.0.0.1"):
        raise BuildError(f"panel.backend_url must use https (got {url})", path=str(source), key="panel.backend_url",
                         code="bad_config", hint="only a localhost backend may use http")
    if not any(_origin_matches(origin, pattern) for pattern in origins):
        raise BuildError(f"panel.backend_url is on {origin}, which is not a trusted origin", path=str(source),
                         key="panel.backend_url", code="bad_config",
                         hint="the chatbot's backend must be on one of bridge.trusted_origins")
    return {"url": url, "model": panel.get("backend_model", ""),
            "label": panel.get("backend_label", "The chatbot's backend")}


def resolve_signing(data: dict, prof: dict, source: Path) -> dict:
    signing = {**DEFAULT_SIGNING, **data.get("signing", {}), **prof.get("signing", {})}
    if signing["enabled"]:
        import base64
        key = signing["public_key"]
        try:
            raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4)) if key else b""
        except ValueError:
            raw = b""
        want = PUBLIC_KEY_BYTES[signing["alg"]]
        if len(raw) != want or (signing["alg"] == "ES256" and raw[:1] != b"\x04"):
            raise BuildError(f"signing is enabled but public_key is not a base64url {want}-byte {signing['alg']} key",
                             path=str(source), key="signing.public_key", code="bad_config",
                             hint="run `siteagent token --keygen --out DIR` and paste the public_key it prints")
    return signing


def resolve_rules(data: dict, prof: dict) -> dict:
    """Defaults, then [rules], then profiles.<p>.rules; rate limits and sinks merge key by key."""
    rules = json.loads(json.dumps(DEFAULT_RULES))
    for layer in (data.get("rules", {}), prof.get("rules", {})):
        for key in ("rule_of_two", "max_recipients"):
            if key in layer:
                rules[key] = layer[key]
        limits = layer.get("rate_limits", {})
        for key in ("per_origin", "per_tool"):
            if key in limits:
                rules["rate_limits"][key] = dict(limits[key])
        rules["rate_limits"]["tools"].update(limits.get("tools", {}))
        for sink, values in layer.get("sinks", {}).items():
            rules["sinks"][sink] = {**rules["sinks"].get(sink, {}), **values}
    return rules


def load_config(source: Path, profile: str = "dev") -> Config:
    return resolve(read_config(source), profile, source)
