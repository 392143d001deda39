"""Release keys: keygen files and modes, no overwrite, Ed25519 sign/verify, key path rules."""
from __future__ import annotations

import stat

import pytest
from click.testing import CliRunner

from buildtool import sign
from buildtool.cli import cli
from buildtool.errors import BuildError


def mode(path):
    return stat.S_IMODE(path.stat().st_mode)


def test_keygen_writes_three_files_with_private_modes(tmp_path):
    paths = sign.keygen(tmp_path / "keys")
    assert sorted(p.name for p in (tmp_path / "keys").iterdir()) == ["crx.pem", "signing.key", "signing.pub"]
    assert mode(paths["signing_key"]) == 0o600
    assert mode(paths["crx_key"]) == 0o600
    assert mode(paths["signing_pub"]) == 0o644
    assert sign.load_rsa_key(paths["crx_key"]).key_size >= 2048
    priv = sign.load_signing_key(paths["signing_key"])
    pub = sign.load_public_key(paths["signing_pub"])
    assert sign.fingerprint(priv) == sign.fingerprint(pub)


def test_keygen_refuses_to_overwrite(tmp_path):
    sign.keygen(tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(BuildError, match="refusing to overwrite"):
        sign.keygen(tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_keygen_refuses_if_any_one_file_exists(tmp_path):
    (tmp_path / "crx.pem").write_text("old")
    with pytest.raises(BuildError, match="crx.pem"):
        sign.keygen(tmp_path)
    assert not (tmp_path / "signing.key").exists()


def test_keygen_cli(tmp_path):
    runner = CliRunner()
    out = tmp_path / "k"
    result = runner.invoke(cli, ["keygen", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "extension id" in result.output and mode(out / "signing.key") == 0o600
    again = runner.invoke(cli, ["keygen", "--out", str(out)])
    assert again.exit_code == 1
    assert "refusing to overwrite" in again.output and "Traceback" not in again.output


def test_sign_and_verify(tmp_path):
    sign.keygen(tmp_path / "a")
    sign.keygen(tmp_path / "b")
    key = sign.load_signing_key(tmp_path / "a" / "signing.key")
    data = b"zip bytes"
    sig = sign.sign(key, data)
    assert len(sig) == 64
    assert sign.verify_signature(sign.load_public_key(tmp_path / "a" / "signing.pub"), data, sig)
    assert not sign.verify_signature(sign.load_public_key(tmp_path / "a" / "signing.pub"), data + b"!", sig)
    assert not sign.verify_signature(sign.load_public_key(tmp_path / "b" / "signing.pub"), data, sig)
    assert not sign.verify_signature(sign.load_public_key(tmp_path / "a" / "signing.pub"), data, sig[:-1])


def test_wrong_key_types_are_one_line_errors(tmp_path):
    sign.keygen(tmp_path)
    with pytest.raises(BuildError, match="not an Ed25519"):
        sign.load_signing_key(tmp_path / "crx.pem")
    with pytest.raises(BuildError, match="not an RSA"):
        sign.load_rsa_key(tmp_path / "signing.key")
    with pytest.raises(BuildError, match="not found"):
        sign.load_rsa_key(tmp_path / "missing.pem")
    (tmp_path / "junk.pub").write_text("hello")
    with pytest.raises(BuildError, match="not an Ed25519 public key"):
        sign.load_public_key(tmp_path / "junk.pub")


def test_key_path_from_option_or_env_never_inside_repo(tmp_path):
    repo = tmp_path / "repo"
    (repo / "keys").mkdir(parents=True)
    outside = tmp_path / "k.pem"
    env = {sign.ENV_CRX_KEY: str(outside)}
    assert sign.resolve_key_path(None, env, sign.ENV_CRX_KEY, "--crx-key", repo) == outside.resolve()
    assert sign.resolve_key_path(str(outside), {}, sign.ENV_CRX_KEY, "--crx-key", repo) == outside.resolve()
    with pytest.raises(BuildError, match="inside the repository"):
        sign.resolve_key_path(str(repo / "keys" / "crx.pem"), {}, sign.ENV_CRX_KEY, "--crx-key", repo)
    with pytest.raises(BuildError, match="SITEAGENT_SIGNING_KEY"):
        sign.resolve_key_path(None, {}, sign.ENV_SIGNING_KEY, "--signing-key", repo)
