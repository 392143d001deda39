"""`siteagent release`: build the release profile, check it, package, sign, CRX3, install page.

Everything lands in `release/<version>/`:
    site-agent.zip  site-agent.json  site-agent.zip.sig  site-agent.crx  install.html
The Ed25519 public key is pinned as `release/signing.pub` (written on the first release, then
checked on every later one so a release signed with a different key fails loudly).
"""
from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from . import crx as crxmod
from . import sign
from .crx import pin_manifest_key  # noqa: F401  (re-exported for build.py)
from .errors import BuildError

ZIP, SIDECAR, SIG, CRX, PAGE = "site-agent.zip", "site-agent.json", "site-agent.zip.sig", "site-agent.crx", "install.html"
OUTPUTS = (ZIP, SIDECAR, SIG, CRX, PAGE)
ICON_SIZES = ("16", "32", "48", "128")
MAX_DESCRIPTION = 132
INTENDED = re.compile(r"^(manifest\.json|_locales/.+|LICENSE[^/]*|NOTICE[^/]*)$")
TEXT_SUFFIXES = (".json", ".js", ".mjs", ".html", ".css", ".svg")

# Chrome's install/update prompt lines for API permissions (developer.chrome.com "permission warnings").
PERMISSION_WARNINGS = {
    "bookmarks": "Read and change your bookmarks", "clipboardRead": "Read data you copy and paste",
    "clipboardWrite": "Modify data you copy and paste",
    "contentSettings": "Change your settings that control websites' access to cookies, JavaScript, camera and more",
    "debugger": "Access the page debugger backend; read and change all your data on all websites",
    "declarativeNetRequest": "Block content on any page", "declarativeNetRequestFeedback": "Read your browsing history",
    "desktopCapture": "Capture content of your screen", "downloads": "Manage your downloads",
    "favicon": "Read the icons of the websites you visit", "geolocation": "Detect your physical location",
    "history": "Read and change your browsing history on all your signed-in devices",
    "identity.email": "Know your email address", "management": "Manage your apps, extensions, and themes",
    "nativeMessaging": "Communicate with cooperating native applications", "notifications": "Display notifications",
    "pageCapture": "Read and change all your data on all websites", "privacy": "Change your privacy-related settings",
    "proxy": "Read and change all your data on all websites", "readingList": "Read and change entries in the reading list",
    "sessions": "Read your browsing history on all your signed-in devices",
    "system.storage": "Identify and eject storage devices", "tabCapture": "Read and change all your data on all websites",
    "tabGroups": "View and manage your tab groups", "tabs": "Read your browsing history",
    "topSites": "Read a list of your most frequently visited websites",
    "ttsEngine": "Read all text spoken using synthesized speech", "webNavigation": "Read your browsing history",
    "webAuthenticationProxy": "Read and change all your data on all websites",
}
# Why Site Agent asks, for the install page.
PERMISSION_WHY = {
    "storage": "Keeps your settings and the approval log on this device.",
    "scripting": "Runs Site Agent's page helpers in tabs you allowed, so it can read and act on the page the chatbot asks about.",
    "tabs": "Finds or opens the tab a task needs (for example your Gmail tab) and reads its address.",
}
HOST_WHY = {
    "mail.google.com": "Gmail: read and draft mail when you ask. Asked the first time you use it.",
    "calendar.google.com": "Google Calendar: look up and create events. Asked the first time you use it.",
    "meet.google.com": "Google Meet: join or start meetings. Asked the first time you use it.",
}


# --- versions and previous releases ----------------------------------------------------------

def parse_version(text: str) -> tuple[int, ...] | None:
    return tuple(int(p) for p in text.split(".")) if re.fullmatch(r"\d+(\.\d+){0,3}", text) else None


def released_versions(release_root: Path) -> list[str]:
    if not release_root.is_dir():
        return []
    found = [p.name for p in release_root.iterdir() if p.is_dir() and parse_version(p.name) and (p / ZIP).is_file()]
    return sorted(found, key=parse_version)


