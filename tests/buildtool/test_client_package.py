"""buildtool.catalogue (the catalogue the build reads) and buildtool.client_package (dist-client/ as an
npm package: exports, package.json, TypeScript declarations). The package itself is exercised in Node,
npm and tsc by tests/client/."""
import json
import sys
import types

import pytest

from buildtool.app import Application
from buildtool.build import build
from buildtool.catalogue import public_catalogue
from buildtool.client_package import public_names, ts_type
from buildtool.errors import BuildError

from projects import REPO, make_project, MINI_SOURCES

sys.path.insert(0, str(REPO / "tests"))
from expected_catalogue import GMAIL, CALENDAR, MEET  # noqa: E402


@pytest.fixture(scope="module")
def real_app():
    return Application.discover(REPO, quiet=True)


def test_the_release_catalogue_is_the_public_tools_in_listing_order(real_app):
    listing = public_catalogue(real_app, real_app.config("release"))
    google = [*GMAIL, *CALENDAR, *MEET]
    assert [t["name"] for t in listing][:len(google)] == google
    assert {t["name"]: t["risk"] for t in listing} == {**GMAIL, **CALENDAR, **MEET, "page": "irreversible",
                                                       "macro_list": "read", "macro_run": "write"}
    for tool in listing:
        assert list(tool) == ["name", "description", "risk", "inputSchema", "annotations"]


def test_the_test_profile_adds_its_test_tools_and_an_allowlist_limits_them(real_app, tmp_path):
    names = [t["name"] for t in public_catalogue(real_app, real_app.config("test"))]
    assert {"test_read", "test_write", "test_irreversible", "test_tab_info"} <= set(names)
    assert "browser_health" not in names and "generic_click_text" not in names        # console only
    project = Application(root=make_project(tmp_path / "p", real_sources=True), quiet=True)
    toml = project.config_source.read_text().replace("[bridge]\n", '[bridge]\npublic_tools = ["page", "test_read"]\n', 1)
    project.config_source.write_text(toml)
    assert [t["name"] for t in public_catalogue(project, project.config("test"))] == ["page", "test_read"]


def test_annotations_where_they_hold(real_app):
    hints = {t["name"]: t["annotations"] for t in public_catalogue(real_app, real_app.config("release"))}
    assert hints["gmail_search"] == {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True,
                                     "openWorldHint": True}
    assert hints["gmail_compose_draft"] == {"readOnlyHint": False, "destructiveHint": False, "idempotentHint": False,
                                            "openWorldHint": True}
    assert hints["gmail_send_draft"] == {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                                         "openWorldHint": True}
    idempotent = {n for n, h in hints.items() if h["idempotentHint"] and not h["readOnlyHint"]}
    assert idempotent == {"gmail_mark_thread", "gmail_label_thread", "calendar_rsvp", "meet_set_microphone",
                          "meet_set_camera", "meet_raise_hand", "meet_set_captions", "meet_mute_participant",
                          "meet_start_recording", "meet_stop_recording"}
    assert {n for n, h in hints.items() if not h["openWorldHint"]} == {"macro_list"}


def test_reading_the_catalogue_leaves_sys_modules_as_it_was(real_app):
    fake = types.ModuleType("core")
    sys.modules["core"] = fake
    before = dict(sys.modules)
    try:
        public_catalogue(real_app, real_app.config("release"))
        assert sys.modules["core"] is fake
        assert {k for k in sys.modules if k.split(".")[0] in ("sites", "webapi", "buildinfo", "entries")} == {
            k for k in before if k.split(".")[0] in ("sites", "webapi", "buildinfo", "entries")}
    finally:
        del sys.modules["core"]


def test_a_tree_without_sites_has_no_tools_and_a_broken_declaration_is_a_build_error(tmp_path):
    mini = Application(root=make_project(tmp_path / "mini"), quiet=True)
    assert public_catalogue(mini, mini.config("dev")) == []
    broken = Application(root=make_project(tmp_path / "broken", real_sources=True), quiet=True)
    meet = broken.src_dir / "sites" / "meet" / "tools.py"
    meet.write_text(meet.read_text() + "\nraise ValueError('a declaration that fails')\n")
    with pytest.raises(BuildError) as info:
        public_catalogue(broken, broken.config("dev"))
    assert info.value.code == "catalogue_error" and "a declaration that fails" in str(info.value)


