"""`siteagent check`: run the subset checker over siteagent_src/."""
from __future__ import annotations

import sys

import click

from . import get_app, run_guarded
from ..errors import BuildError


def run_check(app) -> int:
    from ..build import all_violations
    from ..checker import count_files

    src = app.src_dir
    if not src.is_dir():
        raise BuildError(f"source folder {src} does not exist", path=str(src),
                         hint="create siteagent_src/ with core/, webapi/, sites/, entries/, client/",
                         code="no_source")
    config = app.config("dev") if app.config_source.is_file() else None
    violations = all_violations(app, config)
    for v in violations:
        click.echo(v.format())
    if violations:
        files = len({v.path for v in violations})
        click.echo(f"{len(violations)} violation{'s' if len(violations) != 1 else ''} in "
                   f"{files} file{'s' if files != 1 else ''}")
        return 1
    app.echo(f"ok: {count_files(src)} files checked")
    return 0


@click.command("check", help="Check siteagent_src/ against the restricted Python subset, and the site kit's wiring.")
@click.pass_context
def command(ctx):
    app = run_guarded(get_app, ctx)
    sys.exit(run_guarded(run_check, app))
