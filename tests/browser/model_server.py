"""A scripted OpenAI-compatible model on loopback: `POST /v1/chat/completions` answers from a Python
script, so the demo page's tool loop can be driven end to end where no real model can be reached.
It is the only stand-in in those tests: the page, the SDK, the extension and the Gmail fixture are real.

    server = ScriptedModel(lambda body: {"role": "assistant", "content": "hi"})
    server.base_url        # http://127.0.0.1:PORT/v1
    server.requests        # [{"headers": {...}, "body": {...}}] in order
"""
from __future__ import annotations

import http.server
import json
import threading
from typing import Callable


class ScriptedModel:
    def __init__(self, script: Callable[[dict], dict], status: int = 200):
        self.script = script
        self.status = status
        self.requests: list[dict] = []
        self.errors: list[str] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _send(self, status: int, body: bytes, ctype: str = "application/json"):
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Access-Control-Allow-Methods", "POST, OPTIONS")
                self.send_header("Access-Control-Allow-Headers", "authorization, content-type")
                self.end_headers()
                self.wfile.write(body)

            def do_OPTIONS(self):
                self._send(204, b"", "text/plain")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if self.path != "/v1/chat/completions":
                    return self._send(404, b'{"error":{"message":"not found"}}')
                try:
                    body = json.loads(raw)
                    server.requests.append({"headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                    if server.status != 200:
                        return self._send(server.status, b'{"error":{"message":"the scripted model is down"}}')
                    message = server.script(body)
                except Exception as exc:  # a script error is a test failure: report it, answer 500
                    server.errors.append(repr(exc))
                    return self._send(500, json.dumps({"error": {"message": repr(exc)}}).encode())
                answer = {"id": f"chatcmpl-{len(server.requests)}", "object": "chat.completion", "created": 0,
                          "model": body.get("model"), "choices": [{"index": 0, "message": message,
                          "finish_reason": "tool_calls" if message.get("tool_calls") else "stop"}]}
                self._send(200, json.dumps(answer).encode())

        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True, name="scripted-model")
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


def tool_call(name: str, args: dict, call_id: str) -> dict:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]}


def answer(text: str) -> dict:
    return {"role": "assistant", "content": text}


def tool_messages(body: dict) -> list[dict]:
    """The tool messages of a request after its last user message (this turn's results)."""
    messages = body["messages"]
    last_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
    return [m for m in messages[last_user + 1:] if m["role"] == "tool"]


def outcome_of(message: dict) -> dict:
    """The outcome JSON inside a tool message the loop wrote (fenced or not)."""
    text = message["content"].split("\n\nNote: ")[0]
    lines = text.split("\n")
    if len(lines) >= 4 and lines[1].startswith("<untrusted-data-"):
        return json.loads(lines[2])
    return json.loads(text)
