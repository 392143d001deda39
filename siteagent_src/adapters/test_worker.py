"""The test-only adapter's tools that run in the service worker: one per risk, effects counted.

Effects are counted in chrome.storage.session (counts only, never argument values), so tests can
tell whether an action ran.
"""
from platform.chrome import storage_get, storage_set
from platform.js import serialized

EFFECTS_KEY = 'test_effects'
_memory = {'stored': None, 'reads': 0}


async def count_effect(tool):
    async def write():
        effects = await storage_get('session', EFFECTS_KEY, {})
        effects[tool] = (effects[tool] if tool in effects else 0) + 1
        await storage_set('session', EFFECTS_KEY, effects)
        return effects[tool]
    return await serialized(EFFECTS_KEY, write)


async def execute(tool, args, ctx):
    if tool == 'test_read':
        _memory['reads'] = _memory['reads'] + 1
        return {'echo': args, 'count': _memory['reads']}
    if tool == 'test_write':
        _memory['stored'] = args['text'] if 'text' in args else ''
        await count_effect(tool)
        return {'stored': _memory['stored']}
    if tool == 'test_irreversible':
        await count_effect(tool)
        return {'done': True, 'text': args['text']}
    return {'ok': False, 'reason': 'unknown_tool', 'message': 'the test adapter has no tool ' + tool}
