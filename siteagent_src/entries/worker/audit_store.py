"""The audit log in chrome.storage.local: argument key names only, newest 200 kept."""
from core.audit import make_entry, append, latest, AUDIT_CAP
from platform.chrome import storage_get, storage_set
from platform.js import now_ms
from platform.js import serialized

AUDIT_KEY = 'audit'


async def record(tool, source, outcome, args):
    entry = make_entry(now_ms(), tool, source, outcome, args)

    async def write():
        log = await storage_get('local', AUDIT_KEY, [])
        await storage_set('local', AUDIT_KEY, append(log, entry, AUDIT_CAP))
    await serialized(AUDIT_KEY, write)
    return entry


async def read_latest(count, filters):
    log = await storage_get('local', AUDIT_KEY, [])
    return latest(log, count, filters)
