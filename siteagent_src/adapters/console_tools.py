"""Console-only tools: pages get tool_not_allowed_for_site; the console runs them."""
from core.outcome import failure
from core.reasons import ADAPTER_ERROR
from webapi.dom import query_all
from webapi.js import collapse_ws

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

ADAPTER = {'id': 'console', 'hosts': [], 'selectors': {}, 'tools': [BROWSER_HEALTH, GENERIC_CLICK_TEXT]}


def click_text(args):
    wanted = collapse_ws(args['text'])
    for element in query_all('button, a, [role="button"], input[type="submit"], input[type="button"]'):
        label = collapse_ws(element.innerText if element.tagName != 'INPUT' else element.value)
        if label == wanted and element.checkVisibility():
            element.click()
            return {'clicked': True, 'tag': element.tagName.lower()}
    return failure(ADAPTER_ERROR, 'no visible button or link reads "' + args['text'] + '"', None)


# browser_health runs in the worker (entries/worker/dispatch.py): it needs the whole registry.
SITE = {'adapter': ADAPTER, 'preview': None, 'worker_tools': {}, 'tab_tools': {'generic_click_text': click_text}}
