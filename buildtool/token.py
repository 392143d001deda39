"""Signed calls, server side: key generation and compact-JWS call tokens (ES256 or EdDSA).

    from buildtool.token import load_private_key, sign_call
    token = sign_call(key, alg="ES256", aud=extension_id, iss="https://chat.example", origin=page_origin,
                      tool="gmail_send", args={...}, nonce=nonce_from_CHALLENGE)

`args_sha256` is the SHA-256 of the arguments in Site Agent's canonical JSON (core.canonical), the
same text the extension hashes with crypto.subtle.
"""
from __future__ import annotations

import base64
import hashlib
import importlib
import json
import os
import sys
import time
import uuid
from pathlib import Path

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

from .errors import BuildError

ALGS = ("ES256", "EdDSA")
MAX_LIFETIME_S = 60
SRC = Path(__file__).resolve().parents[1] / "siteagent_src"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def canonical_json(value) -> str:
    """core.canonical.canonical_json, imported from siteagent_src (one implementation for both sides)."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    return importlib.import_module("core.canonical").canonical_json(value)


def args_sha256(args) -> str:
    return hashlib.sha256(canonical_json(args).encode("utf-8")).hexdigest()


def generate_key(alg: str = "ES256"):
    if alg == "ES256":
        return ec.generate_private_key(ec.SECP256R1())
    if alg == "EdDSA":
        return ed25519.Ed25519PrivateKey.generate()
    raise BuildError(f"unknown alg {alg!r}", hint="use ES256 or EdDSA", code="bad_token")


def key_alg(key) -> str:
    if isinstance(key, ec.EllipticCurvePrivateKey) and isinstance(key.curve, ec.SECP256R1):
        return "ES256"
    if isinstance(key, ed25519.Ed25519PrivateKey):
        return "EdDSA"
    raise BuildError("the key is neither a P-256 nor an Ed25519 private key", code="bad_token")


def public_key_b64url(key) -> str:
    """The value for siteagent.toml `signing.public_key`: the raw public key, base64url."""
    pub = key.public_key()
    if isinstance(pub, ec.EllipticCurvePublicKey):
        raw = pub.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    else:
        raw = pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return b64url(raw)


def private_pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def load_private_key(path: Path | str):
    path = Path(path)
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise BuildError(f"cannot read the token signing key: {exc}", path=str(path), code="bad_token") from None
    key_alg(key)
    return key


def keygen(out: Path | str, alg: str = "ES256") -> dict:
    """Write token.key (0600, PKCS#8 PEM) and token.pub (the base64url public key); refuses to overwrite."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"key": out / "token.key", "pub": out / "token.pub"}
    for path in paths.values():
        if path.exists():
            raise BuildError(f"{path.name} already exists", path=str(path), code="exists",
                             hint="pick another --out folder or remove the old key first")
    key = generate_key(alg)
    fd = os.open(paths["key"], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(private_pem(key))
    paths["pub"].write_text(public_key_b64url(key) + "\n", "utf-8")
    return {**paths, "public_key": public_key_b64url(key), "alg": alg}


def sign_jws(key, header: dict, claims: dict) -> str:
    alg = header["alg"]
    signing_input = (b64url(json.dumps(header, separators=(",", ":")).encode()) + "."
                     + b64url(json.dumps(claims, separators=(",", ":"), ensure_ascii=False).encode("utf-8")))
    data = signing_input.encode("ascii")
    if alg == "ES256":
        r, s = decode_dss_signature(key.sign(data, ec.ECDSA(hashes.SHA256())))
        sig = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    elif alg == "EdDSA":
        sig = key.sign(data)
    else:
        raise BuildError(f"unknown alg {alg!r}", code="bad_token")
    return signing_input + "." + b64url(sig)


def call_claims(*, aud: str, iss: str, origin: str, tool: str, args, nonce: str, lifetime_s: int = 60,
                now: int | None = None, jti: str | None = None) -> dict:
    if not 0 < lifetime_s <= MAX_LIFETIME_S:
        raise BuildError(f"lifetime must be 1..{MAX_LIFETIME_S} s, not {lifetime_s}", code="bad_token")
    iat = int(time.time()) if now is None else int(now)
    return {"aud": aud, "iss": iss, "origin": origin, "tool": tool, "args_sha256": args_sha256(args),
            "nonce": nonce, "iat": iat, "exp": iat + lifetime_s, "jti": jti or str(uuid.uuid4())}


def sign_call(key, *, aud: str, iss: str, origin: str, tool: str, args, nonce: str, alg: str | None = None,
              lifetime_s: int = 60, now: int | None = None, jti: str | None = None) -> str:
    """A compact JWS for one call. alg defaults to the key's own (ES256 for P-256, EdDSA for Ed25519)."""
    alg = alg or key_alg(key)
    if alg != key_alg(key):
        raise BuildError(f"alg {alg} does not fit a {key_alg(key)} key", code="bad_token")
    claims = call_claims(aud=aud, iss=iss, origin=origin, tool=tool, args=args, nonce=nonce,
                         lifetime_s=lifetime_s, now=now, jti=jti)
    return sign_jws(key, {"alg": alg, "typ": "JWT"}, claims)
