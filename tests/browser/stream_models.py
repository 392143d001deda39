"""Scripted streaming model servers on loopback, one per provider wire format, for the side panel's
chat (issue 30). No real model can be reached here: each server replays a plan written by the test
(a Python function from the request body to the next turn) and writes it the way its provider
streams, in the shapes their own documentation and SDKs give:

- OpenAI Chat Completions, `stream: true`: `data: {chat.completion.chunk}` lines then `data: [DONE]`;
  the first chunk's delta has `role`, text comes as `delta.content`, a tool call as
  `delta.tool_calls[{index, id, type, function: {name, arguments: ""}}]` followed by chunks holding
  only `{index, function: {arguments: <piece>}}`, then `finish_reason`, and with
  `stream_options.include_usage` a last chunk with `choices: []` and `usage`. Sources:
  openai/openai-openapi openapi.yaml (CreateChatCompletionStreamResponse, ChatCompletionStreamResponseDelta,
  ChatCompletionMessageToolCallChunk, CompletionUsage) and openai/openai-node's streaming tests
  (tests/lib/ChatCompletionStream.test.ts fixtures: tool_calls split over chunks by index).
- Anthropic Messages, `stream: true`: `event: message_start` (message.usage.input_tokens),
  `content_block_start` (text block or `tool_use` with `input: {}`), `ping`, `content_block_delta`
  (`text_delta` / `input_json_delta` with `partial_json`), `content_block_stop`, `message_delta`
  (`stop_reason`, `usage.output_tokens`), `message_stop`. Sources: docs.anthropic.com
  "Streaming Messages" (the event flow and its tool-use example) and anthropics/anthropic-sdk-typescript
  src/resources/messages/messages.ts (RawMessageStreamEvent and its members).
- Gemini `models/{model}:streamGenerateContent?alt=sse`: `data: {GenerateContentResponse}` lines:
  `candidates[0].content {role: "model", parts: [{text} | {functionCall: {name, args}, thoughtSignature}]}`,
  `finishReason` on the last, `usageMetadata {promptTokenCount, candidatesTokenCount, totalTokenCount}`.
  Sources: ai.google.dev "Generate content" REST reference (streamGenerateContent, alt=sse) and
  "Thought signatures" (Gemini 3 returns one with a functionCall part and requires it back), and
  googleapis/js-genai src/types.ts (GenerateContentResponse, Part, FunctionCall, UsageMetadata).

    server = StreamModel("openai", plan)      # plan(body, n) -> Turn
    server.base_url                            # what the panel's settings take as base URL
    server.requests                            # [{"path", "headers", "body"}]
"""
from __future__ import annotations

import http.server
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class Turn:
    text: str = ""
    calls: list = field(default_factory=list)       # [(name, args)]
    usage: tuple = (120, 12)                         # (input tokens, output tokens)
    delay: float = 0.0                               # seconds between events
    hold: float = 0.0                                # after the text, wait this long before ending
    status: int = 200
    error_body: str = ""


def _pieces(text: str, size: int = 7) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)] or []


def openai_events(turn: Turn, n: int) -> list[tuple[str | None, str]]:
    base = {"id": f"chatcmpl-{n}", "object": "chat.completion.chunk", "created": 1700000000 + n, "model": "scripted"}

    def chunk(delta, finish=None):
        return (None, json.dumps({**base, "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                                       "finish_reason": finish}]}))
    out = [chunk({"role": "assistant", "content": ""})]
    for piece in _pieces(turn.text):
        out.append(chunk({"content": piece}))
    for index, (name, args) in enumerate(turn.calls):
        out.append(chunk({"tool_calls": [{"index": index, "id": f"call_{n}_{index}", "type": "function",
                                          "function": {"name": name, "arguments": ""}}]}))
        for piece in _pieces(json.dumps(args), 9):
            out.append(chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]}))
    out.append(chunk({}, "tool_calls" if turn.calls else "stop"))
    out.append((None, json.dumps({**base, "choices": [], "usage": {
        "prompt_tokens": turn.usage[0], "completion_tokens": turn.usage[1], "total_tokens": sum(turn.usage)}})))
    out.append((None, "[DONE]"))
    return out


def anthropic_events(turn: Turn, n: int) -> list[tuple[str | None, str]]:
    def ev(name, data):
        return (name, json.dumps({"type": name, **data}))
    out = [ev("message_start", {"message": {"id": f"msg_{n}", "type": "message", "role": "assistant", "content": [],
                                            "model": "scripted", "stop_reason": None, "stop_sequence": None,
                                            "usage": {"input_tokens": turn.usage[0], "output_tokens": 1}}})]
    index = 0
    if turn.text:
        out.append(ev("content_block_start", {"index": index, "content_block": {"type": "text", "text": ""}}))
        out.append(ev("ping", {}))
        for piece in _pieces(turn.text):
            out.append(ev("content_block_delta", {"index": index, "delta": {"type": "text_delta", "text": piece}}))
        out.append(ev("content_block_stop", {"index": index}))
        index += 1
    for k, (name, args) in enumerate(turn.calls):
        out.append(ev("content_block_start", {"index": index, "content_block": {
            "type": "tool_use", "id": f"toolu_{n}_{k}", "name": name, "input": {}}}))
        out.append(ev("content_block_delta", {"index": index, "delta": {"type": "input_json_delta", "partial_json": ""}}))
        for piece in _pieces(json.dumps(args), 9):
            out.append(ev("content_block_delta", {"index": index, "delta": {"type": "input_json_delta",
                                                                              "partial_json": piece}}))
        out.append(ev("content_block_stop", {"index": index}))
        index += 1
    out.append(ev("message_delta", {"delta": {"stop_reason": "tool_use" if turn.calls else "end_turn",
                                              "stop_sequence": None}, "usage": {"output_tokens": turn.usage[1]}}))
    out.append(ev("message_stop", {}))
    return out


