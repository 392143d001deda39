"""core/modelwire.py, core/agentloop.py and core/panelchat.py under CPython (issue 30). The streams are
the ones the browser tests' servers write (tests/browser/stream_models.py: each provider's documented
wire format), fed to the parser in awkward pieces."""
import asyncio
import json
import sys
from pathlib import Path

import pytest

from core import modelwire, agentloop, panelchat

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "browser"))
from stream_models import FORMATS, Turn, signature  # noqa: E402


def parse(text):
    try:
        return {"ok": True, "value": json.loads(text)}
    except ValueError as exc:
        return {"ok": False, "error": str(exc)}


def wire(provider, turn, n=1):
    return "".join((f"event: {name}\n" if name else "") + f"data: {data}\n\n" for name, data in FORMATS[provider](turn, n))


def replay(provider, text, size):
    state, acc, shown = modelwire.sse_start(), modelwire.turn_start(), []
    for i in range(0, len(text), size):
        for event in modelwire.sse_feed(state, text[i:i + size]):
            shown.append(modelwire.turn_feed(provider, acc, event, parse))
    for event in modelwire.sse_end(state):
        shown.append(modelwire.turn_feed(provider, acc, event, parse))
    return acc, "".join(shown)


TURN = Turn("Filling in the form: ", [("page", {"method": "type", "uid": "u1", "text": "Ada \"Lovelace\" é"}),
                                      ("page", {"method": "click", "uid": "u3"})], usage=(321, 45))


@pytest.mark.parametrize("provider", ["openai", "anthropic", "gemini"])
@pytest.mark.parametrize("size", [1, 3, 17, 100000])
def test_each_providers_stream_becomes_one_assistant_message(provider, size):
    acc, shown = replay(provider, wire(provider, TURN), size)
    assert shown == "Filling in the form: " and acc["error"] is None
    message = modelwire.turn_message(acc, "call_1_")
    assert message["content"] == "Filling in the form: "
    calls = message["tool_calls"]
    assert [c["function"]["name"] for c in calls] == ["page", "page"]
    assert [json.loads(c["function"]["arguments"]) for c in calls] == [dict(a) for _, a in TURN.calls]
    assert acc["usage"] == {"input": 321, "output": 45}
    if provider == "gemini":
        assert [c["thought_signature"] for c in calls] == [signature(1, 0), signature(1, 1)]
        assert [c["id"] for c in calls] == ["call_1_0", "call_1_1"]      # Gemini sends no ids
    else:
        assert all("thought_signature" not in c for c in calls) and calls[0]["id"] != calls[1]["id"]


def test_sse_parsing_follows_the_eventsource_rules():
    state = modelwire.sse_start()
    assert modelwire.sse_feed(state, ": comment\r\nevent: a\r\ndata: 1\r\ndata:2\r\n\r\ndata") == [
        {"event": "a", "data": "1\n2"}]
    assert modelwire.sse_feed(state, ": x\n") == []             # "data" + ": x" is the line "data: x"
    assert modelwire.sse_end(state) == [{"event": "message", "data": "x"}]
    state = modelwire.sse_start()
    assert modelwire.sse_feed(state, "data: [DONE]") == [] and modelwire.sse_end(state) == [{"event": "message", "data": "[DONE]"}]


def test_stream_errors_and_ollama_object_arguments():
    acc = modelwire.turn_start()
    modelwire.turn_feed("openai", acc, {"event": "message", "data": "{not json"}, parse)
    assert acc["error"].startswith("the model sent a stream event that is not JSON")
    acc = modelwire.turn_start()
    modelwire.turn_feed("anthropic", acc, {"event": "error", "data": json.dumps(
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})}, parse)
    assert acc["error"] == "Overloaded"
    acc = modelwire.turn_start()   # Ollama's native shape: arguments as an object, no id
    modelwire.turn_feed("openai", acc, {"event": "message", "data": json.dumps({"choices": [{"delta": {"tool_calls": [
        {"function": {"name": "page", "arguments": {"method": "scan"}}}]}}]})}, parse)
    message = modelwire.turn_message(acc, "x")
    assert message["tool_calls"][0]["function"]["arguments"] == '{"method":"scan"}' and message["tool_calls"][0]["id"] == "x0"


