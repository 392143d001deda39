"""Session rules: rate limits, rule-of-two, recipient rules, confirmed recipients and taint.

What is persisted never holds argument or result values: the rule-of-two flag per origin
(storage.session), SHA-256 hashes of tainted tokens (storage.session) and of recipients the user
confirmed (storage.local). Taint origins ("an email from ...") and rate-limit windows stay in this
worker's memory; after a restart a tainted token is still flagged, with a generic origin.
"""
from buildinfo import CONFIG
from core.ratelimit import check, limit_for_tool, limit_for_origin
from core.recipients import recipients_of, check_send
from core.taint import collect, args_tokens, is_untrusted, admit
from core.outcome import ToolError, result_of
from core.jsonval import kind_of
from webapi.chrome import storage_get, storage_set
from webapi.js import now_ms, serialized, obj_keys
from webapi.digests import hash_keys
from webapi.cached_key import CachedKey, KEEP
from entries.worker import leak_rules, note_later
from entries.worker.taint_store import ChunkedKeys

UNTRUSTED_KEY = 'rules_untrusted_seen'
TAINT_KEY = 'rules_taint_chunks'     # the index; its chunks at 'rules_taint_chunks:<id>' (taint_store.py)
KNOWN_KEY = 'rules_known_recipients'
MAX_TAINT = 2000
MAX_KNOWN = 2000
MAX_LEAK = 8000       # leak notes (entries/worker/leak_rules.py): hashes of tokens, links and hosts read

_windows = {}        # 'o:<origin>' / 't:<tool>' -> [timestamps]
_taint = {}          # 'h:<sha256>' -> origin text (memory only)


def _rules():
    return CONFIG['rules']


def check_rates(origin, tool_name):
    """Raises rate_limited (ToolError, with retry_ms) when over a limit. Per origin first, then per tool."""
    now = now_ms()
    rules = _rules()['rate_limits']
    for pair in [['o:' + origin, limit_for_origin(rules), 'from ' + origin],
                 ['t:' + tool_name, limit_for_tool(rules, tool_name), 'of ' + tool_name]]:
        key = pair[0]
        verdict = check(_windows[key] if key in _windows else [], now, pair[1], pair[2])
        _windows[key] = verdict['stamps']
        if not verdict['ok']:
            raise ToolError(verdict['reason'], verdict['message'], {'retry_ms': verdict['retry_ms']})


# --- rule of two ---------------------------------------------------------------------------

# Read around every call, so kept in memory (storage.onChanged keeps them true).
_untrusted_seen = CachedKey('session', UNTRUSTED_KEY, lambda: {})
_stored_taint = ChunkedKeys('session', TAINT_KEY)


async def untrusted_seen(origin):
    seen = await _untrusted_seen.read()
    return ('o:' + origin) in seen


async def _mark_untrusted(origin):
    if await untrusted_seen(origin):
        return

    def edit(seen):
        if ('o:' + origin) in seen:
            return KEEP
        seen['o:' + origin] = True
        return seen
    await _untrusted_seen.change(edit)


async def rule_of_two_applies(tool, ctx):
    """A write from a site after that site's session saw untrusted content needs approval."""
    if _rules()['rule_of_two'] != True or ctx['source'] == 'console':
        return False
    if tool['risk'] != 'write':
        return False
    await notes_settled()
    return await untrusted_seen(ctx['origin'])


# --- taint -----------------------------------------------------------------------------------

async def _hash_key(token):
    keys = await hash_keys([token])
    return keys[0]


NOTES_KEY = 'taint-notes'
_notes = {'last': None, 'failed': None, 'same': None, 'index': None}
# failed: why a note failed (flags every later write); same: the last result noted (tool name and JSON),
# index: the stored taint's index then


def begin_note(tool, result, ctx):
    """Start noting a result (note_result) once the notes may run (entries/worker/note_later.py: their
    delay passed, or a gate hurried them); notes run one after another, and the gates of a write
    hurry and wait for every note started before them (notes_settled), whichever call or tab it came
    from. A note that fails does not withhold its result: which tokens it held is unknown, so every
    later write is flagged for approval until the worker restarts."""
    if not is_untrusted(result):
        return
    note_later.start(NOTES_KEY, _notes, lambda: note_result(tool, result, ctx),
                     'the taint of a result could not be noted')
    # the leak note (issue 34) runs in a chain of its own, after this taint note; the gates of every
    # later call with a way out hurry it and wait for it (leak_flags)
    leak_rules.begin_read(lambda: leak_rules.note_read(tool, result, hash_keys, admit, MAX_LEAK), _taint_noted)


