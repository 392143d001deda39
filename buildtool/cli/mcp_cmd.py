"""`siteagent mcp ...`: thin shells over the runtime (siteagent_runtime/), imported lazily."""
from __future__ import annotations

from pathlib import Path

import click

BROWSER_CHOICES = ["chrome", "chromium", "edge", "brave", "opera", "all"]


@click.group("mcp")
def command():
    """Let MCP clients (Claude Code, Cursor, VS Code...) use Site Agent in this browser."""


def _fail(exc) -> None:
    click.echo(f"error: {exc} [{exc.code}]", err=True)
    if getattr(exc, "hint", ""):
        click.echo(f"hint: {exc.hint}", err=True)
    raise SystemExit(1)


@command.command("serve")
def serve():
    """Run the stdio MCP server (your MCP client starts this)."""
    from siteagent_runtime.server import main
    raise SystemExit(main())


_browser = click.option("--browser", "browsers", multiple=True, type=click.Choice(BROWSER_CHOICES),
                        help="Browser(s) to set up (repeatable; default: all).")
_udd = click.option("--user-data-dir", "user_data_dirs", multiple=True, type=click.Path(file_okay=False, path_type=Path),
                    help="A browser profile folder started with --user-data-dir (its NativeMessagingHosts/ is used).")


@command.command("install-host")
@click.option("--extension-id", "ids", multiple=True, required=True,
              help="The Site Agent extension id (repeatable: Chrome Web Store and Edge Add-ons ids differ).")
@_browser
@_udd
def install_host(ids, browsers, user_data_dirs):
    """Write the native host manifest (per user; never root or HKLM) and its wrapper."""
    from siteagent_runtime.install import InstallError, install_host as run
    try:
        plan = run(list(ids), list(browsers), user_data_dirs=list(user_data_dirs))
    except InstallError as exc:
        _fail(exc)
    click.echo(f"wrote {plan.wrapper}")
    for path in plan.manifests:
        click.echo(f"wrote {path}")
    for key in plan.registry:
        click.echo(f"set HKEY_CURRENT_USER\\{key}")
    click.echo("next: restart the browser, open the Site Agent console and turn MCP on; then "
               "`siteagent mcp print-config --client <your client>`")


@command.command("uninstall-host")
@_browser
@_udd
def uninstall_host(browsers, user_data_dirs):
    """Remove the host manifests, the wrapper and the HKCU keys install-host wrote."""
    from siteagent_runtime.install import InstallError, uninstall_host as run
    try:
        plan = run(list(browsers), user_data_dirs=list(user_data_dirs))
    except InstallError as exc:
        _fail(exc)
    for path in plan.manifests:
        click.echo(f"removed {path}")
    for key in plan.registry:
        click.echo(f"removed HKEY_CURRENT_USER\\{key}")
    if not plan.manifests and not plan.registry:
        click.echo("nothing to remove")


@command.command("doctor")
@click.option("--extension-id", "extension_id", default=None, help="Check that the manifests allow this id.")
@_browser
@_udd
def doctor(extension_id, browsers, user_data_dirs):
    """Check manifests, extension id, interpreter, Flatpak/Snap browsers and a live host; say what to fix."""
    from siteagent_runtime.doctor import run
    findings = run(list(browsers), extension_id, list(user_data_dirs))
    for finding in findings:
        click.echo(finding.line())
    failed = [f for f in findings if f.level == "fail"]
    click.echo(f"{len(failed)} problem(s)" if failed else "all checks passed")
    raise SystemExit(1 if failed else 0)


@command.command("print-config")
@click.option("--client", "client", required=True,
              type=click.Choice(["claude-code", "claude-desktop", "cursor", "vscode", "codex"]))
@click.option("--browser", "browser", default=None, help="Pin the server to one connected browser (SITEAGENT_BROWSER).")
def print_config(client, browser):
    """Print the exact snippet for an MCP client, with absolute paths."""
    from siteagent_runtime.clients import snippet
    click.echo(snippet(client, browser))
