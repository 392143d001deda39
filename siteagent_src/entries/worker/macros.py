"""Macro recording and storage (chrome.storage.local), import and export.

A recording lives in chrome.storage.session: `{source: "console"|"site", remaining: N or None, calls: []}`.
It takes the calls of that source that succeeded, until `remaining` reaches 0 or it is stopped.
"""
from sites.macros.logic import MACROS_KEY, check_macro, check_file, export_file, make_macro, MAX_STEPS
from core.outcome import failure
from core.reasons import INVALID_ARGS
from webapi.chrome import storage_get, storage_set
from webapi.js import serialized, obj_keys, drop_key, from_json, clone
from entries.worker.sites import catalogue
from webapi.cached_key import CachedKey, KEEP

RECORDING_KEY = 'macro_recording'
_recording = CachedKey('session', RECORDING_KEY, lambda: None)     # read after every call


async def recording():
    return await _recording.read()


async def _set_recording(state):
    await _recording.change(lambda old: state)


async def start_recording(source, count):
    state = {'source': 'site' if source == 'site' else 'console', 'active': True,
             'remaining': count if count != None and count > 0 else None, 'calls': []}
    await _set_recording(state)
    return state


async def stop_recording():
    state = await recording()
    if state == None:
        return {'source': 'console', 'active': False, 'remaining': None, 'calls': []}
    state['active'] = False
    await _set_recording(state)
    return state


async def discard_recording():
    await _set_recording(None)


async def note_call(name, args, source, outcome):
    """Called after every call: append it to an active recording of that source."""
    if name == 'macro_run' or name == 'macro_list' or not outcome['ok']:
        return

    def edit(state):
        if state == None or not state['active'] or state['source'] != source:
            return KEEP
        state['calls'].append({'tool': name, 'args': clone(args)})
        if state['remaining'] != None:
            state['remaining'] = state['remaining'] - 1
            if state['remaining'] <= 0:
                state['active'] = False
        if len(state['calls']) >= MAX_STEPS:
            state['active'] = False
        return state
    await _recording.change(edit)


async def all_macros():
    return await storage_get('local', MACROS_KEY, {})


async def _store(change):
    async def write():
        macros = await all_macros()
        change(macros)
        await storage_set('local', MACROS_KEY, macros)
        return macros
    return await serialized(MACROS_KEY, write)


def invalid(errors):
    first = errors[0]
    return failure(INVALID_ARGS, first['field'] + ': ' + first['message'], {'field': first['field'], 'errors': errors})


async def save_recorded(name, description, marks):
    """Save the current recording as a macro; marks `[{step, arg, param}]` turn arguments into parameters."""
    state = await recording()
    calls = state['calls'] if state != None else []
    if len(calls) == 0:
        return failure(INVALID_ARGS, 'steps: nothing was recorded', {'field': 'steps', 'errors': [
            {'field': 'steps', 'message': 'nothing was recorded'}]})
    macro = make_macro(name, description, calls, marks if marks != None else [])
    errors = check_macro(macro, catalogue(), '')
    if len(errors) > 0:
        return invalid(errors)

    def put(macros):
        macros[macro['name']] = macro
    await _store(put)
    await discard_recording()
    return {'ok': True, 'macro': macro}


async def delete_macro(name):
    def drop(macros):
        if name in macros:
            drop_key(macros, name)
    await _store(drop)
    return {'ok': True}


async def export_all():
    macros = await all_macros()
    return export_file([macros[name] for name in obj_keys(macros)])


async def import_text(text):
    """Parse and validate an export file; store its macros only when every one is valid."""
    parsed = from_json(text)
    if not parsed['ok']:
        return failure(INVALID_ARGS, '(file): not JSON: ' + parsed['error'], {'field': '(file)', 'errors': [
            {'field': '(file)', 'message': 'is not JSON: ' + parsed['error']}]})
    data = parsed['value']
    errors = check_file(data, catalogue())
    if len(errors) > 0:
        return invalid(errors)

    def put(macros):
        for macro in data['macros']:
            macros[macro['name']] = macro
    await _store(put)
    return {'ok': True, 'imported': [m['name'] for m in data['macros']]}
