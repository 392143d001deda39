"""`siteagent native-host`: a thin shell over siteagent_runtime.host (the browser starts it)."""
from __future__ import annotations

import click


@click.command("native-host", context_settings={"ignore_unknown_options": True})
@click.argument("browser_args", nargs=-1, type=click.UNPROCESSED)
def command(browser_args):
    """The native messaging host the browser starts through connectNative (not run by hand)."""
    from siteagent_runtime.host import main
    raise SystemExit(main(list(browser_args)))
