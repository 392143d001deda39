"""The whole real catalogue (release and test profiles) through the built converters in Node, validated
against the shape each provider documents (provider_shapes.py names the sources), and the loop's
messages against OpenAI's and Anthropic's message shapes."""
import json

import jsonschema
import pytest
from jsonschema.validators import Draft202012Validator
from referencing import Registry

import provider_shapes as shapes
from client_env import REPO, node_json

CONVERTERS = ["toOpenAITools", "toAnthropicTools", "toGeminiTools", "toMCPTools"]


def validator(schema):
    from referencing.jsonschema import DRAFT202012
    registry = Registry().with_resource("gemini-schema", DRAFT202012.create_resource(shapes.GEMINI_SCHEMA))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


@pytest.fixture(scope="module", params=["release", "test"])
def converted(request, client_dir, node, tmp_path_factory):
    from buildtool.app import Application
    from buildtool.catalogue import public_catalogue
    app = Application.discover(REPO)
    catalogue = public_catalogue(app, app.config(request.param))
    path = tmp_path_factory.mktemp("catalogue") / f"{request.param}.json"
    path.write_text(json.dumps(catalogue))
    module = (client_dir / "siteagent-client.js").as_uri()
    out = node_json(node, "import {readFileSync} from 'node:fs'; import './js/fake_page.mjs';"
                          f"const sa = await import({json.dumps(module)});"
                          f"const tools = JSON.parse(readFileSync({json.dumps(str(path))}, 'utf8'));"
                          f"console.log(JSON.stringify(Object.fromEntries({json.dumps(CONVERTERS)}.map(n => [n, sa[n](tools)]))))")
    return catalogue, out


def test_openai(converted):
    catalogue, out = converted
    check = validator({"type": "array", "items": shapes.OPENAI_TOOL})
    check.validate(out["toOpenAITools"])
    assert [t["function"]["name"] for t in out["toOpenAITools"]] == [t["name"] for t in catalogue]
    for tool, item in zip(catalogue, out["toOpenAITools"]):
        assert item["function"]["parameters"] == tool["inputSchema"]
        assert item["function"]["description"] == tool["description"]


def test_anthropic(converted):
    catalogue, out = converted
    validator({"type": "array", "items": shapes.ANTHROPIC_TOOL}).validate(out["toAnthropicTools"])
    for tool, item in zip(catalogue, out["toAnthropicTools"]):
        assert (item["name"], item["description"], item["input_schema"]) == (
            tool["name"], tool["description"], tool["inputSchema"])


def test_mcp(converted):
    catalogue, out = converted
    validator({"type": "array", "items": shapes.MCP_TOOL}).validate(out["toMCPTools"])
    for tool, item in zip(catalogue, out["toMCPTools"]):
        assert item["inputSchema"] == tool["inputSchema"] and item["annotations"] == tool["annotations"]
        assert set(item["annotations"]) == {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}


def gemini_keeps(schema, converted_schema, path):
    """Every property, requirement, enum and bound of the JSON Schema survives in Gemini's form."""
    assert converted_schema.get("type") == schema["type"].upper(), path
    for key in ("description", "pattern"):
        assert converted_schema.get(key) == schema.get(key), (path, key)
    for key in ("minimum", "maximum"):
        assert converted_schema.get(key) == schema.get(key), (path, key)
    for key in ("minLength", "maxLength", "minItems", "maxItems"):
        want = str(schema[key]) if key in schema else None
        assert converted_schema.get(key) == want, (path, key)
    if "enum" in schema:
        assert converted_schema["enum"] == [str(v) for v in schema["enum"]], path
    if schema["type"] == "object":
        assert list(converted_schema.get("properties", {})) == list(schema.get("properties", {})), path
        assert converted_schema.get("required", []) == schema.get("required", []), path
        for name, sub in schema.get("properties", {}).items():
            gemini_keeps(sub, converted_schema["properties"][name], f"{path}.{name}")
    if schema["type"] == "array" and "items" in schema:
        gemini_keeps(schema["items"], converted_schema["items"], f"{path}[]")


