"""CRX3 writer and verifier, with the few protobuf messages it needs encoded by hand.

    file   = b"Cr24" + le32(3) + le32(len(header)) + header + zip
    header = CrxFileHeader{ sha256_with_rsa = 2: AsymmetricKeyProof{public_key = 1, signature = 2},
                            signed_header_data = 10000: SignedData{crx_id = 1} }
    signed = b"CRX3 SignedData\\x00" + le32(len(signed_header_data)) + signed_header_data + zip
    crx_id = sha256(SubjectPublicKeyInfo DER)[:16]; shown as hex mapped 0-f -> a-p
"""
from __future__ import annotations

import base64
import hashlib
import struct
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from .errors import BuildError
from .sign import rsa_spki_der

MAGIC = b"Cr24"
VERSION = 3
SIGNATURE_CONTEXT = b"CRX3 SignedData\x00"
# CrxFileHeader field numbers
F_SHA256_WITH_RSA, F_SHA256_WITH_ECDSA, F_SIGNED_HEADER_DATA = 2, 3, 10000
MAX_HEADER = 1 << 20


class CrxError(BuildError):
    def __init__(self, message: str, **kw):
        kw.setdefault("code", "bad_crx")
        super().__init__(message, **kw)


# --- protobuf, just enough -------------------------------------------------------------------

def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _field(number: int, payload: bytes) -> bytes:
    """A length-delimited field (wire type 2)."""
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _read_varint(buf: bytes, pos: int) -> tuple[int, int]:
    shift = result = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise CrxError("truncated or malformed protobuf varint in CRX header")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def parse_fields(buf: bytes) -> list[tuple[int, bytes | int]]:
    """(field number, value) for every field; length-delimited values as bytes. Unknown ones kept."""
    fields, pos = [], 0
    while pos < len(buf):
        tag, pos = _read_varint(buf, pos)
        number, wire = tag >> 3, tag & 7
        if number == 0:
            raise CrxError("protobuf field number 0 in CRX header")
        if wire == 0:
            value, pos = _read_varint(buf, pos)
        elif wire == 2:
            size, pos = _read_varint(buf, pos)
            if pos + size > len(buf):
                raise CrxError("truncated protobuf field in CRX header")
            value, pos = buf[pos:pos + size], pos + size
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if pos + size > len(buf):
                raise CrxError("truncated protobuf field in CRX header")
            value, pos = int.from_bytes(buf[pos:pos + size], "little"), pos + size
        else:
            raise CrxError(f"unsupported protobuf wire type {wire} in CRX header")
        fields.append((number, value))
    return fields


# --- ids -------------------------------------------------------------------------------------

def crx_id_bytes(spki_der: bytes) -> bytes:
    return hashlib.sha256(spki_der).digest()[:16]


def id_to_text(raw: bytes) -> str:
    return "".join(chr(ord("a") + int(c, 16)) for c in raw.hex())


def crx_id(spki_der: bytes) -> str:
    """The extension id Chrome derives from a public key (32 letters a-p)."""
    return id_to_text(crx_id_bytes(spki_der))


def manifest_key(spki_der: bytes) -> str:
    """The manifest.json `key` value: base64 of the SubjectPublicKeyInfo DER."""
    return base64.b64encode(spki_der).decode("ascii")


# --- writing ---------------------------------------------------------------------------------

def _signed_payload(signed_header_data: bytes, zip_bytes: bytes) -> bytes:
    return SIGNATURE_CONTEXT + struct.pack("<I", len(signed_header_data)) + signed_header_data + zip_bytes


def build_header(proofs: list[tuple[bytes, bytes]], signed_header_data: bytes) -> bytes:
    header = b"".join(_field(F_SHA256_WITH_RSA, _field(1, pub) + _field(2, sig)) for pub, sig in proofs)
    return header + _field(F_SIGNED_HEADER_DATA, signed_header_data)


def assemble(header: bytes, zip_bytes: bytes) -> bytes:
    return MAGIC + struct.pack("<II", VERSION, len(header)) + header + zip_bytes


