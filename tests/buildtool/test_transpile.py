import json
import os

from buildtool.transpile import Transpiler, imports_of, transcrypt_error

from projects import make_project, MINI_SOURCES


def transpiler(tmp_path):
    root = make_project(tmp_path / "proj")
    return root, Transpiler(root / "siteagent_src", root / ".siteagent" / "cache" / "dev")


def test_graph_finds_affected_entries(tmp_path):
    root, tx = transpiler(tmp_path)
    graph = tx.graph()
    maths = (root / "siteagent_src/core/maths.py").resolve()
    assert maths in graph.files_of("entries.background")
    assert maths in graph.files_of("entries.content")
    assert maths not in graph.files_of("entries.bridge")


def test_content_hash_cache_recompiles_only_changed_modules(tmp_path):
    root, tx = transpiler(tmp_path)
    first = tx.run(["entries.background", "entries.content"])
    assert {"core.maths", "entries.background", "entries.content"} <= set(first.compiled)
    # touching without changing content compiles nothing
    os.utime(root / "siteagent_src/core/maths.py")
    assert tx.run(["entries.background", "entries.content"]).compiled == []
    # a real edit recompiles that module only, even when its mtime went backwards
    path = root / "siteagent_src/core/maths.py"
    path.write_text(MINI_SOURCES["core/maths.py"] + "\ndef sub(a, b):\n    return a - b\n")
    os.utime(path, (1, 1))
    again = tx.run(["entries.background", "entries.content"])
    assert again.compiled == ["core.maths"]
    assert "export var sub" in (tx.out_dir / "core.maths.js").read_text()
    hashes = json.loads(tx.hash_file.read_text())
    assert len(hashes["core.maths"]) == 64


def test_make_mode_needs_no_java(tmp_path, monkeypatch):
    root, tx = transpiler(tmp_path)
    tx.run(["entries.background"])
    assert (tx.out_dir / "copy.js").read_bytes().startswith(b"/")
    monkeypatch.setenv("PATH", os.path.dirname(os.__file__) + ":/usr/bin:/bin".replace("/usr/bin:", "/nonexistent:"))
    assert tx.run(["entries.background"]).compiled == []


def test_imports_of_reads_from_imports(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import core.a\nfrom core import b\nfrom core.c import d\n")
    assert imports_of(f) == {"core.a", "core", "core.b", "core.c", "core.c.d"}


def test_transcrypt_error_is_one_located_line():
    output = ("Error while compiling (offending file last):\n\tFile '/x/siteagent_src/core/a.py', line 7, namely:\n"
              "\tunsupported thing\n\nAborted\n")
    err = transcrypt_error(output)
    assert err.path == "/x/siteagent_src/core/a.py" and err.line == 7
    assert "\n" not in str(err)
