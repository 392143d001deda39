"""CRX3 writer/verifier, checked against the independent `crx3` package."""
from __future__ import annotations

import base64
import io
import zipfile

import pytest
from crx3 import verifier as crx3_verifier
from crx3.verifier import VerifierResult

from buildtool import crx, sign


@pytest.fixture(scope="module")
def rsa_key(tmp_path_factory):
    d = tmp_path_factory.mktemp("crxkeys")
    sign.keygen(d)
    return sign.load_rsa_key(d / "crx.pem")


@pytest.fixture(scope="module")
def zip_bytes():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("manifest.json", '{"manifest_version": 3, "name": "x", "version": "1.0"}')
        zf.writestr("background.js", "console.log(1)")
    return buf.getvalue()


def test_varint_and_fields_round_trip():
    for n in (0, 1, 127, 128, 300, 10000 << 3 | 2, 2**40):
        assert crx._read_varint(crx._varint(n), 0) == (n, len(crx._varint(n)))
    blob = crx._field(10000, b"abc") + crx._field(1, b"")
    assert crx.parse_fields(blob) == [(10000, b"abc"), (1, b"")]
    assert crx._field(10000, b"")[:3] == bytes([0x82, 0xF1, 0x04])


def test_crx_verified_by_crx3_package(tmp_path, rsa_key, zip_bytes):
    data = crx.write_crx(zip_bytes, rsa_key)
    assert data[:4] == b"Cr24" and int.from_bytes(data[4:8], "little") == 3
    path = tmp_path / "a.crx"
    path.write_bytes(data)
    result, info = crx3_verifier.verify(str(path))
    assert result == VerifierResult.OK_FULL
    spki = sign.rsa_spki_der(rsa_key)
    assert info.crx_id == crx.crx_id(spki)
    assert base64.b64decode(info.public_key) == spki
    ours = crx.verify_crx(data)
    assert ours.id == info.crx_id and ours.zip_bytes == zip_bytes
    assert len(ours.id) == 32 and set(ours.id) <= set("abcdefghijklmnop")


def test_crx_is_deterministic(rsa_key, zip_bytes):
    assert crx.write_crx(zip_bytes, rsa_key) == crx.write_crx(zip_bytes, rsa_key)


def test_wrong_crx_id_rejected_by_both(tmp_path, rsa_key, zip_bytes):
    data = crx.write_crx(zip_bytes, rsa_key, declared_id=bytes(16))
    path = tmp_path / "bad.crx"
    path.write_bytes(data)
    assert crx3_verifier.verify(str(path))[0] == VerifierResult.ERROR_REQUIRED_PROOF_MISSING
    with pytest.raises(crx.CrxError, match="does not match"):
        crx.verify_crx(data)


@pytest.mark.parametrize("cut", [3, 11, 40, 700, 1])
def test_truncated_crx_rejected(rsa_key, zip_bytes, cut):
    data = crx.write_crx(zip_bytes, rsa_key)
    with pytest.raises(crx.CrxError):
        crx.verify_crx(data[:cut] if cut > 1 else data[:-cut])


def test_tampered_payload_rejected(tmp_path, rsa_key, zip_bytes):
    data = bytearray(crx.write_crx(zip_bytes, rsa_key))
    data[-30] ^= 1
    path = tmp_path / "t.crx"
    path.write_bytes(bytes(data))
    assert crx3_verifier.verify(str(path))[0] == VerifierResult.ERROR_SIGNATURE_VERIFICATION_FAILED
    with pytest.raises(crx.CrxError, match="signature"):
        crx.verify_crx(bytes(data))


def test_not_a_crx():
    with pytest.raises(crx.CrxError, match="magic"):
        crx.verify_crx(b"PK\x03\x04" + bytes(40))


def test_pin_manifest_key_gives_crx_id(rsa_key):
    spki = sign.rsa_spki_der(rsa_key)
    manifest = {"name": "x"}
    pinned = crx.pin_manifest_key(manifest, spki)
    assert "key" not in manifest
    assert crx.crx_id(base64.b64decode(pinned["key"])) == crx.crx_id(spki)
