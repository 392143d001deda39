"""`siteagent verify` catches a tampered zip or sidecar, a wrong key, a truncated CRX, an id mismatch."""
from __future__ import annotations

import hashlib
import io
import json
import shutil
import zipfile

import pytest
from click.testing import CliRunner

from buildtool import crx, sign
from buildtool.cli import cli
from buildtool.verify import verify_release


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    d = tmp_path_factory.mktemp("keys")
    sign.keygen(d / "a")
    sign.keygen(d / "b")
    return d


def write_release(folder, keydir, *, declared_id=None):
    """A release folder like `siteagent release` writes, without running the build."""
    folder.mkdir(parents=True)
    buf = io.BytesIO()
    files = {"manifest.json": json.dumps({"manifest_version": 3, "name": "Site Agent", "version": "1.2.3"}),
             "background.js": "console.log('hi')"}
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            zf.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), files[name])
    data = buf.getvalue()
    (folder / "site-agent.zip").write_bytes(data)
    (folder / "site-agent.json").write_text(json.dumps({
        "name": "Site Agent", "version": "1.2.3", "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(), "files": sorted(files), "commit": None}))
    (folder / "site-agent.zip.sig").write_bytes(sign.sign(sign.load_signing_key(keydir / "signing.key"), data))
    (folder / "site-agent.crx").write_bytes(crx.write_crx(data, sign.load_rsa_key(keydir / "crx.pem"),
                                                          declared_id=declared_id))
    return folder


@pytest.fixture
def rel(tmp_path, keys):
    folder = write_release(tmp_path / "release" / "1.2.3", keys / "a")
    shutil.copy(keys / "a" / "signing.pub", tmp_path / "release" / "signing.pub")  # the pinned key
    return folder


def verdicts(report):
    return {c.name: c.ok for c in report.checks}


def test_good_release_passes_with_pinned_key(rel):
    report = verify_release(rel)
    assert report.ok, report.lines()
    assert verdicts(report) == {"archive": True, "sidecar": True, "signature": True, "crx": True}
    assert "release/signing.pub" in report.checks[2].detail


def test_zip_path_and_explicit_key(rel, keys):
    assert verify_release(rel / "site-agent.zip", keys / "a" / "signing.pub").ok


def test_tampered_zip(rel):
    data = bytearray((rel / "site-agent.zip").read_bytes())
    data[40] ^= 0xFF
    (rel / "site-agent.zip").write_bytes(bytes(data))
    report = verify_release(rel)
    assert not report.ok
    v = verdicts(report)
    assert v["sidecar"] is False and v["signature"] is False and v["crx"] is False


def test_tampered_sidecar_hash(rel):
    side = json.loads((rel / "site-agent.json").read_text())
    side["sha256"] = "0" * 64
    (rel / "site-agent.json").write_text(json.dumps(side))
    report = verify_release(rel)
    assert verdicts(report)["sidecar"] is False and not report.ok
    assert verdicts(report)["signature"] is True


@pytest.mark.parametrize("field,value", [("size", 1), ("version", "9.9.9"), ("files", ["evil.js"])])
def test_tampered_sidecar_fields(rel, field, value):
    side = json.loads((rel / "site-agent.json").read_text())
    side[field] = value
    (rel / "site-agent.json").write_text(json.dumps(side))
    assert verdicts(verify_release(rel))["sidecar"] is False


def test_wrong_key(rel, keys):
    report = verify_release(rel, keys / "b" / "signing.pub")
    assert verdicts(report)["signature"] is False and not report.ok
    assert "wrong key" in report.checks[2].detail


def test_no_key_anywhere_fails(tmp_path, keys):
    folder = write_release(tmp_path / "dl" / "1.2.3", keys / "a")
    report = verify_release(folder)
    assert verdicts(report)["signature"] is False and "--public-key" in report.checks[2].detail


def test_key_inside_release_folder_is_not_trusted(tmp_path, keys):
    folder = write_release(tmp_path / "x" / "1.2.3", keys / "b")
    shutil.copy(keys / "b" / "signing.pub", folder / "signing.pub")  # an attacker ships their own key
    assert verdicts(verify_release(folder))["signature"] is False


def test_truncated_crx(rel):
    data = (rel / "site-agent.crx").read_bytes()
    for cut in (data[:-100], data[:50]):
        (rel / "site-agent.crx").write_bytes(cut)
        report = verify_release(rel)
        assert verdicts(report)["crx"] is False and not report.ok


def test_crx_id_mismatch(tmp_path, keys):
    folder = write_release(tmp_path / "release" / "1.2.3", keys / "a", declared_id=bytes(range(16)))
    report = verify_release(folder, keys / "a" / "signing.pub")
    assert verdicts(report)["crx"] is False
    assert "does not match" in report.checks[3].detail


def test_crx_with_other_payload(rel, keys):
    other = crx.write_crx(b"PK\x05\x06" + bytes(18), sign.load_rsa_key(keys / "a" / "crx.pem"))
    (rel / "site-agent.crx").write_bytes(other)
    assert "different archive" in verify_release(rel).checks[3].detail


def test_missing_crx_in_folder_fails(rel):
    (rel / "site-agent.crx").unlink()
    assert not verify_release(rel).ok


def test_cli_exit_codes_and_verdicts(rel, keys):
    runner = CliRunner()
    ok = runner.invoke(cli, ["verify", str(rel)])
    assert ok.exit_code == 0, ok.output
    assert ok.output.count("  ok  ") == 4 and "verdict: OK" in ok.output
    bad = runner.invoke(cli, ["verify", str(rel), "--public-key", str(keys / "b" / "signing.pub")])
    assert bad.exit_code == 1 and "FAIL  signature" in bad.output and "verdict: FAILED" in bad.output
    missing = runner.invoke(cli, ["verify", str(rel / "nope")])
    assert missing.exit_code == 1 and "Traceback" not in missing.output
