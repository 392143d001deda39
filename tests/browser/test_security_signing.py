"""Issue 8, signed calls end to end: a build with [signing] on (ES256 key pinned from the config), the
chatbot page asking CHALLENGE for a nonce and a local test server signing with buildtool.token."""
import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace

import pytest

from extension import effects, reset_extension_state
from harness import wait_until

from buildtool import token as tk

pytestmark = pytest.mark.browser

ISS = "https://signer.test"
KEY = tk.generate_key("ES256")
OTHER_KEY = tk.generate_key("ES256")


@pytest.fixture(scope="module")
def built_extension(tmp_path_factory):
    """This module's own build: the test profile with signing enabled and KEY's public half pinned."""
    from buildtool.app import Application
    from buildtool.build import build
    from buildtool.config import read_config, resolve
    app = Application.discover(Path(__file__))
    data = read_config(app.config_source)
    data["signing"] = {"enabled": True, "alg": "ES256", "public_key": tk.public_key_b64url(KEY), "issuer": ISS}
    app.config = lambda profile="dev": resolve(data, profile, app.config_source)
    out = tmp_path_factory.mktemp("siteagent-signing") / "dist"
    result = build(app, profile="test", out=out)
    return SimpleNamespace(dist=Path(result.dist), client_dist=Path(result.client_dist), source="build")


class Signer:
    """The chatbot's server: POST /sign {tool, args, nonce, ...overrides} -> a compact JWS."""

    def __init__(self):
        self.aud = ""
        self.origin = ""
        self.signed = 0
        signer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _cors(self):
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                self.send_header("Access-Control-Allow-Headers", "content-type")

            def do_OPTIONS(self):
                self.send_response(204)
                self._cors()
                self.end_headers()

            def do_POST(self):
                req = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                body = signer.sign(req).encode()
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/sign"

    def sign(self, req):
        self.signed += 1
        key = OTHER_KEY if req.get("other_key") else KEY
        claims = tk.call_claims(aud=req.get("aud", self.aud), iss=req.get("iss", ISS),
                                origin=req.get("origin", self.origin), tool=req.get("sign_tool", req["tool"]),
                                args=req.get("sign_args", req["args"]), nonce=req["nonce"],
                                now=int(time.time()) + req.get("shift", 0), jti=req.get("jti"))
        claims.update(req.get("claims", {}))
        header = {"alg": "ES256", "typ": "JWT", **req.get("header", {})}
        signing_input = tk.b64url(json.dumps(header).encode()) + "." + tk.b64url(json.dumps(claims).encode())
        if header["alg"] == "none":
            return signing_input + "."
        if header["alg"] != "ES256":
            return signing_input + "." + tk.b64url(b"\x01" * 64)
        return tk.sign_jws(key, header, claims)

    def close(self):
        self.server.shutdown()


@pytest.fixture(scope="module")
def signer():
    s = Signer()
    yield s
    s.close()


@pytest.fixture
def page(browser, chatbot_site, signer):
    reset_extension_state(browser)
    browser.open_chatbot(chatbot_site)
    signer.aud = browser.extension_id
    signer.origin = chatbot_site.origin
    yield browser
    browser.assert_no_sw_exceptions()


SIGNED_CALL = """
const done = arguments[arguments.length - 1];
const [url, name, args, extra, nonceFrom] = [arguments[0], arguments[1], arguments[2], arguments[3], arguments[4]];
(async () => {
  const ch = await sa.send('CHALLENGE', {}, 5000);
  const nonce = nonceFrom || ch.payload.nonce;
  const token = extra.token !== undefined ? extra.token : await fetch(url, {method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(Object.assign({tool: name, args: args, nonce: nonce}, extra))}).then(r => r.text());
  const reply = await sa.send('CALL_TOOL', {name: name, args: args, token: token}, 5000);
  return {challenge: ch.payload, token: token, reply: reply.payload};
})().then(done, e => done({error: String(e)}));
"""


def signed(page, signer, name, args, extra=None, nonce=None):
    got = page.page_eval_async(SIGNED_CALL, signer.url, name, args, extra or {}, nonce, timeout=15)
    assert "error" not in got, got
    return got


def test_challenge_gives_a_fresh_nonce(page):
    a = page.sa_send("CHALLENGE")["payload"]
    b = page.sa_send("CHALLENGE")["payload"]
    assert a["ok"] is True and a["signing"] is True and a["alg"] == "ES256"
    assert a["extensionId"] == page.extension_id and a["expiresIn"] == 120
    assert len(a["nonce"]) == 43 and a["nonce"] != b["nonce"]


def test_signed_write_runs_end_to_end(page, signer):
    before = signer.signed
    got = signed(page, signer, "test_write", {"text": "signed hello"})
    assert got["reply"] == {"ok": True, "tool": "test_write", "result": {"stored": "signed hello"}}
    assert signer.signed == before + 1 and got["token"].count(".") == 2
    assert effects(page) == {"test_write": 1}


