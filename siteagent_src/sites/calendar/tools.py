"""Google Calendar's tools, each declared once: the catalogue and both dispatch tables come from here.

Handlers: sites/calendar/tab.py (in the Calendar tab) and sites/calendar/worker.py (in the service
worker). Reads run in the Calendar tab. Drafts go through the real event-edit URL and stay unsaved.
Every change guests can see (save, update, add guests, RSVP, delete) is irreversible: it waits for the
approval window, and "send emails to guests?" is answered from the explicit send_updates argument.
Only the worker half imports this module; the names both halves use are in sites/calendar/ids.py.
"""
from core.tooling import declare_site, declare_tool, object_schema
from sites.calendar import ids
from core.contracts import declare_contracts
from sites.calendar import unconfirmed
from sites.calendar.logic import BASE, UNTRUSTED_NOTE

# What the health check counts: the contract table (sites/calendar/contracts.py), which the tab half holds.
SITE = declare_site(ids.SITE, BASE, {})

_ID = {'type': 'string', 'minLength': 1, 'maxLength': 400,
       'description': 'The event id exactly as calendar_list_events returned it.'}
_SEND = {'type': 'boolean',
         'description': ('Answer to Calendar\'s "send emails to guests?" question: true = Send, false = '
                         'Don\'t send. Required so the answer is never guessed; ask the user if unsure. '
                         'Ignored when Calendar does not ask (no guests).')}
_WHEN = ('ISO 8601: YYYY-MM-DD for all-day, or YYYY-MM-DDTHH:MM[:SS] (Calendar\'s own time zone) '
         'optionally with Z or +HH:MM')
_GUESTS = {'type': 'array', 'maxItems': 50,
           'items': {'type': 'string', 'minLength': 3, 'maxLength': 254},
           'description': 'Plain email addresses (name@example.com), no display names.'}


STATUS = declare_tool(
    SITE, 'calendar_status', 'read',
    'Use first to see where Google Calendar is: returns {signed_in, account, view ("day"|"week"|"month"|'
    'null), range: {start, end} (the visible dates, YYYY-MM-DD), editor_open, url}. Opens a Calendar tab '
    'in the background if none is open. Changes nothing.',
    object_schema({}, []), 'tab')
LIST_EVENTS = declare_tool(
    SITE, 'calendar_list_events', 'read',
    'Use to list the events in the range the view shows now (move it with calendar_go_to_date). Returns '
    '{view, range, count, events: [{id, title, start, end, all_day, location, organizer, calendar, my_rsvp}]}; '
    'times are local ISO (YYYY-MM-DDTHH:MM:SS, Calendar\'s time zone) or dates for all-day events; '
    'my_rsvp is "yes"|"no"|"maybe"|"needs_action", or null when you were not invited. organizer is the '
    'organizer\'s name on invitations, else null (Calendar does not say; calendar then names the calendar the '
    'event is in). Marked untrusted: '
    + UNTRUSTED_NOTE + ' Changes nothing.',
    object_schema({}, []), 'tab', {'untrusted_kind': 'event'})
GO_TO_DATE = declare_tool(
    SITE, 'calendar_go_to_date', 'read',
    'Use to move the Calendar view to a date before listing events. `date` is YYYY-MM-DD; `view` is '
    '"day", "week" or "month" (default: the current view, else week). Returns the same as '
    'calendar_status for the new view. Changes no event.',
    object_schema({'date': {'type': 'string', 'minLength': 10, 'maxLength': 10, 'description': 'YYYY-MM-DD'},
             'view': {'type': 'string', 'enum': ['day', 'week', 'month']}}, ['date']), 'worker')
READ_EVENT = declare_tool(
    SITE, 'calendar_read_event', 'read',
    'Use to read one event shown in the current view: returns {id, title, start, end, all_day, when, '
    'location, organizer (null with organizer_note when the page does not say), my_rsvp, guests: [{email, '
    'name, rsvp, organizer}], conference_link, '
    'description: {untrusted: true, text}, can_edit}. Marked untrusted: ' + UNTRUSTED_NOTE +
    ' Opens and closes the event\'s details; changes nothing.',
    object_schema({'event_id': _ID}, ['event_id']), 'tab', {'untrusted_kind': 'event'})
