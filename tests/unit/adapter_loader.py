"""Load an adapter file under CPython to read its definitions: the browser-only modules it imports
(platform helpers, buildinfo, site_tabs) are stand-ins whose every attribute is a no-op function."""
import importlib.util
import sys
import types
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "siteagent_src"


class _Anything(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *a, **k: None


def load_adapter(filename: str, stand_ins: list[str]):
    """The module object of siteagent_src/adapters/<filename>; `stand_ins` are module names to fake."""
    stubs = {name: _Anything(name) for name in stand_ins}
    if "adapters.site_tabs" in stubs:
        adapters_pkg = types.ModuleType("adapters")
        adapters_pkg.site_tabs = stubs["adapters.site_tabs"]
        stubs["adapters"] = adapters_pkg
    saved = {name: sys.modules.get(name) for name in stubs}
    sys.modules.update(stubs)
    try:
        spec = importlib.util.spec_from_file_location(f"adapter_under_test_{Path(filename).stem}",
                                                      SRC / "adapters" / filename)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for name, previous in saved.items():
            if previous is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = previous
    return module
