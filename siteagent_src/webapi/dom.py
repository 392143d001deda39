"""The DOM kit: every DOM primitive the sites and the extension's pages use, in one place.

Queries never throw (a bad selector finds nothing), every helper takes None for "no element",
and `root` None means the document. One visibility rule, one text rule, one way to click, one way
to wait: the sites share them, so a fix here is a fix everywhere.
"""
from core.jsonval import kind_of
from webapi.js import now_ms
from webapi.jsobj import is_undefined

WAIT_POLL_MS = 50          # wait_for re-checks at least this often (and at once on DOM changes)


# --- queries ------------------------------------------------------------------------------------

def find_all(root, css):
    """Elements under root (an element, a shadow root, or None for the document) matching css."""
    base = root or document
    try:
        return Array['from'](base.querySelectorAll(css))
    except:  # noqa: E722 (a SyntaxError DOMException: not a selector)
        return []


def find(root, css):
    """The first element under root matching css, or None."""
    base = root or document
    try:
        return base.querySelector(css)
    except:  # noqa: E722 (not a selector)
        return None


def by_id(element_id):
    return document.getElementById(element_id)


def closest(element, css):
    try:
        return (element and element.closest(css)) or None
    except:  # noqa: E722 (not a selector)
        return None


def children_of(element):
    return Array['from'](element.children) if element != None else []


def attr(element, attr_name):
    """The attribute's value, or None when the element or the attribute is missing."""
    if not element or not element.getAttribute:
        return None
    value = element.getAttribute(attr_name)
    return None if is_undefined(value) else value


def has_class(element, class_name):
    return True if element and element.classList and element.classList.contains(class_name) else False


def is_connected(element):
    return True if element and element.isConnected else False


def tag_of(element):
    """The element's tag name in lower case ('' for None)."""
    return String(element.tagName).toLowerCase() if element and element.tagName else ''


def _collapsed(text):
    """Whitespace runs (JS \\s) as one space, trimmed: split() without a separator is trim().split(/\\s+/)."""
    return ' '.join(text.split())


# --- text ---------------------------------------------------------------------------------------

def text_of(element):
    """What the element shows: innerText (line breaks as rendered), else its textContent when it is
    not rendered; '' for None. Not trimmed."""
    if not element:
        return ''
    shown = element.innerText
    if kind_of(shown) != 'string' or (shown == '' and element.textContent):
        shown = element.textContent or ''
    return shown


def flat_text(element):
    """textContent (hidden screen-reader text included), whitespace runs collapsed, trimmed."""
    if not element:
        return ''
    return _collapsed(String(element.textContent or ''))


def _spoken_parts(node, parts):
    if node.nodeType == 3:
        parts.append(node.nodeValue)
        return
    if node.nodeType != 1 or node.getAttribute('aria-hidden') == 'true':
        return
    for child in node.childNodes:
        _spoken_parts(child, parts)


def spoken_text(element):
    """The text a control reads as, without aria-hidden parts (icon ligatures), collapsed and trimmed."""
    if not element:
        return ''
    parts = []
    _spoken_parts(element, parts)
    return _collapsed(' '.join(parts))


def label_of(element):
    """What a control says it is: aria-label, else data-tooltip, else its spoken text."""
    for attr_name in ['aria-label', 'data-tooltip']:
        value = attr(element, attr_name)
        if value != None and len(value) > 0:
            return value
    return spoken_text(element)


def _leaves(el, out):
    if not el or el.nodeType != 1:
        return
    tag = el.tagName
    if tag == 'IMG' or tag == 'BUTTON' or tag == 'svg' or tag == 'SVG':
        return
    if el.getAttribute('aria-hidden') == 'true' or el.getAttribute('role') == 'button':
        return
    if el.children.length == 0:
        text = _collapsed(String(el.textContent or ''))
        if text:
            out.append(text)
        return
    for child in el.children:
        _leaves(child, out)


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
    out = []
    _leaves(element, out)
    return out


def page_text():
    return String(document.body.innerText or '') if document.body else ''


def input_value(element):
    return element.value if element and kind_of(element.value) == 'string' else ''


# --- state --------------------------------------------------------------------------------------

_SEEN = {'checkOpacity': True, 'checkVisibilityCSS': True}


def is_visible(element):
    """Seen by the user: connected, rendered with a non-empty box, not hidden by display, visibility,
    content-visibility or opacity. (aria-hidden is not visual: see in_hidden_tree.)"""
    if not element or not element.isConnected:
        return False
    if element.checkVisibility and not element.checkVisibility(_SEEN):
        return False
    box = element.getBoundingClientRect()
    return box.width > 0 and box.height > 0


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
    if not element:
        return True
    if element.disabled is True:
        return True
    return True if element.closest and element.closest('[aria-disabled="true"]') else False


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

