"""`siteagent keygen --out DIR`: Ed25519 signing pair + CRX RSA key, private files 0600."""
from __future__ import annotations

from pathlib import Path

import click

from . import run_guarded


@click.command("keygen")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for signing.key, signing.pub and crx.pem (keep it outside the repo).")
@click.option("--rsa-bits", default=2048, show_default=True, type=click.IntRange(min=2048),
              help="RSA key size for the CRX key.")
@click.pass_context
def command(ctx, out, rsa_bits):
    """Create release signing keys (Ed25519 + CRX RSA); refuses to overwrite."""
    from ..crx import crx_id
    from ..sign import fingerprint, keygen, load_rsa_key, load_signing_key, rsa_spki_der
    paths = run_guarded(keygen, out, rsa_bits)
    quiet = (ctx.find_root().obj or {}).get("quiet", False)
    if not quiet:
        for path in paths.values():
            click.echo(f"wrote {path}")
        click.echo(f"signing key fingerprint: {fingerprint(load_signing_key(paths['signing_key']))}")
        click.echo(f"extension id for this CRX key: {crx_id(rsa_spki_der(load_rsa_key(paths['crx_key'])))}")
        click.echo("Keep signing.key and crx.pem secret and out of git; commit signing.pub as release/signing.pub.")
