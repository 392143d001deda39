"""Where each call stands, in chrome.storage.session, so a worker restart is reported, never hung.

One small key per call (`call:<id>`): only the tool name, the state, the caller (`site` or
`console`) and the reason, never argument values. This worker forgets its oldest finished calls
beyond KEEP_DONE.
"""
from webapi.chrome import storage_get, storage_get_all, storage_set, storage_remove
from webapi.js import now_ms, obj_keys
from entries.worker.state import INSTANCE

PREFIX = 'call:'
KEEP_DONE = 300
_records = {}           # call id -> record, for the calls this worker wrote
_done = []              # finished call ids, oldest first


async def _write(call_id, fields):
    record = _records[call_id] if call_id in _records else {'instance': INSTANCE, 'ts': now_ms()}
    for key in obj_keys(fields):
        record[key] = fields[key]
    _records[call_id] = record
    await storage_set('session', PREFIX + call_id, record)


async def mark(call_id, tool, state, source):
    await _write(call_id, {'tool': tool, 'state': state, 'instance': INSTANCE, 'source': source})


async def finish(call_id, tool, outcome):
    reason = None if outcome['ok'] else outcome['reason']
    await _write(call_id, {'tool': tool, 'state': 'done', 'ok': outcome['ok'] == True, 'reason': reason})
    _done.append(call_id)
    if len(_done) > KEEP_DONE:
        stale = _done.pop(0)
        _records.pop(stale)
        await storage_remove('session', PREFIX + stale)


async def status(call_id):
    return await storage_get('session', PREFIX + call_id, None)


async def orphans():
    """Calls an earlier worker instance left unfinished."""
    everything = await storage_get_all('session')
    found = []
    for key in obj_keys(everything):
        if key.startswith(PREFIX):
            record = everything[key]
            if record['state'] != 'done' and record['instance'] != INSTANCE:
                record['id'] = key[len(PREFIX):]
                found.append(record)
    return found
