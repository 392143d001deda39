"""Leak rules (issue 34): nothing read on one origin leaves for another without the approval window.

Noted per untrusted result (after it returns, with the other taint notes): the distinctive tokens it
shows (core/leaks.py), each with the origin it was read on, the links it lists and the hosts it names.
Stored in storage.session as SHA-256 hashes only ('h:' and 16 hex digits of 't<token>', 'o<origin> <token>',
'l<link>', 'p<link without query>', 'n<host>', 'm<origin> <host>'); where a token was read, in words,
stays in this worker's memory.

Checked per call (dispatch.gate, every caller, any risk): the call's ways out (a site's `outbound`
hook: a URL it loads, a text it types or hands to a page's own tool; or a tool's `outbound` fields:
text that goes to other people through the site) against those notes. A token read on another origin
and never on the destination flags the call for approval with a sentence: what, from where, to where
(and, for a URL whose host was named in text read on another origin, where). A link followed as a page
listed it is not checked (its whole URL as listed; the query and fragment of an address listed
without them; the part of a URL past where a scan cut it).
"""
from core.jsonval import has_key
from core.leaks import read_marks, outbound_url, outbound_text, leak_sentence
from core.taint import strings_of
from entries.worker.sites import site_of
from sites.kit.worker import hook
from webapi.cached_key import CachedKey, KEEP
from webapi.chrome import storage_get, storage_set, storage_remove
from webapi.js import attempt_async, serialized, obj_keys, drop_key, deferred, go_on, random_id

LEAK_KEY = 'rules_leaks'
MAX_FLAGS = 8

KEY_CHARS = 18      # 'h:' and the first 16 hex digits (64 bits) of the SHA-256: a third of the storage
MAX_WHERE = 20000
NOTES_KEY = 'leak-notes'

_stored = CachedKey('session', LEAK_KEY, lambda: {})
_where = {}         # 'h:<16 hex of t<token>>' -> [origins it was read on] (memory only)
_notes = {'last': None, 'failed': None, 'same': None, 'map': None}    # same: the last text noted, with its origin


IDLE_MS = 150      # how long a leak note waits after its call, unless a gate needs the notes sooner
_later = {'go': None, 'timer': None}    # go: the deferred that lets the waiting notes run
# Notes waiting or running are marked in storage.session (this worker's id, set when the first one
# begins, removed when the last one ends): a worker that finds another worker's mark knows that notes
# were lost when that one stopped, and flags every way out until it restarts, as for a failed note.
PENDING_KEY = 'leak-notes-pending'
_pending = {'id': random_id(), 'n': 0, 'checked': None}


async def _check_lost(ignored):
    found = await storage_get('session', PENDING_KEY, None)
    if found != None and found != _pending['id']:
        _notes['failed'] = 'notes of a result read before the extension\'s worker stopped were lost'
        console.warn('Site Agent: ' + _notes['failed'])
        if _pending['n'] == 0:
            _issue(lambda ignored: storage_remove('session', PENDING_KEY))


def _issue(write):
    go_on(write, None, lambda error: console.warn('Site Agent: the leak notes\' mark could not be written: ' + error))


# read before this worker writes its own mark (storage calls are applied in the order they are sent)
_pending['checked'] = attempt_async(_check_lost, None)


def begin_read(note, replied):
    """Start note() (note_read of a result) after every leak note started before it, once `replied()`
    (what the call awaits before its reply) has settled, and once the worker has had IDLE_MS without
    a gate asking for the notes (or at once when one asks: leak_flags hurries them). The reply goes
    first, and a caller's next calls (another scan, a click: calls without a way out) do not share the
    worker with the tokenising and hashing of a big page; a call with a way out waits for every note
    started before it. A note that fails flags every later way out until the worker restarts."""
    def noted(done):
        _pending['n'] -= 1
        if _pending['n'] == 0:
            _issue(lambda ignored: storage_remove('session', PENDING_KEY))
        if not done['ok']:
            _notes['failed'] = done['error']
            console.warn('Site Agent: what a result showed could not be noted: ' + done['error'])

    _pending['n'] += 1
    if _pending['n'] == 1:
        _issue(lambda ignored: storage_set('session', PENDING_KEY, _pending['id']))
    go = _when_idle()

    async def run(ignored):
        await replied()
        await go
        await note()
    _notes['last'] = serialized(NOTES_KEY, lambda: attempt_async(run, None).then(noted))


def _when_idle():
    """The promise the notes begun now wait for: settled IDLE_MS after the first of them began, or
    when a gate hurries them. Notes begun after it settled wait for the next one."""
    if _later['go'] == None:
        go = deferred()
        _later['go'] = go
        _later['timer'] = setTimeout(lambda: _release(go), IDLE_MS)
    return _later['go'].promise


def _release(go):
    if _later['go'] is go:
        clearTimeout(_later['timer'])
        _later['go'] = None
        _later['timer'] = None
    go.resolve(None)


def hurry():
    """Let every note begun so far run now (a gate is about to wait for them)."""
    if _later['go'] != None:
        _release(_later['go'])


async def _hashes(hash_keys, plain):
    keys = await hash_keys(plain)
    return [key[0:KEY_CHARS] for key in keys]


def _site_origin(tool):
    site = site_of(tool['site'])
    if site == None or len(site['hosts']) == 0:
        return None
    return 'https://' + site['hosts'][0]


