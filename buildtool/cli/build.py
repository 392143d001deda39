"""siteagent build [--profile] [--out] [--watch]"""
from pathlib import Path

import click

from . import get_app, run_guarded


@click.command("build")
@click.option("--profile", type=click.Choice(["dev", "release", "test"]), default="dev", show_default=True)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: dist/).")
@click.option("--watch", is_flag=True, help="Rebuild on change; in the dev profile also live-reload the browser.")
@click.pass_context
def command(ctx, profile, out, watch):
    """Check, transpile, bundle and render a loadable extension."""
    app = get_app(ctx)
    if watch:
        from ..watch import watch as run_watch
        run_guarded(run_watch, app, profile, out)
        return
    from ..build import build
    result = run_guarded(build, app, profile, out)
    app.echo(result.summary())
