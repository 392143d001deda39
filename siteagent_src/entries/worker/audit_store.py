"""The audit log in chrome.storage.local: argument key names only, the newest 200 kept.

Stored as a ring of one key per entry (`audit:<slot>`) plus `audit_meta` {next, count}, written
together in one small set: rewriting a 200-entry array on every call cost ~10 ms, a slot ~0.5 ms.
"""
from core.audit import make_entry, append, latest, AUDIT_CAP
from webapi.chrome import storage_get_all, storage_set_many, on_storage_changed
from webapi.js import now_ms, serialized, error_text

META_KEY = 'audit_meta'
SLOT_PREFIX = 'audit:'
_state = {'log': None, 'next': 0, 'queued': 0, 'written': []}


def _forget(value):
    """Something else rewrote or cleared the log (the console, a test): reload on next use.
    Our own writes come back here too, in order; their `next` values are in `written`."""
    written = _state['written']
    if value != None and _state['log'] != None and value['next'] in written:
        while len(written) > 0 and written.pop(0) != value['next']:
            pass
        return
    _state['log'] = None
    _state['written'] = []


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


def _store(log, entry):
    """Append in memory and send the storage write (returns its promise)."""
    slot = _state['next']
    updated = append(log, entry, AUDIT_CAP)
    items = {}
    items[SLOT_PREFIX + str(slot)] = entry
    items[META_KEY] = {'next': (slot + 1) % AUDIT_CAP, 'count': len(updated)}
    _state['log'] = updated
    _state['next'] = (slot + 1) % AUDIT_CAP
    _state['written'].append(_state['next'])
    return storage_set_many('local', items)


def _entry(tool, source, outcome, args, call_id):
    entry = make_entry(now_ms(), tool, source, outcome, args)
    if call_id != None:
        entry['call'] = call_id         # the caller's id for the call: the side panel links its cards here
    return entry


async def record(tool, source, outcome, args, call_id=None):
    entry = _entry(tool, source, outcome, args, call_id)
    _state['queued'] += 1

    async def write():
        try:
            log = await _load()
        finally:
            _state['queued'] -= 1
        await _store(log, entry)
    await serialized(META_KEY, write)
    return entry


def record_soon(tool, source, outcome, args, call_id=None):
    """When the log is in memory and no record is queued, the storage write is sent before this
    returns and it returns None (Chrome applies it in order with later storage calls). Otherwise
    the promise of a queued record, for the caller to await."""
    if _state['log'] == None or _state['queued'] > 0:
        return record(tool, source, outcome, args, call_id)
    _store(_state['log'], _entry(tool, source, outcome, args, call_id)).then(None, _write_failed)
    return None


def _write_failed(error):
    console.warn('Site Agent: an audit write failed: ' + error_text(error))


async def read_latest(count, filters):
    return latest(await serialized(META_KEY, _load), count, filters)