def previous_release(release_root: Path, version: str) -> Path | None:
    """The highest release folder below `version`."""
    lower = [v for v in released_versions(release_root) if parse_version(v) < parse_version(version)]
    return release_root / lower[-1] if lower else None


def zip_manifest(zip_path: Path) -> dict:
    try:
        with zipfile.ZipFile(zip_path) as zf:
            return json.loads(zf.read("manifest.json"))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise BuildError(f"cannot read the previous release's manifest: {exc}", path=str(zip_path),
                         code="bad_release", hint="restore that release folder or move it out of release/") from None


# --- permission diff -------------------------------------------------------------------------

def _hosts(manifest: dict) -> set[str]:
    hosts = set(manifest.get("host_permissions", []))
    for script in manifest.get("content_scripts", []):
        hosts.update(script.get("matches", []))
    return hosts


def _split_pattern(pattern: str) -> tuple[str, str, str]:
    if pattern == "<all_urls>":
        return "*", "*", "/*"
    scheme, _, rest = pattern.partition("://")
    host, slash, path = rest.partition("/")
    return scheme, host, slash + path


def pattern_covers(old: str, new: str) -> bool:
    """Whether already-granted match pattern `old` includes everything `new` matches."""
    if old == new or old == "<all_urls>":
        return True
    (os_, oh, op), (ns, nh, np_) = _split_pattern(old), _split_pattern(new)
    if os_ != ns and not (os_ == "*" and ns in ("http", "https")):
        return False
    if oh != "*" and oh != nh:
        if not oh.startswith("*.") or nh == "*":
            return False
        base = oh[2:]
        bare = nh[2:] if nh.startswith("*.") else nh
        if bare != base and not bare.endswith("." + base):
            return False
    return re.fullmatch(re.escape(op).replace(r"\*", ".*"), np_) is not None


def _host_label(pattern: str) -> str:
    if pattern in ("<all_urls>", "*://*/*", "https://*/*", "http://*/*"):
        return "all websites"
    return _split_pattern(pattern)[1].replace("*.", "all of ")


def permission_diff(old: dict, new: dict) -> tuple[list[str], list[str]]:
    """(warnings, notes): warnings are changes that make Chrome re-prompt or disable on update."""
    warnings, notes = [], []
    for perm in sorted(set(new.get("permissions", [])) - set(old.get("permissions", []))):
        if perm in PERMISSION_WARNINGS:
            warnings.append(f"new permission '{perm}': Chrome will disable the update until the user accepts "
                            f"\"{PERMISSION_WARNINGS[perm]}\"")
        else:
            notes.append(f"new permission '{perm}' (no prompt in Chrome)")
    old_hosts = _hosts(old) | set(old.get("optional_host_permissions", []))
    granted = _hosts(old)
    for host in sorted(_hosts(new) - granted):
        if not any(pattern_covers(g, host) for g in granted):
            warnings.append(f"new site access '{host}': Chrome will disable the update until the user accepts "
                            f"\"Read and change your data on {_host_label(host)}\"")
    for host in sorted(set(new.get("optional_host_permissions", [])) - old_hosts):
        notes.append(f"new optional site '{host}' (asked only when first used, no update prompt)")
    for perm in sorted(set(new.get("optional_permissions", [])) - set(old.get("optional_permissions", []))):
        notes.append(f"new optional permission '{perm}' (asked only when first used)")
    return warnings, notes


# --- store readiness -------------------------------------------------------------------------

