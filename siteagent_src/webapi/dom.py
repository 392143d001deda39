"""The DOM kit: every DOM primitive the sites and the extension's pages use, in one place.

Queries never throw (a bad selector finds nothing), every helper takes None for "no element",
and `root` None means the document. One visibility rule, one text rule, one way to click, one way
to wait: the sites share them, so a fix here is a fix everywhere.
"""
from webapi.js import now_ms

WAIT_POLL_MS = 50          # wait_for re-checks at least this often (and at once on DOM changes)


# --- queries ------------------------------------------------------------------------------------

def find_all(root, css):
    """Elements under root (an element, a shadow root, or None for the document) matching css."""
    __pragma__('js', '{}', '''
    var base = root || document;
    try { return Array.from(base.querySelectorAll(css)); } catch (e) { return []; }''')


def find(root, css):
    """The first element under root matching css, or None."""
    __pragma__('js', '{}', '''
    var base = root || document;
    try { return base.querySelector(css); } catch (e) { return null; }''')


def by_id(element_id):
    return document.getElementById(element_id)


def closest(element, css):
    __pragma__('js', '{}', '''
    try { return (element && element.closest(css)) || null; } catch (e) { return null; }''')


def children_of(element):
    return Array['from'](element.children) if element != None else []


def attr(element, attr_name):
    """The attribute's value, or None when the element or the attribute is missing."""
    __pragma__('js', '{}', '''
    if (!element || !element.getAttribute) return null;
    var v = element.getAttribute(attr_name);
    return v === undefined ? null : v;''')


def has_class(element, class_name):
    __pragma__('js', '{}', '''return !!(element && element.classList && element.classList.contains(class_name));''')


def is_connected(element):
    __pragma__('js', '{}', '''return !!(element && element.isConnected);''')


def tag_of(element):
    """The element's tag name in lower case ('' for None)."""
    __pragma__('js', '{}', '''return element && element.tagName ? String(element.tagName).toLowerCase() : "";''')


# --- text ---------------------------------------------------------------------------------------

def text_of(element):
    """What the element shows: innerText (line breaks as rendered), else its textContent when it is
    not rendered; '' for None. Not trimmed."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    var t = element.innerText;
    if (typeof t !== "string" || (t === "" && element.textContent)) t = element.textContent || "";
    return t;''')


def flat_text(element):
    """textContent (hidden screen-reader text included), whitespace runs collapsed, trimmed."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    return String(element.textContent || "").replace(/\\s+/g, " ").trim();''')


def spoken_text(element):
    """The text a control reads as, without aria-hidden parts (icon ligatures), collapsed and trimmed."""
    __pragma__('js', '{}', '''
    if (!element) return "";
    var parts = [];
    (function walk(node) {
        if (node.nodeType === 3) { parts.push(node.nodeValue); return; }
        if (node.nodeType !== 1 || node.getAttribute("aria-hidden") === "true") return;
        for (var i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]);
    })(element);
    return parts.join(" ").replace(/\\s+/g, " ").trim();''')


def label_of(element):
    """What a control says it is: aria-label, else data-tooltip, else its spoken text."""
    for attr_name in ['aria-label', 'data-tooltip']:
        value = attr(element, attr_name)
        if value != None and len(value) > 0:
            return value
    return spoken_text(element)


def _aria_name(element):
    """The name aria-labelledby (the referenced elements' text, hidden ones too) or aria-label
    gives, collapsed and trimmed; '' when neither names it."""
    __pragma__('js', '{}', '''
    if (!element || !element.getAttribute) return "";
    var ids = element.getAttribute("aria-labelledby");
    if (ids) {
        var parts = [];
        ids.split(/\\s+/).forEach(function (id) {
            var ref = id && element.ownerDocument.getElementById(id);
            if (ref) parts.push(String(ref.textContent || ""));
        });
        var joined = parts.join(" ").replace(/\\s+/g, " ").trim();
        if (joined) return joined;
    }
    var label = element.getAttribute("aria-label");
    return label ? label.replace(/\\s+/g, " ").trim() : "";''')


