"""Reproducible site-agent.zip and its site-agent.json sidecar."""
from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .errors import BuildError

ZIP_NAME = "site-agent.zip"
SIDECAR_NAME = "site-agent.json"
EXCLUDED_SUFFIXES = (".py", ".pyc", ".map", ".project")
MIN_ZIP_EPOCH = 315532800  # 1980-01-01, the earliest time a zip can hold


def source_commit(root: Path) -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10)
    except OSError:
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def source_date_epoch(root: Path, env: dict | None = None) -> int:
    env = os.environ if env is None else env
    if env.get("SOURCE_DATE_EPOCH"):
        try:
            return max(int(env["SOURCE_DATE_EPOCH"]), MIN_ZIP_EPOCH)
        except ValueError:
            raise BuildError(f"SOURCE_DATE_EPOCH is not an integer: {env['SOURCE_DATE_EPOCH']!r}",
                             key="SOURCE_DATE_EPOCH", code="bad_env") from None
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True, timeout=10)
        if out.returncode == 0 and out.stdout.strip():
            return max(int(out.stdout.strip()), MIN_ZIP_EPOCH)
    except OSError:
        pass
    return MIN_ZIP_EPOCH


def runtime_files(dist: Path) -> list[str]:
    """Files that ship: sorted POSIX paths relative to dist, without sources or source maps."""
    files = []
    for path in dist.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(dist).as_posix()
        if rel.endswith(EXCLUDED_SUFFIXES):
            continue
        files.append(rel)
    return sorted(files)


def zip_bytes(dist: Path, epoch: int) -> tuple[bytes, list[str]]:
    if not (dist / "manifest.json").is_file():
        raise BuildError("no manifest.json in the build output", path=str(dist), code="not_built",
                         hint="run `siteagent build` first")
    files = runtime_files(dist)
    stamp = time.gmtime(epoch)[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for rel in files:
            info = zipfile.ZipInfo(rel, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o100644 << 16)
            info.create_system = 3
            archive.writestr(info, (dist / rel).read_bytes())
    return buffer.getvalue(), files


@dataclass(frozen=True)
class PackageResult:
    zip_path: Path
    sidecar_path: Path
    sidecar: dict


def sidecar_for(data: bytes, files: list[str], manifest: dict, commit: str | None) -> dict:
    return {
        "name": manifest["name"],
        "version": manifest["version"],
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "files": files,
        "commit": commit,
    }


def package(app, dist: Path, out_dir: Path) -> PackageResult:
    dist = Path(dist)
    data, files = zip_bytes(dist, source_date_epoch(app.root, app.env))
    manifest = json.loads((dist / "manifest.json").read_text("utf-8"))
    sidecar = sidecar_for(data, files, manifest, source_commit(app.root))
    out_dir.mkdir(parents=True, exist_ok=True)
    zip_path, sidecar_path = out_dir / ZIP_NAME, out_dir / SIDECAR_NAME
    _atomic_write(zip_path, data)
    _atomic_write(sidecar_path, (json.dumps(sidecar, indent=2) + "\n").encode())
    return PackageResult(zip_path, sidecar_path, sidecar)


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