DRAFT_EVENT = declare_tool(
    SITE, 'calendar_draft_event', 'write',
    'Use to prepare a new event for the user to check: opens Calendar\'s event editor prefilled with '
    'title, start, end (' + _WHEN + '; all-day: dates, end = last day, inclusive), guests, description '
    'and location. It stays UNSAVED and nobody is invited; call calendar_save_event to save it (that asks '
    'the user). Returns {drafted: true, saved: false, editor: {title, start, end, all_day, guests, '
    'location, description}}. Opening it replaces what the Calendar tab showed.',
    object_schema({'title': {'type': 'string', 'minLength': 1, 'maxLength': 500},
             'start': {'type': 'string', 'minLength': 10, 'maxLength': 40, 'description': _WHEN},
             'end': {'type': 'string', 'minLength': 10, 'maxLength': 40,
                     'description': 'Required for timed events; for all-day events the last day (default: start).'},
             'guests': _GUESTS,
             'description': {'type': 'string', 'maxLength': 8000},
             'location': {'type': 'string', 'maxLength': 500}}, ['title', 'start']), 'worker',
    {'recipients': ['guests'], 'outbound': ['title', 'description', 'location']})
SAVE_EVENT = declare_tool(
    SITE, 'calendar_save_event', 'irreversible',
    'Use after calendar_draft_event (or when the user has an event editor open) to save it. The user '
    'approves first and sees guests, title, time, location and description. Saving with guests sends '
    'invitations when send_updates is true. Returns {saved: true, emails_asked, emails_sent}.',
    object_schema({'send_updates': _SEND}, ['send_updates']), 'worker')
UPDATE_EVENT = declare_tool(
    SITE, 'calendar_update_event', 'irreversible',
    'Use to change the title, start, end (local wall time as Calendar shows it: YYYY-MM-DDTHH:MM, or '
    'YYYY-MM-DD for all-day events; no offsets), location or description of an event you organise, then '
    'save. Give only the fields to change. The user approves first and sees each change as before → '
    'after, guests first. Returns {saved: true, changed: [field names], emails_asked, emails_sent}.',
    object_schema({'event_id': _ID,
             'title': {'type': 'string', 'minLength': 1, 'maxLength': 500},
             'start': {'type': 'string', 'minLength': 10, 'maxLength': 19},
             'end': {'type': 'string', 'minLength': 10, 'maxLength': 19},
             'location': {'type': 'string', 'maxLength': 500},
             'description': {'type': 'string', 'maxLength': 8000},
             'send_updates': _SEND}, ['event_id', 'send_updates']), 'worker',
    {'outbound': ['title', 'description', 'location']})
ADD_GUESTS = declare_tool(
    SITE, 'calendar_add_guests', 'irreversible',
    'Use to invite more people to an event you organise, then save. The user approves first and sees '
    'the new guests first. Addresses already invited are skipped (returned as already_guests). Returns '
    '{saved, added: [emails], already_guests: [emails], emails_asked, emails_sent}.',
    object_schema({'event_id': _ID,
             'guests': {'type': 'array', 'minItems': 1, 'maxItems': 50,
                        'items': {'type': 'string', 'minLength': 3, 'maxLength': 254},
                        'description': 'Plain email addresses (name@example.com).'},
             'send_updates': _SEND}, ['event_id', 'guests', 'send_updates']), 'worker', {'recipients': ['guests'], 'sink': 'calendar_guests'})
RSVP = declare_tool(
    SITE, 'calendar_rsvp', 'irreversible',
    'Use to answer an invitation shown in the current view: "yes", "no" or "maybe". The organizer sees '
    'the answer. The user approves first. Returns {answered, before, changed}. Fails for events you '
    'organise (nothing to answer).',
    object_schema({'event_id': _ID, 'response': {'type': 'string', 'enum': ['yes', 'no', 'maybe']}}, ['event_id', 'response']), 'tab', {'idempotent': True})
DELETE_EVENT = declare_tool(
    SITE, 'calendar_delete_event', 'irreversible',
    'Use to delete an event you organise that is shown in the current view. The user approves first and '
    'sees the guests who lose the event. With guests, send_updates decides whether cancellation emails '
    'go out. Returns {deleted: true, emails_asked, emails_sent}.',
    object_schema({'event_id': _ID, 'send_updates': _SEND}, ['event_id', 'send_updates']), 'tab')


# Checked per contract in the tab; the irreversible tools that rely on an unconfirmed contract say so
# (sites/calendar/unconfirmed.py: all the service worker carries of the table).
declare_contracts(SITE, unconfirmed.ROWS)
