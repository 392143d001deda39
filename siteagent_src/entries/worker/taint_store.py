"""The taint map in storage.session, written in chunks: a note stores only the keys it adds.

The map (SHA-256 keys of the addresses and links read in untrusted results) was one storage key,
rewritten whole by every note that added a key: with the map full (2,000 keys) that write took
18-31 ms, and a read tool's reply then waited for its note (issue 33). Now each note writes one new chunk
(its keys) and the small index in one storage call, and removes the chunks it forgets after it;
core/taint.admit_chunk decides both. The index is the truth: a chunk it does not list is never read.

Kept in memory after the first read; chrome.storage.onChanged marks the copy stale when the index
is cleared or rewritten elsewhere (a test, a session that ended). A note's write is sent, not waited
for: the memory copy has its keys at once, and Chrome applies the writes in the order they were sent,
before any later read of this worker. A write that Chrome then refuses is kept in `failed` (the
gates flag every later write, as for a note that failed).
"""
from core.taint import admit_chunk
from webapi.chrome import storage_get, storage_get_keys, storage_set_many, storage_remove, on_storage_changed
from webapi.js import serialized, drop_key, go_on


class ChunkedKeys:
    def __init__(self, area, key):
        self.area = area
        self.key = key              # the index's storage key; chunk <id> is stored at '<key>:<id>'
        self.index = None
        self.known = {}             # stored key -> True
        self.chunks = {}            # str(chunk id) -> its keys
        self.loaded = False
        self.changes = 0            # storage changes of the index seen (a load that saw one reads again)
        self.failed = None          # why a write was refused (None: none was)
        on_storage_changed(area, key, self._changed)

    def _chunk_key(self, ident):
        return self.key + ':' + str(ident)

    def _changed(self, value):
        self.changes += 1
        if value == None or self.index == None or value['next'] != self.index['next']:
            self.loaded = False     # cleared or written elsewhere: read again before the next use

    async def _load(self):
        """Read the index and its chunks, again if the index changed meanwhile. Runs in the key's
        chain (read, add), so no note's write interleaves with it."""
        while not self.loaded:
            seen = self.changes
            index = await storage_get(self.area, self.key, None)
            known = {}
            chunks = {}
            if index != None:
                found = await storage_get_keys(self.area, [self._chunk_key(chunk[0]) for chunk in index['chunks']])
                for chunk in index['chunks']:
                    name = self._chunk_key(chunk[0])
                    keys = found[name] if name in found else []
                    chunks[str(chunk[0])] = keys
                    for key in keys:
                        known[key] = True
            self.index = index
            self.known = known
            self.chunks = chunks
            self.loaded = self.changes == seen

    def _chain(self, task):
        return serialized(self.area + ':' + self.key, task)

    async def read(self):
        """The stored keys (an object: key -> True)."""
        if not self.loaded:
            await self._chain(lambda: self._load())
        return self.known

    async def add(self, fresh, cap):
        """Store the keys of `fresh` not stored yet, keeping the newest `cap` (admit_chunk); resolves
        once the write is sent (and in memory). Writes run one after another."""
        async def write():
            await self._load()
            step = admit_chunk(self.index, self.known, fresh, cap)
            if step == None:
                return
            items = {}
            items[self._chunk_key(step['id'])] = step['keys']
            items[self.key] = step['index']
            for key in step['keys']:
                self.known[key] = True
            self.chunks[str(step['id'])] = step['keys']
            for ident in step['drop']:
                for key in self.chunks[str(ident)] if str(ident) in self.chunks else []:
                    drop_key(self.known, key)
                drop_key(self.chunks, str(ident))
            self.index = step['index']
            self._sent(storage_set_many(self.area, items))
            if len(step['drop']) > 0:
                self._sent(storage_remove(self.area, [self._chunk_key(ident) for ident in step['drop']]))
        await self._chain(write)

    def _sent(self, writing):
        go_on(lambda ignored: writing, None, self._refused)

    def _refused(self, error):
        self.failed = error
        console.warn('Site Agent: the taint map could not be stored: ' + error)
