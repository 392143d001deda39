"""buildtool.token and `siteagent token`: keys, signatures the extension's rules accept, CLI errors."""
from __future__ import annotations

import base64
import json
import stat
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from buildtool import token as tk
from buildtool.cli import cli
from buildtool.errors import BuildError

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "siteagent_src"))
from core.canonical import canonical_json  # noqa: E402


def unb64(s):
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def test_args_hash_is_over_canonical_json():
    args = {"b": [1, 2.0, "é"], "a": {"z": None, "y": True}}
    assert tk.args_sha256(args) == __import__("hashlib").sha256(canonical_json(args).encode()).hexdigest()
    assert tk.args_sha256({"a": 1, "b": 2}) == tk.args_sha256({"b": 2, "a": 1})


def test_es256_token_verifies_as_raw_r_s():
    key = tk.generate_key("ES256")
    token = tk.sign_call(key, aud="ext", iss="i", origin="https://o", tool="t", args={}, nonce="n", now=100)
    h, p, s = token.split(".")
    sig = unb64(s)
    assert len(sig) == 64 and json.loads(unb64(h)) == {"alg": "ES256", "typ": "JWT"}
    der = encode_dss_signature(int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big"))
    key.public_key().verify(der, f"{h}.{p}".encode(), ec.ECDSA(hashes.SHA256()))
    claims = json.loads(unb64(p))
    assert claims["iat"] == 100 and claims["exp"] == 160 and set(claims) == {
        "aud", "iss", "origin", "tool", "args_sha256", "nonce", "iat", "exp", "jti"}
    assert len(unb64(tk.public_key_b64url(key))) == 65


def test_eddsa_and_lifetime_limits():
    key = tk.generate_key("EdDSA")
    token = tk.sign_call(key, aud="a", iss="i", origin="o", tool="t", args={}, nonce="n")
    h, p, s = token.split(".")
    key.public_key().verify(unb64(s), f"{h}.{p}".encode())
    assert len(unb64(tk.public_key_b64url(key))) == 32
    with pytest.raises(BuildError):
        tk.sign_call(key, aud="a", iss="i", origin="o", tool="t", args={}, nonce="n", lifetime_s=61)
    with pytest.raises(BuildError):
        tk.sign_call(key, aud="a", iss="i", origin="o", tool="t", args={}, nonce="n", alg="ES256")


def test_cli_keygen_then_sign(tmp_path):
    runner = CliRunner()
    made = runner.invoke(cli, ["token", "--keygen", "--out", str(tmp_path / "k")])
    assert made.exit_code == 0, made.output
    assert 'public_key = "' in made.output and stat.S_IMODE((tmp_path / "k/token.key").stat().st_mode) == 0o600
    again = runner.invoke(cli, ["token", "--keygen", "--out", str(tmp_path / "k")])
    assert again.exit_code == 1 and "already exists" in again.output
    signed = runner.invoke(cli, ["token", "--key", str(tmp_path / "k/token.key"), "--aud", "ext", "--iss", "i",
                                 "--origin", "https://o", "--tool", "gmail_send", "--args", '{"to": ["a@b.co"]}',
                                 "--nonce", "N"])
    assert signed.exit_code == 0, signed.output
    claims = json.loads(unb64(signed.output.strip().split(".")[1]))
    assert claims["tool"] == "gmail_send" and claims["args_sha256"] == tk.args_sha256({"to": ["a@b.co"]})
    missing = runner.invoke(cli, ["token", "--key", str(tmp_path / "k/token.key")])
    assert missing.exit_code == 2 and "--aud" in missing.output
    bad = runner.invoke(cli, ["token", "--key", str(tmp_path / "k/token.key"), "--aud", "e", "--iss", "i",
                              "--origin", "o", "--tool", "t", "--nonce", "n", "--args", "[1]"])
    assert bad.exit_code == 2 and "JSON object" in bad.output


def test_release_keygen_still_works(tmp_path):
    res = CliRunner().invoke(cli, ["keygen", "--out", str(tmp_path / "rel")])
    assert res.exit_code == 0 and (tmp_path / "rel/signing.key").exists() and (tmp_path / "rel/crx.pem").exists()


def test_config_pins_and_validates_the_key(tmp_path):
    from buildtool.config import read_config, resolve
    data = read_config(REPO / "siteagent.toml")
    key = tk.generate_key("ES256")
    data["signing"] = {"enabled": True, "alg": "ES256", "public_key": tk.public_key_b64url(key), "issuer": "i"}
    consts = resolve(data, "release").runtime_constants()
    assert consts["signing"]["public_key"] == tk.public_key_b64url(key) and consts["signing"]["enabled"] is True
    data["signing"]["alg"] = "EdDSA"
    with pytest.raises(BuildError) as err:
        resolve(data, "release")
    assert err.value.key == "signing.public_key"
