"""Thin DOM helpers the Calendar adapter needs: scoped queries, visible text, typing into inputs."""


def find_in(root, selector):
    if root == None:
        return None
    return root.querySelector(selector)


def find_all_in(root, selector):
    if root == None:
        return []
    return Array['from'](root.querySelectorAll(selector))


def attr(element, attr_name):
    if element == None:
        return None
    return element.getAttribute(attr_name)


def text_of(element):
    """Visible text (innerText), trimmed; '' for a missing element."""
    if element == None:
        return ''
    __pragma__('js', '{}', '''return String(element.innerText == null ? element.textContent || "" : element.innerText).trim();''')


def raw_text(element):
    """textContent (includes visually hidden screen-reader text), trimmed."""
    if element == None:
        return ''
    __pragma__('js', '{}', '''return String(element.textContent || "").trim();''')


def is_visible(element):
    if element == None:
        return False
    __pragma__('js', '{}', '''return element.isConnected && element.getClientRects().length > 0;''')


def set_field(element, value):
    """Replace an input's (or contenteditable's) value the way typing would, then blur it."""
    __pragma__('js', '{}', '''
    element.focus();
    if (element.isContentEditable) { element.textContent = value; }
    else {
        var proto = Object.getPrototypeOf(element);
        var desc = Object.getOwnPropertyDescriptor(proto, "value");
        if (desc && desc.set) { desc.set.call(element, value); } else { element.value = value; }
    }
    element.dispatchEvent(new Event("input", {bubbles: true}));
    element.dispatchEvent(new Event("change", {bubbles: true}));
    element.dispatchEvent(new FocusEvent("blur", {bubbles: false}));''')


def press_enter(element):
    __pragma__('js', '{}', '''
    var opts = {key: "Enter", code: "Enter", keyCode: 13, which: 13, bubbles: true, cancelable: true};
    element.dispatchEvent(new KeyboardEvent("keydown", opts));
    element.dispatchEvent(new KeyboardEvent("keyup", opts));''')


def click(element):
    element.click()


def page_path():
    return location.pathname


def page_url():
    return location.href
