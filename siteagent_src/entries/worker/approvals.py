"""The approval window: one pending approval per tool, default deny, bound to the arguments' hash.

The persisted record holds the hash and the window id, never the arguments or the preview: those
stay in this worker's memory, so a restarted worker cannot approve what it never saw.
"""
from buildinfo import CONFIG
from core.canonical import canonical_json
from core.recipients import confirmation_matches
from core.jsonval import kind_of
from core.reasons import APPROVAL_DENIED, APPROVAL_TIMEOUT, APPROVAL_PENDING
from webapi.chrome import (storage_get, storage_set, window_create, window_get, window_remove,
                             window_focus, on_window_removed, extension_url)
from webapi.js import drop_key, deferred, with_timeout, now_ms, random_id, sha256_hex, obj_keys
from webapi.js import serialized, attempt
from entries.worker.state import INSTANCE

APPROVALS_KEY = 'approvals'
WIDTH = 480
HEIGHT = 600

_live = {}          # approval id -> {record, args, preview, theme, waiter}


async def args_hash(args):
    return await sha256_hex(canonical_json(args))


async def text_hash(canonical_text):
    return await sha256_hex(canonical_text)


async def _records():
    return await storage_get('session', APPROVALS_KEY, {})


async def _edit(change):
    async def write():
        records = await _records()
        result = change(records)
        await storage_set('session', APPROVALS_KEY, records)
        return result
    return await serialized(APPROVALS_KEY, write)


async def centred_over(window_id):
    found = await window_get(window_id) if window_id != None else {'ok': False}
    if not found['ok']:
        return {}
    win = found['value']
    return {'left': max(0, win['left'] + round((win['width'] - WIDTH) / 2)),
            'top': max(0, win['top'] + round((win['height'] - HEIGHT) / 3))}


def _tell(ctx, note):
    """Tell the caller where its call stands (ctx['progress'], set for bridge calls: the bridge posts it
    to the page as a PROGRESS message). Never fails the call."""
    if 'progress' in ctx and ctx['progress'] != None:
        attempt(ctx['progress'], note)


async def request(tool, args, preview, ctx, extra):
    """Resolve to {allowed: true, hash} or {allowed: false, reason, message}.
    extra: {flags: [lines], confirm: [addresses the user must type before Allow counts]} or None.
    A bridge call hears `approval_waiting` once the window is open and `approval_decided` when it is
    answered, closed or timed out (ctx['progress'])."""
    flags = extra['flags'] if extra != None else []
    confirm = extra['confirm'] if extra != None else []
    remember = extra['remember'] if extra != None and 'remember' in extra else None
    title = extra['title'] if extra != None and 'title' in extra else None
    if 'voided' in ctx and ctx['voided'] == True:
        return {'allowed': False, 'reason': APPROVAL_DENIED, 'message': 'the call was cancelled before its window opened'}
    digest = await args_hash(args)
    approval_id = random_id()
    record = {'id': approval_id, 'tool': tool['name'], 'hash': digest, 'instance': INSTANCE,
              'created': now_ms(), 'window': None, 'origin': ctx['origin']}

    def claim(records):
        if tool['name'] in records:
            return False
        records[tool['name']] = record
        return True
    if not await _edit(claim):
        return {'allowed': False, 'reason': APPROVAL_PENDING,
                'message': 'another ' + tool['name'] + ' call is already waiting for approval'}
    waiter = deferred()
    _live[approval_id] = {'record': record, 'args': args, 'preview': preview, 'theme': ctx['theme'],
                          'waiter': waiter, 'risk': tool['risk'], 'flags': flags, 'confirm': confirm, 'expires': now_ms() + CONFIG['approval_timeout_ms'],
                          'call_id': ctx['call_id'] if 'call_id' in ctx else None, 'remember': remember,
                          'title': title, 'source': ctx['source'] if 'source' in ctx else None}
    props = {'url': extension_url('approve.html?id=' + approval_id), 'type': 'popup', 'focused': True,
             'width': WIDTH, 'height': HEIGHT}
    centred = {}
    position = await centred_over(ctx['window_id'])
    for key in obj_keys(props):
        centred[key] = props[key]
    for key in obj_keys(position):
        centred[key] = position[key]
    created = await window_create(centred)
    if not created['ok'] and len(obj_keys(position)) > 0:
        # Chromium refuses bounds mostly off screen (a chatbot window near a screen edge): let it place us.
        created = await window_create(props)
    if not created['ok']:
        await _finish(approval_id)
        return {'allowed': False, 'reason': APPROVAL_DENIED,
                'message': 'the approval window could not be opened: ' + created['error']}
    window_id = created['value']['id']
    _live[approval_id]['window'] = window_id

    def set_window(records):
        if tool['name'] in records and records[tool['name']]['id'] == approval_id:
            records[tool['name']]['window'] = window_id
    await _edit(set_window)
    _tell(ctx, {'stage': 'approval_waiting', 'tool': tool['name'], 'timeoutMs': CONFIG['approval_timeout_ms']})

    def on_timeout():
        return {'allowed': False, 'reason': APPROVAL_TIMEOUT,
                'message': 'no answer within ' + str(round(CONFIG['approval_timeout_ms'] / 1000)) + ' s; denied'}
    verdict = await with_timeout(waiter.promise, CONFIG['approval_timeout_ms'], on_timeout)
    _tell(ctx, {'stage': 'approval_decided', 'tool': tool['name'], 'allowed': verdict['allowed'] == True,
                'reason': None if verdict['allowed'] else verdict['reason']})
    if verdict['allowed']:
        verdict['hash'] = digest
    await _finish(approval_id)
    return verdict


