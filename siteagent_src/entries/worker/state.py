"""Persisted switches (pause, per-tool enable), the attached target tab, and the worker's identity."""
from webapi.chrome import storage_get, storage_set
from webapi.js import drop_key, random_id
from sites.kit.worker import TARGET_KEY
from webapi.cached_key import CachedKey

SWITCHES_KEY = 'switches'

# A fresh id per worker start: records written by an earlier instance are orphans.
INSTANCE = random_id()


def empty_switches():
    return {'paused': False, 'disabled': {}}


def _normal(saved):
    if saved == None:
        return empty_switches()
    return {'paused': saved['paused'] == True, 'disabled': saved['disabled'] if saved['disabled'] != None else {}}


# Read on every call, so kept in memory (storage.onChanged keeps it true).
_switches = CachedKey('local', SWITCHES_KEY, empty_switches)


async def load_switches():
    return _normal(await _switches.read())


async def set_paused(paused):
    def edit(saved):
        switches = _normal(saved)
        switches['paused'] = paused == True
        return switches
    return await _switches.change(edit)


async def set_tool_enabled(name, enabled):
    def edit(saved):
        switches = _normal(saved)
        disabled = switches['disabled']
        if enabled:
            if name in disabled:
                drop_key(disabled, name)
        else:
            disabled[name] = True
        return switches
    return await _switches.change(edit)


async def target_tab():
    return await storage_get('session', TARGET_KEY, None)


async def set_target_tab(tab_id):
    await storage_set('session', TARGET_KEY, tab_id)


async def clear_target_tab():
    await storage_set('session', TARGET_KEY, None)
