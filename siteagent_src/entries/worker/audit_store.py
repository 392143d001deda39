"""The audit log in chrome.storage.local: argument key names only, newest 200 kept."""
from core.audit import make_entry, append, latest, AUDIT_CAP
from platform.js import now_ms
from entries.worker.cached_key import CachedKey

AUDIT_KEY = 'audit'
_log = CachedKey('local', AUDIT_KEY, lambda: [])


async def record(tool, source, outcome, args):
    entry = make_entry(now_ms(), tool, source, outcome, args)
    await _log.change(lambda log: append(log, entry, AUDIT_CAP))
    return entry


async def read_latest(count, filters):
    return latest(await _log.read(), count, filters)
