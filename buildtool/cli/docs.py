"""`siteagent docs`: regenerate the docs' tables from their sources (tools, reason codes, verbs)."""
from __future__ import annotations

import sys

import click

from . import get_app, run_guarded


def run_docs(app, check_only: bool) -> int:
    from ..docsgen import stale, write
    if check_only:
        out = stale(app.root, app.src_dir)
        for section in out:
            click.echo(f"out of date: {section}")
        return 1 if out else 0
    changed = write(app.root, app.src_dir)
    for section in changed:
        app.echo(f"wrote {section}")
    if not changed:
        app.echo("docs: every generated table is current")
    return 0


@click.command("docs", help="Regenerate the docs' tables (tools, reason codes, page verbs) from the sources.")
@click.option("--check", "check_only", is_flag=True, help="Only report stale tables (exit 1 if any).")
@click.pass_context
def command(ctx, check_only):
    app = run_guarded(get_app, ctx)
    sys.exit(run_guarded(run_docs, app, check_only))
