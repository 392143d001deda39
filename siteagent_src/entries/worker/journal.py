"""Where each call stands, in chrome.storage.session, so a worker restart is reported, never hung.

Only the tool name, the state and the reason are kept: never argument values.
"""
from platform.js import drop_key, now_ms, obj_keys
from entries.worker.state import INSTANCE
from entries.worker.cached_key import CachedKey

JOURNAL_KEY = 'calls'
KEEP_DONE = 300


_calls = CachedKey('session', JOURNAL_KEY, lambda: {})


async def _update(call_id, fields):
    def edit(calls):
        record = calls[call_id] if call_id in calls else {'instance': INSTANCE, 'ts': now_ms()}
        for key in obj_keys(fields):
            record[key] = fields[key]
        calls[call_id] = record
        return prune(calls)
    await _calls.change(edit)


def prune(calls):
    ids = obj_keys(calls)
    if len(ids) <= KEEP_DONE:
        return calls
    # Object keys keep insertion order, so the first finished calls are the oldest.
    done = [i for i in ids if calls[i]['state'] == 'done']
    for stale in done[:len(ids) - KEEP_DONE]:
        drop_key(calls, stale)
    return calls


async def mark(call_id, tool, state):
    await _update(call_id, {'tool': tool, 'state': state, 'instance': INSTANCE})


async def finish(call_id, tool, outcome):
    reason = None if outcome['ok'] else outcome['reason']
    await _update(call_id, {'tool': tool, 'state': 'done', 'ok': outcome['ok'] == True, 'reason': reason})


async def status(call_id):
    calls = await _calls.read()
    return calls[call_id] if call_id in calls else None


async def orphans():
    """Calls an earlier worker instance left unfinished."""
    calls = await _calls.read()
    return [dict_with_id(i, calls[i]) for i in obj_keys(calls)
            if calls[i]['state'] != 'done' and calls[i]['instance'] != INSTANCE]


def dict_with_id(call_id, record):
    record['id'] = call_id
    return record
