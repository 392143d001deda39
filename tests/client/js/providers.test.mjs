// Provider tool formats and model adapters of the built ES module. The shapes of the whole real
// catalogue are checked against each provider's documented schema in tests/client/test_providers.py;
// these tests pin the conversions themselves.
import {test} from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import "./fake_page.mjs";

const sa = await import(process.env.SITEAGENT_CLIENT);
const plain = (v) => JSON.parse(JSON.stringify(v));

const SEARCH = {name: "gmail_search", description: "Search mail.", risk: "read",
  inputSchema: {type: "object", additionalProperties: false, required: ["query"], properties: {
    query: {type: "string", minLength: 1, maxLength: 500, description: "Gmail query."},
    limit: {type: "integer", minimum: 1, maximum: 50},
    labels: {type: "array", maxItems: 5, items: {type: "string", enum: ["a", "b"]}},
    mark: {type: "string", enum: ["read", "unread"]},
  }},
  annotations: {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true}};
const SEND = {name: "gmail_send_draft", description: "Send.", risk: "irreversible",
  inputSchema: {type: "object", properties: {}, additionalProperties: false}};

test("OpenAI: {type: function, function: {name, description, parameters}} with the schema as it is", () => {
  assert.deepEqual(plain(sa.toOpenAITools([SEARCH, SEND])), [
    {type: "function", function: {name: "gmail_search", description: "Search mail.", parameters: SEARCH.inputSchema}},
    {type: "function", function: {name: "gmail_send_draft", description: "Send.", parameters: SEND.inputSchema}},
  ]);
});

test("Anthropic: {name, description, input_schema}", () => {
  assert.deepEqual(plain(sa.toAnthropicTools([SEARCH])),
                   [{name: "gmail_search", description: "Search mail.", input_schema: SEARCH.inputSchema}]);
});

test("MCP: {name, description, inputSchema, annotations}; annotations derived from the risk when missing", () => {
  assert.deepEqual(plain(sa.toMCPTools([SEARCH, SEND])), [
    {name: "gmail_search", description: "Search mail.", inputSchema: SEARCH.inputSchema, annotations: SEARCH.annotations},
    {name: "gmail_send_draft", description: "Send.", inputSchema: SEND.inputSchema,
     annotations: {readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true}},
  ]);
});

test("Gemini: one functionDeclarations list, OpenAPI-subset schemas, no parameters for none", () => {
  assert.deepEqual(plain(sa.toGeminiTools([SEARCH, SEND])), [{functionDeclarations: [
    {name: "gmail_search", description: "Search mail.", parameters: {type: "OBJECT", required: ["query"], properties: {
      query: {type: "STRING", minLength: "1", maxLength: "500", description: "Gmail query."},
      limit: {type: "INTEGER", minimum: 1, maximum: 50},
      labels: {type: "ARRAY", maxItems: "5", items: {type: "STRING", enum: ["a", "b"], format: "enum"}},
      mark: {type: "STRING", enum: ["read", "unread"], format: "enum"},
    }}},
    {name: "gmail_send_draft", description: "Send."},
  ]}]);
  assert.deepEqual(plain(sa.toGeminiTools([])), []);
});

test("Gemini: type lists, const, numeric enums, oneOf and nested objects", () => {
  const odd = {name: "odd", description: "", risk: "write", inputSchema: {$schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: {
    maybe: {type: ["string", "null"], pattern: "^a"},
    fixed: {const: "x"},
    level: {type: "integer", enum: [1, 2]},
    either: {oneOf: [{type: "string"}, {type: "number"}]},
    box: {type: "object", additionalProperties: false, properties: {w: {type: "number"}}, required: ["w"]},
  }}};
  const [{functionDeclarations: [decl]}] = plain(sa.toGeminiTools([odd]));
  assert.deepEqual(decl.parameters.properties, {
    maybe: {type: "STRING", nullable: true, pattern: "^a"},
    fixed: {enum: ["x"], format: "enum", type: "STRING"},
    level: {type: "INTEGER", enum: ["1", "2"], format: "enum"},
    either: {anyOf: [{type: "STRING"}, {type: "NUMBER"}]},
    box: {type: "OBJECT", properties: {w: {type: "NUMBER"}}, required: ["w"]},
  });
  assert.deepEqual(Object.keys(decl.parameters), ["type", "properties"]);
});

