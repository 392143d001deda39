"""`siteagent mcp serve`: a stdio MCP server (official SDK `mcp` 2.x, lowlevel `Server`) that relays
to the extension through the native host's Unix socket.

It is an untrusted relay. It lists exactly what the extension's LIST_TOOLS answers (names,
descriptions, input schemas, risk-derived annotations, in the extension's order) and sends each
call to the extension's one gate sequence (entries/worker/dispatch.py `call`, source "mcp").
It cannot approve anything: only a click in the extension's approval window can. Client
annotations, elicitation answers or arguments never count as approval.

While a call waits for that click it sends `notifications/progress` about every 10 s
(SITEAGENT_MCP_PROGRESS_S), so clients that reset their timeout on progress keep waiting.
A cancelled request, or this process ending, makes the extension close the window and void the call.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError

from . import framing, sockets
from .framing import LITTLE

PROGRESS_S = float(os.environ.get("SITEAGENT_MCP_PROGRESS_S", "10"))
BROWSERS_TOOL = "site_agent_browsers"
SERVER_NAME = "site-agent"

# reason codes the relay itself returns (the extension's own reasons pass through unchanged)
NOT_CONNECTED = "mcp_not_connected"
CONNECTION_LOST = "mcp_connection_lost"


class Gone(Exception):
    """The host link closed; `reason` and `message` say why."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason
        self.message = message


class HostLink:
    """One connection to one native host (one browser). Requests are matched to replies by id."""

    def __init__(self, host: sockets.HostSocket, reader, writer, welcome: dict):
        self.host = host
        self.reader = reader
        self.writer = writer
        self.welcome = welcome
        self.pending: dict[str, dict] = {}
        self.ids = itertools.count(1)
        self.gone: Gone | None = None
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, host: sockets.HostSocket, client: dict) -> "HostLink":
        sock = await asyncio.to_thread(sockets.connect, host)
        reader, writer = await asyncio.open_unix_connection(sock=sock, limit=framing.SOCKET_MAX)
        writer.write(framing.encode({"t": "hello", "client": client}, LITTLE))
        await writer.drain()
        welcome = await _read_frame(reader)
        if welcome is None or welcome.get("t") != "welcome":
            writer.close()
            why = welcome.get("message") if welcome else "the host closed the connection"
            raise Gone(NOT_CONNECTED, f"the native host refused the connection: {why}")
        return cls(host, reader, writer, welcome)

    async def _read(self) -> None:
        gone = Gone(CONNECTION_LOST, "the browser connection closed (browser closed, or the extension restarted); "
                                     "the call's outcome is unknown: check before retrying")
        try:
            while True:
                frame = await _read_frame(self.reader)
                if frame is None:
                    break
                kind = frame.get("t")
                if kind == "bye":
                    gone = Gone(frame.get("reason") or CONNECTION_LOST, frame.get("message") or "disconnected")
                    break
                slot = self.pending.get(frame.get("id"))
                if slot is None:
                    continue
                if kind == "note":
                    slot["notes"].put_nowait(frame.get("note") or {})
                elif kind == "reply" and not slot["future"].done():
                    slot["future"].set_result(frame.get("outcome"))
        except (OSError, framing.FrameError) as exc:
            gone = Gone(CONNECTION_LOST, f"the browser connection broke: {exc}")
        self.gone = gone
        for slot in self.pending.values():
            if not slot["future"].done():
                slot["future"].set_exception(gone)
        self.writer.close()

    async def send(self, frame: dict) -> None:
        if self.gone:
            raise self.gone
        self.writer.write(framing.encode(frame, LITTLE))
        await self.writer.drain()

    def start(self, op: str, name: str | None, args: Any) -> tuple[str, dict]:
        req_id = f"r{next(self.ids)}"
        slot = {"future": asyncio.get_running_loop().create_future(), "notes": asyncio.Queue()}
        self.pending[req_id] = slot
        return req_id, slot

    def close(self) -> None:
        self.writer.close()


async def _read_frame(reader) -> dict | None:
    try:
        head = await reader.readexactly(4)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise framing.FrameError("truncated", "socket closed inside a frame header") from None
        return None
    (length,) = LITTLE.unpack(head)
    if length > framing.SOCKET_MAX:
        raise framing.FrameError("too_big", f"socket frame of {length} bytes is over the cap")
    try:
        body = await reader.readexactly(length)
    except asyncio.IncompleteReadError:
        raise framing.FrameError("truncated", "socket closed inside a frame") from None
    return framing.decode_body(body)


