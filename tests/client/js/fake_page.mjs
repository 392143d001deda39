// A stand-in for the page the SDK runs in: `window`, `location` and an extension bridge that answers
// postMessage requests the way entries/bridge.py does (same window, same origin, source tags).
// Import it BEFORE the SDK module. The SDK's own code (listen, match by id, PROGRESS by callId,
// timers, abort) runs unchanged.

const ORIGIN = "http://localhost:8765";
const listeners = new Set();

export const page = {
  sent: [],            // every request the SDK posted
  handler: null,       // (request) => void: the fake extension; use page.reply / page.progress
  post(data) {
    const event = {source: globalThis.window, origin: ORIGIN, data};
    for (const fn of Array.from(listeners)) fn(event);
  },
  reply(request, payload, delayMs = 0) {
    setTimeout(() => page.post({source: "portfolio-ext", id: request.id, type: request.type, payload}), delayMs);
  },
  progress(request, fields, delayMs = 0) {
    setTimeout(() => page.post({source: "portfolio-ext", type: "PROGRESS", callId: request.id, ...fields}), delayMs);
  },
  reset() { page.sent.length = 0; page.handler = null; },
};

globalThis.location = {origin: ORIGIN};
globalThis.window = {
  addEventListener(type, fn) { if (type === "message") listeners.add(fn); },
  removeEventListener(type, fn) { listeners.delete(fn); },
  postMessage(message, targetOrigin) {
    if (targetOrigin !== ORIGIN) throw new Error("posted to " + targetOrigin);
    const copy = structuredClone(message);
    page.sent.push(copy);
    if (copy.source === "portfolio-chat" && page.handler) page.handler(copy);
  },
};