CATALOGUE = [{"name": "page", "description": "Read and act.", "risk": "irreversible",
              "inputSchema": {"type": "object", "properties": {"method": {"type": "string"}}, "required": ["method"]}}]
CONVERSATION = [
    {"role": "system", "content": "Be safe."},
    {"role": "user", "content": "Scan it"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "page", "arguments": '{"method":"scan"}'},
         "thought_signature": "sig-1"}]},
    {"role": "tool", "tool_call_id": "c1", "content": "scanned"},
]


def test_request_bodies_in_each_format():
    openai = modelwire.openai_body("m", CONVERSATION, CATALOGUE, True)
    assert openai["stream"] is True and openai["stream_options"] == {"include_usage": True}
    assert "thought_signature" not in json.dumps(openai["messages"]) and openai["tools"][0]["function"]["name"] == "page"
    anthropic = modelwire.anthropic_body("m", CONVERSATION, CATALOGUE, parse, 1000, True)
    assert anthropic["system"] == "Be safe." and anthropic["max_tokens"] == 1000
    assert [t["role"] for t in anthropic["messages"]] == ["user", "assistant", "user"]
    assert anthropic["messages"][1]["content"][0] == {"type": "tool_use", "id": "c1", "name": "page", "input": {"method": "scan"}}
    assert anthropic["messages"][2]["content"][0] == {"type": "tool_result", "tool_use_id": "c1", "content": "scanned"}
    gemini = modelwire.gemini_body(CONVERSATION, CATALOGUE, parse)
    assert gemini["systemInstruction"] == {"parts": [{"text": "Be safe."}]}
    assert gemini["contents"][1] == {"role": "model", "parts": [
        {"functionCall": {"name": "page", "args": {"method": "scan"}}, "thoughtSignature": "sig-1"}]}
    assert gemini["contents"][2]["parts"][0] == {"functionResponse": {"name": "page", "response": {"content": "scanned"}}}


