import hashlib
import json
import os
import shutil
import zipfile

import pytest

from buildtool.app import Application
from buildtool.build import build
from buildtool.errors import BuildError
from buildtool.package import package, zip_bytes, source_date_epoch, MIN_ZIP_EPOCH

from projects import make_project, git_commit


@pytest.fixture
def project(tmp_path):
    root = make_project(tmp_path / "proj")
    return Application(root=root, quiet=True, env={"PATH": os.environ["PATH"]})


def test_sidecar_matches_zip(project, tmp_path):
    commit = git_commit(project.root)
    result = package(project, build(project, "release").dist, tmp_path / "out")
    data = result.zip_path.read_bytes()
    side = json.loads(result.sidecar_path.read_text())
    assert side == result.sidecar
    assert side["size"] == len(data)
    assert side["sha256"] == hashlib.sha256(data).hexdigest()
    assert side["name"] == "Site Agent" and side["version"] == "0.1.0"
    assert side["commit"] == commit
    with zipfile.ZipFile(result.zip_path) as archive:
        names = archive.namelist()
        assert names == sorted(names) == side["files"]
        assert "manifest.json" in names
        assert not [n for n in names if n.endswith((".py", ".map"))]
        for info in archive.infolist():
            assert info.date_time == (2023, 11, 14, 22, 13, 20)   # the commit time, 1700000000
            assert (info.external_attr >> 16) == 0o100644
        for name in names:
            if name.endswith(".js"):
                assert b"Transcrypt'ed from Python" not in archive.read(name)


def test_two_builds_are_byte_identical(project, tmp_path):
    git_commit(project.root)
    first = package(project, build(project, "release").dist, tmp_path / "a").zip_path.read_bytes()
    shutil.rmtree(project.root / ".siteagent")
    os.utime(project.root / "siteagent_src/core/maths.py", (1, 1))
    second = package(project, build(project, "release").dist, tmp_path / "b").zip_path.read_bytes()
    assert first == second


def test_source_date_epoch_wins(project, tmp_path):
    project.env["SOURCE_DATE_EPOCH"] = "1750000000"
    assert source_date_epoch(project.root, project.env) == 1750000000
    result = package(project, build(project, "release").dist, tmp_path / "out")
    with zipfile.ZipFile(result.zip_path) as archive:
        assert archive.infolist()[0].date_time[:3] == (2025, 6, 15)


def test_bad_source_date_epoch(project):
    with pytest.raises(BuildError) as info:
        source_date_epoch(project.root, {"SOURCE_DATE_EPOCH": "yesterday"})
    assert info.value.key == "SOURCE_DATE_EPOCH"


def test_without_git_falls_back_to_1980(project):
    assert source_date_epoch(project.root, {}) == MIN_ZIP_EPOCH


def test_package_without_build_says_so(project, tmp_path):
    with pytest.raises(BuildError) as info:
        package(project, tmp_path / "nothing", tmp_path / "out")
    assert "siteagent build" in info.value.hint


def test_dev_zip_also_excludes_maps(project):
    dist = build(project, "dev").dist
    assert list(dist.glob("*.map"))
    data, files = zip_bytes(dist, MIN_ZIP_EPOCH)
    assert not [f for f in files if f.endswith(".map")]
