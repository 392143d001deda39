"""Site Agent as an MCP server, end to end: the official SDK's own client (`mcp.Client` over stdio)
drives `siteagent mcp serve`, which talks over the per-user Unix socket to `siteagent native-host`,
which Chromium started through connectNative (host manifest in the temporary profile's
NativeMessagingHosts/), which relays to the built extension's worker and its one gate sequence.
Approval windows are clicked over CDP, as a human would.

The host runs through a wrapper that makes it print to stdout on every frame from the browser
(a stray print in its code path): every test here passes with it.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_types import Implementation

from extension import audit_log, effects, ext_send
from harness import FIXTURES, Browser, host_rules_for, wait_until

pytestmark = pytest.mark.browser

SITEAGENT = str(Path(sys.executable).parent / "siteagent")
HOST_NAME = "com.siteagent.bridge"
TEST_KEY = (FIXTURES / "mcp" / "test-key.pub").read_text().strip()     # public key only (README there)


def id_of_key(key_b64: str) -> str:
    """The extension id Chromium derives from a manifest "key": sha256 of the DER key, first 32 hex -> a-p."""
    digest = hashlib.sha256(base64.b64decode(key_b64)).hexdigest()
    return "".join(chr(ord("a") + int(c, 16)) for c in digest[:32])


FIXED_ID = id_of_key(TEST_KEY)


@pytest.fixture(scope="module")
def browser(built_extension, fixture_servers, tmp_path_factory):
    """This module's Chromium: the built test extension with the fixed test key in its manifest, so its
    id is known before the browser starts (as a store id is), not derived from a temporary path."""
    dist = tmp_path_factory.mktemp("mcp-dist") / "dist"
    shutil.copytree(built_extension.dist, dist)
    manifest = json.loads((dist / "manifest.json").read_text())
    manifest["key"] = TEST_KEY
    (dist / "manifest.json").write_text(json.dumps(manifest, indent=2))
    b = Browser(dist, host_rules=host_rules_for(fixture_servers))
    yield b
    b.quit()


@pytest.fixture(scope="module")
def mcp_env(browser, tmp_path_factory):
    """The host manifest in the browser's own profile, a socket folder for this module, MCP turned on."""
    root = tmp_path_factory.mktemp("mcp")
    sock_dir = root / "run"
    sock_dir.mkdir(mode=0o700)
    log = root / "host-stderr.log"
    wrapper = root / "native-host"
    wrapper.write_text(textwrap.dedent(f"""\
        #!/bin/sh
        export SITEAGENT_SOCKET_DIR='{sock_dir}'
        exec '{sys.executable}' -c '
        import sys
        from siteagent_runtime import host
        handle = host.Host.handle_from_extension
        def noisy(self, message):
            print("stray print from the host code path", message.get("t"))
            return handle(self, message)
        host.Host.handle_from_extension = noisy
        host.main(sys.argv[1:])
        ' "$@" 2>>'{log}'
        """))
    wrapper.chmod(0o700)
    from siteagent_runtime.install import host_manifest
    folder = browser.profile_dir / "NativeMessagingHosts"
    folder.mkdir(exist_ok=True)
    assert browser.extension_id == FIXED_ID              # the fixed test key gives the id we wrote
    (folder / f"{HOST_NAME}.json").write_text(json.dumps(host_manifest(wrapper, [FIXED_ID])))
    state = ext_send(browser, {"kind": "mcp_enable", "on": True})
    assert state["enabled"] is True, state
    wait_until(lambda: list(sock_dir.glob("*.sock")), 10, "the native host's socket")
    env = {"SITEAGENT_SOCKET_DIR": str(sock_dir), "SITEAGENT_MCP_PROGRESS_S": "0.5",
           "SITEAGENT_CACHE_DIR": str(root / "cache")}
    ctx = {"dir": sock_dir, "log": log, "env": env, "root": root}

    async def pair_approver():       # the client most tests use, paired for this browser session
        async with client(ctx, name="Approver") as c:
            return await paired_call(browser, c, "test_read", {})
    _, result = anyio.run(pair_approver)
    assert result.is_error is False, result
    yield ctx
    ext_send(browser, {"kind": "mcp_enable", "on": False})


def params(mcp_env, **env) -> StdioServerParameters:
    return StdioServerParameters(command=SITEAGENT, args=["mcp", "serve"], env={**mcp_env["env"], **env})


def client(mcp_env, name="Test Client", mode="auto", **env) -> Client:
    return Client(params(mcp_env, **env), client_info=Implementation(name=name, version="1.0"), mode=mode)


