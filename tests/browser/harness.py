"""Browser test harness: headless Chromium with an unpacked MV3 extension, HTTPS fixture servers
for real hostnames mapped to loopback, and a raw-CDP driver for the extension's service worker and
its approval popups (which chromedriver cannot see).

Everything here has a deadline. A hang is reported as a ``HarnessTimeout`` with a message saying
what was being waited for; nothing blocks forever.

Library code only: the pytest fixtures live in ``tests/browser/conftest.py``. Typical use::

    def test_send(browser, chatbot_site, google_sites):
        browser.open_chatbot(chatbot_site)                  # http://localhost:PORT, window.sa ready
        key = start_call(browser, "gmail_send_draft", {})   # extension.start_call: CALL_TOOL, not awaited
        popup = browser.wait_for_popup("approve.html", timeout=5)
        assert "Send" in popup.text()
        popup.click("#allow")                               # trusted click over CDP (or "#deny")
        assert call_result(browser, key)["payload"]["ok"] is True
        google_sites["gmail"].wait_for_record(lambda d: d["action"] == "send")
        browser.assert_no_sw_exceptions()

``browser.sa_send("PING")`` / ``browser.sa_call(name, args)`` send and await one request;
``browser.sw_eval(js)`` evaluates in the service worker.
"""
from __future__ import annotations

import base64
import hashlib
import http.server
import itertools
import json
import mimetypes
import os
import shutil
import signal
import socket
import ssl
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

