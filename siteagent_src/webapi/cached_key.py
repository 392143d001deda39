"""One storage key kept in memory: reads cost nothing, writes are serialised and awaited.

chrome.storage.onChanged keeps the copy true when something else (a test, the console) rewrites it.
"""
from webapi.chrome import storage_get, storage_set, on_storage_changed
from webapi.js import serialized


KEEP = {'keep': True}      # an edit's answer for "no change, no write" (compared by identity)


class CachedKey:
    def __init__(self, area, key, empty):
        self.area = area
        self.key = key
        self.empty = empty
        self.value = None
        self.loaded = False
        on_storage_changed(area, key, self._changed)

    def _changed(self, value):
        self.value = value
        self.loaded = True

    async def read(self):
        if not self.loaded:
            stored = await storage_get(self.area, self.key, None)
            if not self.loaded:
                self.value = stored
                self.loaded = True
        if self.value == None:
            self.value = self.empty()
        return self.value

    async def change(self, edit):
        """edit(value) -> new value, or KEEP to write nothing; the write is done before this resolves."""
        async def write():
            value = await self.read()
            updated = edit(value)
            if updated is KEEP:
                return value
            self.value = updated
            await storage_set(self.area, self.key, updated)
            return updated
        return await serialized(self.area + ':' + self.key, write)