def zip_entries(zip_bytes: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as zf:
        return {n: zf.read(n) for n in zf.namelist() if not n.endswith("/")}


def check_icons(manifest: dict, files: dict[str, bytes]) -> list[str]:
    icons = manifest.get("icons", {})
    problems = [f"icon {size}x{size} missing from manifest 'icons'" for size in ICON_SIZES if size not in icons]
    problems += [f"icon {size} points at {icons[size]}, which is not in the zip"
                 for size in ICON_SIZES if size in icons and icons[size] not in files]
    return problems


def check_description(manifest: dict) -> list[str]:
    desc = manifest.get("description", "")
    if not desc:
        return ["manifest has no description"]
    if desc.startswith("__MSG_"):
        return []
    return [f"description is {len(desc)} characters; the Chrome Web Store allows {MAX_DESCRIPTION}"] \
        if len(desc) > MAX_DESCRIPTION else []


def check_version(version: str, existing: list[str]) -> list[str]:
    if parse_version(version) is None:
        return [f"version {version!r} is not 1-4 dot-separated integers"]
    higher = [v for v in existing if parse_version(v) >= parse_version(version) and v != version]
    return [f"version {version} does not increase: release/{higher[-1]} already exists"] if higher else []


REMOTE_JS = [
    (re.compile(r"(?<![.\w$])eval\s*\("), "eval()"),
    (re.compile(r"(?<![.\w$])(new\s+)?Function\s*\(\s*[\"'`]"), "new Function()"),
    (re.compile(r"\bimport\s*\(\s*[\"'`](https?:)?//"), "remote import()"),
    (re.compile(r"\b(import|export)\b[^;\"'`]*?\bfrom\s*[\"'`](https?:)?//"), "remote import"),
    (re.compile(r"\bimport\s*[\"'`](https?:)?//"), "remote import"),
    (re.compile(r"\bimportScripts\s*\([^)]*?[\"'`](https?:)?//"), "remote importScripts()"),
    (re.compile(r"\bset(Timeout|Interval)\s*\(\s*[\"'`]"), "string passed to setTimeout/setInterval"),
]
REMOTE_HTML = re.compile(r"<script\b[^>]*\bsrc\s*=\s*[\"']?(https?:)?//", re.I)


def check_remote_code(manifest: dict, files: dict[str, bytes]) -> list[str]:
    problems = []
    for name, data in sorted(files.items()):
        text = data.decode("utf-8", "replace")
        if name.endswith((".js", ".mjs")):
            for rx, what in REMOTE_JS:
                m = rx.search(text)
                if m:
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append(f"{name}:{line}: {what} is remote or dynamic code, which MV3 forbids")
        elif name.endswith((".html", ".htm")):
            m = REMOTE_HTML.search(text)
            if m:
                problems.append(f"{name}:{text.count(chr(10), 0, m.start()) + 1}: <script src> loads remote code")
    csp = manifest.get("content_security_policy", {})
    csp_text = " ".join(csp.values()) if isinstance(csp, dict) else str(csp)
    if re.search(r"https?:|'unsafe-eval'|\*", csp_text.split("object-src")[0]):
        problems.append(f"content_security_policy allows remote or eval'd scripts: {csp_text}")
    return problems


def check_release_hygiene(manifest: dict, files: dict[str, bytes], allow_localhost: bool) -> list[str]:
    problems = [f"{n}: source map in a release build" for n in files if n.endswith(".map")]
    problems += [f"{n}: sourceMappingURL comment in a release build" for n, d in files.items()
                 if n.endswith(".js") and b"sourceMappingURL=" in d]
    if not allow_localhost:
        local = sorted(h for h in _hosts(manifest) | set(manifest.get("optional_host_permissions", []))
                       if re.match(r"^\w+://(localhost|127\.0\.0\.1|\[::1\])[:/]", h))
        problems += [f"manifest grants local origin {h} (set profiles.release.allow_localhost if intended)" for h in local]
    return problems


def _referenced(name: str, text: str) -> bool:
    base = name.rsplit("/", 1)[-1]
    return any(re.search(r"[\"'(/=\s]" + re.escape(n) + r"(?=[\"')?#\s>]|$)", text) for n in {name, base})


def check_unreferenced(files: dict[str, bytes], intended: tuple[str, ...] = ()) -> list[str]:
    """Every zip entry is reachable through quoted names from manifest.json or an intended file.

    `intended` are the files the build declares (entry scripts and their pages); they are roots too.
    """
    if "manifest.json" not in files:
        return ["manifest.json missing from the zip"]
    reached = {"manifest.json", *(n for n in intended if n in files)}
    queue = [n for n in reached if n.endswith(TEXT_SUFFIXES)]
    while queue:
        text = files[queue.pop()].decode("utf-8", "replace")
        for name in files:
            if name not in reached and _referenced(name, text):
                reached.add(name)
                if name.endswith(TEXT_SUFFIXES):
                    queue.append(name)
    return [f"{n} is in the zip but nothing references it (remove it or reference it)"
            for n in sorted(files) if n not in reached and not INTENDED.match(n)]


def declared_files() -> tuple[str, ...]:
    """Entry scripts and pages the build promises to write (build.ENTRIES), minus the client SDK."""
    try:
        from .build import ENTRIES
    except ImportError:
        return ()
    return tuple(n for e in ENTRIES if not getattr(e, "client", False)
                 for n in (e.outfile, getattr(e, "page", None)) if n)


def store_checks(manifest: dict, files: dict[str, bytes], version: str, existing: list[str],
                 allow_localhost: bool = False, intended: tuple[str, ...] = ()) -> list[str]:
    return (check_icons(manifest, files) + check_description(manifest) + check_version(version, existing)
            + check_remote_code(manifest, files) + check_release_hygiene(manifest, files, allow_localhost)
            + check_unreferenced(files, intended))


# --- install page ----------------------------------------------------------------------------

def human_size(n: int) -> str:
    return f"{n} bytes" if n < 1024 else f"{n / 1024:.1f} KB" if n < 1024 * 1024 else f"{n / 1048576:.2f} MB"


def permission_rows(manifest: dict) -> list[dict]:
    rows = [{"name": p, "why": PERMISSION_WHY.get(p, ""), "prompt": PERMISSION_WARNINGS.get(p, ""),
             "kind": "required"} for p in manifest.get("permissions", [])]
    for host in sorted(_hosts(manifest)):
        rows.append({"name": host, "why": "The trusted chatbot page talks to Site Agent only from this site.",
                     "prompt": f"Read and change your data on {_host_label(host)}", "kind": "site"})
    for host in manifest.get("optional_host_permissions", []):
        rows.append({"name": host, "why": HOST_WHY.get(_split_pattern(host)[1], "Asked only when first used."),
                     "prompt": "", "kind": "optional"})
    return rows


def _icon_data(templates_dir: Path) -> str:
    import base64
    icon = templates_dir / "icons" / "icon-128.png"
    return base64.b64encode(icon.read_bytes()).decode("ascii") if icon.is_file() else ""


def render_install_page(templates_dir: Path, context: dict) -> str:
    from .render import environment, render_template
    theme = templates_dir / "theme.css"
    context = {**context, "theme_css": theme.read_text("utf-8") if theme.is_file() else ""}
    return render_template(environment(templates_dir), "install.html.j2", context)


def screenshot(html_path: Path, png_path: Path, chromium: str = "/usr/bin/chromium",
               size: str = "1200,1600") -> Path:
    png_path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        cmd = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               f"--user-data-dir={profile}", f"--screenshot={png_path}", f"--window-size={size}",
               html_path.resolve().as_uri()]
        try:
            subprocess.run(cmd, check=True, capture_output=True, timeout=60)
        except (OSError, subprocess.SubprocessError) as exc:
            raise BuildError(f"headless Chromium screenshot failed: {exc}", path=chromium,
                             code="screenshot", hint="install chromium or drop --screenshot") from None
    return png_path


