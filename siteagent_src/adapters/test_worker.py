"""The test-only adapter's tools that run in the service worker: one per risk, effects counted."""
from platform.chrome import storage_get, storage_set
from platform.js import serialized

EFFECTS_KEY = 'test_effects'


async def count_effect(tool):
    async def write():
        effects = await storage_get('session', EFFECTS_KEY, {})
        effects[tool] = (effects[tool] if tool in effects else 0) + 1
        await storage_set('session', EFFECTS_KEY, effects)
        return effects[tool]
    return await serialized(EFFECTS_KEY, write)


async def execute(tool, args, ctx):
    if tool == 'test_read':
        return {'echo': args['text'] if 'text' in args else '', 'source': ctx['source']}
    if tool == 'test_write' or tool == 'test_irreversible':
        runs = await count_effect(tool)
        return {'done': True, 'runs': runs}
    return {'ok': False, 'reason': 'unknown_tool', 'message': 'the test adapter has no tool ' + tool}
