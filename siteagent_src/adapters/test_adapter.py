"""Test-only adapter (built with profiles.test.test_adapter): one tool per risk, plus tab tools."""
from core.testtools import TEST_ADAPTER
from platform.chrome import storage_get, storage_set
from platform.js import serialized, sleep

EFFECTS_KEY = 'test_effects'
_memory = {'stored': None, 'reads': 0}
_SLEEP_MS = {'type': 'integer', 'minimum': 0, 'maximum': 20000, 'description': 'How long to wait, in ms.'}

WORKER_ADAPTER = {'id': 'test', 'hosts': TEST_ADAPTER['hosts'], 'selectors': {},
                  'tools': [t for t in TEST_ADAPTER['tools'] if t['site'] == 'test' and t['public']]}

TAB_ADAPTER = {
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


async def count_effect(tool):
    """Counts only, never argument values: tests read these to know whether an action ran."""
    async def write():
        effects = await storage_get('session', EFFECTS_KEY, {})
        effects[tool] = (effects[tool] if tool in effects else 0) + 1
        await storage_set('session', EFFECTS_KEY, effects)
        return effects[tool]
    return await serialized(EFFECTS_KEY, write)


async def test_read(args, ctx):
    _memory['reads'] = _memory['reads'] + 1
    return {'echo': args, 'count': _memory['reads']}


async def test_write(args, ctx):
    _memory['stored'] = args['text'] if 'text' in args else ''
    await count_effect('test_write')
    return {'stored': _memory['stored']}


async def test_irreversible(args, ctx):
    await count_effect('test_irreversible')
    return {'done': True, 'text': args['text']}


def page_info(args):
    return {'title': document.title, 'host': location.host, 'path': location.pathname}


async def sleep_then_answer(args):
    await sleep(args['ms'])
    return {'slept': args['ms']}


SITE = {'adapter': WORKER_ADAPTER, 'preview': None,
        'worker_tools': {'test_read': test_read, 'test_write': test_write, 'test_irreversible': test_irreversible},
        'tab_tools': {}}
TAB_SITE = {'adapter': TAB_ADAPTER, 'preview': None, 'worker_tools': {},
            'tab_tools': {'test_tab_info': page_info, 'test_tab_sleep': sleep_then_answer}}