# --- orchestration ---------------------------------------------------------------------------

@dataclass
class ReleaseResult:
    folder: Path
    version: str
    crx_id: str
    sha256: str
    size: int
    warnings: list[str] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)


def _git_commit(root: Path) -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def pin_pubkey(release_root: Path, key, echo, write: bool = True) -> Path:
    """release/signing.pub: written on the first release, must match on every later one."""
    pub_path = release_root / sign.SIGNING_PUB
    pem = sign.public_pem(key)
    if pub_path.is_file():
        if sign.fingerprint(sign.load_public_key(pub_path)) != sign.fingerprint(key):
            raise BuildError("signing key does not match the pinned public key", path=str(pub_path),
                             code="key_mismatch",
                             hint="use the right --signing-key, or rotate: replace release/signing.pub in a reviewed commit")
    elif write:
        release_root.mkdir(parents=True, exist_ok=True)
        pub_path.write_bytes(pem)
        echo(f"pinned the signing public key as {pub_path}: commit it")
    return pub_path


def release(app, signing_key: Path, crx_key: Path, *, pin_id: bool = False, force: bool = False,
            screenshot_to: Path | None = None) -> ReleaseResult:
    from .build import build
    from .package import package

    skey, rkey = sign.load_signing_key(signing_key), sign.load_rsa_key(crx_key)
    spki = sign.rsa_spki_der(rkey)
    config = app.config("release")
    version = config.version
    release_root = app.root / "release"
    folder = release_root / version
    if folder.exists() and any(folder.iterdir()) and not force:
        raise BuildError(f"release/{version} already exists", path=str(folder), code="release_exists",
                         hint="bump [extension] version in siteagent.toml, or pass --force to rebuild it")
    existing = [v for v in released_versions(release_root) if v != version]
    pin_pubkey(release_root, skey, app.echo, write=False)  # fail before building on a wrong key

    with tempfile.TemporaryDirectory(prefix="siteagent-release-") as tmp:
        tmp = Path(tmp)
        hook = (lambda m: pin_manifest_key(m, spki)) if pin_id else None
        built = build(app, "release", out=tmp / "dist", manifest_hook=hook)
        dist = Path(built.dist)

        pkg = package(app, dist, tmp / "pkg")
        zip_bytes = Path(pkg.zip_path).read_bytes()
        files = zip_entries(zip_bytes)
        manifest = json.loads(files["manifest.json"])

        prev = previous_release(release_root, version)
        warnings = []
        if prev is not None:
            warnings, notes = permission_diff(zip_manifest(prev / ZIP), manifest)
            app.echo(f"permissions compared with release/{prev.name}: "
                     + ("no new prompts" if not warnings else f"{len(warnings)} change(s) will re-prompt users"))
            for line in warnings:
                app.echo(f"warning: {line}", err=True)
            for line in notes:
                app.echo(f"note: {line}")
        else:
            app.echo("no earlier release under release/: skipping the permission diff")

        allow_local = any(o.startswith("http://") for o in config.trusted_origins)
        problems = store_checks(manifest, files, version, existing, allow_localhost=allow_local,
                                intended=declared_files())
        if problems:
            for line in problems[1:]:
                app.echo(f"error: store check: {line}", err=True)
            raise BuildError(f"store check: {problems[0]}", key="release", code="store_check",
                             hint=f"{len(problems)} store-readiness problem(s); fix them and release again")

        signature = sign.sign(skey, zip_bytes)
        crx_bytes = crxmod.write_crx(zip_bytes, rkey)
        ext_id = crxmod.crx_id(spki)
        sidecar = dict(pkg.sidecar)
        sha = hashlib.sha256(zip_bytes).hexdigest()

        if folder.exists():
            for name in OUTPUTS:
                (folder / name).unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(pkg.zip_path, folder / ZIP)
        shutil.copyfile(pkg.sidecar_path, folder / SIDECAR)
    (folder / SIG).write_bytes(signature)
    (folder / CRX).write_bytes(crx_bytes)

    page = render_install_page(app.templates_dir, {
        "name": manifest.get("name", config.name), "version": version,
        "description": manifest.get("description", ""), "size": len(zip_bytes),
        "size_human": human_size(len(zip_bytes)), "sha256": sha, "zip_name": ZIP, "crx_name": CRX,
        "sig_name": SIG, "sidecar_name": SIDECAR, "crx_id": ext_id, "pinned_id": "key" in manifest,
        "key_fingerprint": sign.fingerprint(skey), "commit": sidecar.get("commit") or _git_commit(app.root),
        "min_chrome": manifest.get("minimum_chrome_version", ""), "permissions": permission_rows(manifest),
        "file_count": len(files), "icon_data": _icon_data(app.templates_dir),
    })
    (folder / PAGE).write_text(page, "utf-8")
    pin_pubkey(release_root, skey, app.echo)
    if screenshot_to is not None:
        screenshot(folder / PAGE, Path(screenshot_to))
    return ReleaseResult(folder, version, ext_id, sha, len(zip_bytes), warnings,
                         {name: folder / name for name in OUTPUTS})