CHROMIUM = os.environ.get("SITEAGENT_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("SITEAGENT_CHROMEDRIVER", "/usr/bin/chromedriver")

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES = REPO_ROOT / "tests" / "fixtures"
SITES = FIXTURES / "sites"
EXT_MINIMAL = FIXTURES / "ext_minimal"

# Fixture site directory -> the real hostname it is served as.
GOOGLE_SITES = {
    "gmail": "mail.google.com",
    "calendar": "calendar.google.com",
    "meet": "meet.google.com",
}
# Each app serves one shell page for all its routes (/mail/u/0/, /calendar/r/week/2026/3/2, /abc-defg-hij)
GOOGLE_SHELLS = {
    "gmail": {"/mail": "mail/index.html"},
    "calendar": {"/calendar/r": "calendar/r/index.html"},
    "meet": {"/": "index.html"},
}
UNTRUSTED_HOST = "untrusted.test"

DEFAULT_TIMEOUT = 10.0


class HarnessError(AssertionError):
    """The harness could not do what a test asked (an AssertionError so pytest shows it plainly)."""


class HarnessTimeout(HarnessError):
    """Something did not happen before its deadline."""


class JSError(HarnessError):
    """JavaScript evaluated through CDP threw."""

    def __init__(self, message: str, details: dict | None = None):
        super().__init__(message)
        self.details = details or {}


def wait_until(predicate: Callable[[], Any], timeout: float, what: str, interval: float = 0.05) -> Any:
    """Poll ``predicate`` until it returns something truthy; raise HarnessTimeout naming ``what``."""
    deadline = time.monotonic() + timeout
    last_exc: BaseException | None = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except (HarnessTimeout, KeyboardInterrupt):
            raise
        except Exception as exc:  # keep polling; report the last error if we run out of time
            last_exc = exc
        if time.monotonic() >= deadline:
            extra = f" (last error: {last_exc!r})" if last_exc else ""
            raise HarnessTimeout(f"timed out after {timeout:.1f}s waiting for {what}{extra}")
        time.sleep(interval)


def unpacked_extension_id(ext_dir: Path) -> str:
    """The id Chromium gives an unpacked extension that has no "key": sha256 of its path, a-p."""
    manifest = json.loads((Path(ext_dir) / "manifest.json").read_text())
    if "key" in manifest:
        digest = hashlib.sha256(base64.b64decode(manifest["key"])).hexdigest()
    else:
        digest = hashlib.sha256(str(Path(ext_dir).resolve()).encode()).hexdigest()
    return "".join(chr(ord("a") + int(c, 16)) for c in digest[:32])


def _http_json(url: str, timeout: float = 5.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return json.loads(resp.read().decode())


# --------------------------------------------------------------------------------------------
# Raw CDP over a websocket
# --------------------------------------------------------------------------------------------

class CDPConnection:
    """One DevTools websocket with a reader thread.

    ``send`` blocks for the reply with a timeout. Event listeners run on the reader thread, so they
    must not call ``send`` (which waits); they may call ``send_nowait``.
    """

    def __init__(self, ws_url: str, timeout: float = DEFAULT_TIMEOUT, name: str = "cdp"):
        import websocket  # websocket-client

        self.ws_url = ws_url
        self.name = name
        self.default_timeout = timeout
        try:
            self._ws = websocket.create_connection(ws_url, timeout=timeout, suppress_origin=True,
                                                   enable_multithread=True)
        except Exception as exc:
            raise HarnessError(f"{name}: cannot open DevTools websocket {ws_url}: {exc!r}") from exc
        self._ws.settimeout(None)
        self._ids = itertools.count(1)
        self._pending: dict[int, dict] = {}
        self._lock = threading.Lock()
        self._listeners: list[Callable[[dict], None]] = []
        self.closed = threading.Event()
        self.close_reason = ""
        self._reader = threading.Thread(target=self._read_loop, name=f"{name}-reader", daemon=True)
        self._reader.start()

    def add_listener(self, fn: Callable[[dict], None]) -> None:
        self._listeners.append(fn)

    def _read_loop(self) -> None:
        try:
            while True:
                raw = self._ws.recv()
                if not raw:
                    self.close_reason = "websocket closed by the browser"
                    break
                msg = json.loads(raw)
                if "id" in msg:
                    with self._lock:
                        slot = self._pending.pop(msg["id"], None)
                    if slot is not None:
                        slot["msg"] = msg
                        slot["event"].set()
                else:
                    for fn in list(self._listeners):
                        try:
                            fn(msg)
                        except Exception:  # a broken listener must not kill the connection
                            pass
        except Exception as exc:
            self.close_reason = self.close_reason or f"reader stopped: {exc!r}"
        finally:
            self.closed.set()
            with self._lock:
                pending, self._pending = self._pending, {}
            for slot in pending.values():
                slot["event"].set()

    def send_nowait(self, method: str, params: dict | None = None, session_id: str | None = None) -> int:
        msg_id = next(self._ids)
        msg: dict = {"id": msg_id, "method": method, "params": params or {}}
        if session_id:
            msg["sessionId"] = session_id
        if self.closed.is_set():
            raise HarnessError(f"{self.name}: connection closed ({self.close_reason}); cannot send {method}")
        self._ws.send(json.dumps(msg))
        return msg_id

    def send(self, method: str, params: dict | None = None, session_id: str | None = None,
             timeout: float | None = None) -> dict:
        timeout = self.default_timeout if timeout is None else timeout
        msg_id = next(self._ids)
        msg: dict = {"id": msg_id, "method": method, "params": params or {}}
        if session_id:
            msg["sessionId"] = session_id
        slot = {"event": threading.Event(), "msg": None}
        with self._lock:
            if self.closed.is_set():
                raise HarnessError(f"{self.name}: connection closed ({self.close_reason}); cannot send {method}")
            self._pending[msg_id] = slot
        try:
            self._ws.send(json.dumps(msg))
        except Exception as exc:
            with self._lock:
                self._pending.pop(msg_id, None)
            raise HarnessError(f"{self.name}: sending {method} failed: {exc!r}") from exc
        if not slot["event"].wait(timeout):
            with self._lock:
                self._pending.pop(msg_id, None)
            raise HarnessTimeout(f"{self.name}: no reply to CDP {method} within {timeout:.1f}s")
        reply = slot["msg"]
        if reply is None:
            raise HarnessError(f"{self.name}: connection closed ({self.close_reason}) while waiting for {method}")
        if "error" in reply:
            raise HarnessError(f"{self.name}: CDP {method} failed: {reply['error']}")
        return reply.get("result", {})

    def close(self) -> None:
        try:
            self._ws.sock and self._ws.sock.shutdown(socket.SHUT_RDWR)
        except Exception:
            pass
        try:
            self._ws.close(timeout=1)
        except Exception:
            pass
        self._reader.join(timeout=2)


def _remote_value(result: dict, what: str) -> Any:
    """Turn a Runtime.evaluate / callFunctionOn result into a Python value or raise JSError."""
    if "exceptionDetails" in result:
        det = result["exceptionDetails"]
        exc = det.get("exception") or {}
        text = exc.get("description") or exc.get("value") or det.get("text") or "exception"
        raise JSError(f"{what} threw: {text}", det)
    obj = result.get("result", {})
    if obj.get("type") == "undefined":
        return None
    if "value" in obj:
        return obj["value"]
    if obj.get("unserializableValue") is not None:
        return obj["unserializableValue"]
    return obj.get("description")


# --------------------------------------------------------------------------------------------
# Popup windows (chrome.windows.create), driven over their own websocket
# --------------------------------------------------------------------------------------------

class Popup:
    """A page target chromedriver does not list (e.g. the approval popup), driven over raw CDP."""

    def __init__(self, browser: "Browser", target: dict, timeout: float = DEFAULT_TIMEOUT):
        self.browser = browser
        self.target_id: str = target["id"]
        self.initial_url: str = target.get("url", "")
        self.timeout = timeout
        self.cdp = CDPConnection(target["webSocketDebuggerUrl"], timeout=timeout,
                                 name=f"popup {self.initial_url}")

    def __repr__(self) -> str:
        return f"<Popup {self.target_id} {self.initial_url}>"

    @property
    def is_closed(self) -> bool:
        """True once the browser no longer lists the popup's target. Our own DevTools session
        closing (``close()`` drops it at once) is not the window being gone."""
        return self.target_id not in {t["id"] for t in self.browser.list_targets()}

    def eval(self, js: str, await_promise: bool = True, timeout: float | None = None) -> Any:
        """Evaluate a JS expression in the popup page; return its JSON value."""
        res = self.cdp.send("Runtime.evaluate", {
            "expression": js, "awaitPromise": await_promise, "returnByValue": True,
            "userGesture": False,
        }, timeout=timeout or self.timeout)
        return _remote_value(res, f"popup eval {js[:80]!r}")

    def wait_for(self, js: str, timeout: float | None = None, what: str | None = None) -> Any:
        """Poll a JS expression until it is truthy; return its value."""
        return wait_until(lambda: self.eval(js, timeout=2), timeout or self.timeout,
                          what or f"popup condition {js!r}")

    def wait_for_selector(self, selector: str, timeout: float | None = None) -> None:
        sel = json.dumps(selector)
        self.wait_for(f"document.readyState !== 'loading' && !!document.querySelector({sel})",
                      timeout, f"{selector!r} in popup {self.initial_url}")

    def text(self) -> str:
        return self.eval("document.body ? document.body.innerText : ''") or ""

    def url(self) -> str:
        return self.eval("location.href")

    def click(self, selector: str, timeout: float | None = None) -> None:
        """A real, trusted click (event.isTrusted === true) at the centre of ``selector``."""
        self.wait_for_selector(selector, timeout)
        sel = json.dumps(selector)
        box = self.eval(f"""(() => {{
            const el = document.querySelector({sel});
            el.scrollIntoView({{block: 'center', inline: 'center'}});
            const r = el.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height}};
        }})()""")
        if not box or box["w"] <= 0 or box["h"] <= 0:
            raise HarnessError(f"popup element {selector!r} has no visible box: {box}")
        base = {"x": box["x"], "y": box["y"], "button": "left", "clickCount": 1}
        self.cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box["x"], "y": box["y"]})
        self.cdp.send("Input.dispatchMouseEvent", {"type": "mousePressed", "buttons": 1, **base})
        try:
            self.cdp.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "buttons": 0, **base})
        except HarnessTimeout:
            raise
        except HarnessError:
            if not self.cdp.closed.is_set():
                raise
            # the click closed the popup (window.close / chrome.windows.remove): that is fine

    def type_text(self, text: str) -> None:
        """Type into the focused element with trusted key events (Input.insertText)."""
        self.cdp.send("Input.insertText", {"text": text})

    def close(self) -> None:
        try:
            if not self.cdp.closed.is_set():
                self.browser.cdp.send("Target.closeTarget", {"targetId": self.target_id}, timeout=5)
        except HarnessError:
            pass
        finally:
            self.cdp.close()


