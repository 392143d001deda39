"""dist-client/ is an npm package: package.json from siteagent.toml, `npm pack` works, the ES module
exports exactly its documented names, and the generated TypeScript declarations make a consumer's
`callTool("gmail_compose_draft", {...})` type-check and a misspelt argument fail (`tsc --noEmit`)."""
import json
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from client_env import REPO, HERE, node_json

CONSUMER = HERE / "consumer"
PACKAGE_FILES = {"package.json", "README.md", "siteagent-client.js", "siteagent-client.d.ts"}


@pytest.fixture(scope="module")
def config():
    from buildtool.app import Application
    return Application.discover(REPO).config("release")


@pytest.fixture(scope="module")
def catalogue(config):
    from buildtool.app import Application
    from buildtool.catalogue import public_catalogue
    return public_catalogue(Application.discover(REPO), config)


@pytest.fixture(scope="module")
def tarball(client_dir, npm, tmp_path_factory):
    out = tmp_path_factory.mktemp("pack")
    proc = subprocess.run([npm, "pack", "--pack-destination", str(out), "--json", "--loglevel=error"],
                          cwd=client_dir, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)[0], out


def test_package_json_comes_from_siteagent_toml(client_dir, config):
    pkg = json.loads((client_dir / "package.json").read_text())
    assert pkg["name"] == config.client_package == "site-agent-client"
    assert pkg["version"] == config.version
    assert pkg["type"] == "module"
    assert pkg["types"] == "./siteagent-client.d.ts"
    assert pkg["exports"]["."] == {"types": "./siteagent-client.d.ts", "default": "./siteagent-client.js"}
    assert pkg["files"] == ["siteagent-client.js", "siteagent-client.d.ts", "README.md"]
    assert pkg["sideEffects"] is True and "private" not in pkg


