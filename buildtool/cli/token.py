"""`siteagent token`: sign a call token, or (`--keygen`) make a token signing key pair."""
from __future__ import annotations

import json
from pathlib import Path

import click

from . import run_guarded


@click.command("token")
@click.option("--keygen", "do_keygen", is_flag=True, help="Create token.key + token.pub in --out instead of signing.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="With --keygen: the folder for the keys.")
@click.option("--alg", type=click.Choice(["ES256", "EdDSA"]), default=None,
              help="Algorithm (keygen default ES256; signing default: the key's own).")
@click.option("--key", "key_path", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="PEM private key (token.key).")
@click.option("--aud", help="The extension id (chrome.runtime.id; CHALLENGE replies carry it as extensionId).")
@click.option("--iss", help="Issuer; must equal siteagent.toml signing.issuer when that is set.")
@click.option("--origin", help="The chatbot page's origin, e.g. https://chat.example.")
@click.option("--tool", help="The tool name.")
@click.option("--args", "args_json", default="{}", show_default=True, help="The call's arguments as JSON.")
@click.option("--nonce", help="A nonce from a CHALLENGE request.")
@click.option("--lifetime", default=60, show_default=True, type=click.IntRange(1, 60), help="Seconds until exp.")
@click.pass_context
def command(ctx, do_keygen, out, alg, key_path, aud, iss, origin, tool, args_json, nonce, lifetime):
    """Sign a call token (compact JWS) for signed-calls mode, or create a key pair with --keygen.

    (`siteagent keygen` is something else: it makes the release signing keys.)"""
    from ..token import keygen, load_private_key, sign_call
    if do_keygen:
        if out is None:
            raise click.UsageError("--keygen needs --out DIR")
        made = run_guarded(keygen, out, alg or "ES256")
        click.echo(f"wrote {made['key']}\nwrote {made['pub']}")
        click.echo("Put this into siteagent.toml:\n[signing]\nenabled = true\n"
                   f"alg = \"{made['alg']}\"\npublic_key = \"{made['public_key']}\"")
        return
    missing = [name for name, value in (("--key", key_path), ("--aud", aud), ("--iss", iss), ("--origin", origin),
                                        ("--tool", tool), ("--nonce", nonce)) if not value]
    if missing:
        raise click.UsageError("missing " + ", ".join(missing))
    try:
        args = json.loads(args_json)
    except json.JSONDecodeError as exc:
        raise click.UsageError(f"--args is not JSON: {exc.msg}") from None
    if not isinstance(args, dict):
        raise click.UsageError("--args must be a JSON object")
    key = run_guarded(load_private_key, key_path)
    click.echo(run_guarded(sign_call, key, aud=aud, iss=iss, origin=origin, tool=tool, args=args, nonce=nonce,
                           alg=alg, lifetime_s=lifetime))
