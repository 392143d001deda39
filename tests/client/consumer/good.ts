// A chatbot author's file, type-checked with `tsc --noEmit` against the packed package
// (tests/client/test_package.py). Every `@ts-expect-error` line must fail to compile: tsc reports an
// unused one (TS2578), so the negative cases are checked too.
import {
  callTool, isExtensionPresent, listTools, runToolLoop, openAIChatModel, anthropicModel, toOpenAITools,
  toAnthropicTools, toGeminiTools, toMCPTools, SAFETY_PROMPT, VERSION, UNCERTAIN_REASONS,
  type Outcome, type ToolName, type LoopEvent, type Tool, type ToolArgs,
} from "site-agent-client";

async function main(): Promise<void> {
  const present: boolean = await isExtensionPresent({timeoutMs: 1500});
  const version: string = VERSION;
  const prompt: string = SAFETY_PROMPT;
  const uncertain: readonly string[] = UNCERTAIN_REASONS;

  const drafted = await callTool("gmail_compose_draft", {to: ["ann@example.com"], subject: "Hi", body: "Hello"});
  if (drafted.ok) {
    const tool: "gmail_compose_draft" = drafted.tool;
  } else {
    const why: string = drafted.reason;
    const field: string | undefined = drafted.field;
  }
  await callTool("gmail_send_draft");
  await callTool("gmail_send_draft", {}, {timeoutMs: 90000, onProgress: (note) => {
    if (note.stage === "approval_waiting") console.log("approve", note.tool, note.timeoutMs);
    else console.log(note.allowed, note.reason);
  }});
  await callTool("gmail_search", {query: "is:unread", limit: 5});
  await callTool("gmail_mark_thread", {mark: "starred"});
  const recipients: readonly string[] = ["a@example.com"];
  await callTool("gmail_compose_draft", {to: recipients});

  // @ts-expect-error a misspelt argument ("too" for "to")
  await callTool("gmail_compose_draft", {too: ["ann@example.com"]});
  // @ts-expect-error a misspelt tool name
  await callTool("gmail_compose_drafts", {});
  // @ts-expect-error a required argument is missing
  await callTool("gmail_search", {limit: 5});
  // @ts-expect-error the arguments are required when a field is
  await callTool("gmail_search");
  // @ts-expect-error a value outside the enum
  await callTool("gmail_mark_thread", {mark: "important"});
  // @ts-expect-error the wrong type
  await callTool("gmail_search", {query: 42});
  // @ts-expect-error a tool without arguments takes none
  await callTool("gmail_send_draft", {force: true});

  const name: ToolName = "meet_join";
  const args: ToolArgs["meet_send_chat"] = {text: "hello"};
  const outcome: Outcome = await callTool("meet_send_chat", args);

  const tools = await listTools();
  if (Array.isArray(tools)) {
    const listed: Tool[] = tools;
    const readOnly: boolean = listed[0].annotations.readOnlyHint;
    toOpenAITools(listed)[0].function.parameters;
    toAnthropicTools(listed)[0].input_schema;
    toGeminiTools(listed)[0]?.functionDeclarations[0]?.parameters?.type;
    toMCPTools(listed)[0].annotations.destructiveHint;
  } else {
    // @ts-expect-error a failed listTools() is not a catalogue
    toOpenAITools(tools);
  }

  const controller = new AbortController();
  const run = await runToolLoop({
    model: openAIChatModel({baseURL: "http://localhost:11434/v1", model: "llama3.1", apiKey: "k"}),
    messages: [{role: "system", content: "Be brief."}, {role: "user", content: "Email Ann."}],
    maxSteps: 8,
    signal: controller.signal,
    onEvent: (event: LoopEvent) => {
      if (event.type === "approval_waiting") console.log(`Approve ${event.name} in the Site Agent window`);
      if (event.type === "tool_result" && !event.outcome.ok) console.log(event.outcome.reason);
      if (event.type === "step_limit") console.log(event.maxSteps);
    },
  });
  const answer: string | null = run.answer;
  const stop: "answer" | "max_steps" | "aborted" | "failures" | "token_budget" | "time_budget" = run.stopReason;
  const spent: number = run.usage.input + run.usage.output;
  await runToolLoop({messages: run.messages, model: async () => ({role: "assistant", content: "ok"})});
  await runToolLoop({
    messages: [],
    model: anthropicModel(async (request, {signal}) => {
      const body = {model: "claude", max_tokens: 1024, ...request};
      const response = await fetch("/api/claude", {method: "POST", body: JSON.stringify(body), signal});
      return response.json();
    }),
  });
  // @ts-expect-error the model is required
  await runToolLoop({messages: []});
  // @ts-expect-error messages must be chat messages
  await runToolLoop({model: async () => ({content: "x"}), messages: [{role: "robot", content: "x"}]});
  void [present, version, prompt, uncertain, name, outcome, answer, stop, spent];
}

void main;
