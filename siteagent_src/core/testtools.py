"""The test-only adapter: tools with no side effects outside the extension, one per risk level,
plus the console-only tools. Used by the browser tests and the test build."""

_TEXT_200 = {'type': 'string', 'maxLength': 200, 'description': 'Any text, at most 200 characters.'}

TEST_READ = {
    'name': 'test_read',
    'description': ('Test tool (read). Use to check that the agent connection works end to end. '
                    'Returns {"echo": <the arguments you sent>, "count": <how many times test_read ran '
                    'since the extension started>}. It reads nothing from the page and changes nothing.'),
    'risk': 'read',
    'inputSchema': {'type': 'object', 'properties': {'text': _TEXT_200}, 'additionalProperties': False},
    'site': 'test',
    'public': True,
}

TEST_WRITE = {
    'name': 'test_write',
    'description': ('Test tool (write). Use to exercise a call that changes state without asking the '
                    'user: it stores `text` in the extension\'s test memory and returns {"stored": <text>}. '
                    'It does not touch the page, send anything or open tabs.'),
    'risk': 'write',
    'inputSchema': {'type': 'object', 'properties': {'text': _TEXT_200}, 'additionalProperties': False},
    'site': 'test',
    'public': True,
}

TEST_IRREVERSIBLE = {
    'name': 'test_irreversible',
    'description': ('Test tool (irreversible). Use to exercise the approval flow: the user sees `text` in '
                    'an approval window and must approve before it "runs". Returns {"done": true, '
                    '"text": <text>} when approved; fails with approval_denied or approval_timeout '
                    'otherwise. Nothing real happens either way.'),
    'risk': 'irreversible',
    'inputSchema': {'type': 'object', 'properties': {'text': _TEXT_200}, 'required': ['text'],
                    'additionalProperties': False},
    'site': 'test',
    'public': True,
}

BROWSER_HEALTH = {
    'name': 'browser_health',
    'description': ('Console only. Use to find out whether a site adapter still fits the open page: '
                    'returns {adapter, ok, selectors: [{key, selector, found}], broken: [keys]} for the '
                    'active tab. It only counts matching elements; it clicks and changes nothing.'),
    'risk': 'read',
    'inputSchema': {'type': 'object', 'properties': {}, 'additionalProperties': False},
    'site': 'test',
    'public': False,
}

GENERIC_CLICK_TEXT = {
    'name': 'generic_click_text',
    'description': ('Console only. Use to click the first visible button or link in the active tab whose '
                    'text equals `text` (case-insensitive, whitespace collapsed). Returns {"clicked": '
                    'true, "tag": <element tag>} or fails with adapter_error when nothing matches. It '
                    'does not scroll through hidden content or type anything.'),
    'risk': 'write',
    'inputSchema': {'type': 'object',
                    'properties': {'text': {'type': 'string', 'minLength': 1, 'maxLength': 200,
                                            'description': 'The visible text of the element to click.'}},
                    'required': ['text'], 'additionalProperties': False},
    'site': 'test',
    'public': False,
}

TEST_TOOLS = [TEST_READ, TEST_WRITE, TEST_IRREVERSIBLE, BROWSER_HEALTH, GENERIC_CLICK_TEXT]

TEST_ADAPTER = {
    'id': 'test',
    'hosts': ['siteagent.test', 'localhost', '127.0.0.1'],
    'tools': TEST_TOOLS,
    'selectors': {},
}