def gemini_events(turn: Turn, n: int) -> list[tuple[str | None, str]]:
    def chunk(parts, finish=None, usage=False):
        candidate = {"content": {"role": "model", "parts": parts}, "index": 0}
        if finish:
            candidate["finishReason"] = finish
        body = {"candidates": [candidate], "modelVersion": "scripted", "responseId": f"resp-{n}"}
        if usage:
            body["usageMetadata"] = {"promptTokenCount": turn.usage[0], "candidatesTokenCount": turn.usage[1],
                                     "totalTokenCount": sum(turn.usage)}
        return (None, json.dumps(body))
    out = [chunk([{"text": piece}]) for piece in _pieces(turn.text, 12)]
    parts = [{"functionCall": {"name": name, "args": args}, "thoughtSignature": signature(n, k)}
             for k, (name, args) in enumerate(turn.calls)]
    out.append(chunk(parts or [{"text": ""}], "STOP", True))
    return out


def signature(n: int, k: int) -> str:
    return f"c2lnbmF0dXJl-{n}-{k}"       # an opaque base64-like token, as Gemini 3 returns


FORMATS = {"openai": openai_events, "anthropic": anthropic_events, "gemini": gemini_events}


class StreamModel:
    def __init__(self, provider: str, plan: Callable[[dict, int], Turn], refuse_extension_origin: bool = False,
                 port: int = 0):
        self.provider = provider
        self.plan = plan
        self.refuse_extension_origin = refuse_extension_origin
        self.requests: list[dict] = []
        self.errors: list[str] = []
        self.closed_early = 0
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def _plain(self, status: int, body: bytes):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                headers = {k.lower(): v for k, v in self.headers.items()}
                origin = headers.get("origin", "")
                if server.refuse_extension_origin and origin.startswith("chrome-extension://"):
                    server.requests.append({"path": self.path, "headers": headers, "body": None})
                    return self._plain(403, b"")             # what Ollama answers an origin it does not allow
                try:
                    body = json.loads(raw)
                    server.requests.append({"path": self.path, "headers": headers, "body": body})
                    turn = server.plan(body, len(server.requests))
                except Exception as exc:                     # a plan error is a test failure
                    server.errors.append(repr(exc))
                    return self._plain(500, json.dumps({"error": {"message": repr(exc)}}).encode())
                if turn.status != 200:
                    return self._plain(turn.status, turn.error_body.encode())
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                try:
                    events = FORMATS[server.provider](turn, len(server.requests))
                    for i, (name, data) in enumerate(events):
                        text = (f"event: {name}\n" if name else "") + f"data: {data}\n\n"
                        self.wfile.write(text.encode())
                        self.wfile.flush()
                        if turn.hold and i == len(events) // 2:
                            time.sleep(turn.hold)
                        if turn.delay:
                            time.sleep(turn.delay)
                except (BrokenPipeError, ConnectionResetError):
                    server.closed_early += 1

        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True, name=f"model-{provider}")
        self._thread.start()

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return {"openai": f"http://127.0.0.1:{self.port}/v1", "anthropic": f"http://127.0.0.1:{self.port}",
                "gemini": f"http://127.0.0.1:{self.port}/v1beta"}[self.provider]

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)


# --- reading what the panel sent, in each format ------------------------------------------------------

def last_tool_texts(provider: str, body: dict) -> list[str]:
    """The tool results of this request's latest turn, as the text the loop wrote."""
    if provider == "openai":
        msgs = body["messages"]
        out = []
        for m in reversed(msgs):
            if m["role"] != "tool":
                break
            out.insert(0, m["content"])
        return out
    if provider == "anthropic":
        last = body["messages"][-1]
        return [b["content"] for b in last["content"] if b.get("type") == "tool_result"]
    last = body["contents"][-1]
    return [p["functionResponse"]["response"]["content"] for p in last["parts"] if "functionResponse" in p]


def first_user_text(provider: str, body: dict) -> str:
    if provider == "openai":
        return next(m["content"] for m in body["messages"] if m["role"] == "user")
    if provider == "anthropic":
        return next(b["text"] for m in body["messages"] if m["role"] == "user" for b in m["content"] if b["type"] == "text")
    return next(p["text"] for c in body["contents"] if c["role"] == "user" for p in c["parts"] if "text" in p)


def outcome_in(text: str) -> dict:
    """The outcome JSON inside a tool result (fenced or not)."""
    head = text.split("\n\nNote: ")[0]
    lines = head.split("\n")
    if len(lines) >= 4 and lines[1].startswith("<untrusted-data-"):
        return json.loads(lines[2])
    return json.loads(head)