def test_npm_pack_makes_a_tarball_of_exactly_the_package(tarball, client_dir, config):
    info, out = tarball
    assert info["filename"] == f"site-agent-client-{config.version}.tgz"
    assert {f["path"] for f in info["files"]} == PACKAGE_FILES
    with tarfile.open(out / info["filename"]) as tar:
        packed = {m.name.removeprefix("package/"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    assert set(packed) == PACKAGE_FILES
    for name in PACKAGE_FILES:
        assert packed[name] == (client_dir / name).read_bytes(), name
    print(f"\nnpm pack: {info['filename']} {info['size']:,} bytes packed, {info['unpackedSize']:,} unpacked: "
          + ", ".join(sorted(PACKAGE_FILES)))


def declared_exports(dts: str) -> set[str]:
    return set(re.findall(r"^export declare (?:function|const) (\w+)", dts, re.M))


def test_the_module_exports_exactly_its_documented_names(client_dir, node):
    from buildtool.client_package import public_names
    names = public_names(REPO / "siteagent_src" / "client" / "siteagent_client.py")
    module = (client_dir / "siteagent-client.js").as_uri()
    exported = node_json(node, f"import './js/fake_page.mjs'; const m = await import({json.dumps(module)});"
                               "console.log(JSON.stringify(Object.keys(m).sort()))")
    assert exported == sorted(names)
    assert declared_exports((client_dir / "siteagent-client.d.ts").read_text()) == set(names)


def test_the_runtime_leaves_for_in_alone(client_dir, node):
    module = (client_dir / "siteagent-client.js").as_uri()
    seen = node_json(node, f"await import({json.dumps(module)});"
                           "const keys = []; for (const k in [1, 2]) keys.push(k); for (const k in new Uint8Array(1)) keys.push('u' + k);"
                           "const s = []; for (const k in Object('ab')) s.push(k);"
                           "console.log(JSON.stringify({keys, s, append: typeof [].append}))")
    # String.prototype.format is the one exception: Transcrypt defines it non-configurable, so it stays
    # enumerable (only `for...in` over a string sees it); the package README says so
    assert seen == {"keys": ["0", "1", "u0"], "s": ["0", "1", "format"], "append": "function"}


def test_the_declarations_list_the_catalogue(client_dir, catalogue):
    dts = (client_dir / "siteagent-client.d.ts").read_text()
    union = dts.split("export type ToolName =", 1)[1].split(";", 1)[0]
    assert re.findall(r'\| "([a-z0-9_]+)"', union) == [t["name"] for t in catalogue]
    args = dts.split("export interface ToolArgs {", 1)[1].split("\n}\n", 1)[0]
    assert re.findall(r"^  ([a-z0-9_]+): ", args, re.M) == [t["name"] for t in catalogue]
    assert "gmail_send_draft: Record<string, never>;" in args
    assert re.search(r"  gmail_search: \{\n    /\*\* The search\. \*/\n    query: string;\n", args)
    readme = (client_dir / "README.md").read_text()
    for tool in catalogue:
        assert f"| `{tool['name']}` | {tool['risk']} |" in readme


def consumer(tmp_path: Path, tarball, resolution: str) -> Path:
    """A project with the packed package installed under node_modules/ and the consumer files."""
    info, out = tarball
    project = tmp_path / resolution
    target = project / "node_modules" / "site-agent-client"
    target.mkdir(parents=True)
    with tarfile.open(out / info["filename"]) as tar:
        for member in tar.getmembers():
            if member.isfile():
                (target / member.name.removeprefix("package/")).write_bytes(tar.extractfile(member).read())
    for source in CONSUMER.glob("*.ts"):
        shutil.copy(source, project / source.name)
    (project / "package.json").write_text('{"type": "module", "private": true}\n')
    module = "nodenext" if resolution == "nodenext" else "esnext"
    (project / "tsconfig.json").write_text(json.dumps({"compilerOptions": {
        "strict": True, "noEmit": True, "module": module, "moduleResolution": resolution, "target": "es2022",
        "lib": ["es2022", "dom"], "types": [], "skipLibCheck": False}, "files": ["good.ts"]}))
    return project


@pytest.mark.parametrize("resolution", ["nodenext", "bundler"])
def test_a_consumer_type_checks_and_every_expected_error_is_one(tmp_path, tarball, tsc, resolution):
    project = consumer(tmp_path, tarball, resolution)
    proc = subprocess.run([str(tsc), "-p", "tsconfig.json"], cwd=project, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (CONSUMER / "good.ts").read_text().count("@ts-expect-error") >= 10


def test_misspelt_names_and_values_fail_to_compile_naming_the_mistake(tmp_path, tarball, tsc):
    project = consumer(tmp_path, tarball, "nodenext")
    proc = subprocess.run([str(tsc), "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
                           "--target", "es2022", "--lib", "es2022,dom", "bad.ts"],
                          cwd=project, capture_output=True, text=True, timeout=180)
    errors = re.findall(r"^bad\.ts\((\d+),\d+\): error (TS\d+): (.*)$", proc.stdout, re.M)
    assert proc.returncode != 0
    assert [(line, code) for line, code, _ in errors] == [("4", "TS2353"), ("5", "TS2345"), ("6", "TS2322")], proc.stdout
    assert "'too' does not exist" in errors[0][2]
    assert "'ToolName'" in errors[1][2]
    assert '"read" | "unread" | "starred" | "unstarred"' in errors[2][2]


def first_js_block(markdown: str, heading: str) -> str:
    section = markdown.split(heading, 1)[1]
    return section.split("```js\n", 1)[1].split("```", 1)[0]


def test_the_readme_integrations_compile(tmp_path, tarball, tsc, client_dir):
    """The ten lines in README.md and in the package's README type-check against the package."""
    project = consumer(tmp_path, tarball, "nodenext")
    snippets = {"repo.ts": first_js_block((REPO / "README.md").read_text(), "## For chatbot authors"),
                "package.ts": first_js_block((client_dir / "README.md").read_text(), "## The whole integration")}
    for name, code in snippets.items():
        assert len([line for line in code.splitlines() if line.strip()]) <= 12, name
        (project / name).write_text("declare function show(text: string | null): void;\n" + code + "\nexport {};\n")
    proc = subprocess.run([str(tsc), "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
                           "--target", "es2022", "--lib", "es2022,dom", *snippets], cwd=project, capture_output=True,
                          text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