def test_reads_need_no_token_writes_do(page):
    assert page.sa_call("test_read", {"text": "r"})["payload"]["ok"] is True
    r = page.sa_call("test_write", {"text": "unsigned"})["payload"]
    assert r["reason"] == "token_required" and r["field"] == "token"
    assert effects(page) == {}


@pytest.mark.parametrize("extra, reason", [
    ({"other_key": True}, "token_bad_signature"),
    ({"sign_args": {"text": "what the server approved"}}, "token_args_mismatch"),
    ({"shift": -200}, "token_expired"),
    ({"aud": "abcdefghijklmnopabcdefghijklmnop"}, "token_wrong_audience"),
    ({"origin": "https://chatbot.farvees.xyz"}, "token_wrong_origin"),
    ({"iss": "https://someone-else.test"}, "token_wrong_issuer"),
    ({"sign_tool": "test_note"}, "token_wrong_tool"),
    ({"header": {"alg": "none"}}, "token_bad_alg"),
    ({"header": {"alg": "HS256"}}, "token_bad_alg"),
    ({"header": {"alg": "EdDSA"}}, "token_bad_alg"),
    ({"header": {"jwk": {"kty": "EC"}}}, "token_malformed"),
    ({"claims": {"exp": int(time.time()) + 3600}}, "token_malformed"),
    ({"token": "not-a-token"}, "token_malformed"),
    ({"token": "a.b.c.d"}, "token_malformed"),
    ({"token": "eyJhbGciOiJFUzI1NiJ9.bm90IGpzb24.AAAA"}, "token_malformed"),
    ({"token": "e30.e30."}, "token_bad_alg"),
])
def test_each_bad_token_has_its_own_reason(page, signer, extra, reason):
    got = signed(page, signer, "test_write", {"text": "x"}, extra)
    assert got["reply"]["ok"] is False and got["reply"]["reason"] == reason, got["reply"]
    assert effects(page) == {}


def test_reused_jti_and_reused_nonce_are_refused(page, signer):
    first = signed(page, signer, "test_write", {"text": "once"}, {"jti": "jti-fixed-1"})
    assert first["reply"]["ok"] is True
    replay = page.sa_send("CALL_TOOL", {"name": "test_write", "args": {"text": "once"}, "token": first["token"]})
    assert replay["payload"]["reason"] == "token_jti_reused"
    again = signed(page, signer, "test_write", {"text": "once"}, {"jti": "jti-fresh-2"},
                   nonce=first["challenge"]["nonce"])
    assert again["reply"]["reason"] == "token_nonce_reused"
    invented = signed(page, signer, "test_write", {"text": "once"}, {}, nonce="A" * 43)
    assert invented["reply"]["reason"] == "token_nonce_unknown"
    assert effects(page) == {"test_write": 1}


def test_signed_irreversible_still_needs_the_click(page, signer):
    page.driver.execute_script(
        "window.__signed = null; const [url] = arguments;"
        "(async () => { const ch = await sa.send('CHALLENGE');"
        " const token = await fetch(url, {method: 'POST', body: JSON.stringify({tool: 'test_irreversible',"
        "   args: {text: 'go'}, nonce: ch.payload.nonce})}).then(r => r.text());"
        " window.__signed = await sa.send('CALL_TOOL', {name: 'test_irreversible', args: {text: 'go'}, token}, 20000);"
        "})();", signer.url)
    popup = page.wait_for_popup("approve.html")
    assert effects(page) == {}
    popup.click("#deny")
    r = wait_until(lambda: page.driver.execute_script("return window.__signed"), 15, "the signed call")
    assert r["payload"]["reason"] == "approval_denied"


def test_worker_verifies_ed25519_with_crypto_subtle(page):
    """Chromium's service worker verifies an Ed25519 JWS signed by the Python signer (EdDSA mode)."""
    key = tk.generate_key("EdDSA")
    token = tk.sign_call(key, aud="a", iss="i", origin="o", tool="t", args={"k": 1}, nonce="n")
    pub = base64.urlsafe_b64decode(tk.public_key_b64url(key) + "=")
    result = page.sw_eval(
        "(async () => { const [h, p, s] = %s.split('.');"
        " const b = x => Uint8Array.from(atob(x.replace(/-/g, '+').replace(/_/g, '/') + '=='.slice(0, (4 - x.length %% 4) %% 4)), c => c.charCodeAt(0));"
        " const key = await crypto.subtle.importKey('raw', new Uint8Array(%s), {name: 'Ed25519'}, false, ['verify']);"
        " const ok = await crypto.subtle.verify({name: 'Ed25519'}, key, b(s), new TextEncoder().encode(h + '.' + p));"
        " const bad = await crypto.subtle.verify({name: 'Ed25519'}, key, b(s), new TextEncoder().encode(h + '.' + p + 'x'));"
        " return JSON.stringify([ok, bad]); })()" % (json.dumps(token), json.dumps(list(pub))))
    assert json.loads(result) == [True, False]