def write_crx(zip_bytes: bytes, key: rsa.RSAPrivateKey, *, declared_id: bytes | None = None) -> bytes:
    """A CRX3 file. RSA PKCS#1 v1.5 signatures are deterministic, so the output is too.

    `declared_id` overrides the crx_id in the signed data (tests use it to forge a mismatch).
    """
    spki = rsa_spki_der(key)
    signed_header_data = _field(1, declared_id if declared_id is not None else crx_id_bytes(spki))
    signature = key.sign(_signed_payload(signed_header_data, zip_bytes), padding.PKCS1v15(), hashes.SHA256())
    return assemble(build_header([(spki, signature)], signed_header_data), zip_bytes)


# --- reading and verifying -------------------------------------------------------------------

@dataclass
class CrxFile:
    header: bytes
    zip_bytes: bytes
    signed_header_data: bytes
    declared_id: bytes
    rsa_proofs: list[tuple[bytes, bytes]] = field(default_factory=list)
    ecdsa_proofs: int = 0

    @property
    def id(self) -> str:
        return id_to_text(self.declared_id)


def parse_crx(data: bytes) -> CrxFile:
    if len(data) < 12:
        raise CrxError(f"file too short for a CRX3 header ({len(data)} bytes)")
    if data[:4] != MAGIC:
        raise CrxError("not a CRX file (magic is not 'Cr24')")
    version, header_len = struct.unpack("<II", data[4:12])
    if version != VERSION:
        raise CrxError(f"CRX version {version}, expected 3")
    if header_len > MAX_HEADER or 12 + header_len > len(data):
        raise CrxError(f"truncated CRX: header says {header_len} bytes, file has {len(data) - 12} after the prelude")
    header, zip_bytes = data[12:12 + header_len], data[12 + header_len:]
    rsa_proofs, ecdsa, signed = [], 0, None
    for number, value in parse_fields(header):
        if number == F_SHA256_WITH_RSA and isinstance(value, bytes):
            parts = dict((n, v) for n, v in parse_fields(value) if isinstance(v, bytes))
            if 1 not in parts or 2 not in parts:
                raise CrxError("RSA proof without public_key or signature")
            rsa_proofs.append((parts[1], parts[2]))
        elif number == F_SHA256_WITH_ECDSA:
            ecdsa += 1
        elif number == F_SIGNED_HEADER_DATA and isinstance(value, bytes):
            signed = value
    if signed is None:
        raise CrxError("CRX header has no signed_header_data")
    ids = [v for n, v in parse_fields(signed) if n == 1 and isinstance(v, bytes)]
    if len(ids) != 1 or len(ids[0]) != 16:
        raise CrxError("signed_header_data has no 16-byte crx_id")
    if not zip_bytes:
        raise CrxError("truncated CRX: no archive after the header")
    return CrxFile(header, zip_bytes, signed, ids[0], rsa_proofs, ecdsa)


def verify_crx(data: bytes) -> CrxFile:
    """Check like Chrome does: every RSA proof verifies, and one proof's key hashes to the crx_id.

    Returns the parsed file; raises CrxError naming the first failure.
    """
    crx = parse_crx(data)
    if not crx.rsa_proofs:
        raise CrxError("CRX has no sha256_with_rsa proof")
    if crx.ecdsa_proofs:
        raise CrxError("CRX has ECDSA proofs, which this verifier does not check")
    payload = _signed_payload(crx.signed_header_data, crx.zip_bytes)
    matched = False
    for spki, signature in crx.rsa_proofs:
        try:
            pub = serialization.load_der_public_key(spki)
        except ValueError:
            raise CrxError("RSA proof carries an unreadable public key") from None
        if not isinstance(pub, rsa.RSAPublicKey):
            raise CrxError("sha256_with_rsa proof carries a non-RSA key")
        try:
            pub.verify(signature, payload, padding.PKCS1v15(), hashes.SHA256())
        except InvalidSignature:
            raise CrxError("CRX RSA signature does not match the header and archive "
                           "(file altered or truncated)") from None
        matched = matched or crx_id_bytes(spki) == crx.declared_id
    if not matched:
        raise CrxError(f"CRX id {crx.id} does not match any proof's public key "
                       f"(key gives {crx_id(crx.rsa_proofs[0][0])})")
    return crx


def pin_manifest_key(manifest: dict, crx_public_der: bytes) -> dict:
    """A copy of `manifest` with `key` set, so an unpacked build gets the same id as the CRX.

    `crx_public_der` is the RSA SubjectPublicKeyInfo DER (see sign.rsa_spki_der).
    """
    pinned = dict(manifest)
    pinned["key"] = manifest_key(crx_public_der)
    return pinned
