"""DOM helpers for the Gmail tab: visibility, labels, Gmail-style clicks, text entry, waiting."""
from webapi.js import sleep, now_ms


def find_all(root, css):
    """Elements under root (an element, or None for the document) matching css."""
    __pragma__('js', '{}', '''
    var base = root || document;
    try { return Array.from(base.querySelectorAll(css)); } catch (e) { return []; }''')


def find_one(root, css):
    found = find_all(root, css)
    return found[0] if len(found) > 0 else None


def closest(element, css):
    __pragma__('js', '{}', '''
    try { return (element && element.closest(css)) || null; } catch (e) { return null; }''')


def attr(element, attr_name):
    """The attribute's value, or None when missing."""
    __pragma__('js', '{}', '''
    if (!element || !element.getAttribute) return null;
    var v = element.getAttribute(attr_name);
    return v === undefined ? null : v;''')


def has_class(element, class_name):
    __pragma__('js', '{}', '''return !!(element && element.classList && element.classList.contains(class_name));''')


def text_of(element):
    """Rendered text (innerText) of a visible element, else its textContent."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    var t = element.innerText;
    if (typeof t !== "string" || (t === "" && element.textContent)) t = element.textContent || "";
    return t;''')


def is_visible(element):
    """Rendered with a box, not hidden by display / visibility / opacity / aria-hidden ancestors."""
    __pragma__('js', '{}', '''
    if (!element || !element.isConnected) return false;
    if (element.checkVisibility && !element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
    var r = element.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    if (element.closest('[aria-hidden="true"]')) return false;
    return true;''')


def is_disabled(element):
    __pragma__('js', '{}', '''
    if (!element) return true;
    if (element.disabled === true) return true;
    var a = element.closest('[aria-disabled="true"]');
    return !!a;''')


def label_of(element):
    """What the control says it is: aria-label, else data-tooltip, else its text."""
    for attr_name in ['aria-label', 'data-tooltip']:
        value = attr(element, attr_name)
        if value != None and len(value) > 0:
            return value
    return text_of(element)


def control_candidates(root, css):
    """[{label, visible, disabled}] for every element matching css (same order as find_all)."""
    out = []
    for element in find_all(root, css):
        out.append({'label': label_of(element), 'visible': is_visible(element), 'disabled': is_disabled(element)})
    return out


def gmail_click(element):
    """The event sequence Gmail's controls listen for (a bare .click() is not enough for them)."""
    __pragma__('js', '{}', '''
    var r = element.getBoundingClientRect();
    var opts = {bubbles: true, cancelable: true, view: window, button: 0,
                clientX: r.left + r.width / 2, clientY: r.top + r.height / 2};
    element.dispatchEvent(new MouseEvent("mouseover", opts));
    element.dispatchEvent(new MouseEvent("mousedown", opts));
    if (element.focus) element.focus();
    element.dispatchEvent(new MouseEvent("mouseup", opts));
    element.dispatchEvent(new MouseEvent("click", opts));
    return true;''')


def insert_text(element, text):
    """Type text into a contenteditable or input the way a paste would (input events fire)."""
    __pragma__('js', '{}', '''
    element.focus();
    var ok = false;
    try {
        var sel = window.getSelection();
        var range = document.createRange();
        range.selectNodeContents(element);
        range.collapse(false);
        sel.removeAllRanges();
        sel.addRange(range);
        ok = document.execCommand("insertText", false, text);
    } catch (e) { ok = false; }
    if (!ok) {
        if ("value" in element && element.tagName !== "DIV") element.value = (element.value || "") + text;
        else element.textContent = (element.textContent || "") + text;
        element.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: text}));
    }
    return true;''')


def input_value(element):
    __pragma__('js', '{}', '''return element && typeof element.value === "string" ? element.value : "";''')


def location_hash():
    return location.hash


def location_href():
    return location.href


async def wait_for(check, timeout_ms):
    """Poll check() every 50 ms until it returns something other than None; None on timeout."""
    deadline = now_ms() + timeout_ms
    while True:
        value = check()
        if value != None:
            return value
        if now_ms() >= deadline:
            return None
        await sleep(50)


def is_connected(element):
    __pragma__('js', '{}', '''return !!(element && element.isConnected);''')


def press_escape(element):
    __pragma__('js', '{}', '''
    var target = element || document.activeElement || document.body;
    var opts = {key: "Escape", code: "Escape", keyCode: 27, which: 27, bubbles: true, cancelable: true};
    target.dispatchEvent(new KeyboardEvent("keydown", opts));
    target.dispatchEvent(new KeyboardEvent("keyup", opts));
    return true;''')
