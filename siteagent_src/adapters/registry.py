"""Every adapter the build includes, and the catalogue of tools they offer."""
from buildinfo import CONFIG
from core.testtools import TEST_ADAPTER
from adapters.console_tools import CONSOLE_ADAPTER

_SLEEP_MS = {'type': 'integer', 'minimum': 0, 'maximum': 20000, 'description': 'How long to wait, in ms.'}

# Test-only tab tools: prove the worker -> tab -> worker path on a mapped Google host.
TEST_TAB_ADAPTER = {
    'id': 'test_tab',
    'hosts': ['mail.google.com'],
    'selectors': {'title': 'h1'},
    'tools': [{
        'name': 'test_tab_info',
        'description': 'Test only. Returns the title, host and path of the site tab it runs in. Changes nothing.',
        'risk': 'read', 'site': 'test_tab', 'public': True, 'runs_in': 'tab',
        'inputSchema': {'type': 'object', 'properties': {}, 'additionalProperties': False},
    }, {
        'name': 'test_tab_sleep',
        'description': 'Test only. Waits `ms` milliseconds in the site tab, then returns {slept: ms}.',
        'risk': 'read', 'site': 'test_tab', 'public': True, 'runs_in': 'tab',
        'inputSchema': {'type': 'object', 'properties': {'ms': _SLEEP_MS}, 'required': ['ms'],
                        'additionalProperties': False},
    }],
}

ADAPTERS = [CONSOLE_ADAPTER]
if CONFIG['test_adapter']:
    ADAPTERS.append({'id': TEST_ADAPTER['id'], 'hosts': TEST_ADAPTER['hosts'], 'selectors': {},
                     'tools': [t for t in TEST_ADAPTER['tools'] if t['site'] == 'test' and t['public']]})
    ADAPTERS.append(TEST_TAB_ADAPTER)


def catalogue():
    tools = []
    for adapter in ADAPTERS:
        for tool in adapter['tools']:
            tools.append(tool)
    return tools


def adapter_by_id(adapter_id):
    for adapter in ADAPTERS:
        if adapter['id'] == adapter_id:
            return adapter
    return None
