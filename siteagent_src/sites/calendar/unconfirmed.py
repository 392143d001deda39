"""Google Calendar's unconfirmed page contracts: the rows of its table (sites/calendar/contracts.py `TABLE`)
that no source or capture shows, each with a note saying what it was reconstructed from.

Written here, not in contracts.py, because they are all the service worker carries of the table
(docs/ADAPTERS.md, "List what the site reads"; kept so by SA711).
"""
from core.contracts import contract, css

UNCONFIRMED = 'unconfirmed'
# Cited here and in contracts.py, which imports it from here.
SAVED = 'halozone/ServantAir-PWA@6cba036b4e09:reference_code/googlecalendar.js'

MAIN = contract(
    'main', 'the main area (div[role=main])', [css('div[role="main"]')], UNCONFIRMED, [], ['health'], [],
    'reconstructed: the one saved real Calendar page lacks its event area; nothing waits for it')

GRID = contract(
    'grid', 'the event grid ([role=grid] in the main area)', [css('div[role="main"] [role="grid"]')],
    UNCONFIRMED, [SAVED + '#L8266'], ['health'], [],
    'reconstructed: the saved page\'s only role=grid is the mini-month; the page is ready on [data-datekey], '
    'a chip or the editor instead')

GUEST_RSVP_WORDS = contract(
    'guest_rsvp_words', 'a guest\'s answer in its label (Attending, Declined, Maybe, Awaiting)', [], UNCONFIRMED,
    [], ['calendar_read_event'], [], 'reconstructed: sources show only "Organizer" and "Optional" in guest labels')

RSVP_GROUP = contract(
    'rsvp_group', 'your answer\'s radios ("Going?" Yes / No / Maybe, [role=radio][aria-checked])',
    [css('[aria-label="{going}"] [role="radio"]'), css('#xDetDlgRsvp [role="radio"]')], UNCONFIRMED, [],
    ['calendar_rsvp', 'calendar_read_event'], [],
    'reconstructed from the bubble\'s visible "Going? Yes No Maybe"; no public selector')

EDITOR_LOCATION = contract(
    'editor_location', 'the editor\'s location field ("Add location")',
    [css('input[aria-label="{add_location}"]'), css('input[aria-label="{location_field}"]')], UNCONFIRMED,
    ['index 52713853716 (repository undisclosed)'], ['calendar_draft_event', 'calendar_save_event', 'calendar_update_event'],
    [],
    'reconstructed from one selector note; #xLocIn has no source at all')

# In TABLE order.
ROWS = [MAIN, GRID, GUEST_RSVP_WORDS, RSVP_GROUP, EDITOR_LOCATION]