async def _taint_noted():
    """Every taint note begun so far has settled (without hurrying them)."""
    if _notes['last'] != None:
        await _notes['last']


async def notes_settled():
    """Every taint note begun so far has run: they are hurried (a gate needs them now)."""
    note_later.hurry()
    await _taint_noted()


def _result_key(tool, result):
    """The tool's name and the result's JSON with every number as 0, or None when it has none (a
    cycle). collect reads the strings, the keys and the shape, never a number (a scan's `scan_ms`
    differs each time)."""
    try:
        return tool['name'] + '\n' + JSON.stringify(result, _no_numbers)
    except:  # noqa: E722 (JSON's TypeError is native)
        return None


def _no_numbers(key, value):
    return 0 if kind_of(value) == 'number' else value


async def note_result(tool, result, ctx):
    """After a call: an untrusted result (begin_note checks) taints its addresses/URLs and the caller's
    session. The result noted last, noted again with the stored taint unchanged since (a repeat scan of
    a page that did not change), adds nothing: it is not collected and hashed again."""
    await _mark_untrusted(ctx['origin'])
    same = _result_key(tool, result)
    await _stored_taint.read()
    if same != None and _notes['same'] == same and _notes['index'] is _stored_taint.index:
        return
    pairs = collect(result, tool)
    keys = await hash_keys([pair[0] for pair in pairs])
    for index in range(len(pairs)):
        if keys[index] not in _taint:
            _taint[keys[index]] = pairs[index][1]
    stored = await _stored_taint.read()
    if len([key for key in keys if key not in stored]) > 0:
        await _stored_taint.add(keys, MAX_TAINT)        # the newest MAX_TAINT tokens are kept
    _notes['same'] = same
    _notes['index'] = _stored_taint.index               # replaced by every write and every load


async def taint_flags(args):
    """`[{token, origin}]` for every address/URL in args that came from an untrusted result, after
    the notes of every earlier result; `{token: None, origin: why}` when one of them failed."""
    await notes_settled()
    stored = await _stored_taint.read()
    flags = []
    failed = _notes['failed'] if _notes['failed'] != None else _stored_taint.failed
    if failed == None:
        failed = await note_later.lost()
    if failed != None:
        flags.append({'token': None, 'origin': 'the addresses and links of an earlier read result could not be '
                      + 'recorded (' + failed + '): check the ones in this call yourself'})
    tokens = args_tokens(args)
    keys = await hash_keys(tokens)
    for index in range(len(tokens)):
        token = tokens[index]
        key = keys[index]
        if key not in stored:
            continue
        if key in _taint:
            flags.append({'token': token, 'origin': _taint[key]})
        else:
            flags.append({'token': token, 'origin': 'an earlier read result (details were lost when the extension restarted)'})
    return flags


async def leak_flags(tool, args, ctx):
    """`[{token: None, origin: sentence}]` for read data this call would carry to another origin (after
    the leak notes of every earlier result); none for the user's own console."""
    if ctx['source'] == 'console':
        return []
    return await leak_rules.leak_flags(tool, args, ctx, hash_keys)


# --- recipients ------------------------------------------------------------------------------

def sink_rules(tool):
    sinks = _rules()['sinks']
    sink = tool['sink'] if 'sink' in tool else None
    if sink == None or sink not in sinks:
        return None
    return sinks[sink]


async def known_recipients():
    return await storage_get('local', KNOWN_KEY, {})


async def check_recipients(tool, args):
    """`{recipients, confirm: [addresses never confirmed before]}`; a refusal is raised (ToolError)."""
    recipients = result_of(recipients_of(tool, args))['recipients']
    configured = sink_rules(tool)
    if configured == None and len(recipients) == 0 and 'sink' not in tool:
        return {'recipients': recipients, 'confirm': []}
    rules = configured if configured != None else {}
    cap = rules['max_recipients'] if 'max_recipients' in rules else _rules()['max_recipients']
    result_of(check_send(recipients, rules, cap))
    confirm = []
    if 'confirm_new' in rules and rules['confirm_new'] == True:
        known = await known_recipients()
        for r in recipients:
            if (await _hash_key(r['address'])) not in known:
                confirm.append(r['address'])
    return {'recipients': recipients, 'confirm': confirm}


async def remember_recipients(addresses):
    if len(addresses) == 0:
        return
    keys = []
    for address in addresses:
        keys.append(await _hash_key(address))

    async def write():
        known = await known_recipients()
        for key in keys:
            if len(obj_keys(known)) < MAX_KNOWN:
                known[key] = True
        await storage_set('local', KNOWN_KEY, known)
    await serialized(KNOWN_KEY, write)