async def thread(fn, *args):
    return await anyio.to_thread.run_sync(lambda: fn(*args))


def answer(browser, allow: bool, remember: bool = False, wait_text: str = "") -> dict:
    """Click Allow or Deny in the next approval window; returns what it showed."""
    popup = browser.wait_for_popup("approve.html", timeout=8)
    popup.wait_for("document.getElementById('approve-preview').textContent.length > 0")
    seen = popup.eval("JSON.stringify({origin: document.getElementById('approve-origin').textContent,"
                      " tool: document.getElementById('approve-tool').textContent,"
                      " title: document.getElementById('approve-title').textContent,"
                      " preview: document.getElementById('approve-preview').textContent,"
                      " remember: !document.getElementById('approve-remember-row').hidden})")
    seen = json.loads(seen)
    if remember:
        popup.click("#approve-remember")
    if allow:
        popup.wait_for("!document.getElementById('allow').disabled")
        popup.click("#allow")
    else:
        popup.click("#deny")
    wait_until(lambda: popup.is_closed, 5, "the approval window to close")
    return seen


async def paired_call(browser, c: Client, name: str, args: dict):
    """The first call of a client: answer its pairing window (Allow), then return the call's result."""
    async with anyio.create_task_group() as tg:
        box = {}

        async def call():
            box["result"] = await c.call_tool(name, args)
        tg.start_soon(call)
        box["pairing"] = await thread(answer, browser, True)
    return box["pairing"], box["result"]


def expected_catalogue():
    from buildtool.app import Application
    from buildtool.catalogue import public_catalogue
    from buildtool.config import resolve, read_config
    app = Application.discover(Path(__file__))
    config = resolve(read_config(app.root / "siteagent.toml"), "test")
    return public_catalogue(app, config)


def wire_tools(result) -> list[dict]:
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in result.tools]


def test_without_the_optional_permission_no_port_opens(tmp_path, launch_browser):
    """A build where nativeMessaging stays optional (as in dev and release): the manifest only offers
    it, and turning MCP on without the grant opens no port and says why."""
    from extension import build_variant
    dist = build_variant(tmp_path, lambda text: text.replace("grant_optional_permissions = true", "", 1))
    manifest = json.loads((dist / "manifest.json").read_text())
    assert manifest["optional_permissions"] == ["nativeMessaging"] and "nativeMessaging" not in manifest["permissions"]
    b = launch_browser(dist)
    state = ext_send(b, {"kind": "mcp_enable", "on": True})
    assert state["enabled"] is True and state["permitted"] is False and state["connected"] is False
    assert state["error"] == "the nativeMessaging permission is not granted"


# --- tools/list --------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_tools_list_is_the_catalogue_with_annotations(browser, mcp_env, mode):
    async def main():
        async with client(mcp_env, mode=mode) as c:
            return c.protocol_version, wire_tools(await c.list_tools())
    version, tools = anyio.run(main)
    assert version == ("2026-07-28" if mode == "auto" else "2025-11-25")
    want = expected_catalogue()
    assert [t["name"] for t in tools] == [t["name"] for t in want]
    for got, exp in zip(tools, want):
        assert got["description"] == exp["description"]
        assert got["inputSchema"] == exp["inputSchema"]
        assert got["annotations"] == exp["annotations"], got["name"]
    by_name = {t["name"]: t for t in tools}
    assert by_name["test_read"]["annotations"]["readOnlyHint"] is True
    assert by_name["test_irreversible"]["annotations"]["destructiveHint"] is True


def test_previous_protocol_revision_gives_the_same_results(browser, mcp_env):
    """The same calls over 2026-07-28 and over the 2025-11-25 handshake: identical results."""
    async def session(mode):
        async with client(mcp_env, name="Approver", mode=mode) as c:
            out = [c.protocol_version]
            for name, args in (("test_blob", {"text": "same", "times": 2}), ("test_write", {"text": "w"}),
                               ("test_read", {"text": 5}), ("no_such_tool", {})):
                r = await c.call_tool(name, args)
                out.append((r.is_error, r.structured_content, [b.text for b in r.content]))
            async with anyio.create_task_group() as tg:
                box = {}

                async def call():
                    box["r"] = await c.call_tool("test_irreversible", {"text": mode})
                tg.start_soon(call)
                await thread(answer, browser, True)
            out.append((box["r"].is_error, box["r"].structured_content["done"]))
            return out
    modern = anyio.run(session, "auto")
    legacy = anyio.run(session, "legacy")
    assert modern[0] == "2026-07-28" and legacy[0] == "2025-11-25"
    assert modern[1:] == legacy[1:]
    assert modern[3][0] is True and modern[3][2][0].startswith("invalid_args: text")
    assert modern[4][2] == ["unknown_tool: There is no tool named no_such_tool."]