# --------------------------------------------------------------------------------------------
# The browser
# --------------------------------------------------------------------------------------------

@dataclass
class SWRecord:
    """One uncaught exception or console message from the extension service worker."""
    kind: str          # "exception" or "console.<level>"
    text: str
    url: str = ""
    line: int | None = None
    boot: int = 0      # which service-worker start it came from (1 = first seen)
    raw: dict = field(default_factory=dict, repr=False)


class Browser:
    """Headless Chromium with one unpacked extension, driven by selenium + raw CDP.

    ``driver`` is a normal selenium WebDriver for tabs. The extension's service worker is reached
    through a browser-level CDP websocket that auto-attaches to it (also after it restarts) and
    records its uncaught exceptions (``sw_exceptions()``) and console errors (``sw_console()``).
    """

    def __init__(self, extension_dir: Path | str, host_rules: Iterable[str] = (),
                 block_other_hosts: bool = True, extra_args: Iterable[str] = (),
                 timeout: float = DEFAULT_TIMEOUT, launch_timeout: float = 30.0,
                 window_size: str = "1280,900"):
        self.extension_dir = Path(extension_dir).resolve()
        if not (self.extension_dir / "manifest.json").is_file():
            raise HarnessError(f"no manifest.json in extension dir {self.extension_dir}")
        self.timeout = timeout
        self.manifest = json.loads((self.extension_dir / "manifest.json").read_text())
        self.expected_id = unpacked_extension_id(self.extension_dir)
        self.profile_dir = Path(tempfile.mkdtemp(prefix="siteagent-chromium-"))
        # Developer mode on, as in any browser that loads an unpacked extension: without it Chromium
        # disables the extension ("unsupportedDeveloperExtension") the moment it reloads itself.
        (self.profile_dir / "Default").mkdir()
        (self.profile_dir / "Default" / "Preferences").write_text(
            json.dumps({"extensions": {"ui": {"developer_mode": True}}}))
        self.driver = None
        self.cdp: CDPConnection | None = None
        self._popups: list[Popup] = []
        self._sw_lock = threading.Lock()
        self._sw_sessions: dict[str, str] = {}        # sessionId -> targetId (our extension's SW)
        self._sw_attached = threading.Condition(self._sw_lock)
        self._sw_alive: dict[str, bool] = {}          # sessionId -> running
        self._control_session: str | None = None
        self._sw_boots = 0
        self._sw_records: list[SWRecord] = []
        self._sw_mark = 0
        self.extension_id: str = ""
        self._chromium_pids: set[int] = set()

        rules = list(host_rules)
        if block_other_hosts:
            rules.append("MAP * ~NOTFOUND")
        if rules:
            rules += ["EXCLUDE 127.0.0.1", "EXCLUDE localhost"]
        self.host_rules = rules
        args = [
            "--headless=new",
            f"--load-extension={self.extension_dir}",
            f"--disable-extensions-except={self.extension_dir}",
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--no-default-browser-check", "--disable-default-apps",
            "--password-store=basic", "--use-mock-keychain",
            f"--window-size={window_size}",
            f"--user-data-dir={self.profile_dir}",
            "--ignore-certificate-errors",
        ]
        if rules:
            args.append("--host-resolver-rules=" + ", ".join(rules))
        args += list(extra_args)
        self.args = args
        try:
            self._launch(launch_timeout)
        except BaseException as exc:
            log_tail = self._chromedriver_log_tail()
            self.quit()
            if isinstance(exc, HarnessError) and log_tail:
                raise type(exc)(f"{exc}\n--- chromedriver log (tail) ---\n{log_tail}") from exc
            raise

    def _chromedriver_log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join((self.profile_dir / "chromedriver.log").read_text(errors="replace")
                             .splitlines()[-lines:])
        except OSError:
            return ""

    # -- lifecycle ---------------------------------------------------------------------------

    def _launch(self, launch_timeout: float) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        for exe in (CHROMIUM, CHROMEDRIVER):
            if not os.path.exists(exe):
                raise HarnessError(f"{exe} not found (apt-get install chromium chromium-driver)")
        opts = webdriver.ChromeOptions()
        opts.binary_location = CHROMIUM
        for a in self.args:
            opts.add_argument(a)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self._service = Service(CHROMEDRIVER, log_output=str(self.profile_dir / "chromedriver.log"))
        result: dict = {}

        def start():
            try:
                result["driver"] = webdriver.Chrome(options=opts, service=self._service)
            except BaseException as exc:  # noqa: BLE001 - reported below
                result["error"] = exc

        # webdriver.Chrome() has no overall deadline of its own: run it in a thread.
        t = threading.Thread(target=start, daemon=True, name="chromium-launch")
        t.start()
        t.join(launch_timeout)
        if t.is_alive():
            raise HarnessTimeout(f"Chromium did not start within {launch_timeout:.0f}s "
                                 f"(chromedriver log: {self.profile_dir / 'chromedriver.log'})")
        if "error" in result:
            raise HarnessError(f"Chromium/chromedriver failed to start: {result['error']}") from result["error"]
        self.driver = result["driver"]
        # Every chromedriver HTTP command gets a deadline (selenium's default is 120 s).
        cfg = getattr(self.driver.command_executor, "_client_config", None)
        if cfg is not None:
            cfg.timeout = max(self.timeout * 3, 30)
        self.driver.set_page_load_timeout(max(self.timeout, 15))
        self.driver.set_script_timeout(self.timeout)
        self._chromium_pids = self._find_chromium_pids()
        self.debugger_address = self.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        version = _http_json(f"http://{self.debugger_address}/json/version")
        self.cdp = CDPConnection(version["webSocketDebuggerUrl"], timeout=self.timeout, name="browser")
        self.cdp.add_listener(self._on_browser_event)
        # Auto-attach to service workers (now and after every restart), paused until Runtime is on,
        # so exceptions thrown while the worker boots are recorded too.
        self.cdp.send("Target.setDiscoverTargets", {"discover": True})
        self.cdp.send("Target.setAutoAttach", {
            "autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True,
            "filter": [{"type": "service_worker", "exclude": False}],
        })
        self.extension_id = self._wait_for_extension_id(launch_timeout)
        self.wait_for_service_worker(launch_timeout)

    def _find_chromium_pids(self) -> set[int]:
        """Chromium processes using our profile dir (children of chromedriver)."""
        pids = set()
        marker = f"--user-data-dir={self.profile_dir}".encode()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if marker in (entry / "cmdline").read_bytes():
                    pids.add(int(entry.name))
            except OSError:
                continue
        return pids

    def quit(self) -> None:
        """Close everything and remove the profile; safe to call twice."""
        for p in self._popups:
            try:
                p.cdp.close()
            except Exception:
                pass
        self._popups.clear()
        if self.cdp is not None:
            self.cdp.close()
            self.cdp = None
        if self.driver is not None:
            drv, self.driver = self.driver, None
            t = threading.Thread(target=lambda: _quietly(drv.quit), daemon=True)
            t.start()
            t.join(10)
        # Anything left over that used our profile: kill it (only our own processes).
        leftovers = self._find_chromium_pids() | self._chromium_pids
        for pid in leftovers:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            svc = getattr(self, "_service", None)
            if svc is not None and svc.process is not None and svc.process.poll() is None:
                svc.process.kill()
        except Exception:
            pass
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                shutil.rmtree(self.profile_dir)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.1)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.quit()

    # -- targets -----------------------------------------------------------------------------

    def list_targets(self) -> list[dict]:
        """Targets from http://ADDR/json (each has id, type, url, webSocketDebuggerUrl)."""
        return _http_json(f"http://{self.debugger_address}/json/list", timeout=5)

    def _extension_sw_targets(self) -> list[dict]:
        infos = self.cdp.send("Target.getTargets")["targetInfos"]
        return [t for t in infos if t["type"] == "service_worker"
                and t["url"].startswith("chrome-extension://")]

    def _wait_for_extension_id(self, timeout: float) -> str:
        def find():
            sws = self._extension_sw_targets()
            ids = {urllib.parse.urlsplit(t["url"]).hostname for t in sws}
            if self.expected_id in ids:
                return self.expected_id
            if len(ids) == 1:
                return ids.pop()
            return None
        return wait_until(find, timeout, f"the extension service worker target ({self.extension_dir})",
                          interval=0.05)

    def extension_url(self, path: str = "") -> str:
        return f"chrome-extension://{self.extension_id}/{path.lstrip('/')}"

    # -- service worker ----------------------------------------------------------------------

    def _is_our_sw(self, info: dict) -> bool:
        return (info.get("type") == "service_worker"
                and info.get("url", "").startswith(f"chrome-extension://{self.extension_id or self.expected_id}/"))

    # How the worker is tracked: the browser-level auto-attach gives one flattened session per SW
    # target. When the worker stops while attached, Chromium keeps that session and sends
    # Inspector.targetCrashed; when it starts again it reuses the session and sends
    # Inspector.targetReloadedAfterCrash (Runtime stays enabled). A brand-new target (if Chromium
    # ever makes one) arrives as Target.attachedToTarget. ``_sw_alive`` follows those events.

    def _on_browser_event(self, msg: dict) -> None:
        method = msg.get("method")
        params = msg.get("params", {})
        sid = msg.get("sessionId")
        if method == "Target.attachedToTarget":
            info = params["targetInfo"]
            new_sid = params["sessionId"]
            if info.get("type") != "service_worker":
                return
            if self._is_our_sw(info):
                self.cdp.send_nowait("Runtime.enable", session_id=new_sid)
                with self._sw_lock:
                    self._sw_boots += 1
                    self._sw_sessions[new_sid] = info["targetId"]
                    self._sw_alive[new_sid] = True
                    self._sw_attached.notify_all()
            if params.get("waitingForDebugger"):
                self.cdp.send_nowait("Runtime.runIfWaitingForDebugger", session_id=new_sid)
        elif method == "Target.detachedFromTarget":
            with self._sw_lock:
                self._sw_sessions.pop(params.get("sessionId"), None)
                self._sw_alive.pop(params.get("sessionId"), None)
                self._sw_attached.notify_all()
        elif method == "Inspector.targetCrashed" and sid in self._sw_sessions:
            with self._sw_lock:
                self._sw_alive[sid] = False
                self._sw_attached.notify_all()
        elif method == "Inspector.targetReloadedAfterCrash" and sid in self._sw_sessions:
            with self._sw_lock:
                self._sw_boots += 1
                self._sw_alive[sid] = True
                self._sw_attached.notify_all()
        elif method == "Runtime.exceptionThrown" and sid in self._sw_sessions:
            det = params.get("exceptionDetails", {})
            exc = det.get("exception") or {}
            text = exc.get("description") or det.get("text") or "exception"
            self._sw_records.append(SWRecord("exception", text, det.get("url", ""),
                                             det.get("lineNumber"), self._sw_boots, det))
        elif method == "Runtime.consoleAPICalled" and sid in self._sw_sessions:
            parts = []
            for a in params.get("args", []):
                parts.append(str(a.get("value", a.get("description", a.get("type")))))
            frames = (params.get("stackTrace") or {}).get("callFrames") or [{}]
            self._sw_records.append(SWRecord(f"console.{params.get('type')}", " ".join(parts),
                                             frames[0].get("url", ""), frames[0].get("lineNumber"),
                                             self._sw_boots, params))

    def _sw_session(self) -> str | None:
        """The CDP session of the running extension SW, or None if it is stopped."""
        with self._sw_lock:
            return next((s for s, alive in self._sw_alive.items() if alive), None)

    def service_worker_running(self) -> bool:
        return self._sw_session() is not None

    def wait_for_service_worker(self, timeout: float | None = None) -> str:
        """Wait until the extension SW is running and attached; return its CDP session id."""
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        with self._sw_lock:
            while True:
                sid = next((s for s, alive in self._sw_alive.items() if alive), None)
                if sid:
                    return sid
                left = deadline - time.monotonic()
                if left <= 0:
                    raise HarnessTimeout(
                        f"extension service worker not running/attached after {timeout:.1f}s "
                        f"(stopped? use wake_service_worker(), or sw_eval(..., wake=True))")
                self._sw_attached.wait(min(left, 0.2))

    def _control(self, method: str, params: dict | None = None, timeout: float | None = None) -> dict:
        """Send a page-level CDP command (e.g. the ServiceWorker domain) via any open page target."""
        for attempt in range(2):
            sess = self._control_session
            if sess is None:
                pages = [t for t in self.cdp.send("Target.getTargets")["targetInfos"] if t["type"] == "page"]
                if not pages:
                    raise HarnessError("no page target to send page-level CDP commands through")
                sess = self.cdp.send("Target.attachToTarget",
                                     {"targetId": pages[0]["targetId"], "flatten": True})["sessionId"]
                self.cdp.send("ServiceWorker.enable", session_id=sess)
                self._control_session = sess
            try:
                return self.cdp.send(method, params, session_id=sess, timeout=timeout)
            except HarnessTimeout:
                raise
            except HarnessError:
                self._control_session = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def wake_service_worker(self, timeout: float | None = None) -> str:
        """Start the SW if it is stopped (CDP ServiceWorker.startWorker); return its session id."""
        timeout = self.timeout if timeout is None else timeout
        sid = self._sw_session()
        if sid:
            return sid
        self._control("ServiceWorker.startWorker", {"scopeURL": self.extension_url("")}, timeout=timeout)
        return self.wait_for_service_worker(timeout)

    def sw_eval(self, js: str, await_promise: bool = True, timeout: float | None = None,
                wake: bool = True) -> Any:
        """Evaluate a JS expression in the extension service worker and return its JSON value.

        ``js`` is an expression (wrap statements in ``(() => {...})()`` or ``(async () => {...})()``);
        promises are awaited when ``await_promise``. If the worker is stopped and ``wake`` is true it
        is started first (its globals are then fresh). Raises JSError if it throws or rejects.
        """
        timeout = self.timeout if timeout is None else timeout
        params = {"expression": js, "awaitPromise": await_promise, "returnByValue": True}
        not_bound = 0
        attempt = 0
        while attempt < 2:
            sid = self.wake_service_worker(timeout) if wake else self.wait_for_service_worker(timeout)
            try:
                res = self.cdp.send("Runtime.evaluate", params, session_id=sid, timeout=timeout)
                return _remote_value(res, f"sw_eval {js[:80]!r}")
            except JSError as err:
                # a worker that is still starting can be evaluated before Chrome binds `chrome` into it
                if "chrome is not defined" in str(err) and not_bound < 30:
                    not_bound += 1
                    time.sleep(0.1)
                    continue
                raise
            except HarnessTimeout:
                raise
            except HarnessError:
                # the worker stopped between lookup and send: retry once on the restarted one
                if attempt or not wake:
                    raise
                attempt += 1
                time.sleep(0.1)
        raise AssertionError("unreachable")

    def stop_service_worker(self, timeout: float | None = None) -> None:
        """Stop the extension SW (as Chromium does when it is idle); its globals are lost.

        The next extension event (a message, a tab event, ``sw_eval``) starts it again.
        """
        timeout = self.timeout if timeout is None else timeout
        before = self._sw_session()
        if not before:
            return
        # Target.closeTarget reports success but does nothing while a debugger is attached.
        # Stopped means the old worker's session is gone; a pending event (the bridge asking about its
        # call) may start a new worker at once, so "no worker at all" is not required. On a loaded
        # machine a stop request can go unheeded: it is sent again every 3 s until the deadline.
        deadline = time.monotonic() + 2 * timeout
        while True:
            self._control("ServiceWorker.stopAllWorkers", timeout=timeout)
            try:
                wait_until(lambda: self._sw_session() != before, min(3.0, max(0.1, deadline - time.monotonic())),
                           "the extension service worker to stop")
                return
            except HarnessTimeout:
                if time.monotonic() >= deadline:
                    raise

    @property
    def sw_boots(self) -> int:
        """How many times the SW has been seen starting (1 after launch)."""
        return self._sw_boots

    def _records(self, since_launch: bool) -> list[SWRecord]:
        records = list(self._sw_records)
        return records if since_launch else records[self._sw_mark:]

    def sw_exceptions(self, since_launch: bool = False) -> list[SWRecord]:
        """Uncaught exceptions and unhandled rejections in the SW since the last
        ``clear_sw_records()`` (the fixtures call it before each test), or since launch.
        Errors thrown while the worker boots are included (first boot too: Chromium replays them)."""
        return [r for r in self._records(since_launch) if r.kind == "exception"]

    def sw_console(self, levels: Iterable[str] = ("error",), since_launch: bool = False) -> list[SWRecord]:
        """SW console messages of the given levels (``"log"``, ``"warning"``, ``"error"``, ...)."""
        wanted = {f"console.{lv}" for lv in levels}
        return [r for r in self._records(since_launch) if r.kind in wanted]

    def clear_sw_records(self) -> None:
        """Start a new window for ``sw_exceptions()`` / ``sw_console()`` (older records are kept
        for ``since_launch=True``)."""
        self._sw_mark = len(self._sw_records)

    def assert_no_sw_exceptions(self, include_console_errors: bool = False, since_launch: bool = False) -> None:
        bad = self.sw_exceptions(since_launch) + (
            self.sw_console(("error", "assert"), since_launch) if include_console_errors else [])
        if bad:
            lines = "\n".join(f"  [{r.kind} boot#{r.boot}] {r.text} ({r.url}:{r.line})" for r in bad)
            raise AssertionError(f"extension service worker reported {len(bad)} error(s):\n{lines}")

    def clear_extension_storage(self) -> None:
        self.sw_eval("""(async () => {
            await chrome.storage.local.clear();
            if (chrome.storage.session) await chrome.storage.session.clear();
            return true; })()""")

    # -- popups ------------------------------------------------------------------------------

    def _driver_handles(self) -> set[str]:
        try:
            return set(self.driver.window_handles)
        except Exception:
            return set()

    def popup_targets(self, url_contains: str = "") -> list[dict]:
        """Page targets chromedriver does not list (extension popups), optionally filtered by URL."""
        handles = self._driver_handles()
        out = []
        for t in self.list_targets():
            if t.get("type") != "page" or t["id"] in handles:
                continue
            if url_contains and url_contains not in t.get("url", ""):
                continue
            out.append(t)
        return out

    def wait_for_popup(self, url_contains: str = "", timeout: float | None = None) -> Popup:
        """Wait for a popup window whose URL contains ``url_contains``; return a connected Popup."""
        timeout = self.timeout if timeout is None else timeout
        known = {p.target_id for p in self._popups if not p.cdp.closed.is_set()}

        def find():
            for t in self.popup_targets(url_contains):
                if t["id"] not in known and t.get("webSocketDebuggerUrl"):
                    return t
            return None
        target = wait_until(find, timeout, f"a popup window with URL containing {url_contains!r}")
        popup = Popup(self, target, timeout=self.timeout)
        self._popups.append(popup)
        popup.wait_for("document.readyState === 'complete'", timeout, f"popup {target['url']} to load")
        return popup

    def assert_no_popup(self, url_contains: str = "", within: float = 0.5) -> None:
        """Assert that no popup (matching the URL) appears within ``within`` seconds."""
        deadline = time.monotonic() + within
        while True:
            found = self.popup_targets(url_contains)
            if found:
                raise AssertionError(f"unexpected popup(s): {[t['url'] for t in found]}")
            if time.monotonic() >= deadline:
                return
            time.sleep(0.05)

    # -- tabs --------------------------------------------------------------------------------

    def check_alive(self) -> None:
        """Raise a clear error if Chromium is gone (crashed or quit)."""
        if self.driver is None or self.cdp is None:
            raise HarnessError("this Browser has been quit")
        if self.cdp.closed.is_set():
            raise HarnessError(f"lost the DevTools connection to Chromium ({self.cdp.close_reason}); "
                               f"it crashed or was killed earlier in this module")

    def reset_tabs(self) -> None:
        """Fresh state for the next test: one new blank tab, every other tab and popup closed."""
        self.check_alive()
        for p in self._popups:
            p.cdp.close()
        self._popups.clear()
        drv = self.driver
        try:
            drv.switch_to.new_window("tab")
            keep = drv.current_window_handle
        except Exception:
            # e.g. a leftover alert blocks chromedriver: make the tab over CDP instead
            keep = self.cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        for t in self.cdp.send("Target.getTargets")["targetInfos"]:
            if t.get("type") == "page" and t["targetId"] != keep:
                try:
                    self.cdp.send("Target.closeTarget", {"targetId": t["targetId"]}, timeout=5)
                except HarnessError:
                    pass
        self._control_session = None
        wait_until(lambda: keep in drv.window_handles, self.timeout, "the fresh tab to be listed")
        # closeTarget answers before the tab is gone: wait until no other page is left, or the next
        # test's chrome.tabs.query can still see (and then lose) a tab of the test before
        wait_until(lambda: [t["targetId"] for t in self.cdp.send("Target.getTargets")["targetInfos"]
                            if t.get("type") == "page"] == [keep], self.timeout, "the other tabs to close")
        drv.switch_to.window(keep)

    def open(self, url: str) -> None:
        """Navigate the current selenium tab (page-load timeout applies)."""
        self.driver.get(url)

    def new_tab(self, url: str | None = None) -> str:
        self.driver.switch_to.new_window("tab")
        if url:
            self.driver.get(url)
        return self.driver.current_window_handle

    def page_eval_async(self, js_body: str, *args: Any, timeout: float | None = None) -> Any:
        """``execute_async_script`` with its own timeout; the body calls ``arguments[arguments.length-1]``."""
        drv = self.driver
        if timeout is not None:
            drv.set_script_timeout(timeout)
        try:
            return drv.execute_async_script(js_body, *args)
        finally:
            if timeout is not None:
                drv.set_script_timeout(self.timeout)


    # -- the chatbot fixture page (tests/fixtures/sites/chatbot/index.html) -------------------

    def open_chatbot(self, server: "FixtureServer", path: str = "/") -> None:
        """Load the chatbot fixture page from ``server`` in the current tab; wait for ``window.sa``."""
        self.driver.get(server.url(path))
        wait_until(lambda: self.driver.execute_script(
            "return document.documentElement.dataset.saReady === '1'"), self.timeout,
            f"the chatbot page at {server.url(path)} to define window.sa")

    def sa_send(self, type_: str, extra: dict | None = None, timeout_ms: int = 5000) -> dict:
        """``sa.send(type, extra, timeoutMs)`` in the current tab; the reply, or ``{"timeout": True}``."""
        return self.page_eval_async(
            "const done = arguments[arguments.length - 1];"
            "sa.send(arguments[0], arguments[1], arguments[2]).then(done, e => done({error: String(e)}));",
            type_, extra or {}, timeout_ms, timeout=timeout_ms / 1000 + 5)

    def sa_call(self, name: str, args: dict | None = None, timeout_ms: int = 5000) -> dict:
        """``CALL_TOOL`` with ``name``/``args``."""
        return self.sa_send("CALL_TOOL", {"name": name, "args": args or {}}, timeout_ms)

    def sa_raw(self, msg: Any, wait_ms: int = 500, target_origin: str | None = None) -> list:
        """Post ``msg`` as-is; every extension message seen within ``wait_ms``."""
        return self.page_eval_async(
            "const done = arguments[arguments.length - 1];"
            "sa.raw(arguments[0], arguments[1], arguments[2] || undefined).then(done, e => done([{error: String(e)}]));",
            msg, wait_ms, target_origin, timeout=wait_ms / 1000 + 5)

    def sa_inbox(self) -> list:
        return self.driver.execute_script("return sa.inbox.map(m => m.data)")