@pytest.mark.parametrize("schema, expected", [
    ({"type": "string"}, "string"),
    ({"type": "integer"}, "number"),
    ({"type": "boolean"}, "boolean"),
    ({"type": "array", "items": {"type": "string"}}, "readonly string[]"),
    ({"type": "array", "items": {"type": "array", "items": {"type": "number"}}}, "readonly (readonly number[])[]"),
    ({"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}, 'readonly ("a" | "b")[]'),
    ({"type": "string", "enum": ["on", "off"]}, '"on" | "off"'),
    ({"const": 3}, "3"),
    ({"type": ["string", "null"]}, "string | null"),
    ({"anyOf": [{"type": "string"}, {"type": "number"}]}, "(string) | (number)"),
    ({"type": "object", "properties": {}, "additionalProperties": False}, "Record<string, never>"),
    ({"type": "object"}, "Record<string, unknown>"),
    ({}, "unknown"),
    (True, "unknown"),
    (False, "never"),
])
def test_json_schema_to_typescript(schema, expected):
    assert ts_type(schema) == expected


def test_an_object_type_marks_optional_fields_quotes_odd_keys_and_documents_them():
    text = ts_type({"type": "object", "required": ["to"], "additionalProperties": False, "properties": {
        "to": {"type": "array", "items": {"type": "string"}, "description": "Recipients */ sneaky"},
        "reply-all": {"type": "boolean"}}})
    assert text == ("{\n  /** Recipients *\u2215 sneaky */\n  to: readonly string[];\n  \"reply-all\"?: boolean;\n}")
    open_text = ts_type({"type": "object", "properties": {"a": {"type": "string"}}})
    assert open_text == "{\n  a?: string;\n}"


def test_public_names_reads_all_and_refuses_what_is_not_a_list_of_names(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("__all__ = ['a', 'b']\n")
    assert public_names(module) == ["a", "b"]
    module.write_text("x = 1\n")
    assert public_names(module) is None
    module.write_text("__all__ = ['a', b]\n")
    with pytest.raises(BuildError) as info:
        public_names(module)
    assert info.value.code == "bad_exports" and info.value.line == 1


def test_a_build_writes_the_package_and_exports_only_all(tmp_path):
    sources = dict(MINI_SOURCES)
    sources["client/siteagent_client.py"] = ("__all__ = ['ping']\n\n\ndef ping():\n    return 1\n\n\n"
                                             "def _private():\n    return 2\n")
    project = Application(root=make_project(tmp_path / "proj", sources), quiet=True)
    result = build(project, "release")
    client = result.client_dist
    assert sorted(p.name for p in client.iterdir()) == ["README.md", "package.json", "siteagent-client.d.ts",
                                                        "siteagent-client.js"]
    pkg = json.loads((client / "package.json").read_text())
    assert (pkg["name"], pkg["version"]) == ("site-agent-client", project.config("release").version)
    js = (client / "siteagent-client.js").read_text()
    assert "export{" in js.replace(" ", "") and "_private" not in js.split("export", 1)[1]
    dts = (client / "siteagent-client.d.ts").read_text()
    assert "export type ToolName =\n  never\n  ;" in dts
    dev = build(project, "dev").client_dist
    assert json.loads((dev / "package.json").read_text())["files"] == [
        "siteagent-client.js", "siteagent-client.js.map", "siteagent-client.d.ts", "README.md"]


def test_the_package_name_comes_from_the_config_and_is_checked(tmp_path):
    project = Application(root=make_project(tmp_path / "proj"), quiet=True)
    toml = project.config_source.read_text()
    project.config_source.write_text(toml.replace('package_name = "site-agent-client"', 'package_name = "@acme/chat-tools"'))
    assert project.config("dev").client_package == "@acme/chat-tools"
    project.config_source.write_text(toml.replace('package_name = "site-agent-client"', 'package_name = "Bad Name"'))
    with pytest.raises(BuildError) as info:
        project.config("dev")
    assert info.value.key == "client.package_name"