def _pointer(element, kind, options):
    try:
        element.dispatchEvent(__new__(PointerEvent(kind, options)))
    except:  # noqa: E722 (no PointerEvent in this browser)
        pass


def user_click(element):
    """The events a real click makes, in order (pointer, mouse, focus, click) at the element's centre.
    Gmail's controls listen for mousedown/mouseup, Meet's for pointer events; a bare .click() is
    enough for neither."""
    box = element.getBoundingClientRect()
    options = {'bubbles': True, 'cancelable': True, 'composed': True, 'view': window, 'button': 0,
               'clientX': box.left + box.width / 2, 'clientY': box.top + box.height / 2}
    _pointer(element, 'pointerover', options)
    element.dispatchEvent(__new__(MouseEvent('mouseover', options)))
    _pointer(element, 'pointerdown', options)
    element.dispatchEvent(__new__(MouseEvent('mousedown', options)))
    if element.focus:
        element.focus()
    _pointer(element, 'pointerup', options)
    element.dispatchEvent(__new__(MouseEvent('mouseup', options)))
    element.click()
    return True


def _typed(text):
    return __new__(InputEvent('input', {'bubbles': True, 'inputType': 'insertText', 'data': text}))


def insert_text(element, text):
    """Type text at the end of a contenteditable or field the way a paste would (input events fire)."""
    element.focus()
    done = False
    try:
        selection = window.getSelection()
        end = document.createRange()
        end.selectNodeContents(element)
        end.collapse(False)
        selection.removeAllRanges()
        selection.addRange(end)
        done = document.execCommand('insertText', False, text)
    except:  # noqa: E722 (a DOMException: no selection possible here)
        done = False
    if not done:
        if not is_undefined(element.value) and element.tagName != 'DIV':
            element.value = (element.value or '') + text
        else:
            element.textContent = (element.textContent or '') + text
        element.dispatchEvent(_typed(text))
    return True


def set_value(element, value):
    """Replace a field's (or contenteditable's) value as typing would: the native value setter (so
    frameworks see it), then input and change events."""
    element.focus()
    if element.isContentEditable:
        element.textContent = value
    else:
        desc = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')
        if desc and desc.set:
            desc.set.call(element, value)
        else:
            element.value = value
    element.dispatchEvent(_typed(value))
    element.dispatchEvent(__new__(Event('change', {'bubbles': True})))
    return True


def leave_field(element):
    """Tell the page the user left the field (a blur event; focus stays where it is)."""
    element.dispatchEvent(__new__(FocusEvent('blur', {'bubbles': False})))
    return True


KEY_CODES = {'Enter': 13, 'Escape': 27}


def press_key(element, key):
    """keydown and keyup of Enter or Escape on element (the focused element, else the body, for None)."""
    code = KEY_CODES[key] if key in KEY_CODES else 0
    target = element or document.activeElement or document.body
    options = {'key': key, 'code': key, 'keyCode': code, 'which': code, 'bubbles': True, 'cancelable': True}
    target.dispatchEvent(__new__(KeyboardEvent('keydown', options)))
    target.dispatchEvent(__new__(KeyboardEvent('keyup', options)))
    return True


# --- waiting ------------------------------------------------------------------------------------

_CHANGES = {'subtree': True, 'childList': True, 'attributes': True, 'characterData': True}


def dom_changed():
    """A promise that settles at the next DOM change (attributes, children, text) or WAIT_POLL_MS
    later, whichever is first: wait_for re-checks at once after a change instead of on a clock tick."""
    def run(resolve):
        state = {'done': False, 'timer': None}
        observer = None

        def finish():
            if state['done']:
                return
            state['done'] = True
            observer.disconnect()
            clearTimeout(state['timer'])
            resolve(True)
        observer = __new__(MutationObserver(finish))
        state['timer'] = setTimeout(finish, WAIT_POLL_MS)
        observer.observe(document, _CHANGES)
    return __new__(Promise(run))


def dom_parsed():
    """A promise that settles once the document's DOM is parsed (DOMContentLoaded; at once when it is)."""
    def run(resolve):
        if document.readyState != 'loading':
            resolve(True)
            return
        document.addEventListener('DOMContentLoaded', lambda: resolve(True))
    return __new__(Promise(run))


def window_loaded():
    """A promise that settles once the window's load event has fired (at once when it has)."""
    def run(resolve):
        if document.readyState == 'complete':
            resolve(True)
            return
        window.addEventListener('load', lambda: resolve(True), {'once': True})
    return __new__(Promise(run))


def after_load(fn):
    """Run fn() in a task of its own once the window's load event has fired, after every listener of
    that event (the page's own load handlers run first). Returns False, and does nothing, when the
    window has loaded already."""
    if document.readyState == 'complete':
        return False
    window_loaded().then(lambda ignored: setTimeout(fn, 0))
    return True


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