test("the converters copy: changing the output leaves the catalogue alone", () => {
  const tools = structuredClone([SEARCH]);
  for (const convert of [sa.toOpenAITools, sa.toAnthropicTools, sa.toMCPTools]) {
    const out = convert(tools);
    const schema = out[0].parameters || out[0].function?.parameters || out[0].input_schema || out[0].inputSchema;
    schema.properties.query.maxLength = 1;
    schema.injected = true;
  }
  assert.deepEqual(tools, [SEARCH]);
});

test("a converter given anything but a catalogue throws a TypeError that says so", () => {
  const cases = [
    [{ok: false, reason: "client_timeout", message: "m"}, /failed outcome \(client_timeout\)/],
    [undefined, /must be the array listTools\(\) resolved to/],
    ["tools", /must be the array/],
    [[{name: "ok"}, {description: "no name"}], /tools\[1\] is not a tool/],
  ];
  for (const convert of [sa.toOpenAITools, sa.toAnthropicTools, sa.toGeminiTools, sa.toMCPTools]) {
    for (const [input, message] of cases) {
      assert.throws(() => convert(input), (e) => e instanceof TypeError && message.test(e.message));
    }
  }
});

// --- model adapters -------------------------------------------------------------------------------

const transcript = [
  {role: "system", content: "Be brief."},
  {role: "user", content: "Send a note to Ann."},
  {role: "assistant", content: "Drafting.", tool_calls: [
    {id: "t1", type: "function", function: {name: "gmail_compose_draft", arguments: '{"to":["ann@x.test"]}'}},
    {id: "t2", type: "function", function: {name: "gmail_search", arguments: '{"query":"ann"}'}}]},
  {role: "tool", tool_call_id: "t1", content: '{"ok":true}'},
  {role: "tool", tool_call_id: "t2", content: '{"ok":true,"result":[]}'},
  {role: "user", content: [{type: "text", text: "Now send it."}]},
];

test("anthropicModel: system joins `system`, tool calls become tool_use, results one user turn of tool_result", async () => {
  let request;
  const model = sa.anthropicModel(async (req, options) => {
    request = plain(req);
    assert.ok("signal" in options);
    return {id: "msg_1", type: "message", role: "assistant", stop_reason: "tool_use", content: [
      {type: "text", text: "Sending now."},
      {type: "tool_use", id: "toolu_9", name: "gmail_send_draft", input: {}},
    ]};
  });
  const reply = await model({messages: transcript, tools: sa.toOpenAITools([SEARCH]), catalogue: [SEARCH], step: 1});
  assert.deepEqual(request, {
    system: "Be brief.",
    tools: [{name: "gmail_search", description: "Search mail.", input_schema: SEARCH.inputSchema}],
    messages: [
      {role: "user", content: [{type: "text", text: "Send a note to Ann."}]},
      {role: "assistant", content: [
        {type: "text", text: "Drafting."},
        {type: "tool_use", id: "t1", name: "gmail_compose_draft", input: {to: ["ann@x.test"]}},
        {type: "tool_use", id: "t2", name: "gmail_search", input: {query: "ann"}}]},
      {role: "user", content: [
        {type: "tool_result", tool_use_id: "t1", content: '{"ok":true}'},
        {type: "tool_result", tool_use_id: "t2", content: '{"ok":true,"result":[]}'},
        {type: "text", text: "Now send it."}]},
    ],
  });
  assert.deepEqual(plain(reply), {role: "assistant", content: "Sending now.", tool_calls: [
    {id: "toolu_9", type: "function", function: {name: "gmail_send_draft", arguments: "{}"}}]});
});

