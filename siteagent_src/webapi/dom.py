"""DOM helpers for content scripts and extension pages."""


def by_id(element_id):
    return document.getElementById(element_id)


def query(selector):
    return document.querySelector(selector)


def query_all(selector):
    return Array['from'](document.querySelectorAll(selector))


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


def close_window():
    window.close()