class Relay:
    """The server's state: the chosen browser and the link to it (opened on first use, reopened
    after the browser or the worker restarted; a call in flight is never re-sent)."""

    def __init__(self):
        self.link: HostLink | None = None
        self.selected: str | None = os.environ.get("SITEAGENT_BROWSER") or None
        self.lock = asyncio.Lock()

    def client_of(self, ctx) -> dict:
        params = ctx.session.client_params
        info = params.client_info if params is not None else None
        return {"name": info.name if info else "unnamed MCP client", "version": info.version if info else ""}

    async def link_for(self, ctx) -> HostLink:
        async with self.lock:
            if self.link is not None and self.link.gone is None:
                return self.link
            hosts = await asyncio.to_thread(sockets.list_hosts)
            try:
                host = sockets.choose(hosts, self.selected)
            except LookupError as exc:
                raise Gone(NOT_CONNECTED, str(exc)) from None
            try:
                self.link = await HostLink.open(host, self.client_of(ctx))
            except (OSError, sockets.SocketSecurityError) as exc:
                raise Gone(NOT_CONNECTED, f"cannot connect to {host.label}: {exc}") from None
            return self.link

    async def request(self, ctx, op: str, name: str | None, args: Any, on_note=None) -> dict:
        link = await self.link_for(ctx)
        req_id, slot = link.start(op, name, args)
        try:
            await link.send({"t": "req", "id": req_id, "op": op, "name": name, "args": args})
            while True:
                notes = asyncio.ensure_future(slot["notes"].get())
                done, _ = await asyncio.wait({slot["future"], notes}, return_when=asyncio.FIRST_COMPLETED)
                if notes in done:
                    if on_note is not None:
                        await on_note(notes.result())
                else:
                    notes.cancel()
                if slot["future"] in done:
                    return slot["future"].result()
        except BaseException as exc:
            if isinstance(exc, (asyncio.CancelledError, anyio.get_cancelled_exc_class())) and link.gone is None:
                # the client cancelled (notifications/cancelled): the extension closes the window, voids the call
                with anyio.CancelScope(shield=True):
                    try:
                        await link.send({"t": "cancel", "id": req_id})
                    except (OSError, Gone):
                        pass
            raise
        finally:
            link.pending.pop(req_id, None)


def outcome_result(outcome: Any) -> types.CallToolResult:
    """An extension outcome as an MCP result: structuredContent plus the same JSON as text; a failed
    outcome is isError with `<reason>: <message>` as text."""
    if not isinstance(outcome, dict) or "ok" not in outcome:
        return error_result("bad_reply", f"the extension answered something that is not an outcome: {outcome!r}"[:500])
    if outcome["ok"] is not True:
        return error_result(str(outcome.get("reason") or "error"), str(outcome.get("message") or ""),
                            outcome.get("detail"))
    result = outcome.get("result")
    structured = result if isinstance(result, dict) else {"result": result}
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(result, ensure_ascii=False))],
                                structured_content=structured, is_error=False)


def error_result(reason: str, message: str, detail: Any = None) -> types.CallToolResult:
    structured = {"ok": False, "reason": reason, "message": message}
    if detail is not None:
        structured["detail"] = detail
    return types.CallToolResult(content=[types.TextContent(type="text", text=f"{reason}: {message}")],
                                structured_content=structured, is_error=True)


def mcp_tool(entry: dict) -> types.Tool:
    return types.Tool.model_validate({"name": entry["name"], "description": entry.get("description", ""),
                                      "inputSchema": entry.get("inputSchema") or {"type": "object"},
                                      "annotations": entry.get("annotations")})


BROWSERS_TOOL_DEF = {
    "name": BROWSERS_TOOL,
    "description": "Lists the browsers connected to Site Agent (more than one is running). Pass `select` "
                   "with one of the labels to send this session's calls to that browser. Changes nothing else.",
    "inputSchema": {"type": "object", "properties": {"select": {"type": "string", "maxLength": 80}},
                    "additionalProperties": False},
    "annotations": {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False},
}


def cache_path() -> Path:
    """Where the last catalogue the extension listed is kept (0600), to answer tools/list while no
    browser is connected: $SITEAGENT_CACHE_DIR, else ~/.cache/siteagent (macOS ~/Library/Caches/siteagent)."""
    override = os.environ.get("SITEAGENT_CACHE_DIR")
    if override:
        return Path(override) / "tools.json"
    home = Path(os.path.expanduser("~"))
    base = home / "Library" / "Caches" if sys.platform == "darwin" else \
        Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    return base / "siteagent" / "tools.json"