test("anthropicModel drives the loop end to end", async () => {
  let turn = 0;
  const model = sa.anthropicModel(async (req) => {
    turn++;
    if (turn === 1) return {content: [{type: "tool_use", id: "toolu_1", name: "gmail_search", input: {query: "x"}}]};
    const last = req.messages[req.messages.length - 1];
    assert.equal(last.content[0].type, "tool_result");
    assert.equal(last.content[0].tool_use_id, "toolu_1");
    return {content: [{type: "text", text: "Found nothing."}]};
  });
  const run = await sa.runToolLoop({model, messages: [{role: "user", content: "search"}], tools: [SEARCH],
                                     callTool: async (name) => ({ok: true, tool: name, result: []})});
  assert.equal(run.answer, "Found nothing.");
  assert.throws(() => sa.anthropicModel("nope"), TypeError);
});

function server(handler) {
  return new Promise((resolve) => {
    const s = http.createServer(handler);
    s.listen(0, "127.0.0.1", () => resolve(s));
  });
}

test("openAIChatModel POSTs {model, messages, tools} with the key, and returns choices[0].message", async () => {
  const seen = [];
  const s = await server((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({url: req.url, method: req.method, auth: req.headers.authorization, type: req.headers["content-type"],
                 extra: req.headers["x-extra"], body: JSON.parse(body)});
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({id: "x", choices: [{index: 0, finish_reason: "stop", message: {role: "assistant", content: "hi"}}]}));
    });
  });
  try {
    const base = `http://127.0.0.1:${s.address().port}/v1/`;
    const model = sa.openAIChatModel({baseURL: base, model: "local-model", apiKey: "sk-test", headers: {"X-Extra": "1"},
                                      body: {temperature: 0}});
    const tools = sa.toOpenAITools([SEARCH]);
    const reply = await model({messages: [{role: "user", content: "hi"}], tools, catalogue: [SEARCH], step: 1});
    assert.deepEqual(reply, {role: "assistant", content: "hi"});
    assert.equal(seen[0].url, "/v1/chat/completions");
    assert.equal(seen[0].method, "POST");
    assert.equal(seen[0].auth, "Bearer sk-test");
    assert.equal(seen[0].type, "application/json");
    assert.equal(seen[0].extra, "1");
    assert.deepEqual(seen[0].body, {model: "local-model", messages: [{role: "user", content: "hi"}], tools: plain(tools), temperature: 0});
    await model({messages: [], tools: [], catalogue: [], step: 1});
    assert.ok(!("tools" in seen[1].body));
  } finally {
    s.close();
  }
});

test("openAIChatModel rejects with reason model_error and the HTTP status", async () => {
  const s = await server((req, res) => { res.statusCode = 401; res.end('{"error":{"message":"bad key"}}'); });
  try {
    const model = sa.openAIChatModel({baseURL: `http://127.0.0.1:${s.address().port}/v1`, model: "m"});
    await assert.rejects(model({messages: [], tools: [], catalogue: [], step: 1}),
                         (e) => e.reason === "model_error" && e.status === 401 && /HTTP 401/.test(e.message) && /bad key/.test(e.message));
  } finally {
    s.close();
  }
  assert.throws(() => sa.openAIChatModel({baseURL: "localhost:1234", model: "m"}), /baseURL/);
  assert.throws(() => sa.openAIChatModel({baseURL: "http://x"}), /config\.model/);
});

test("openAIChatModel passes the signal to fetch", async () => {
  let got;
  const model = sa.openAIChatModel({baseURL: "https://api.example.test/v1", model: "m",
    fetch: async (url, init) => { got = init.signal; return new Response(JSON.stringify({choices: [{message: {role: "assistant", content: "ok"}}]})); }});
  const controller = new AbortController();
  await model({messages: [], tools: [], catalogue: [], signal: controller.signal, step: 1});
  assert.equal(got, controller.signal);
});
