"""`siteagent mcp serve` driven by the official SDK client over stdio, against real native-host
processes whose "extension" is this test (it answers their frames like the worker would): several
browsers, choosing one, outcomes to MCP results, and a cancelled call forwarded as `cancel`."""
from __future__ import annotations

import shutil
import sys
import tempfile
import threading
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import Implementation

from siteagent_runtime import framing
from test_host import HostProc

SITEAGENT = str(Path(sys.executable).parent / "siteagent")
TOOLS = [{"name": "test_read", "description": "Reads.", "risk": "read",
          "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}},
          "annotations": {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True,
                          "openWorldHint": True}},
         {"name": "test_irreversible", "description": "Sends.", "risk": "irreversible",
          "inputSchema": {"type": "object"},
          "annotations": {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                          "openWorldHint": True}}]


class FakeExtension:
    """Answers a host's frames: list -> TOOLS; test_read -> echo tagged with this browser's name;
    test_irreversible -> an approval note, then waits for a cancel (recorded)."""

    def __init__(self, host: HostProc, name: str):
        self.host, self.name = host, name
        self.seen: list[dict] = []
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def loop(self):
        while True:
            try:
                message = self.host.read()
            except (OSError, ValueError, framing.FrameError):
                return
            if message is None:
                return
            self.seen.append(message)
            if message["t"] != "req":
                continue
            reply = {"t": "reply", "conn": message["conn"], "id": message["id"]}
            if message["op"] == "list":
                self.host.send({**reply, "outcome": {"ok": True, "result": TOOLS}})
            elif message["name"] == "test_read":
                self.host.send({**reply, "outcome": {"ok": True, "result": {"browser": self.name,
                                                                             "echo": message["args"]}}})
            elif message["name"] == "test_irreversible":
                self.host.send({"t": "note", "conn": message["conn"], "id": message["id"],
                                "note": {"stage": "approval_waiting", "tool": "test_irreversible"}})
            else:
                self.host.send({**reply, "outcome": {"ok": False, "reason": "unknown_tool",
                                                     "message": "There is no tool named x."}})


@pytest.fixture
def browsers():
    sock_dir = Path(tempfile.mkdtemp(prefix="sa-srv-", dir="/tmp"))
    hosts = [HostProc(sock_dir), HostProc(sock_dir)]
    fakes = [FakeExtension(h, f"browser{i}") for i, h in enumerate(hosts)]
    yield sock_dir, hosts, fakes
    for h in hosts:
        h.close()
    shutil.rmtree(sock_dir, ignore_errors=True)


def client(sock_dir, **env):
    return Client(StdioServerParameters(command=SITEAGENT, args=["mcp", "serve"],
                                        env={"SITEAGENT_SOCKET_DIR": str(sock_dir), "SITEAGENT_MCP_PROGRESS_S": "0.2",
                                             "SITEAGENT_CACHE_DIR": str(sock_dir / "cache"), **env}),
                  client_info=Implementation(name="Unit Client", version="2"))


def test_several_browsers_a_call_must_name_one(browsers):
    sock_dir, hosts, fakes = browsers

    async def main():
        async with client(sock_dir) as c:
            names = [t.name for t in (await c.list_tools()).tools]
            refused = await c.call_tool("test_read", {"text": "x"})
            listing = await c.call_tool("site_agent_browsers", {})
            label = listing.structured_content["browsers"][1]["label"]
            chosen = await c.call_tool("site_agent_browsers", {"select": label})
            read = await c.call_tool("test_read", {"text": "y"})
            return names, refused, listing, label, chosen, read
    names, refused, listing, label, chosen, read = anyio.run(main)
    assert names == ["test_read", "test_irreversible", "site_agent_browsers"]
    assert refused.is_error and refused.content[0].text.startswith("mcp_not_connected: 2 browsers are connected")
    assert len(listing.structured_content["browsers"]) == 2 and listing.structured_content["selected"] is None
    assert chosen.structured_content["selected"] == label
    which = [h.proc.pid for h in hosts].index(int(label.rsplit("-", 1)[1]))
    assert read.is_error is False and read.structured_content == {"browser": f"browser{which}", "echo": {"text": "y"}}


def test_siteagent_browser_env_picks_one_and_results_map_to_mcp(browsers):
    sock_dir, hosts, fakes = browsers

    async def main():
        async with client(sock_dir, SITEAGENT_BROWSER=str(hosts[0].proc.pid)) as c:
            tools = (await c.list_tools()).tools
            ok = await c.call_tool("test_read", {"text": "z"})
            bad = await c.call_tool("nope", {})
            return tools, ok, bad
    tools, ok, bad = anyio.run(main)
    assert [t.name for t in tools] == ["test_read", "test_irreversible"]       # no chooser once one is named
    assert tools[1].annotations.destructive_hint is True and tools[0].annotations.read_only_hint is True
    assert ok.structured_content == {"browser": "browser0", "echo": {"text": "z"}}
    assert bad.is_error and bad.content[0].text == "unknown_tool: There is no tool named x."
    assert bad.structured_content == {"ok": False, "reason": "unknown_tool", "message": "There is no tool named x."}
    hellos = [m for m in fakes[0].seen if m["t"] == "open"]
    assert hellos and hellos[0]["client"] == {"name": "Unit Client", "version": "2"}


def test_cancel_is_forwarded_and_progress_flows(browsers):
    sock_dir, hosts, fakes = browsers
    progress = []

    async def on_progress(value, total, message):
        progress.append(message)

    async def main():
        async with client(sock_dir, SITEAGENT_BROWSER=str(hosts[1].proc.pid)) as c:
            with anyio.move_on_after(1.0):
                await c.call_tool("test_irreversible", {}, progress_callback=on_progress)
            await anyio.sleep(0.5)
    anyio.run(main)
    assert len([m for m in progress if m.startswith("Waiting for your approval of test_irreversible")]) >= 3
    kinds = [m["t"] for m in fakes[1].seen]
    assert "cancel" in kinds and kinds.index("cancel") > kinds.index("req")
    assert kinds[-1] == "close"                  # the server exited: its socket closed


def test_tools_list_without_a_browser_uses_the_last_catalogue(browsers):
    sock_dir, hosts, fakes = browsers

    async def listing(**env):
        async with client(sock_dir, **env) as c:
            names = [t.name for t in (await c.list_tools()).tools]
            call = await c.call_tool("test_read", {}) if not env else None
            return names, call
    cache = sock_dir / "cache" / "tools.json"
    assert not cache.exists()
    names, _ = anyio.run(lambda: listing(SITEAGENT_BROWSER=str(hosts[0].proc.pid)))
    assert names == ["test_read", "test_irreversible"] and (cache.stat().st_mode & 0o777) == 0o600
    for h in hosts:                                  # the browsers close
        h.proc.stdin.close()
        h.proc.wait(5)
    names, call = anyio.run(listing)
    assert names == ["test_read", "test_irreversible"]
    assert call.is_error and call.content[0].text.startswith("mcp_not_connected: no browser is connected")
    cache.unlink()

    async def nothing():
        async with client(sock_dir) as c:
            try:
                await c.list_tools()
            except MCPError as exc:
                return str(exc)
    assert anyio.run(nothing).startswith("mcp_not_connected: no browser is connected")   # no cache: an error