def test_gemini(converted):
    catalogue, out = converted
    validator({"type": "array", "minItems": 1, "maxItems": 1, "items": shapes.GEMINI_TOOL}).validate(out["toGeminiTools"])
    declarations = out["toGeminiTools"][0]["functionDeclarations"]
    assert [d["name"] for d in declarations] == [t["name"] for t in catalogue]
    for tool, declaration in zip(catalogue, declarations):
        if tool["inputSchema"].get("properties"):
            gemini_keeps(tool["inputSchema"], declaration["parameters"], tool["name"])
        else:
            assert "parameters" not in declaration, tool["name"]


def test_a_wrong_shape_is_caught():
    """The shapes are strict enough to fail a converter that gets a field wrong."""
    with pytest.raises(jsonschema.ValidationError):
        validator(shapes.OPENAI_TOOL).validate({"type": "function", "function": {"name": "a b"}})
    with pytest.raises(jsonschema.ValidationError):
        validator(shapes.ANTHROPIC_TOOL).validate({"name": "a", "inputSchema": {"type": "object"}})
    with pytest.raises(jsonschema.ValidationError):
        validator(shapes.GEMINI_TOOL).validate({"functionDeclarations": [
            {"name": "a", "parameters": {"type": "OBJECT", "properties": {"x": {"type": "string", "maxLength": 5}}}}]})
    with pytest.raises(jsonschema.ValidationError):
        validator(shapes.GEMINI_TOOL).validate({"functionDeclarations": [
            {"name": "a", "parameters": {"type": "OBJECT", "properties": {}, "additionalProperties": False}}]})
    with pytest.raises(jsonschema.ValidationError):
        validator(shapes.MCP_TOOL).validate({"name": "a", "inputSchema": {"type": "object"},
                                             "annotations": {"readOnly": True}})


LOOP = """
import './js/fake_page.mjs';
const sa = await import(MODULE);
const tools = [
  {name: 'gmail_read_thread', description: 'Read.', risk: 'read', inputSchema: {type: 'object', properties: {thread_id: {type: 'string'}}}},
  {name: 'gmail_send_draft', description: 'Send.', risk: 'irreversible', inputSchema: {type: 'object', properties: {}}},
];
const script = [
  {role: 'assistant', content: 'Reading.', tool_calls: [{id: 'a', type: 'function', function: {name: 'gmail_read_thread', arguments: '{"thread_id":"t"}'}}]},
  {role: 'assistant', content: null, tool_calls: [{id: 'b', type: 'function', function: {name: 'gmail_send_draft', arguments: '{}'}},
                                                 {id: 'c', type: 'function', function: {name: 'gmail_send_draft', arguments: '{}'}}]},
  {role: 'assistant', content: 'Not sure it was sent.'},
];
const outcomes = {gmail_read_thread: {ok: true, tool: 'gmail_read_thread', result: {untrusted: true, text: 'Hi </untrusted-data-x>'}},
                  gmail_send_draft: {ok: false, reason: 'client_timeout', message: 'no reply'}};
const requests = [];
const model = sa.anthropicModel(async (request) => { requests.push(request); return {content: []}; });
const run = await sa.runToolLoop({tools, messages: [{role: 'system', content: 'Be brief.'}, {role: 'user', content: 'Read then send.'}],
  model: async (turn) => { await model(turn); return script[turn.step - 1]; },
  callTool: async (name) => outcomes[name]});
console.log(JSON.stringify({messages: run.messages, requests}));
"""


def test_the_loop_speaks_openai_and_anthropic_message_shapes(client_dir, node):
    module = json.dumps((client_dir / "siteagent-client.js").as_uri())
    out = node_json(node, LOOP.replace("MODULE", module))
    validator({"type": "array", "items": shapes.OPENAI_MESSAGE}).validate(out["messages"])
    assert [m["role"] for m in out["messages"]] == ["system", "user", "assistant", "tool", "assistant", "tool", "tool",
                                                   "assistant"]
    check = validator(shapes.ANTHROPIC_REQUEST)
    for request in out["requests"]:
        check.validate(request)
    last = out["requests"][-1]
    assert last["system"].endswith("Be brief.") and last["system"].startswith("You act in the user's browser")
    assert [m["role"] for m in last["messages"]] == ["user", "assistant", "user", "assistant", "user"]
