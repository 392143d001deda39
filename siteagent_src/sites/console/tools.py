"""Console-only tools: pages get tool_not_allowed_for_site; the console runs them."""
from core.tooling import declare_site, declare_tool, object_schema
from sites.console import ids

SITE = declare_site(ids.SITE, None, {})

BROWSER_HEALTH = declare_tool(
    SITE, 'browser_health', 'read',
    'Console only. Use to find out whether each site adapter still fits its open tab: '
    'returns one report per adapter with {adapter, ok, selectors: [{key, selector, found}], '
    'broken: [keys]}; for the Google sites one row per page contract, with its status (confirmed, '
    'partly, unconfirmed), the tools that depend on it, whether the page\'s state expects it, and the '
    'page state. It only counts matching elements; it clicks and changes nothing.',
    object_schema({}, None), 'worker', {'public': False})

CLICK_TEXT = declare_tool(
    SITE, 'generic_click_text', 'write',
    'Console only. Use to click the first visible button or link in the attached tab whose '
    'text equals `text` (case-insensitive, whitespace collapsed). Returns {"clicked": true, '
    '"tag": <element tag>} or fails with adapter_error when nothing matches.',
    object_schema({'text': {'type': 'string', 'minLength': 1, 'maxLength': 200}}, ['text']), 'tab',
    {'public': False})
