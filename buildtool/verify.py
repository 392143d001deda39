"""Check a release: archive, sidecar (size, SHA-256, files, version), Ed25519 signature, CRX3.

PATH is a `release/<version>/` folder or a zip. Next to the zip `X.zip` we expect `X.json`
(sidecar), `X.zip.sig` (signature) and `X.crx`. The public key is `--public-key`, else the
pinned `signing.pub` one level above the release folder (`release/signing.pub`, committed).
A key shipped inside the release folder itself is never trusted.
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from . import crx as crxmod
from .errors import BuildError
from .sign import SIGNING_PUB, fingerprint, load_public_key, verify_signature

ZIP_NAME = "site-agent.zip"


@dataclass
class Check:
    name: str
    ok: bool | None  # None: skipped
    detail: str

    @property
    def label(self) -> str:
        return {True: "ok", False: "FAIL", None: "skip"}[self.ok]


@dataclass
class Report:
    target: Path
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok is not False for c in self.checks) and any(c.ok for c in self.checks)

    def lines(self) -> list[str]:
        out = [f"verify {self.target}"]
        out += [f"  {c.label:<4}  {c.name:<9}  {c.detail}" for c in self.checks]
        failed = sum(c.ok is False for c in self.checks)
        out.append("verdict: OK, the release is intact and signed by the expected key" if self.ok
                   else f"verdict: FAILED ({failed} of {len(self.checks)} checks failed); do not install this file")
        return out


def locate(path: Path) -> tuple[Path, Path]:
    """(release folder, zip path) for a folder, a zip, or a file next to the zip."""
    path = Path(path)
    if path.is_dir():
        return path, path / ZIP_NAME
    if path.suffix in (".crx", ".json", ".sig"):
        stem = path.name.removesuffix(".sig").removesuffix(".zip").removesuffix(".crx").removesuffix(".json")
        return path.parent, path.with_name(stem + ".zip")
    if path.exists() or path.suffix == ".zip":
        return path.parent, path
    raise BuildError("no release folder or zip here", path=str(path), code="not_found",
                     hint="pass release/<version>/ or its site-agent.zip")


def pinned_public_key(folder: Path) -> Path | None:
    candidate = folder.resolve().parent / SIGNING_PUB
    return candidate if candidate.is_file() else None


def _sidecar_files(files) -> list[str] | None:
    if isinstance(files, dict):
        return sorted(files)
    if isinstance(files, list):
        names = []
        for item in files:
            if isinstance(item, str):
                names.append(item)
            elif isinstance(item, dict):
                name = item.get("path") or item.get("name")
                if not isinstance(name, str):
                    return None
                names.append(name)
            else:
                return None
        return sorted(names)
    return None


def _check_archive(zip_bytes: bytes) -> tuple[Check, zipfile.ZipFile | None, dict | None]:
    try:
        zf = zipfile.ZipFile(io.BytesIO(zip_bytes))
        bad = zf.testzip()
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        return Check("archive", False, f"not a readable zip ({exc})"), None, None
    if bad:
        return Check("archive", False, f"corrupt entry {bad} (CRC mismatch)"), None, None
    try:
        manifest = json.loads(zf.read("manifest.json"))
    except KeyError:
        return Check("archive", False, "no manifest.json at the top of the zip"), zf, None
    except ValueError as exc:
        return Check("archive", False, f"manifest.json is not valid JSON ({exc})"), zf, None
    return (Check("archive", True, f"{len(zf.namelist())} files, manifest version {manifest.get('version')}"),
            zf, manifest)


def _check_sidecar(sidecar_path: Path, zip_bytes: bytes, zf, manifest) -> Check:
    if not sidecar_path.is_file():
        return Check("sidecar", False, f"{sidecar_path.name} missing")
    try:
        side = json.loads(sidecar_path.read_text("utf-8"))
        assert isinstance(side, dict)
    except (ValueError, AssertionError, UnicodeDecodeError):
        return Check("sidecar", False, f"{sidecar_path.name} is not a JSON object")
    digest = hashlib.sha256(zip_bytes).hexdigest()
    problems = []
    if side.get("size") != len(zip_bytes):
        problems.append(f"size {side.get('size')} in sidecar, zip has {len(zip_bytes)} bytes")
    if str(side.get("sha256", "")).lower() != digest:
        problems.append(f"sha256 {side.get('sha256')} in sidecar, zip hashes to {digest}")
    if zf is not None and "files" in side:
        listed = _sidecar_files(side["files"])
        actual = sorted(n for n in zf.namelist() if not n.endswith("/"))
        if listed is None:
            problems.append("sidecar 'files' has an unknown shape")
        elif listed != actual:
            extra, missing = sorted(set(actual) - set(listed)), sorted(set(listed) - set(actual))
            problems.append(f"file list differs from zip (unlisted: {extra[:3]}, absent: {missing[:3]})")
    if manifest is not None and "version" in side and side["version"] != manifest.get("version"):
        problems.append(f"version {side['version']} in sidecar, manifest says {manifest.get('version')}")
    if problems:
        return Check("sidecar", False, "; ".join(problems))
    return Check("sidecar", True, f"size {len(zip_bytes)} bytes and sha256 {digest} match {sidecar_path.name}")


def _check_signature(sig_path: Path, zip_bytes: bytes, key_path: Path | None) -> Check:
    if not sig_path.is_file():
        return Check("signature", False, f"{sig_path.name} missing")
    if key_path is None:
        return Check("signature", False, "no public key: pass --public-key FILE or commit release/signing.pub")
    try:
        pub = load_public_key(key_path)
    except BuildError as err:
        return Check("signature", False, str(err))
    if verify_signature(pub, zip_bytes, sig_path.read_bytes()):
        return Check("signature", True, f"Ed25519 signature valid for key {fingerprint(pub)[:16]}… ({key_path})")
    return Check("signature", False, f"Ed25519 signature does NOT match the zip for key "
                                     f"{fingerprint(pub)[:16]}… ({key_path}): wrong key or altered file")


def _check_crx(crx_path: Path, zip_bytes: bytes, manifest, required: bool) -> Check:
    if not crx_path.is_file():
        return Check("crx", False if required else None, f"{crx_path.name} missing")
    try:
        crx = crxmod.verify_crx(crx_path.read_bytes())
    except BuildError as err:
        return Check("crx", False, err.message)
    if crx.zip_bytes != zip_bytes:
        return Check("crx", False, f"CRX {crx.id} verifies but carries a different archive than {ZIP_NAME}")
    pinned = (manifest or {}).get("key")
    if pinned:
        import base64
        try:
            pinned_id = crxmod.crx_id(base64.b64decode(pinned))
        except ValueError:
            return Check("crx", False, "manifest key is not valid base64")
        if pinned_id != crx.id:
            return Check("crx", False, f"manifest key gives id {pinned_id}, CRX is {crx.id}")
    return Check("crx", True, f"CRX3 proof valid, id {crx.id} matches its key, payload equals the zip")


def verify_release(path: Path, public_key: Path | None = None) -> Report:
    folder, zip_path = locate(path)
    report = Report(Path(path))
    if not zip_path.is_file():
        report.checks.append(Check("archive", False, f"{zip_path} missing"))
        return report
    zip_bytes = zip_path.read_bytes()
    stem = zip_path.name.removesuffix(".zip")
    archive, zf, manifest = _check_archive(zip_bytes)
    key_path = Path(public_key) if public_key else pinned_public_key(folder)
    report.checks += [
        archive,
        _check_sidecar(zip_path.with_name(stem + ".json"), zip_bytes, zf, manifest),
        _check_signature(zip_path.with_name(zip_path.name + ".sig"), zip_bytes, key_path),
        _check_crx(zip_path.with_name(stem + ".crx"), zip_bytes, manifest, required=Path(path).is_dir()),
    ]
    return report