# --- pairing, reads, irreversible calls --------------------------------------------------------

def test_read_tool_returns_with_no_window_once_paired(browser, mcp_env):
    async def main():
        async with client(mcp_env, name="Reader") as c:
            pairing, first = await paired_call(browser, c, "test_read", {"text": "one"})
            await thread(browser.assert_no_popup, "approve.html", 0.2)
            second = await c.call_tool("test_read", {"text": "two"})
            return pairing, first, second
    pairing, first, second = anyio.run(main)
    assert "Reader (self-reported)" in pairing["origin"] and pairing["tool"] == "mcp_pairing"
    assert pairing["remember"] is True           # the 8-hour box is offered
    assert pairing["title"] == "Let Reader (self-reported) use Site Agent?"
    assert first.is_error is False and first.structured_content["echo"] == {"text": "one"}
    assert second.is_error is False and second.structured_content["echo"] == {"text": "two"}
    assert json.loads(second.content[0].text) == second.structured_content
    browser.assert_no_popup("approve.html", within=0.3)
    entries = [e for e in audit_log(browser) if e["tool"] == "test_read" and e["source"] == "mcp"]
    assert len(entries) >= 2


def test_pairing_can_be_remembered_for_8_hours(browser, mcp_env):
    async def main():
        async with client(mcp_env, name="Long Client") as c:
            async with anyio.create_task_group() as tg:
                box = {}

                async def call():
                    box["r"] = await c.call_tool("test_read", {"text": "long"})
                tg.start_soon(call)
                box["window"] = await thread(answer, browser, True, True)
            return box
    box = anyio.run(main)
    assert box["r"].is_error is False and box["window"]["remember"] is True
    stored = json.loads(browser.sw_eval("chrome.storage.local.get('mcp_pairs_8h').then(r => JSON.stringify(r))"))
    until = stored["mcp_pairs_8h"]["Long Client"]
    assert abs(until - (time.time() * 1000 + 8 * 3600 * 1000)) < 60_000
    session = json.loads(browser.sw_eval("chrome.storage.session.get('mcp_pairs').then(r => JSON.stringify(r))"))
    assert "Long Client" not in session.get("mcp_pairs", {})


def test_pairing_refused_refuses_every_call_then_allowed(browser, mcp_env):
    async def refused():
        async with client(mcp_env, name="Stranger") as c:
            async with anyio.create_task_group() as tg:
                box = {}

                async def call():
                    box["first"] = await c.call_tool("test_read", {"text": "x"})
                tg.start_soon(call)
                box["window"] = await thread(answer, browser, False)
            box["second"] = await c.call_tool("test_write", {"text": "x"})
            return box
    before = effects(browser).get("test_write", 0)
    box = anyio.run(refused)
    assert "Stranger (self-reported)" in box["window"]["origin"]
    for key in ("first", "second"):
        assert box[key].is_error is True
        assert box[key].content[0].text.startswith("mcp_not_paired:"), box[key]
    browser.assert_no_popup("approve.html", within=0.3)     # the refused client asks no more
    assert effects(browser).get("test_write", 0) == before

    async def allowed():       # a new session of that client asks again; allowed, it works
        async with client(mcp_env, name="Stranger") as c:
            return await paired_call(browser, c, "test_write", {"text": "now"})
    _, result = anyio.run(allowed)
    assert result.is_error is False and result.structured_content == {"stored": "now"}
    assert effects(browser).get("test_write", 0) == before + 1


