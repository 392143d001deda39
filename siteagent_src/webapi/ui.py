"""DOM building for the console and the side panel: elements from data, text only (never HTML)."""
# __pragma__ ('noalias', 'type')
# __pragma__ ('noalias', 'name')
from webapi.js import obj_keys


def h(tag, attrs, children):
    """An element; attrs: {attribute: value} (None/False skipped, True -> ""), children: nodes or strings."""
    element = document.createElement(tag)
    if attrs != None:
        for key in obj_keys(attrs):
            value = attrs[key]
            if value == None or value is False:
                continue
            if key == 'checked' or key == 'disabled' or key == 'selected':
                element[key] = True
            element.setAttribute(key, '' if value is True else str(value))
    if children != None:
        for child in children:
            if child == None:
                continue
            if typeof_is_string(child):
                element.appendChild(document.createTextNode(str(child)))
            else:
                element.appendChild(child)
    return element


def typeof_is_string(value):
    """True for anything that is not a DOM node (it becomes text)."""
    __pragma__('js', '{}', '''return !(value instanceof Node);''')


def replace_children(element, children):
    while element.firstChild:
        element.removeChild(element.firstChild)
    for child in children:
        if child != None:
            element.appendChild(child if not typeof_is_string(child) else document.createTextNode(str(child)))


def show(element, visible):
    element.hidden = not visible


def value_of(element):
    return element.value


def set_value(element, value):
    element.value = value


def parse_number(text):
    """A finite number from text, else None."""
    __pragma__('js', '{}', '''var t = String(text).trim(); if (t === "") return null;
    var n = Number(t); return isFinite(n) ? n : null;''')


def local_time(ts):
    __pragma__('js', '{}', '''return new Date(ts).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"});''')


def focus(element):
    element.focus()


def data_theme_from_query():
    """?theme=dark|light in the page URL (screenshots), else None."""
    __pragma__('js', '{}', '''var t = new URL(location.href).searchParams.get("theme"); return t === "dark" || t === "light" ? t : null;''')


def prefers_dark():
    return window.matchMedia('(prefers-color-scheme: dark)').matches


def json_pretty(value):
    return JSON.stringify(value, None, 2)
