"""Persisted switches (pause, per-tool enable), the attached target tab, and the worker's identity."""
from platform.chrome import storage_get, storage_set
from platform.js import drop_key, random_id
from adapters.site_tabs import TARGET_KEY

SWITCHES_KEY = 'switches'

# A fresh id per worker start: records written by an earlier instance are orphans.
INSTANCE = random_id()


def empty_switches():
    return {'paused': False, 'disabled': {}}


async def load_switches():
    saved = await storage_get('local', SWITCHES_KEY, None)
    if saved == None:
        return empty_switches()
    return {'paused': saved['paused'] == True, 'disabled': saved['disabled'] if saved['disabled'] != None else {}}


async def set_paused(paused):
    switches = await load_switches()
    switches['paused'] = paused == True
    await storage_set('local', SWITCHES_KEY, switches)
    return switches


async def set_tool_enabled(name, enabled):
    switches = await load_switches()
    disabled = switches['disabled']
    if enabled:
        if name in disabled:
            drop_key(disabled, name)
    else:
        disabled[name] = True
    await storage_set('local', SWITCHES_KEY, switches)
    return switches


async def target_tab():
    return await storage_get('session', TARGET_KEY, None)


async def set_target_tab(tab_id):
    await storage_set('session', TARGET_KEY, tab_id)


async def clear_target_tab():
    await storage_set('session', TARGET_KEY, None)
