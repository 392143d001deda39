"""Console-only tools: pages get tool_not_allowed_for_site; the console runs them."""

BROWSER_HEALTH = {
    'name': 'browser_health',
    'description': ('Console only. Use to find out whether each site adapter still fits its open tab: '
                    'returns one report per adapter with {adapter, ok, selectors: [{key, selector, found}], '
                    'broken: [keys]}. It only counts matching elements; it clicks and changes nothing.'),
    'risk': 'read', 'site': 'console', 'public': False,
    'inputSchema': {'type': 'object', 'properties': {}, 'additionalProperties': False},
}

GENERIC_CLICK_TEXT = {
    'name': 'generic_click_text',
    'description': ('Console only. Use to click the first visible button or link in the attached tab whose '
                    'text equals `text` (case-insensitive, whitespace collapsed). Returns {"clicked": true, '
                    '"tag": <element tag>} or fails with adapter_error when nothing matches.'),
    'risk': 'write', 'site': 'console', 'public': False, 'runs_in': 'tab',
    'inputSchema': {'type': 'object', 'required': ['text'], 'additionalProperties': False,
                    'properties': {'text': {'type': 'string', 'minLength': 1, 'maxLength': 200}}},
}

CONSOLE_ADAPTER = {'id': 'console', 'hosts': [], 'selectors': {}, 'tools': [BROWSER_HEALTH, GENERIC_CLICK_TEXT]}
