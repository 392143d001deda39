"""The public tool catalogue of a build: what `LIST_TOOLS` answers on a fresh install.

`public_catalogue(app, config)` is the ONE place the build reads the catalogue from (the client
package's TypeScript declarations and README are generated from it). It returns exactly what the
built extension's `LIST_TOOLS` returns for that profile: `[{name, description, risk, inputSchema,
annotations}]`, in `LIST_TOOLS` order, with the switches of a fresh install (not paused, nothing
disabled) and the profile's `bridge.public_tools` allowlist.

The sites' declarations are pure (`sites/<site>/tools.py`, the core layer), so they are imported
under CPython (buildtool/sites.py `catalogue`, in the order of entries/worker/sites.py), and the
listing is the extension's own `core.catalogue.public_listing`, as entries/worker/dispatch.list_tools
calls it. tests/browser/test_catalogue.py compares the result with `LIST_TOOLS` from the built
extension in Chromium.
"""
from __future__ import annotations

import copy
import importlib

from . import sites
from .errors import BuildError


def public_catalogue(app, config) -> list[dict]:
    src = app.src_dir
    if not (src / sites.WORKER_REGISTRY).is_file():
        return []
    try:
        defs = sites.catalogue(src, bool(config.test_adapter))
        with sites.isolated_imports(src):
            listing = importlib.import_module("core.catalogue").public_listing
            state = {"paused": False, "disabled": {},
                     "allowlist": list(config.public_tools) if config.public_tools is not None else None}
            return copy.deepcopy(listing(defs, state))
    except BuildError:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure to read the declarations is a build error
        raise BuildError(f"the tool catalogue could not be read: {type(exc).__name__}: {exc}",
                         path=str(src / sites.WORKER_REGISTRY), code="catalogue_error",
                         hint="run `siteagent check`: the sites' declarations must import under CPython") from exc