def test_irreversible_progress_window_names_client_allow_and_deny(browser, mcp_env):
    progress: dict[bool, list[tuple[float, str | None]]] = {True: [], False: []}

    async def main():
        async with client(mcp_env, name="Approver") as c:
            out = {}
            for allow in (True, False):
                async with anyio.create_task_group() as tg:
                    async def call(allow=allow):
                        async def on_progress(value, total, message):
                            progress[allow].append((value, message))
                        out[allow] = await c.call_tool("test_irreversible", {"text": f"allow={allow}"},
                                                       progress_callback=on_progress)

                    tg.start_soon(call)

                    def slow_answer(allow=allow):
                        time.sleep(1.3)              # let a few heartbeats arrive (every 0.5 s here)
                        return answer(browser, allow)
                    out[f"window{allow}"] = await thread(slow_answer)
            return out
    before = effects(browser).get("test_irreversible", 0)
    out = anyio.run(main)
    allowed, denied = out[True], out[False]
    assert "Approver (self-reported)" in out["windowTrue"]["origin"]
    assert out["windowTrue"]["tool"] == "test_irreversible" and "allow=True" in out["windowTrue"]["preview"]
    assert out["windowTrue"]["title"] == "Allow test_irreversible?" and out["windowTrue"]["remember"] is False
    assert allowed.is_error is False and allowed.structured_content == {"done": True, "text": "allow=True"}
    assert denied.is_error is True and denied.content[0].text.startswith("approval_denied:")
    assert effects(browser).get("test_irreversible", 0) == before + 1          # Deny: nothing ran
    for allow in (True, False):
        waits = [m for _, m in progress[allow] if m and m.startswith("Waiting for your approval of test_irreversible")]
        assert len(waits) >= 2, progress                                   # a heartbeat every 0.5 s here
        values = [v for v, _ in progress[allow]]
        assert values == sorted(set(values)), progress                     # progress only increases
        assert progress[allow][-1][1] == "test_irreversible " + ("approved" if allow else "not approved")
    audit = [e for e in audit_log(browser) if e["tool"] == "test_irreversible" and e["source"] == "mcp"]
    assert [e["ok"] for e in audit[-2:]] == [True, False]


def test_a_hostile_relay_cannot_approve(browser, mcp_env):
    """A program speaking the socket protocol directly (a hostile MCP server) sends approval-looking
    fields and frames: the window still waits for the human, and Deny stands."""
    from siteagent_runtime import framing, sockets
    [host] = sockets.list_hosts(mcp_env["dir"])
    s = sockets.connect(host)
    send = lambda m: s.sendall(framing.encode(m, framing.LITTLE))      # noqa: E731
    recv = lambda: framing.read_frame(s.recv, framing.SOCKET_MAX, framing.LITTLE)  # noqa: E731
    send({"t": "hello", "client": {"name": "Approver", "version": "evil"}})
    assert recv()["t"] == "welcome"
    send({"t": "req", "id": "x1", "op": "call", "name": "test_irreversible", "args": {"text": "sneaky"},
          "approved": True, "annotations": {"destructiveHint": False}, "elicitation": {"action": "accept"}})
    popup = browser.wait_for_popup("approve.html", timeout=8)
    for junk in ({"t": "reply", "id": "x1", "outcome": {"ok": True}}, {"t": "approval_decide", "allow": True},
                 {"t": "decide", "id": "x1", "allow": True}, {"t": "drop_all"}):
        send(junk)
    time.sleep(0.5)
    assert not popup.is_closed                     # nothing the relay sent answered the window
    before = effects(browser).get("test_irreversible", 0)
    popup.click("#deny")
    frames = []
    s.settimeout(10)
    while not frames or frames[-1]["t"] != "reply":
        frames.append(recv())
    s.close()
    assert frames[-1]["outcome"]["ok"] is False and frames[-1]["outcome"]["reason"] == "approval_denied"
    assert effects(browser).get("test_irreversible", 0) == before


# --- size, stray print, other uid ----------------------------------------------------------------

def test_a_1_5_mb_result_arrives_whole(browser, mcp_env):
    """A 1.5 MB result (extension -> host -> server), and a 1.2 MB argument, which the host must split
    into chunk frames under Chrome's 1 MB cap for the extension to join."""
    text = "".join(chr(0x20 + (i * 7919) % 90) for i in range(750_000)) + "é\"\\\n"   # escapes, non-ASCII
    big_arg = text + text[:450_000]

    async def main():
        async with client(mcp_env, name="Approver") as c:
            with anyio.fail_after(60):
                return (await c.call_tool("test_blob", {"text": text, "times": 2}),
                        await c.call_tool("test_blob", {"text": big_arg}))
    result, echoed = anyio.run(main)
    assert result.is_error is False, result.content[0].text[:300]
    assert result.structured_content["length"] == 2 * len(text) > 1_500_000
    assert result.structured_content["blob"] == text * 2
    assert echoed.is_error is False, echoed.content[0].text[:300]
    assert echoed.structured_content["blob"] == big_arg and len(big_arg.encode()) > 1_100_000


