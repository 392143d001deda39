"""`siteagent release`: build the release profile, check, package, sign, CRX3 -> release/<version>/."""
from __future__ import annotations

from pathlib import Path

import click

from . import get_app, run_guarded


@click.command("release")
@click.option("--signing-key", "signing_key", default=None, metavar="FILE",
              help="Ed25519 signing.key (default: the path in $SITEAGENT_SIGNING_KEY).")
@click.option("--crx-key", "crx_key", default=None, metavar="FILE",
              help="RSA crx.pem for the CRX3 proof (default: the path in $SITEAGENT_CRX_KEY).")
@click.option("--pin-id", is_flag=True, help="Write the manifest `key` so unpacked installs get the CRX id.")
@click.option("--force", is_flag=True, help="Rebuild an existing release/<version>/.")
@click.option("--screenshot", "screenshot_to", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also save a headless Chromium screenshot of install.html here.")
@click.pass_context
def command(ctx, signing_key, crx_key, pin_id, force, screenshot_to):
    """Build, package, sign and write a CRX3 into release/<version>/."""
    from ..release import release
    from ..sign import ENV_CRX_KEY, ENV_SIGNING_KEY, resolve_key_path
    app = get_app(ctx)
    skey = run_guarded(resolve_key_path, signing_key, app.env, ENV_SIGNING_KEY, "--signing-key", app.root)
    rkey = run_guarded(resolve_key_path, crx_key, app.env, ENV_CRX_KEY, "--crx-key", app.root)
    result = run_guarded(release, app, skey, rkey, pin_id=pin_id, force=force, screenshot_to=screenshot_to)
    rel = result.folder.relative_to(app.root) if result.folder.is_relative_to(app.root) else result.folder
    app.echo(f"released {result.version} into {rel}/")
    app.echo(f"  site-agent.zip  {result.size} bytes  sha256 {result.sha256}")
    app.echo(f"  extension id    {result.crx_id}")
    app.echo(f"  check it with:  siteagent verify {rel}")
