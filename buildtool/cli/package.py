"""siteagent package [--dist] [--out]"""
from pathlib import Path

import click

from . import get_app, run_guarded


@click.command("package")
@click.option("--dist", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Built extension folder (default: dist/).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Where site-agent.zip and site-agent.json go (default: project root).")
@click.pass_context
def command(ctx, dist, out):
    """Zip the built extension reproducibly, with a sidecar of size, SHA-256 and files."""
    app = get_app(ctx)
    from ..package import package
    result = run_guarded(package, app, dist or app.default_dist, out or app.root)
    side = result.sidecar
    app.echo(f"{result.zip_path}  {side['size']:,} bytes  sha256 {side['sha256']}")
    app.echo(f"{result.sidecar_path}  {len(side['files'])} files, version {side['version']}, commit {side['commit'] or '-'}")