def test_stray_print_in_the_host_breaks_nothing(browser, mcp_env):
    # the wrapper prints to stdout on every frame from the browser; it went to stderr (our log)
    assert "stray print from the host code path" in mcp_env["log"].read_text()


def test_another_uid_is_refused(browser, mcp_env):
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        pytest.fail("this test needs root and setpriv (CI runs as root)")
    sock = next(mcp_env["dir"].glob("*.sock"))
    probe = ("import socket,sys\ns=socket.socket(socket.AF_UNIX)\n"
             "try:\n s.connect(sys.argv[1]); print('connected')\nexcept OSError as e: print('refused', e.errno)\n")
    run = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", probe,
                          str(sock)], capture_output=True, text=True, timeout=20)
    assert run.stdout.startswith("refused 13"), (run.stdout, run.stderr)     # EACCES: the 0700 folder


# --- cancellation and death ----------------------------------------------------------------------

def test_cancelled_call_closes_its_window_and_never_runs(browser, mcp_env):
    async def main():
        async with client(mcp_env, name="Approver") as c:
            await c.call_tool("test_read", {})            # paired earlier in this browser session
            with anyio.CancelScope() as scope:
                async with anyio.create_task_group() as tg:
                    async def call():
                        await c.call_tool("test_irreversible", {"text": "cancel me"})
                    tg.start_soon(call)
                    popup = await thread(browser.wait_for_popup, "approve.html", 8)
                    scope.cancel()
            await thread(wait_until, lambda: popup.is_closed, 5, "the window of the cancelled call to close")
            return True
    before = effects(browser).get("test_irreversible", 0)
    assert anyio.run(main)
    time.sleep(0.5)
    assert effects(browser).get("test_irreversible", 0) == before
    audit = [e for e in audit_log(browser) if e["tool"] == "test_irreversible"]
    assert audit[-1]["ok"] is False and audit[-1]["reason"] == "mcp_cancelled" and audit[-1]["source"] == "mcp"


def test_server_killed_mid_approval_closes_the_window(browser, mcp_env):
    pid_file = mcp_env["root"] / "server.pid"
    launcher = mcp_env["root"] / "serve-with-pid"
    launcher.write_text(f"#!/bin/sh\necho $$ > '{pid_file}'\nexec '{SITEAGENT}' mcp serve\n")
    launcher.chmod(0o700)

    async def main():
        c = Client(StdioServerParameters(command=str(launcher), env=mcp_env["env"]),
                   client_info=Implementation(name="Approver", version="1"))
        async with c:
            await c.call_tool("test_read", {})
            async with anyio.create_task_group() as tg:
                async def call():
                    try:
                        await c.call_tool("test_irreversible", {"text": "orphan"})
                    except Exception:  # noqa: BLE001 - the server is gone
                        pass
                tg.start_soon(call)
                popup = await thread(browser.wait_for_popup, "approve.html", 8)
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
                await thread(wait_until, lambda: popup.is_closed, 5, "the orphaned call's window to close")
                tg.cancel_scope.cancel()
        return True
    before = effects(browser).get("test_irreversible", 0)
    try:
        anyio.run(main)
    except Exception as exc:  # the client notices its server died; the window closing is what counts
        if "orphaned call's window" in str(exc):
            raise
    assert effects(browser).get("test_irreversible", 0) == before
    audit = [e for e in audit_log(browser) if e["tool"] == "test_irreversible"]
    assert audit[-1]["reason"] == "mcp_cancelled" and audit[-1]["source"] == "mcp"


# --- worker restart ----------------------------------------------------------------------------------

def test_worker_restart_reconnects_and_repeats_no_write(browser, mcp_env):
    async def main():
        async with client(mcp_env, name="Approver") as c:
            await c.call_tool("test_read", {})
            async with anyio.create_task_group() as tg:
                box = {}

                async def call():
                    box["cut"] = await c.call_tool("test_staged", {"text": "mid-restart"})
                tg.start_soon(call)
                await anyio.sleep(0.6)                      # inside its 1.5 s pause before the window
                await thread(browser.stop_service_worker)
            old = set(mcp_env["dir"].glob("*.sock"))
            await thread(browser.wake_service_worker)
            await thread(wait_until, lambda: set(mcp_env["dir"].glob("*.sock")) - old, 15, "a new host socket")
            box["after"] = await c.call_tool("test_write", {"text": "after restart"})
            return box
    before = effects(browser)
    box = anyio.run(main)
    assert box["cut"].is_error is True
    assert box["cut"].content[0].text.split(":")[0] == "mcp_connection_lost", box["cut"]
    assert box["after"].is_error is False and box["after"].structured_content == {"stored": "after restart"}
    now = effects(browser)
    assert now.get("test_staged", 0) == before.get("test_staged", 0)          # never ran, never re-sent
    assert now.get("test_write", 0) == before.get("test_write", 0) + 1         # exactly once