def name_of(element):
    """An element's accessible name, as far as adapters need it: aria-labelledby's text, else its
    aria-label, else its spoken text ('' for None)."""
    named = _aria_name(element)
    return named if len(named) > 0 else spoken_text(element)


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


def page_text():
    __pragma__('js', '{}', '''return document.body ? String(document.body.innerText || "") : "";''')


def input_value(element):
    __pragma__('js', '{}', '''return element && typeof element.value === "string" ? element.value : "";''')


# --- state --------------------------------------------------------------------------------------

def is_visible(element):
    """Seen by the user: connected, rendered with a non-empty box, not hidden by display, visibility,
    content-visibility or opacity. (aria-hidden is not visual: see in_hidden_tree.)"""
    __pragma__('js', '{}', '''
    if (!element || !element.isConnected) return false;
    if (element.checkVisibility && !element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
    var r = element.getBoundingClientRect();
    return r.width > 0 && r.height > 0;''')


def is_rendered(element):
    """Connected and not hidden by display, visibility or content-visibility (a zero-size box still
    counts: live regions are often drawn that way)."""
    __pragma__('js', '{}', '''
    if (!element || !element.isConnected) return false;
    if (element.checkVisibility) return element.checkVisibility({checkVisibilityCSS: true});
    return element.getClientRects().length > 0;''')


def in_hidden_tree(element):
    """Inside (or itself) an aria-hidden="true" subtree."""
    return closest(element, '[aria-hidden="true"]') != None


def is_disabled(element):
    """Disabled itself (the property) or by an aria-disabled="true" on it or an ancestor."""
    __pragma__('js', '{}', '''
    if (!element) return true;
    if (element.disabled === true) return true;
    return !!(element.closest && element.closest('[aria-disabled="true"]'));''')


def control_candidates(root, css):
    """[{label, visible, disabled}] for every element matching css (the order of find_all): what the
    pure matchers (core) pick one control from. Controls inside aria-hidden trees count as hidden."""
    out = []
    for element in find_all(root, css):
        out.append({'label': label_of(element), 'visible': is_visible(element) and not in_hidden_tree(element),
                    'disabled': is_disabled(element)})
    return out


def first_visible(root, css):
    for element in find_all(root, css):
        if is_visible(element):
            return element
    return None


def control_with_text(root, css, wanted):
    """The first visible element matching css whose spoken text equals wanted (case-sensitive)."""
    for element in find_all(root, css):
        if spoken_text(element) == wanted and is_visible(element):
            return element
    return None


# --- acting like a user -------------------------------------------------------------------------

def user_click(element):
    """The events a real click makes, in order (pointer, mouse, focus, click) at the element's centre.
    Gmail's controls listen for mousedown/mouseup, Meet's for pointer events; a bare .click() is
    enough for neither."""
    __pragma__('js', '{}', '''
    var r = element.getBoundingClientRect();
    var opts = {bubbles: true, cancelable: true, composed: true, view: window, button: 0,
                clientX: r.left + r.width / 2, clientY: r.top + r.height / 2};
    var pointer = function (type) { try { element.dispatchEvent(new PointerEvent(type, opts)); } catch (e) {} };
    pointer("pointerover");
    element.dispatchEvent(new MouseEvent("mouseover", opts));
    pointer("pointerdown");
    element.dispatchEvent(new MouseEvent("mousedown", opts));
    if (element.focus) element.focus();
    pointer("pointerup");
    element.dispatchEvent(new MouseEvent("mouseup", opts));
    element.click();
    return true;''')


def insert_text(element, text):
    """Type text at the end of a contenteditable or field the way a paste would (input events fire)."""
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


def set_value(element, value):
    """Replace a field's (or contenteditable's) value as typing would: the native value setter (so
    frameworks see it), then input and change events."""
    __pragma__('js', '{}', '''
    element.focus();
    if (element.isContentEditable) { element.textContent = value; }
    else {
        var desc = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value");
        if (desc && desc.set) { desc.set.call(element, value); } else { element.value = value; }
    }
    element.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText", data: value}));
    element.dispatchEvent(new Event("change", {bubbles: true}));
    return true;''')


