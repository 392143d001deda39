"""The application object every CLI command receives: where the project is and how to talk."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import click

from .errors import BuildError

CONFIG_NAME = "siteagent.toml"


def find_project_root(start: Path | None = None) -> Path:
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / CONFIG_NAME).is_file():
            return candidate
    raise BuildError(f"no {CONFIG_NAME} found in {here} or any parent",
                     hint="run siteagent inside the project checkout", code="no_project")


@dataclass
class Application:
    root: Path
    quiet: bool = False
    env: dict = field(default_factory=lambda: dict(os.environ))

    @classmethod
    def discover(cls, start: Path | None = None, **kw) -> "Application":
        return cls(root=find_project_root(start), **kw)

    @property
    def src_dir(self) -> Path:
        return self.root / "siteagent_src"

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    @property
    def cache_dir(self) -> Path:
        return self.root / ".siteagent"

    @property
    def default_dist(self) -> Path:
        return self.root / "dist"

    @cached_property
    def config_source(self) -> Path:
        return self.root / CONFIG_NAME

    def config(self, profile: str = "dev"):
        from .config import load_config
        return load_config(self.config_source, profile)

    def echo(self, text: str = "", err: bool = False) -> None:
        if not self.quiet or err:
            click.echo(text, err=err)