def _quietly(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except Exception:
        pass


# --------------------------------------------------------------------------------------------
# Fixture servers
# --------------------------------------------------------------------------------------------

_CA = None
_CA_LOCK = threading.Lock()


def test_ca():
    """One trustme CA per process."""
    global _CA
    with _CA_LOCK:
        if _CA is None:
            import trustme
            _CA = trustme.CA()
        return _CA


def client_ssl_context() -> ssl.SSLContext:
    """An SSL context that trusts the fixture servers' certificates (for urllib etc.)."""
    ctx = ssl.create_default_context()
    test_ca().configure_trust(ctx)
    return ctx


@dataclass
class Override:
    body: bytes
    content_type: str
    status: int = 200
    headers: dict = field(default_factory=dict)


class FixtureServer:
    """Serves a directory over HTTPS (or plain HTTP) on 127.0.0.1:<random port>.

    * ``hostnames``: names the certificate is issued for and ``host_rules()`` maps to this port.
    * ``POST /__record`` with a JSON body appends ``{"host", "path", "data", "time"}`` to ``records``.
      Every request is also logged in ``requests``.
    * ``set_override(path, body)``: serve other bytes at ``path`` (e.g. a page variant).
    * ``mounts``: extra ``{"/url-prefix/": Path}`` directories.
    * ``shells``: ``{"/route-prefix": "file under root"}``: a GET under the prefix that names no file
      and whose last segment has no extension gets that file, as a single-page app's server does.
    """

    def __init__(self, root: Path | str | None, hostnames: Iterable[str] = (), https: bool = True,
                 mounts: dict[str, Path] | None = None, placeholder: str | None = None,
                 shells: dict[str, str] | None = None):
        self.root = Path(root) if root else None
        self.shells = sorted(((k.rstrip("/"), v) for k, v in (shells or {}).items()), key=lambda kv: -len(kv[0]))
        self.hostnames = list(hostnames)
        self.https = https
        self.mounts = {k: Path(v) for k, v in (mounts or {}).items()}
        self.placeholder = placeholder
        self.records: list[dict] = []
        self.requests: list[dict] = []
        self._overrides: dict[str, Override] = {}
        self._lock = threading.Lock()
        self._record_cv = threading.Condition(self._lock)
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            timeout = 15

            def log_message(self, *a):  # quiet
                pass

            def setup(self):
                # TLS handshake here, in the per-connection thread, not in the accept loop
                if isinstance(self.request, ssl.SSLSocket):
                    self.request.settimeout(self.timeout)
                    self.request.do_handshake()
                super().setup()

            def _log(self, body: bytes = b""):
                with server._lock:
                    server.requests.append({"method": self.command, "path": self.path,
                                            "host": self.headers.get("Host", ""),
                                            "body": body, "time": time.time()})

            def _send(self, status: int, body: bytes, ctype: str, extra: dict | None = None):
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.send_header("Access-Control-Allow-Origin", "*")
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def do_OPTIONS(self):
                self._log()
                self._send(204, b"", "text/plain", {
                    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
                    "Access-Control-Allow-Headers": "Content-Type"})

            def do_HEAD(self):
                self.do_GET()

            def do_GET(self):
                self._log()
                status, body, ctype, extra = server._resolve(urllib.parse.urlsplit(self.path).path)
                self._send(status, body, ctype, extra)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                self._log(body)
                path = urllib.parse.urlsplit(self.path).path
                if path == "/__record":
                    try:
                        data = json.loads(body.decode() or "null")
                    except ValueError:
                        data = body.decode(errors="replace")
                    server._add_record({"host": self.headers.get("Host", ""), "path": path,
                                        "data": data, "time": time.time()})
                    self._send(200, b'{"ok":true}', "application/json")
                    return
                status, resp, ctype, extra = server._resolve(path, method="POST")
                self._send(status, resp, ctype, extra)

        self.errors: list[str] = []

        class Server(http.server.ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

            def handle_error(self, request, client_address):  # aborted connections etc.: no noise
                import sys
                server.errors.append(repr(sys.exc_info()[1]))

        self._httpd = Server(("127.0.0.1", 0), Handler)
        if https:
            ca = test_ca()
            cert = ca.issue_cert(*(self.hostnames or ["localhost"]), "127.0.0.1", "localhost")
            ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            cert.configure_cert(ctx)
            self._httpd.socket = ctx.wrap_socket(self._httpd.socket, server_side=True,
                                                 do_handshake_on_connect=False)
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.2},
                                        daemon=True, name=f"fixture-server-{self.port}")
        self._thread.start()

    # -- content -----------------------------------------------------------------------------

    def _resolve(self, path: str, method: str = "GET") -> tuple[int, bytes, str, dict]:
        with self._lock:
            ov = self._overrides.get(path)
        if ov is not None:
            return ov.status, ov.body, ov.content_type, ov.headers
        if method != "GET":
            return 405, b"method not allowed", "text/plain", {}
        with self._lock:
            mounts = list(self.mounts.items())
        for prefix, directory in mounts:
            if path.startswith(prefix):
                f = self._safe_file(directory, path[len(prefix):])
                if f:
                    return 200, f.read_bytes(), _ctype(f), {}
                return 404, b"not found", "text/plain", {}
        if self.root is not None and self.root.is_dir():
            f = self._safe_file(self.root, path) or self._shell_for(path)
            if f:
                return 200, f.read_bytes(), _ctype(f), {}
        elif self.placeholder is not None and path in ("/", "/index.html"):
            return 200, self.placeholder.encode(), "text/html; charset=utf-8", {}
        return 404, b"not found", "text/plain", {}

    def _shell_for(self, path: str) -> Path | None:
        if "." in path.rsplit("/", 1)[-1]:
            return None
        for prefix, shell in self.shells:
            if path == prefix or path.startswith(prefix + "/"):
                return self._safe_file(self.root, shell)
        return None

    @staticmethod
    def _safe_file(directory: Path, rel: str) -> Path | None:
        rel = urllib.parse.unquote(rel).lstrip("/")
        base = directory.resolve()
        candidate = (base / rel).resolve()
        if candidate != base and base not in candidate.parents:
            return None
        if candidate.is_dir():
            candidate = candidate / "index.html"
        return candidate if candidate.is_file() else None

    def mount(self, prefix: str, directory: Path | str) -> None:
        """Serve ``directory`` under the URL prefix (e.g. ``/dist-client/``)."""
        prefix = "/" + prefix.strip("/") + "/"
        with self._lock:
            self.mounts[prefix] = Path(directory)

    def set_override(self, path: str, body: bytes | str, content_type: str | None = None,
                     status: int = 200, headers: dict | None = None) -> None:
        if isinstance(body, str):
            body = body.encode()
        ctype = content_type or (mimetypes.guess_type(path)[0] or "text/html")
        if ctype.startswith("text/") and "charset" not in ctype:
            ctype += "; charset=utf-8"
        with self._lock:
            self._overrides[path] = Override(body, ctype, status, dict(headers or {}))

    def clear_overrides(self) -> None:
        with self._lock:
            self._overrides.clear()

    def reset(self) -> None:
        """Forget records, request log and overrides (done between tests by the fixtures)."""
        with self._lock:
            self.records.clear()
            self.requests.clear()
            self._overrides.clear()

    # -- records -----------------------------------------------------------------------------

    def _add_record(self, rec: dict) -> None:
        with self._record_cv:
            self.records.append(rec)
            self._record_cv.notify_all()

    def wait_for_record(self, predicate: Callable[[dict], bool] = lambda r: True,
                        timeout: float = DEFAULT_TIMEOUT) -> dict:
        """Wait for a record whose ``data`` satisfies ``predicate``; return the record."""
        deadline = time.monotonic() + timeout
        with self._record_cv:
            while True:
                for r in self.records:
                    try:
                        if predicate(r["data"]):
                            return r
                    except Exception:
                        pass
                left = deadline - time.monotonic()
                if left <= 0:
                    raise HarnessTimeout(f"no matching POST /__record on {self.origin} within {timeout:.1f}s; "
                                         f"got {[r['data'] for r in self.records]!r}")
                self._record_cv.wait(min(left, 0.2))

    # -- addressing --------------------------------------------------------------------------

    @property
    def host(self) -> str:
        return self.hostnames[0] if self.hostnames else "127.0.0.1"

    @property
    def origin(self) -> str:
        if self.https:
            return f"https://{self.host}" if self.hostnames else f"https://127.0.0.1:{self.port}"
        return f"http://{self.host}:{self.port}"

    def url(self, path: str = "/") -> str:
        return self.origin + "/" + path.lstrip("/")

    def local_url(self, path: str = "/") -> str:
        """The loopback URL, for Python-side requests (use ``client_ssl_context()`` for HTTPS)."""
        scheme = "https" if self.https else "http"
        return f"{scheme}://127.0.0.1:{self.port}/" + path.lstrip("/")

    def host_rules(self) -> list[str]:
        """``--host-resolver-rules`` entries that send ``host:443`` to this server."""
        if not self.https:
            return []
        return [f"MAP {h}:443 127.0.0.1:{self.port}" for h in self.hostnames]

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "FixtureServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _ctype(path: Path) -> str:
    ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix in (".js", ".mjs"):
        ctype = "text/javascript"
    if ctype.startswith("text/") or ctype in ("application/json",):
        ctype += "; charset=utf-8"
    return ctype


def placeholder_page(host: str) -> str:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{host} placeholder</title></head>"
            f"<body><h1 id='placeholder'>{host} fixture placeholder</h1></body></html>")


def start_google_sites(sites_dir: Path = SITES) -> dict[str, FixtureServer]:
    """One HTTPS server per Google host, keyed by site name (gmail, calendar, meet)."""
    servers = {}
    try:
        for site, host in GOOGLE_SITES.items():
            servers[site] = FixtureServer(sites_dir / site, [host], placeholder=placeholder_page(host),
                                          shells=GOOGLE_SHELLS[site])
    except BaseException:
        for s in servers.values():
            s.close()
        raise
    return servers


def extension_browser(built, chatbot_site: FixtureServer, servers: Iterable[FixtureServer]) -> "Browser":
    """Chromium with the built extension, the client SDK served by the chatbot site, and every
    server's host mapped to loopback. ``built``: the session's BuiltExtension."""
    if built.client_dist is not None:
        chatbot_site.mount("/dist-client/", built.client_dist)
    return Browser(built.dist, host_rules=host_rules_for(servers))


def host_rules_for(servers: Iterable[FixtureServer]) -> list[str]:
    rules: list[str] = []
    for s in servers:
        rules += s.host_rules()
    return rules
