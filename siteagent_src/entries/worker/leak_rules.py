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
from entries.worker import note_later
from webapi.js import attempt_async, obj_keys, drop_key

LEAK_KEY = 'rules_leaks'
MAX_FLAGS = 8

KEY_CHARS = 18      # 'h:' and the first 16 hex digits (64 bits) of the SHA-256: a third of the storage
MAX_WHERE = 20000
NOTES_KEY = 'leak-notes'

_stored = CachedKey('session', LEAK_KEY, lambda: {})
_where = {}         # 'h:<16 hex of t<token>>' -> [origins it was read on] (memory only)
_notes = {'last': None, 'failed': None, 'same': None, 'map': None}    # same: the last text noted, with its origin


def begin_read(note, replied):
    """Start note() (note_read of a result) after every leak note started before it, once `replied()`
    (the taint note of the same result) has settled and the notes may run (note_later: their delay
    passed, or a gate hurried them). The reply goes first; leak_flags hurries the notes and waits for
    every one started before it. A note that fails flags every later way out until the worker restarts."""
    async def after_taint():
        await replied()
        await note()
    note_later.start(NOTES_KEY, _notes, after_taint, 'what a result showed could not be noted')


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
    if _notes['last'] != None:
        note_later.hurry()
        await _notes['last']
    stored = await _stored.read()
    flags = []
    failed = _notes['failed'] if _notes['failed'] != None else await note_later.lost()
    if failed != None:
        flags.append({'token': None, 'origin': 'what an earlier read result showed could not be noted ('
                      + failed + '): check what this call sends, and where, yourself'})
    for way in ways:
        await _check(way, hash_keys, stored, flags)
    return flags

