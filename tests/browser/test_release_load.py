"""The released zip, extracted, loads in headless Chromium under the CRX id (--pin-id)."""
from __future__ import annotations

import shutil
import subprocess
import zipfile

import pytest

from harness import REPO_ROOT, Browser

pytestmark = pytest.mark.browser


def copy_tree_under_test(dest):
    """Tracked + untracked files of the checkout, minus ignored ones (no dist/, .venv/, release/)."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO_ROOT,
                            check=True, capture_output=True, text=True).stdout.split("\0")
    for rel in filter(None, listed):
        src = REPO_ROOT / rel
        if src.is_file() and not src.is_symlink():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    from buildtool import crx, sign
    from buildtool.app import Application
    from buildtool.release import release
    base = tmp_path_factory.mktemp("release-load")
    repo = base / "repo"
    copy_tree_under_test(repo)
    (repo / "node_modules").symlink_to(REPO_ROOT / "node_modules")
    sign.keygen(base / "keys")
    result = release(Application(root=repo, quiet=True), base / "keys" / "signing.key",
                     base / "keys" / "crx.pem", pin_id=True)
    unpacked = base / "unpacked"
    with zipfile.ZipFile(result.folder / "site-agent.zip") as zf:
        zf.extractall(unpacked)
    assert crx.verify_crx((result.folder / "site-agent.crx").read_bytes()).id == result.crx_id
    return result, unpacked


def test_release_zip_loads_with_crx_id(released):
    result, unpacked = released
    with Browser(unpacked, timeout=15) as b:
        targets = b.cdp.send("Target.getTargets")["targetInfos"]
        workers = [t["url"] for t in targets if t["type"] == "service_worker"]
        assert f"chrome-extension://{result.crx_id}/background.js" in workers, workers
        assert b.extension_id == result.crx_id
        b.assert_no_sw_exceptions()