def test_endpoints_headers_and_settings():
    assert modelwire.endpoint("openai", "http://localhost:11434/v1/", "x") == "http://localhost:11434/v1/chat/completions"
    assert modelwire.endpoint("anthropic", "", "x") == "https://api.anthropic.com/v1/messages"
    assert modelwire.endpoint("gemini", "", "gemini-2.5-flash").endswith("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert modelwire.headers_for("openai", "k")["Authorization"] == "Bearer k"
    assert "Authorization" not in modelwire.headers_for("anthropic", "k") and modelwire.headers_for("gemini", "k")["x-goog-api-key"] == "k"
    assert "Authorization" not in modelwire.headers_for("openai", "")
    assert modelwire.settings_problem({"provider": "openai", "base": "ftp://x", "model": "m"}).startswith("the base URL")
    assert modelwire.settings_problem({"provider": "gemini", "base": "", "model": ""}).startswith("name the model")
    assert modelwire.settings_problem({"provider": "backend", "base": "", "model": ""}).startswith("this build names no")
    assert modelwire.origin_pattern("http://127.0.0.1:8080/v1/x") == "http://127.0.0.1/*"


def test_the_doctor():
    origin = "chrome-extension://abcdefghijklmnopabcdefghijklmnop"
    fix = modelwire.diagnose("openai", "http://localhost:11434/v1/chat/completions", 403, "", origin)
    assert "OLLAMA_ORIGINS=" + origin + " ollama serve" in fix
    assert "API key" in modelwire.diagnose("openai", "https://api.openai.com/v1/chat/completions", 401, "", origin)
    assert "does not support tool calls" in modelwire.diagnose("openai", "http://127.0.0.1:11434/v1", 400,
                                                               '{"error":"gemma does not support tools"}', origin)
    assert "Is the local model server running" in modelwire.diagnose("openai", "http://localhost:1/v1", 0, "", origin)
    assert modelwire.tool_json_in_text('```json\n{"name": "page", "arguments": {"method": "scan"}}\n```', CATALOGUE)
    assert not modelwire.tool_json_in_text('{"name": "other", "arguments": {}}', CATALOGUE)
    assert not modelwire.tool_json_in_text("The page is about lamps.", CATALOGUE)


def test_panelchat_records_and_exports_hold_no_key():
    record = {"id": "r1", "title": "t", "created": "c", "items": [
        {"kind": "user", "text": "my key is sk-secret-123456"},
        {"kind": "tool", "tool": "page", "summary": "click uid=\"u1\"", "risk": "irreversible", "state": "denied",
         "reason": "approval_denied", "call": "w1", "model_id": "m"}], "messages": [{"role": "user", "content": "x"}],
        "key": "sk-secret-123456"}
    exported = panelchat.export_record(record)
    assert "messages" not in exported and "key" not in exported and "model_id" not in exported["items"][1]
    md = panelchat.redact(panelchat.markdown(record), "sk-secret-123456")
    assert "sk-secret" not in md and "[audit w1]" in md and "approval_denied" in md
    assert panelchat.args_summary({"method": "type", "uid": "u4", "text": "x" * 80}).startswith('type uid="u4" text="xxx')
    assert panelchat.budgets_of({"steps": 0, "seconds": 30, "tokens": -5}) == {"steps": 8, "seconds": 30, "tokens": 200000}
    assert panelchat.ran_summary([{"kind": "tool", "tool": "page", "summary": "click", "state": "ok"}], 0) == \
        "Already ran: page click."
    history = panelchat.history_put([{"id": "a"}, {"id": "b"}], {"id": "b", "title": "new"})
    assert [h["id"] for h in history] == ["b", "a"] and panelchat.history_drop(history, "a") == [{"id": "b", "title": "new"}]


def run_loop(replies, outcomes, **settings):
    calls, events = [], []
    replies = list(replies)

    async def model(turn):
        return replies.pop(0)

    async def call(name, args, options):
        calls.append((name, args))
        return outcomes.get(name, {"ok": True, "tool": name, "result": {}})
    env = {"model": model, "call": call, "emit": events.append, "aborted": lambda: False, "now": lambda: 0,
           "new_id": lambda: "0123456789abcdef0123", "to_json": json.dumps, "parse": parse,
           "normal": lambda r: agentloop.plain_reply(r, lambda: "id")}
    base = {"messages": [], "tools": CATALOGUE, "offered": None, "max_steps": 8, "timeout_ms": 1000, "prompt": None,
            "signal": None, "max_failures": 3, "max_tokens": 0, "max_ms": 0}
    base.update(settings)
    return asyncio.run(agentloop.run(base, env)), calls, events


def call(name, args, cid="c"):
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def test_the_loop_in_core_counts_failures_and_tokens():
    bad = {"role": "assistant", "content": None, "tool_calls": [call("nope", {}, "a"), call("nope", {}, "b"),
                                                                 call("page", {"method": "scan"}, "c"),
                                                                 call("nope", {}, "d")]}
    result, calls, events = run_loop([bad], {"page": {"ok": False, "reason": "invalid_args", "message": "bad"}})
    assert result["stopReason"] == "failures" and result["detail"] == "invalid_args"
    assert calls == [("page", {"method": "scan"})] and len(result["messages"]) == 5
    answer = {"role": "assistant", "content": "done", "usage": {"input_tokens": 10, "output_tokens": 2}}
    result, _, events = run_loop([answer], {})
    assert result["usage"] == {"input": 10, "output": 2} and [e["type"] for e in events] == ["assistant", "usage"]
    assert "usage" not in result["messages"][0]


def test_history_keeps_the_newest_messages_from_a_user_turn():
    messages = [{"role": "user" if i % 3 == 0 else "tool", "content": str(i)} for i in range(70)]
    kept = panelchat.kept_messages(messages)
    assert kept[0] == {"role": "user", "content": "12"} and kept[-1]["content"] == "69" and len(kept) == 58
    assert panelchat.kept_messages(messages[:5]) == messages[:5]


def test_ollamas_default_context_is_noticed():
    assert "OLLAMA_CONTEXT_LENGTH=32768" in modelwire.context_advice("http://localhost:11434/v1/chat/completions", 4096)
    assert modelwire.context_advice("http://localhost:11434/v1/chat/completions", 2100) is None
    assert modelwire.context_advice("https://api.openai.com/v1/chat/completions", 4096) is None
