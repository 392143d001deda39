"""Release keys: Ed25519 for detached zip signatures, RSA for the CRX3 proof.

Private keys live outside the repository and are passed by path (option or env var).
Signatures are raw 64-byte Ed25519 signatures over the exact zip bytes, so a visitor can
also check them with OpenSSL:
    openssl pkeyutl -verify -pubin -inkey signing.pub -rawin -in site-agent.zip -sigfile site-agent.zip.sig
"""
from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

from .errors import BuildError

SIGNING_KEY = "signing.key"
SIGNING_PUB = "signing.pub"
CRX_KEY = "crx.pem"
ENV_SIGNING_KEY = "SITEAGENT_SIGNING_KEY"
ENV_CRX_KEY = "SITEAGENT_CRX_KEY"
MIN_RSA_BITS = 2048

_PEM = serialization.Encoding.PEM
_DER = serialization.Encoding.DER
_SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
_PKCS8 = serialization.PrivateFormat.PKCS8


def _write_new(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    os.chmod(path, mode)  # umask may have narrowed/widened it


def keygen(out_dir: Path, rsa_bits: int = MIN_RSA_BITS) -> dict[str, Path]:
    """Write signing.key (0600), signing.pub (0644) and crx.pem (0600); never overwrite."""
    out_dir = Path(out_dir)
    paths = {"signing_key": out_dir / SIGNING_KEY, "signing_pub": out_dir / SIGNING_PUB,
             "crx_key": out_dir / CRX_KEY}
    existing = [p for p in paths.values() if p.exists()]
    if existing:
        raise BuildError("refusing to overwrite an existing key file", path=str(existing[0]),
                         hint="choose an empty --out folder or move the old keys away first",
                         code="key_exists")
    out_dir.mkdir(parents=True, exist_ok=True)
    ed = ed25519.Ed25519PrivateKey.generate()
    rk = rsa.generate_private_key(public_exponent=65537, key_size=max(rsa_bits, MIN_RSA_BITS))
    none = serialization.NoEncryption()
    _write_new(paths["signing_key"], ed.private_bytes(_PEM, _PKCS8, none), 0o600)
    _write_new(paths["signing_pub"], ed.public_key().public_bytes(_PEM, _SPKI), 0o644)
    _write_new(paths["crx_key"], rk.private_bytes(_PEM, _PKCS8, none), 0o600)
    return paths


def _read(path: Path, what: str) -> bytes:
    path = Path(path)
    if not path.is_file():
        raise BuildError(f"{what} not found", path=str(path), code="bad_key",
                         hint="run `siteagent keygen --out DIR` or pass the right path")
    return path.read_bytes()


def _load_private(path: Path, what: str):
    data = _read(path, what)
    try:
        return serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise BuildError(f"cannot read {what}: {exc}", path=str(path), code="bad_key",
                         hint="expected an unencrypted PEM private key from `siteagent keygen`") from None


def load_signing_key(path: Path) -> ed25519.Ed25519PrivateKey:
    key = _load_private(path, "signing key")
    if not isinstance(key, ed25519.Ed25519PrivateKey):
        raise BuildError("signing key is not an Ed25519 key", path=str(path), code="bad_key",
                         hint="pass signing.key, not crx.pem")
    return key


def load_rsa_key(path: Path) -> rsa.RSAPrivateKey:
    key = _load_private(path, "CRX key")
    if not isinstance(key, rsa.RSAPrivateKey):
        raise BuildError("CRX key is not an RSA key", path=str(path), code="bad_key",
                         hint="pass crx.pem, not signing.key")
    if key.key_size < MIN_RSA_BITS:
        raise BuildError(f"CRX key has {key.key_size} bits, need at least {MIN_RSA_BITS}",
                         path=str(path), code="bad_key", hint="generate a new one with `siteagent keygen`")
    return key


def load_public_key(path: Path) -> ed25519.Ed25519PublicKey:
    """A PEM SubjectPublicKeyInfo, or a bare base64/raw 32-byte Ed25519 key."""
    data = _read(path, "public key")
    key = None
    try:
        key = serialization.load_pem_public_key(data)
    except ValueError:
        raw = data if len(data) == 32 else None
        if raw is None:
            try:
                raw = base64.b64decode(data.strip(), validate=True)
            except ValueError:
                raw = None
        if raw is not None and len(raw) == 32:
            key = ed25519.Ed25519PublicKey.from_public_bytes(raw)
    if not isinstance(key, ed25519.Ed25519PublicKey):
        raise BuildError("not an Ed25519 public key", path=str(path), code="bad_key",
                         hint="pass signing.pub from `siteagent keygen`")
    return key


def public_pem(key: ed25519.Ed25519PrivateKey | ed25519.Ed25519PublicKey) -> bytes:
    pub = key.public_key() if isinstance(key, ed25519.Ed25519PrivateKey) else key
    return pub.public_bytes(_PEM, _SPKI)


def fingerprint(key: ed25519.Ed25519PrivateKey | ed25519.Ed25519PublicKey) -> str:
    """SHA-256 of the raw 32-byte public key, hex: what the install page and README show."""
    pub = key.public_key() if isinstance(key, ed25519.Ed25519PrivateKey) else key
    raw = pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()


def rsa_spki_der(key: rsa.RSAPrivateKey | rsa.RSAPublicKey) -> bytes:
    pub = key.public_key() if isinstance(key, rsa.RSAPrivateKey) else key
    return pub.public_bytes(_DER, _SPKI)


def sign(key: ed25519.Ed25519PrivateKey, data: bytes) -> bytes:
    return key.sign(data)


def verify_signature(pub: ed25519.Ed25519PublicKey, data: bytes, signature: bytes) -> bool:
    if len(signature) != 64:
        return False
    try:
        pub.verify(signature, data)
        return True
    except InvalidSignature:
        return False


def resolve_key_path(given: str | Path | None, env: dict, env_name: str, option: str,
                     repo_root: Path | None = None) -> Path:
    """The key path from the option, else the env var; never a file inside the repository."""
    raw = given or env.get(env_name)
    if not raw:
        raise BuildError(f"no key given for {option}", key=option, code="bad_key",
                         hint=f"pass {option} FILE or set {env_name} to the key's path")
    path = Path(raw).expanduser().resolve()
    if repo_root is not None:
        root = Path(repo_root).resolve()
        if path == root or root in path.parents:
            raise BuildError("private key is inside the repository", path=str(path), code="bad_key",
                             hint="keep release keys outside the checkout (e.g. ~/.config/siteagent/)")
    return path