def leave_field(element):
    """Tell the page the user left the field (a blur event; focus stays where it is)."""
    __pragma__('js', '{}', '''element.dispatchEvent(new FocusEvent("blur", {bubbles: false})); return true;''')


KEY_CODES = {'Enter': 13, 'Escape': 27}


def press_key(element, key):
    """keydown and keyup of Enter or Escape on element (the focused element, else the body, for None)."""
    code = KEY_CODES[key] if key in KEY_CODES else 0  # noqa: F841 (read by the raw JS below)
    __pragma__('js', '{}', '''
    var target = element || document.activeElement || document.body;
    var opts = {key: key, code: key, keyCode: code, which: code, bubbles: true, cancelable: true};
    target.dispatchEvent(new KeyboardEvent("keydown", opts));
    target.dispatchEvent(new KeyboardEvent("keyup", opts));
    return true;''')


# --- waiting ------------------------------------------------------------------------------------

def dom_changed():
    """A promise that settles at the next DOM change (attributes, children, text) or WAIT_POLL_MS
    later, whichever is first: wait_for re-checks at once after a change instead of on a clock tick."""
    __pragma__('js', '{}', '''
    return new Promise(function (resolve) {
        var done = false;
        var observer = new MutationObserver(function () { finish(); });
        var timer = setTimeout(function () { finish(); }, WAIT_POLL_MS);
        function finish() { if (done) return; done = true; observer.disconnect(); clearTimeout(timer); resolve(true); }
        observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    });''')


async def wait_for(check, timeout_ms):
    """check() until it returns something other than None or False; that value, or None on timeout.
    Re-checks after every DOM change and at least every WAIT_POLL_MS (layout can change without one)."""
    deadline = now_ms() + timeout_ms
    while True:
        value = check()
        if value != None and value is not False:
            return value
        if now_ms() >= deadline:
            return None
        await dom_changed()


# --- the document and the extension's own pages -------------------------------------------------

def page_lang():
    """The document's <html lang> ('' when it has none)."""
    __pragma__('js', '{}', '''return document.documentElement ? String(document.documentElement.lang || "") : "";''')


def location_hash():
    return location.hash


def location_href():
    return location.href


def page_path():
    return location.pathname


def page_host():
    return location.host


def page_title():
    return document.title


def set_text(element, text):
    element.textContent = text


def listen(target, event_name, handler):
    target.addEventListener(event_name, handler)


def unlisten(target, event_name, handler):
    target.removeEventListener(event_name, handler)


def root_theme():
    """The page's data-theme ('light' or 'dark'), else the colour scheme it prefers."""
    theme = document.documentElement.getAttribute('data-theme')
    if theme == 'dark' or theme == 'light':
        return theme
    if window.matchMedia('(prefers-color-scheme: dark)').matches:
        return 'dark'
    return 'light'


def apply_theme(theme):
    document.documentElement.setAttribute('data-theme', 'dark' if theme == 'dark' else 'light')


def post_to_window(message, origin):
    window.postMessage(message, origin)


def page_origin():
    return location.origin


def is_top_frame():
    return window.top == window.self




# --- trees and references (the page tool's risk context) -----------------------------------------

def shadow_host(element):
    """The host element of the shadow root element sits in, or None (it is in the document)."""
    __pragma__('js', '{}', '''
    var root = element && element.getRootNode ? element.getRootNode() : null;
    return root && root.host ? root.host : null;''')


def ref_element(element, ref_id):
    """The element an IDREF on element names (aria-labelledby, aria-describedby): looked up in
    element's own tree (a shadow root or the document), or None."""
    __pragma__('js', '{}', '''
    var root = element && element.getRootNode ? element.getRootNode() : document;
    var found = root && root.getElementById ? root.getElementById(ref_id) : null;
    return found || (root !== document ? document.getElementById(ref_id) : null);''')


def resolve_url(raw):
    """raw (an href) resolved against the document's base URL, or None when it does not parse."""
    __pragma__('js', '{}', '''
    if (typeof raw !== "string") return null;
    try { return new URL(raw, document.baseURI).href; } catch (e) { return null; }''')
