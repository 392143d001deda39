// The bridge calls of the built ES module (callTool, listTools, ping) against a stand-in page and extension.
import {test, beforeEach} from "node:test";
import assert from "node:assert/strict";
import {page} from "./fake_page.mjs";

const sa = await import(process.env.SITEAGENT_CLIENT);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => page.reset());

test("a request carries the page source tag and a fresh id; the reply with that id is the outcome", async () => {
  page.handler = (r) => page.reply(r, {ok: true, tool: r.name, result: {echo: r.args}});
  const [a, b] = await Promise.all([sa.callTool("test_read", {text: "a"}), sa.callTool("test_read", {text: "b"})]);
  assert.deepEqual([a.result.echo, b.result.echo], [{text: "a"}, {text: "b"}]);
  assert.equal(page.sent.length, 2);
  for (const m of page.sent) {
    assert.equal(m.source, "portfolio-chat");
    assert.equal(m.type, "CALL_TOOL");
    assert.match(m.id, /^[0-9a-f-]{36}$/);
  }
  assert.notEqual(page.sent[0].id, page.sent[1].id);
});

test("PROGRESS messages reach onProgress by callId and never settle the call", async () => {
  const notes = [];
  page.handler = (r) => {
    page.progress(r, {stage: "approval_waiting", tool: "gmail_send_draft", timeoutMs: 60000}, 5);
    page.post({source: "portfolio-ext", type: "PROGRESS", callId: "someone-else", stage: "approval_waiting", tool: "x"});
    page.progress(r, {stage: "approval_decided", tool: "gmail_send_draft", allowed: false, reason: "approval_denied"}, 10);
    page.reply(r, {ok: false, reason: "approval_denied", message: "the user denied it"}, 20);
  };
  const out = await sa.callTool("gmail_send_draft", {}, {onProgress: (n) => notes.push(n)});
  assert.deepEqual(out, {ok: false, reason: "approval_denied", message: "the user denied it"});
  const id = page.sent[0].id;
  assert.deepEqual(JSON.parse(JSON.stringify(notes)), [
    {stage: "approval_waiting", tool: "gmail_send_draft", callId: id, timeoutMs: 60000},
    {stage: "approval_decided", tool: "gmail_send_draft", callId: id, allowed: false, reason: "approval_denied"},
  ]);
});

test("while the approval window is open the client's clock stops (waitForApproval, the default)", async () => {
  page.handler = (r) => {
    page.progress(r, {stage: "approval_waiting", tool: "t", timeoutMs: 300}, 40);
    page.progress(r, {stage: "approval_decided", tool: "t", allowed: true}, 250);
    page.reply(r, {ok: true, tool: "t", result: "sent"}, 290);
  };
  const started = Date.now();
  const out = await sa.callTool("t", {}, {timeoutMs: 100});
  assert.deepEqual(out, {ok: true, tool: "t", result: "sent"});
  assert.ok(Date.now() - started >= 280);
});

test("after the decision the timeout counts again from zero", async () => {
  page.handler = (r) => {
    page.progress(r, {stage: "approval_waiting", tool: "t", timeoutMs: 1000}, 10);
    page.progress(r, {stage: "approval_decided", tool: "t", allowed: true}, 30);
  };
  const started = Date.now();
  const out = await sa.callTool("t", {}, {timeoutMs: 80});
  assert.equal(out.reason, "client_timeout");
  const took = Date.now() - started;
  assert.ok(took >= 100 && took < 600, String(took));
});

test("waitForApproval: false keeps the plain deadline", async () => {
  page.handler = (r) => {
    page.progress(r, {stage: "approval_waiting", tool: "t", timeoutMs: 5000}, 10);
    page.reply(r, {ok: true, tool: "t", result: 1}, 400);
  };
  const out = await sa.callTool("t", {}, {timeoutMs: 100, waitForApproval: false});
  assert.deepEqual(out, {ok: false, reason: "client_timeout", message: "no reply within 100 ms (the call may still run)"});
});

test("a late reply after a timeout is dropped", async () => {
  page.handler = (r) => page.reply(r, {ok: true, tool: "t", result: "late"}, 60);
  const out = await sa.callTool("t", {}, {timeoutMs: 20});
  assert.equal(out.reason, "client_timeout");
  await sleep(80);
});

test("an AbortSignal stops waiting with client_aborted; an aborted signal sends nothing", async () => {
  page.handler = () => {};
  const controller = new AbortController();
  const pending = sa.callTool("t", {}, {signal: controller.signal, timeoutMs: 5000});
  await sleep(10);
  controller.abort();
  const out = await pending;
  assert.equal(out.reason, "client_aborted");
  assert.match(out.message, /the call may still run/);
  assert.equal(page.sent.length, 1);
  const again = await sa.callTool("t", {}, {signal: controller.signal});
  assert.equal(again.reason, "client_aborted");
  assert.equal(page.sent.length, 1);
});

test("messages from other sources, windows or origins are ignored", async () => {
  page.handler = (r) => {
    page.post({source: "someone-else", id: r.id, type: r.type, payload: {ok: true, forged: 1}});
    page.post("a string");
    page.post(null);
    page.reply(r, {ok: true, tool: "t", result: "real"}, 5);
  };
  const out = await sa.callTool("t", {});
  assert.equal(out.result, "real");
});

test("listTools, ping and isExtensionPresent", async () => {
  page.handler = (r) => {
    if (r.type === "PING") page.reply(r, {ok: true, version: "0.1.0", apiVersion: 2});
    if (r.type === "LIST_TOOLS") page.reply(r, [{name: "a"}]);
  };
  assert.deepEqual(await sa.listTools(), [{name: "a"}]);
  assert.equal(await sa.isExtensionPresent(), true);
  page.handler = () => {};
  const started = Date.now();
  assert.equal(await sa.isExtensionPresent({timeoutMs: 50}), false);
  assert.ok(Date.now() - started < 1000);
});
