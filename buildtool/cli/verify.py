"""`siteagent verify PATH [--public-key FILE]`: one verdict per check, exit 1 on any failure."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from . import run_guarded


@click.command("verify")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--public-key", "public_key", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Ed25519 signing.pub to trust (default: release/signing.pub next to the release folder).")
def command(path, public_key):
    """Verify a release folder or zip: sizes, hashes, signature, CRX3."""
    from ..verify import verify_release
    report = run_guarded(verify_release, path, public_key)
    for line in report.lines():
        click.echo(line)
    sys.exit(0 if report.ok else 1)
