// Each line fails to compile, and tsc's message names what is wrong (tests/client/test_package.py).
import {callTool} from "site-agent-client";

await callTool("gmail_compose_draft", {too: ["ann@example.com"]});
await callTool("gmail_send_drafts");
await callTool("gmail_mark_thread", {mark: "important"});