def test_turning_mcp_off_stops_the_host_and_on_starts_one(browser, mcp_env):
    [old] = list(mcp_env["dir"].glob("*.sock"))
    state = ext_send(browser, {"kind": "mcp_enable", "on": False})
    assert state["enabled"] is False and state["connected"] is False
    started = time.monotonic()
    wait_until(lambda: not old.exists(), 3, "the host to remove its socket")
    assert time.monotonic() - started < 1.5
    assert ext_send(browser, {"kind": "mcp_state"})["enabled"] is False
    state = ext_send(browser, {"kind": "mcp_enable", "on": True})
    assert state["enabled"] is True
    wait_until(lambda: list(mcp_env["dir"].glob("*.sock")), 10, "a new host socket")

    async def main():
        async with client(mcp_env, name="Approver") as c:       # the pairing outlives the port
            return await c.call_tool("test_read", {"text": "back"})
    assert anyio.run(main).structured_content["echo"] == {"text": "back"}


# --- the console -------------------------------------------------------------------------------------

def test_console_lists_clients_and_disconnects_all(browser, mcp_env):
    """One click drops every client and forgets every pairing: a client that comes back must pair again."""
    async def main():
        async with client(mcp_env, name="Console Client") as c:
            await paired_call(browser, c, "test_read", {})
            listed = await thread(ext_send, browser, {"kind": "mcp_state"})
            badge = await thread(browser.sw_eval, "chrome.action.getBadgeText({})")
            await thread(ext_send, browser, {"kind": "mcp_disconnect_all"})
            emptied = await thread(ext_send, browser, {"kind": "mcp_state"})
            badge_after = await thread(browser.sw_eval, "chrome.action.getBadgeText({})")
            async with anyio.create_task_group() as tg:
                box = {}

                async def call():
                    box["after"] = await c.call_tool("test_read", {})
                tg.start_soon(call)
                box["window"] = await thread(answer, browser, False)
            return listed, badge, emptied, badge_after, box
    listed, badge, emptied, badge_after, box = anyio.run(main)
    assert [row["name"] for row in listed["clients"]] == ["Console Client"] and listed["connected"] is True
    assert listed["clients"][0]["paired"] is True
    assert badge == "MCP"
    assert emptied["clients"] == [] and badge_after != "MCP"
    assert box["window"]["tool"] == "mcp_pairing" and "Console Client (self-reported)" in box["window"]["origin"]
    assert box["after"].is_error is True and box["after"].content[0].text.startswith("mcp_not_paired:")


def console_card(browser, click_disconnect: bool) -> dict:
    drv = browser.driver
    back = drv.current_window_handle
    drv.switch_to.new_window("tab")
    try:
        drv.get(browser.extension_url("console.html"))
        read = ("return {status: document.getElementById('mcp-status').textContent,"
                " on: document.getElementById('mcp-switch').checked,"
                " clients: [...document.querySelectorAll('#mcp-clients li strong')].map(e => e.textContent),"
                " button: !document.getElementById('mcp-disconnect').hidden}")
        seen = wait_until(lambda: (lambda s: s if s["clients"] else None)(drv.execute_script(read)), 10,
                          "the console's MCP card to list a client")
        if click_disconnect:
            drv.find_element("id", "mcp-disconnect").click()
            seen["after"] = wait_until(lambda: (lambda s: s if not s["clients"] else None)(drv.execute_script(read)),
                                       10, "the console's client list to empty")
        return seen
    finally:
        drv.close()
        drv.switch_to.window(back)


def test_console_card_lists_the_client_and_its_button_disconnects(browser, mcp_env):
    async def main():
        async with client(mcp_env, name="Card Client") as c:
            await paired_call(browser, c, "test_read", {})
            seen = await thread(console_card, browser, True)
            return seen
    seen = anyio.run(main)
    assert seen["on"] is True and seen["status"].startswith("On: connected through ")
    assert seen["clients"] == ["Card Client (self-reported)"] and seen["button"] is True
    assert seen["after"]["clients"] == [] and seen["after"]["button"] is False
