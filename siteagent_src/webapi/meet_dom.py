"""DOM helpers the Meet adapter needs (content script only): scoped queries, labels, trusted-looking clicks, typing."""
from webapi.js import sleep, now_ms


def find(root, selector):
    """First match under root (the document when root is None)."""
    return (root or document).querySelector(selector)


def find_all(root, selector):
    return Array['from']((root or document).querySelectorAll(selector))


def attr(element, key):
    """The attribute's value, or None."""
    if element == None:
        return None
    return element.getAttribute(key)


def text_of(element):
    """textContent with whitespace runs collapsed and trimmed ('' for None)."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    return String(element.textContent || "").replace(/\\s+/g, " ").trim();''')


def visible(element):
    __pragma__('js', '{}', '''
    if (!element || !element.isConnected) return false;
    return typeof element.checkVisibility === "function" ? element.checkVisibility() : !!element.getClientRects().length;''')


def is_disabled(element):
    __pragma__('js', '{}', '''return !!element && (element.disabled === true || element.getAttribute("aria-disabled") === "true");''')


def label_text(element):
    """What the element reads as, without icon ligatures: text outside aria-hidden parts, collapsed."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    var parts = [];
    (function walk(node) {
        if (node.nodeType === 3) { parts.push(node.nodeValue); return; }
        if (node.nodeType !== 1 || node.getAttribute("aria-hidden") === "true") return;
        for (var i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]);
    })(element);
    return parts.join(" ").replace(/\\s+/g, " ").trim();''')


def control_with_text(root, selector, wanted):
    """The first visible element matching selector whose label text equals wanted (case-sensitive)."""
    for element in find_all(root, selector):
        if label_text(element) == wanted and visible(element):
            return element
    return None


def page_text():
    __pragma__('js', '{}', '''return document.body ? String(document.body.innerText || "") : "";''')


def press(element):
    """Pointer, mouse and click events in the order a real click makes them."""
    __pragma__('js', '{}', '''
    var opts = {bubbles: true, cancelable: true, composed: true, view: window, button: 0};
    try { element.dispatchEvent(new PointerEvent("pointerdown", opts)); } catch (e) {}
    element.dispatchEvent(new MouseEvent("mousedown", opts));
    try { element.dispatchEvent(new PointerEvent("pointerup", opts)); } catch (e) {}
    element.dispatchEvent(new MouseEvent("mouseup", opts));
    element.click();''')


def type_into(element, text):
    """Put text in a textarea/input the way typing would: native value setter, then an input event."""
    __pragma__('js', '{}', '''
    element.focus();
    var proto = element.tagName === "TEXTAREA" ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    var setter = Object.getOwnPropertyDescriptor(proto, "value").set;
    setter.call(element, text);
    element.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: text}));
    element.dispatchEvent(new Event("change", {bubbles: true}));''')


def text_leaves(element):
    """Visible text pieces under element, in order, skipping images, buttons and hidden icons."""
    __pragma__('js', '{}', '''
    var out = [];
    (function walk(el) {
        if (!el || el.nodeType !== 1) return;
        var tag = el.tagName;
        if (tag === "IMG" || tag === "BUTTON" || tag === "svg" || tag === "SVG") return;
        if (el.getAttribute("aria-hidden") === "true" || el.getAttribute("role") === "button") return;
        if (el.children.length === 0) {
            var t = String(el.textContent || "").replace(/\\s+/g, " ").trim();
            if (t) out.push(t);
            return;
        }
        for (var i = 0; i < el.children.length; i++) walk(el.children[i]);
    })(element);
    return out;''')


def children_of(element):
    return Array['from'](element.children) if element != None else []


def page_path():
    return location.pathname


def page_url():
    return location.href


async def wait_for(probe, timeout_ms):
    """Poll probe() every 40 ms until it returns something other than None/False; that value, or None."""
    deadline = now_ms() + timeout_ms
    while True:
        value = probe()
        if value != None and value is not False:
            return value
        if now_ms() >= deadline:
            return None
        await sleep(40)
