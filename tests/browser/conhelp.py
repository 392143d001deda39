"""Helpers for driving the real console.html / sidepanel.html in a normal tab (issue 7 tests)."""
from __future__ import annotations

import json

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness import wait_until

PAGE_GAP = 5


def js(browser, expr: str, *args):
    return browser.driver.execute_script("return " + expr, *args)


def wait_js(browser, expr: str, what: str, timeout: float = 8, *args):
    return wait_until(lambda: js(browser, expr, *args), timeout, what)


def open_console(browser, path: str = "console.html") -> str:
    """Open the console in a new tab; returns its window handle."""
    handle = browser.new_tab(browser.extension_url(path))
    wait_js(browser, "document.documentElement.dataset.consoleReady === '1' && "
                     "document.getElementById('tool-select').options.length > 0", "the console to load")
    return handle


def open_panel(browser) -> str:
    handle = browser.new_tab(browser.extension_url("sidepanel.html"))
    wait_js(browser, "document.getElementById('feed-status').textContent.length > 0", "the side panel to load")
    return handle


def el(browser, css: str):
    return browser.driver.find_element(By.CSS_SELECTOR, css)


def els(browser, css: str):
    return browser.driver.find_elements(By.CSS_SELECTOR, css)


def toggle_switch(browser, input_id: str) -> None:
    """Click the visible label of a switch (the checkbox itself is visually hidden)."""
    browser.driver.find_element(By.XPATH, f"//input[@id='{input_id}']/ancestor::label[1]").click()


def pick_tool(browser, name: str) -> None:
    Select(el(browser, "#tool-select")).select_by_value(name)
    wait_js(browser, "document.querySelector('#tool-select').value === arguments[0] && "
                     "document.getElementById('tool-desc').textContent.length > 0", f"the form for {name}", 8, name)


def fill(browser, field: str, text: str) -> None:
    box = el(browser, f"#arg-{field}")
    box.clear()
    box.send_keys(text)


def run_form(browser) -> dict | None:
    """Submit the generated form; the outcome shown, or None when the console refused to send."""
    browser.driver.execute_script("document.getElementById('tool-result').hidden = true;"
                                  "document.getElementById('run-status').textContent = '';")
    el(browser, "#run-tool").click()
    status = wait_js(browser, "(t => t.startsWith('Done') || t.startsWith('Failed') || t.startsWith('Fix') ? t : null)"
                              "(document.getElementById('run-status').textContent)", "the run to finish", 15)
    if status.startswith("Fix"):
        return None
    return json.loads(js(browser, "document.getElementById('tool-result').textContent"))


def field_error(browser, field: str) -> str:
    return js(browser, "document.getElementById('err-' + arguments[0]).textContent", field)


def dev_private(browser, body: str):
    """Run `body` on chrome://extensions, where chrome.developerPrivate is what the Site access UI uses."""
    drv = browser.driver
    back = drv.current_window_handle
    drv.switch_to.new_window("tab")
    try:
        drv.get("chrome://extensions/?id=" + browser.extension_id)
        return browser.page_eval_async("const done = arguments[arguments.length - 1]; const id = arguments[0];"
                                       "(async () => {" + body + "})().then(done, e => done('error: ' + e));",
                                       browser.extension_id)
    finally:
        drv.close()
        drv.switch_to.window(back)