def save_catalogue(tools: list) -> None:
    path = cache_path()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        tmp = path.with_name(f"tools.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(tools, f)
        os.replace(tmp, path)
    except OSError:
        pass            # a cache only: never fail a listing over it


def load_catalogue() -> list | None:
    try:
        value = json.loads(cache_path().read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, list) else None


def build_server(relay: Relay | None = None) -> Server:
    relay = relay or Relay()

    async def list_tools(ctx, params) -> types.ListToolsResult:
        hosts = await asyncio.to_thread(sockets.list_hosts)
        several = len(hosts) > 1 and not relay.selected
        if several:
            # the catalogue of one of them (read-only; they run the same build) plus the chooser;
            # calls still go nowhere until one is named
            try:
                link = await HostLink.open(hosts[0], relay.client_of(ctx))
                try:
                    req_id, slot = link.start("list", None, None)
                    await link.send({"t": "req", "id": req_id, "op": "list", "name": None, "args": None})
                    outcome = await slot["future"]
                finally:
                    link.close()
            except (OSError, sockets.SocketSecurityError, Gone) as exc:
                raise MCPError(-32603, f"{NOT_CONNECTED}: cannot list the tools of {hosts[0].label}: {exc}") from None
        else:
            try:
                outcome = await relay.request(ctx, "list", None, None)
            except Gone as exc:
                # no browser yet: the catalogue it listed last time, so a client started before the
                # browser still knows the tools (a call then says mcp_not_connected until it is up)
                cached = load_catalogue()
                if exc.reason != NOT_CONNECTED or cached is None:
                    raise MCPError(-32603, f"{exc.reason}: {exc.message}") from None
                outcome = {"ok": True, "result": cached, "cached": True}
        if not isinstance(outcome, dict) or outcome.get("ok") is not True:
            raise MCPError(-32603, f"the extension did not list its tools: {outcome!r}"[:300])
        if not outcome.get("cached"):
            save_catalogue(outcome["result"])
        tools = [mcp_tool(entry) for entry in outcome["result"]]
        if several:
            tools.append(mcp_tool(BROWSERS_TOOL_DEF))
        return types.ListToolsResult(tools=tools)

    async def browsers(args: dict) -> types.CallToolResult:
        hosts = await asyncio.to_thread(sockets.list_hosts)
        wanted = (args or {}).get("select")
        if wanted:
            try:
                chosen = sockets.choose(hosts, wanted)
            except LookupError as exc:
                return error_result("unknown_browser", str(exc))
            relay.selected = chosen.label
            if relay.link is not None and relay.link.host.label != chosen.label:
                relay.link.close()
                relay.link = None
        listing = {"browsers": [{"label": h.label, "pid": h.pid} for h in hosts], "selected": relay.selected}
        return outcome_result({"ok": True, "result": listing})

    async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
        args = params.arguments or {}
        if params.name == BROWSERS_TOOL:
            return await browsers(args)
        ticks = itertools.count(1)
        heartbeat: dict[str, asyncio.Task | None] = {"task": None}

        async def beat(tool: str):
            waited = 0.0
            while True:
                await ctx.session.report_progress(next(ticks), None,
                                                  f"Waiting for your approval of {tool} in the Site Agent window "
                                                  f"({int(waited)} s)")
                await asyncio.sleep(PROGRESS_S)
                waited += PROGRESS_S

        async def on_note(note: dict):
            stage = note.get("stage")
            if stage == "approval_waiting" and heartbeat["task"] is None:
                heartbeat["task"] = asyncio.ensure_future(beat(str(note.get("tool") or params.name)))
            elif stage == "approval_decided" and heartbeat["task"] is not None:
                heartbeat["task"].cancel()
                heartbeat["task"] = None
                word = "approved" if note.get("allowed") else "not approved"
                await ctx.session.report_progress(next(ticks), None, f"{params.name} {word}")

        try:
            outcome = await relay.request(ctx, "call", params.name, args, on_note)
        except Gone as exc:
            return error_result(exc.reason, exc.message)
        finally:
            if heartbeat["task"] is not None:
                heartbeat["task"].cancel()
        return outcome_result(outcome)

    return Server(SERVER_NAME, version=_version(), on_list_tools=list_tools, on_call_tool=call_tool,
                  instructions="Site Agent acts in the user's own browser. Irreversible tools wait for the "
                               "user's click in the Site Agent approval window; a denial is final, do not retry it.")


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("siteagent")
    except Exception:  # noqa: BLE001
        return "0"


async def serve() -> None:
    from mcp.server.stdio import stdio_server
    server = build_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def main() -> int:
    # stdout is the MCP channel: anything else this process prints goes to stderr
    try:
        anyio.run(serve)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
