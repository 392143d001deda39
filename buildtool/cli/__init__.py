"""`siteagent`: a click group whose commands live one per module and load lazily."""
from __future__ import annotations

import importlib
import sys

import click

from ..errors import BuildError

COMMANDS = {
    "check": "check",
    "docs": "docs",
    "build": "build",
    "package": "package",
    "demo": "demo",
    "keygen": "keygen",
    "release": "release",
    "verify": "verify",
    "token": "token",
    "mcp": "mcp_cmd",
    "native-host": "native_host",
}

HELP = {
    "check": "Check siteagent_src/ against the restricted Python subset, and the site kit's wiring.",
    "docs": "Regenerate the docs' tables (tools, reason codes, page verbs) from the sources.",
    "build": "Check, transpile, bundle and render a loadable extension into dist/.",
    "package": "Zip dist/ reproducibly into site-agent.zip with a sidecar.",
    "demo": "Serve the demo chatbot page on localhost.",
    "keygen": "Create release signing keys (Ed25519 + CRX RSA).",
    "release": "Build, package, sign and write a CRX3 into release/<version>/.",
    "verify": "Verify a release folder or zip: sizes, hashes, signature, CRX3.",
    "token": "Sign a call token (JWS) for the signed-calls mode.",
    "mcp": "MCP clients drive the browser: serve, install-host, uninstall-host, doctor, print-config.",
    "native-host": "The native messaging host the browser starts (not run by hand).",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted(name for name in COMMANDS if self._module(name) is not None)

    def _module(self, name):
        try:
            return importlib.import_module(f"{__name__}.{COMMANDS[name]}")
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith(f"{__name__}."):
                return None
            raise

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module = self._module(name)
        return getattr(module, "command", None) if module else None

    def format_commands(self, ctx, formatter):
        rows = [(name, HELP.get(name, "")) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("-C", "--project", "project", type=click.Path(file_okay=False, exists=True),
              default=None, help="Project folder (default: found from the current folder).")
@click.option("-q", "--quiet", is_flag=True, help="Print only errors.")
@click.version_option(package_name="siteagent")
@click.pass_context
def cli(ctx, project, quiet):
    """Site Agent toolchain."""
    from pathlib import Path
    ctx.obj = {"project": Path(project) if project else None, "quiet": quiet}


def get_app(ctx: click.Context):
    from ..app import Application
    obj = ctx.find_root().obj or {}
    return run_guarded(Application.discover, obj.get("project"), quiet=obj.get("quiet", False))


def main(argv=None):
    try:
        return cli.main(args=argv, prog_name="siteagent", standalone_mode=True)
    except BuildError as err:  # raised outside a command's own handler
        click.echo(f"error: {err}", err=True)
        sys.exit(1)


def run_guarded(fn, *args, **kwargs):
    """Run a toolchain function; a BuildError becomes one line on stderr and exit code 1."""
    try:
        return fn(*args, **kwargs)
    except BuildError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)
