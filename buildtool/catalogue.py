"""The public tool catalogue of a build: what `LIST_TOOLS` answers on a fresh install.

`public_catalogue(app, config)` is the ONE place the build reads the catalogue from (the client
package's TypeScript declarations and README are generated from it). It returns exactly what the
built extension's `LIST_TOOLS` returns for that profile: `[{name, description, risk, inputSchema,
annotations}]`, in `LIST_TOOLS` order, with the switches of a fresh install (not paused, nothing
disabled) and the profile's `bridge.public_tools` allowlist.

How it reads it, for now: the tool definitions still live in adapter files that import
browser-only modules (`webapi.*`). They are executed under CPython with every `webapi` module
replaced by a stand-in whose every attribute is an inert callable, with the real `core.*` modules
and the profile's real `buildinfo`. The listing itself is the extension's own code:
`adapters.registry.catalogue()` filtered by `core.catalogue.public_listing`, as
`entries/worker/dispatch.list_tools` does. A source tree without `adapters/registry.py` has no tools. tests/browser/test_catalogue.py compares the result with
`LIST_TOOLS` from the built extension in Chromium, so a stand-in that diverges is caught.
"""
from __future__ import annotations

import copy
import importlib
import importlib.abc
import importlib.machinery
import sys
import threading
import types
from pathlib import Path

from .errors import BuildError

# Packages of siteagent_src/ that an import of the registry reaches; they are loaded privately and
# sys.modules is put back afterwards, so the toolchain (and the test suite) never sees them.
_PRIVATE = ("buildinfo", "core", "adapters", "webapi", "entries", "client")
_LOCK = threading.Lock()


class _Inert:
    """Any attribute, call, item or await of a stand-in gives another inert value."""

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return self

    def __call__(self, *args, **kwargs):
        return self

    def __getitem__(self, key):
        return self

    def __iter__(self):
        return iter(())

    def __await__(self):
        return iter(())


class _StandInModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _Inert()


class _SourceFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves `webapi` and `webapi.*` (browser-only wrappers) as stand-in modules, and the other
    packages of siteagent_src/ from this project's source folder only (never from sys.path, where a
    test run may have put another tree)."""

    def __init__(self, src: Path):
        self.src = str(src)

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "webapi" or fullname.startswith("webapi."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        if "." not in fullname and _private_name(fullname):
            spec = importlib.machinery.PathFinder.find_spec(fullname, [self.src])
            if spec is None:
                raise ModuleNotFoundError(f"No module named {fullname!r} in {self.src}", name=fullname)
            return spec
        return None

    def create_module(self, spec):
        module = _StandInModule(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


def _private_name(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in _PRIVATE)


def _fresh_install_state(constants: dict) -> dict:
    # entries/worker/state.empty_switches() plus the allowlist, as dispatch.rules_state() builds it
    return {"paused": False, "disabled": {}, "allowlist": constants["public_tools"]}


def public_catalogue(app, config) -> list[dict]:
    """`LIST_TOOLS` of a build with this config, on a fresh install (a new list of new dicts)."""
    from .build import generated_modules
    src = Path(app.src_dir)
    if not (src / "adapters" / "registry.py").is_file():
        return []                   # a source tree without adapters has no tools
    generated = generated_modules(config)["buildinfo"]
    with _LOCK:
        saved = {name: mod for name, mod in sys.modules.items() if _private_name(name)}
        for name in saved:
            del sys.modules[name]
        finder = _SourceFinder(src)
        sys.meta_path.insert(0, finder)
        try:
            buildinfo = types.ModuleType("buildinfo")
            exec(compile(generated, "<buildinfo>", "exec"), buildinfo.__dict__)
            sys.modules["buildinfo"] = buildinfo
            try:
                registry = importlib.import_module("adapters.registry")
                listing = importlib.import_module("core.catalogue").public_listing(
                    registry.catalogue(), _fresh_install_state(buildinfo.CONFIG))
            except Exception as exc:
                raise BuildError(f"cannot read the tool catalogue: {type(exc).__name__}: {exc}",
                                 path=str(src / "adapters" / "registry.py"), code="catalogue_error",
                                 hint="a tool declaration failed to load under CPython") from exc
            return copy.deepcopy(listing)
        finally:
            sys.meta_path.remove(finder)
            for name in [n for n in sys.modules if _private_name(n)]:
                del sys.modules[name]
            sys.modules.update(saved)
