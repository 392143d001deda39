"""Google Calendar's worker half: navigates the Calendar tab (view URLs, the event-edit URL), runs
the tab half's steps there, and builds the approval previews from what the page shows.

Each handler returns a plain result or raises ToolError.
"""
from core.outcome import ToolError, invalid_arg, result_of
from core.reasons import ADAPTER_ERROR
from sites.calendar.logic import (event_times, eventedit_url, view_url, check_guests, local_time, save_preview,
                                  update_preview, add_guests_preview, rsvp_preview, delete_preview)
from sites.calendar.ids import SNAPSHOT, EDITOR_STATE, OPEN_EDITOR, FILL_EDITOR, COMMIT_EDITOR
from sites.calendar.tools import (SITE, STATUS, GO_TO_DATE, DRAFT_EVENT, SAVE_EVENT, UPDATE_EVENT, ADD_GUESTS, RSVP,
                                  DELETE_EVENT)
from sites.kit.worker import worker_handler, site_hooks, site_tab, navigate, in_tab

EDIT_FIELDS = ['title', 'start', 'end', 'location', 'description']


def _arg(args, key):
    return args[key] if key in args else None


async def _tab():
    return await site_tab(SITE, SITE['open_url'])


@worker_handler(GO_TO_DATE)
async def go_to_date(args, ctx):
    tab = await _tab()
    view = _arg(args, 'view')
    if view == None:
        try:
            now = await in_tab(tab['id'], STATUS, {})
            view = now['view'] if now['view'] != None else 'week'
        except ToolError:
            view = 'week'
    target = result_of(view_url(view, args['date']))
    await navigate(tab['id'], target['url'])
    return await in_tab(tab['id'], STATUS, {})


@worker_handler(DRAFT_EVENT)
async def draft_event(args, ctx):
    times = result_of(event_times(args['start'], _arg(args, 'end')))
    guests = []
    if 'guests' in args:
        guests = result_of(check_guests(args['guests'], 'guests'))['guests']
    url = eventedit_url(args['title'], times['dates'], _arg(args, 'description'), _arg(args, 'location'), guests)
    tab = await _tab()
    await navigate(tab['id'], url)
    return {'drafted': True, 'saved': False, 'editor': await in_tab(tab['id'], EDITOR_STATE, {})}


@worker_handler(SAVE_EVENT)
async def save_event(args, ctx):
    tab = await _tab()
    editor = await in_tab(tab['id'], EDITOR_STATE, {})
    if editor['event_id'] != None:
        raise invalid_arg('(editor)', 'the open editor belongs to an existing event; use calendar_update_event')
    if editor['guests'] == None:
        raise ToolError(ADAPTER_ERROR, 'the editor\'s guest list cannot be read, so who would be invited is unknown; '
                        'nothing was saved', {'hint': 'check the Calendar tab; the page may have changed'})
    return await in_tab(tab['id'], COMMIT_EDITOR, {'send_updates': args['send_updates']})


async def _open_editor(event_id):
    """{tab_id, opened: the editor's fields} with the event's editor open."""
    tab = await _tab()
    return {'tab_id': tab['id'], 'opened': await in_tab(tab['id'], OPEN_EDITOR, {'event_id': event_id})}


@worker_handler(UPDATE_EVENT)
async def update_event(args, ctx):
    fields = {}
    for key in EDIT_FIELDS:
        if key in args:
            fields[key] = args[key]
    if len(fields) == 0:
        raise invalid_arg('title', 'give at least one of title, start, end, location, description')
    for key in ['start', 'end']:
        if key in fields:
            result_of(local_time(fields[key], key))
    editing = await _open_editor(args['event_id'])
    filled = await in_tab(editing['tab_id'], FILL_EDITOR, fields)
    changed = [key for key in EDIT_FIELDS if key in fields and editing['opened'][key] != filled[key]]
    saved = await in_tab(editing['tab_id'], COMMIT_EDITOR, {'send_updates': args['send_updates']})
    saved['changed'] = changed
    return saved


@worker_handler(ADD_GUESTS)
async def add_guests(args, ctx):
    checked = result_of(check_guests(args['guests'], 'guests'))
    editing = await _open_editor(args['event_id'])
    opened = editing['opened']
    adding = [g for g in checked['guests'] if g not in opened['guests']]
    already = [g for g in checked['guests'] if g in opened['guests']]
    if len(adding) == 0:
        return {'saved': False, 'added': [], 'already_guests': already, 'emails_asked': False, 'emails_sent': None}
    await in_tab(editing['tab_id'], FILL_EDITOR, {'guests': adding})
    saved = await in_tab(editing['tab_id'], COMMIT_EDITOR, {'send_updates': args['send_updates']})
    saved['added'] = adding
    saved['already_guests'] = already
    return saved


async def _peek(read):
    """Read the page for a preview without opening a tab (read: async tab_id -> value); a failure
    becomes {ok: False, message}, which the previews show."""
    try:
        tab = await site_tab(SITE, None)
        value = await read(tab['id'])
    except ToolError as err:
        return {'ok': False, 'message': err.detail}
    if value == None:
        return {'ok': False, 'message': 'nothing was read'}
    return value


async def _peek_event(event_id):
    async def read(tab_id):
        return await in_tab(tab_id, SNAPSHOT, {'event_id': event_id})
    return await _peek(read)


async def _peek_editor():
    async def read(tab_id):
        return await in_tab(tab_id, EDITOR_STATE, {})
    return await _peek(read)


async def preview(tool_name, args):
    if tool_name == SAVE_EVENT['name']:
        return save_preview(await _peek_editor(), args['send_updates'])
    if tool_name == UPDATE_EVENT['name']:
        text = update_preview(await _peek_event(args['event_id']), args)
        for key in ['start', 'end']:
            if key in args and not local_time(args[key], key)['ok']:
                text = 'This call will be refused: ' + local_time(args[key], key)['message'] + '\n' + text
        return text
    if tool_name == ADD_GUESTS['name']:
        checked = check_guests(args['guests'], 'guests')
        if not checked['ok']:
            return 'This call will be refused: ' + checked['message']
        return add_guests_preview(await _peek_event(args['event_id']), checked['guests'],
                                  args['send_updates'])
    if tool_name == RSVP['name']:
        return rsvp_preview(await _peek_event(args['event_id']), args['response'])
    if tool_name == DELETE_EVENT['name']:
        return delete_preview(await _peek_event(args['event_id']), args['send_updates'])
    return None


site_hooks(SITE, {'preview': preview})
