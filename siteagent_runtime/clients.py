"""`siteagent mcp print-config`: the exact snippet each MCP client needs, with absolute paths
(GUI clients start servers without the shell's PATH)."""
from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

CLIENTS = ("claude-code", "claude-desktop", "cursor", "vscode", "codex")
NAME = "site-agent"


def command() -> list[str]:
    """The absolute command that starts the server: this install's `siteagent` script, else
    `<python> -m siteagent_runtime.server`."""
    script = Path(sys.executable).parent / ("siteagent.exe" if sys.platform == "win32" else "siteagent")
    if script.is_file():
        return [str(script), "mcp", "serve"]
    found = shutil.which("siteagent")
    if found:
        return [str(Path(found).resolve()), "mcp", "serve"]
    return [sys.executable, "-m", "siteagent_runtime.server"]


def snippet(client: str, browser: str | None = None) -> str:
    cmd = command()
    env = {"SITEAGENT_BROWSER": browser} if browser else None
    if client in ("claude-code", "codex"):
        env_args = "".join(f" --env {k}={shlex.quote(v)}" for k, v in (env or {}).items())
        tool = "claude" if client == "claude-code" else "codex"
        line = f"{tool} mcp add {NAME}{env_args} -- {shlex.join(cmd)}"
        if client == "codex":
            # approvals can take a while: let Codex wait for the human
            line += f"\n\n# then, in ~/.codex/config.toml:\n[mcp_servers.{NAME}]\ntool_timeout_sec = 300"
        return line
    entry: dict = {"command": cmd[0], "args": cmd[1:]}
    if env:
        entry["env"] = env
    if client in ("claude-desktop", "cursor"):
        where = ("claude_desktop_config.json (Settings > Developer > Edit Config)" if client == "claude-desktop"
                 else "~/.cursor/mcp.json (or .cursor/mcp.json in a project)")
        return f"// {where}\n" + json.dumps({"mcpServers": {NAME: entry}}, indent=2)
    if client == "vscode":
        return "// .vscode/mcp.json\n" + json.dumps({"servers": {NAME: {"type": "stdio", **entry}}}, indent=2)
    raise ValueError(f"unknown client {client!r}; use one of {', '.join(CLIENTS)}")
