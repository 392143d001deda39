"""The audit log in chrome.storage.local: argument key names only, the newest 200 kept.

Stored as a ring of one key per entry (`audit:<slot>`) plus `audit_meta` {next, count}, written
together in one small set: rewriting a 200-entry array on every call cost ~10 ms, a slot ~0.5 ms.
"""
from core.audit import make_entry, append, latest, AUDIT_CAP
from platform.chrome import storage_get, storage_get_all, storage_set_many, on_storage_changed
from platform.js import now_ms, serialized

META_KEY = 'audit_meta'
SLOT_PREFIX = 'audit:'
_state = {'log': None, 'next': 0}


def _forget(value):
    """Something else rewrote or cleared the log (the console, a test): reload on next use."""
    if value == None or _state['log'] == None or value['next'] != _state['next']:
        _state['log'] = None


on_storage_changed('local', META_KEY, _forget)


async def _load():
    if _state['log'] != None:
        return _state['log']
    everything = await storage_get_all('local')
    meta = everything[META_KEY] if META_KEY in everything else None
    log = []
    nxt = 0
    if meta != None:
        nxt = meta['next']
        count = meta['count']
        for i in range(count):
            slot = (nxt - count + i + AUDIT_CAP) % AUDIT_CAP
            key = SLOT_PREFIX + str(slot)
            if key in everything:
                log.append(everything[key])
    _state['log'] = log
    _state['next'] = nxt
    return log


async def record(tool, source, outcome, args):
    entry = make_entry(now_ms(), tool, source, outcome, args)

    async def write():
        log = await _load()
        slot = _state['next']
        updated = append(log, entry, AUDIT_CAP)
        items = {}
        items[SLOT_PREFIX + str(slot)] = entry
        items[META_KEY] = {'next': (slot + 1) % AUDIT_CAP, 'count': len(updated)}
        _state['log'] = updated
        _state['next'] = (slot + 1) % AUDIT_CAP
        await storage_set_many('local', items)
    await serialized(META_KEY, write)
    return entry


async def read_latest(count, filters):
    return latest(await serialized(META_KEY, _load), count, filters)
