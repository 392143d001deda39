"""The client package (dist-client/) built once per session with the release profile, as `make build`
ships it; the tests run its ES module in Node, pack it with npm and type-check a consumer with tsc."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from client_env import REPO  # noqa: E402

if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


@pytest.fixture(scope="session")
def release_build(tmp_path_factory):
    from buildtool.app import Application
    from buildtool.build import build
    app = Application.discover(REPO, quiet=True)
    return build(app, "release", tmp_path_factory.mktemp("client-release") / "dist")


@pytest.fixture(scope="session")
def client_dir(release_build) -> Path:
    return Path(release_build.client_dist)


@pytest.fixture(scope="session")
def node() -> str:
    from buildtool.toolchain import node_binary
    return node_binary()


@pytest.fixture(scope="session")
def npm() -> str:
    exe = shutil.which("npm")
    if not exe:
        pytest.fail("npm is not installed (it comes with Node.js: apt-get install npm)", pytrace=False)
    return exe


@pytest.fixture(scope="session")
def tsc() -> Path:
    exe = REPO / "node_modules" / ".bin" / "tsc"
    if not exe.exists():
        pytest.fail("the pinned TypeScript is not installed: run `npm ci` (package-lock.json pins it)", pytrace=False)
    return exe