async def read_origin(tool, result):
    """The origin an untrusted result was read on: the site's `read_origin` hook (the page tool: the
    tab's), else the site's first host; None when unknown (its tokens then count as read elsewhere)."""
    found = hook(tool['site'], 'read_origin')
    if found != None:
        ran = await attempt_async(lambda r: found(tool['name'], r), result)
        if ran['ok'] and ran['value'] != None:
            return ran['value']
        return None
    return _site_origin(tool)


async def note_read(tool, result, hash_keys, admit, cap):
    """Note what an untrusted result shows (see the module text)."""
    origin = await read_origin(tool, result)
    text_key = str(origin) + '\n' + '\u0000'.join(strings_of(result))
    if _notes['same'] == text_key and _notes['map'] is (await _stored.read()):
        return                      # the same text read on the same origin again, the notes unchanged since
    marks = read_marks(result)
    plain = []
    for token in marks['tokens']:
        plain.append('t' + token)
        if origin != None:
            plain.append('o' + origin + ' ' + token)
    for link in marks['links']:
        plain.append(link)
    for host in marks['hosts']:
        plain.append('n' + host)
        if origin != None:
            plain.append('m' + origin + ' ' + host)
    if len(plain) == 0:
        return
    keys = await _hashes(hash_keys, plain)
    where = origin if origin != None else 'a page whose address is unknown'
    if len(obj_keys(_where)) > MAX_WHERE:
        for key in obj_keys(_where):
            drop_key(_where, key)
    for index in range(len(plain)):
        if plain[index][0] == 't' or plain[index][0] == 'n':
            seen = _where[keys[index]] if keys[index] in _where else []
            if where not in seen and len(seen) < 3:
                seen.append(where)
            _where[keys[index]] = seen
    stored = await _stored.read()
    if len([key for key in keys if key not in stored]) == 0:
        _notes['same'] = text_key
        _notes['map'] = stored
        return

    def edit(stored):
        updated = admit(stored, keys, cap)
        return updated if updated != None else KEEP
    await _stored.change(edit)
    _notes['same'] = text_key
    _notes['map'] = await _stored.read()


async def _ways_out(tool, args, ctx):
    """[{to: origin, label, url?, value?}]: the site's `outbound` hook, else the tool's `outbound` fields
    (text sent to people through the site's own origin)."""
    found = hook(tool['site'], 'outbound')
    if found != None:
        ran = await attempt_async(lambda a: found(tool['name'], a, ctx), args)
        return ran['value'] if ran['ok'] and ran['value'] != None else []
    if 'outbound' not in tool:
        return []
    origin = _site_origin(tool)
    out = []
    for field in tool['outbound']:
        if has_key(args, field):
            out.append({'to': origin if origin != None else 'another site', 'label': tool['name'] + ' (' + field + ')',
                        'value': args[field]})
    return out


def _read_where(key):
    if key in _where:
        return ' and '.join(_where[key])
    return 'an earlier page (which one was forgotten when the extension restarted)'


async def _check(way, hash_keys, stored, flags):
    """Add the flags of one way out."""
    to = way['to']
    tokens = []
    host = None
    if 'url' in way and way['url'] != None:
        parts = outbound_url(way['url'])
        if parts == None:
            return
        marks = await _hashes(hash_keys, [parts['full'], parts['base'],
                                          parts['shown'] if parts['shown'] != None else parts['full']])
        if marks[0] in stored:
            return                                   # a link exactly as a page listed it
        if marks[1] in stored:
            tokens = []                              # a listed address: only its query and fragment are checked
        elif parts['shown'] != None and marks[2] in stored:
            tokens = list(parts['beyond'])           # listed as far as a scan shows it: the rest is checked
        else:
            tokens = list(parts['path'])
        tokens.extend(parts['rest'])
        host = parts['host']
    else:
        tokens = outbound_text(way['value'])
    if len(tokens) == 0:
        return
    plain = []
    for token in tokens:
        plain.append('t' + token)
        plain.append('o' + to + ' ' + token)
    if host != None:
        plain.append('n' + host)
        plain.append('m' + to + ' ' + host)
    keys = await _hashes(hash_keys, plain)
    named = ''
    if host != None and keys[len(keys) - 2] in stored and keys[len(keys) - 1] not in stored:
        named = ' (' + host + ' itself was named in text read on ' + _read_where(keys[len(keys) - 2]) + ')'
    for index in range(len(tokens)):
        if keys[2 * index] in stored and keys[2 * index + 1] not in stored and len(flags) < MAX_FLAGS:
            flags.append({'token': None, 'origin': leak_sentence(tokens[index], _read_where(keys[2 * index]),
                                                                 to + ' by ' + way['label']) + named})


async def leak_flags(tool, args, ctx, hash_keys):
    """`[{token: None, origin: sentence}]` for what this call would carry to another origin."""
    ways = await _ways_out(tool, args, ctx)
    if len(ways) == 0:
        return []
    await _pending['checked']
    if _notes['last'] != None:
        hurry()
        await _notes['last']
    stored = await _stored.read()
    flags = []
    if _notes['failed'] != None:
        flags.append({'token': None, 'origin': 'what an earlier read result showed could not be noted ('
                      + _notes['failed'] + '): check what this call sends, and where, yourself'})
    for way in ways:
        await _check(way, hash_keys, stored, flags)
    return flags