async def _finish(approval_id):
    live = _live[approval_id] if approval_id in _live else None
    if live == None:
        return
    drop_key(_live, approval_id)
    name = live['record']['tool']

    def drop(records):
        if name in records and records[name]['id'] == approval_id:
            drop_key(records, name)
    await _edit(drop)
    if live['window'] != None:
        await window_remove(live['window'])


def view(approval_id):
    """What the approval page shows, or None when the approval is unknown or over."""
    if approval_id not in _live:
        return None
    live = _live[approval_id]
    return {'id': approval_id, 'tool': live['record']['tool'], 'origin': live['record']['origin'],
            'risk': live['risk'], 'preview': live['preview'], 'theme': live['theme'],
            'flags': live['flags'], 'confirm': live['confirm'], 'source': live['source'],
            'expires': live['expires'], 'now': now_ms(), 'remember': live['remember'], 'title': live['title']}


def typed_ok(confirm, typed):
    """Every recipient to confirm has its address or domain typed at the same position."""
    if len(confirm) == 0:
        return True
    if kind_of(typed) != 'array' or len(typed) != len(confirm):
        return False
    for i in range(len(confirm)):
        if not confirmation_matches(confirm[i], typed[i]):
            return False
    return True


def decide(approval_id, allow, sender_window, typed, remember=None):
    """The approval page's answer. Only the window we opened for this approval may answer; an Allow
    that lacks a recipient confirmation the user had to type is a denial. `remember`: the page's
    "Remember for 8 hours" box, shown only when the request offered it (MCP pairing)."""
    if approval_id not in _live:
        return False
    live = _live[approval_id]
    if live['window'] == None or sender_window != live['window']:
        return False
    if allow == True and not typed_ok(live['confirm'], typed):
        live['waiter'].resolve({'allowed': False, 'reason': APPROVAL_DENIED,
                                'message': 'a new recipient was not confirmed in the approval window'})
    elif allow == True:
        live['waiter'].resolve({'allowed': True, 'remember': live['remember'] != None and remember == True})
    else:
        live['waiter'].resolve({'allowed': False, 'reason': APPROVAL_DENIED, 'message': 'the user denied it'})
    return True


def _on_window_closed(window_id):
    for approval_id in obj_keys(_live):
        live = _live[approval_id]
        if live['window'] == window_id:
            live['window'] = None
            live['waiter'].resolve({'allowed': False, 'reason': APPROVAL_DENIED,
                                    'message': 'the approval window was closed'})


def void_call(call_id, reason, message):
    """A caller that went away (an MCP client cancelled, its socket closed): its approval is denied
    and its window closes, so a human never approves an orphaned call. The side panel's Stop uses it
    too. True when the call had an approval waiting."""
    for approval_id in obj_keys(_live):
        live = _live[approval_id]
        if call_id != None and live['call_id'] == call_id:
            live['waiter'].resolve({'allowed': False, 'reason': reason, 'message': message})
            return True
    return False


def pending_summary():
    return [{'id': i, 'tool': _live[i]['record']['tool'], 'window': _live[i]['window']} for i in obj_keys(_live)]


async def focus(approval_id):
    if approval_id in _live and _live[approval_id]['window'] != None:
        await window_focus(_live[approval_id]['window'])


async def recover_orphans():
    """After a worker restart: approvals an earlier instance opened are denied and their windows closed."""
    records = await _records()
    orphaned = [records[name] for name in obj_keys(records) if records[name]['instance'] != INSTANCE]
    if len(orphaned) == 0:
        return []

    def drop(current):
        for rec in orphaned:
            if rec['tool'] in current and current[rec['tool']]['id'] == rec['id']:
                drop_key(current, rec['tool'])
    await _edit(drop)
    for rec in orphaned:
        if rec['window'] != None:
            await window_remove(rec['window'])
    return orphaned


on_window_removed(_on_window_closed)
