"""Google Calendar's unconfirmed page contracts: the contracts of its table (sites/calendar/contracts.py
`TABLE`) that no source or capture shows, each with what it is, the tools that rely on it and a note
saying what it was reconstructed from; contracts.py gives each its locators (`unconfirmed_contract`).

Written here, not in contracts.py or evidence.py, because they are all the service worker carries of
the table: the caveats of the irreversible tools that rely on them (docs/ADAPTERS.md, "List what the
site reads"; kept so by SA711).
"""
from core.contracts import unconfirmed

# Cited here and in evidence.py, which imports it from here.
SAVED = 'halozone/ServantAir-PWA@6cba036b4e09:reference_code/googlecalendar.js'

MAIN = unconfirmed(
    'main', 'the main area (div[role=main])',
    [], ['health'],
    'reconstructed: the one saved real Calendar page lacks its event area; nothing waits for it')

GRID = unconfirmed(
    'grid', 'the event grid ([role=grid] in the main area)',
    [SAVED + '#L8266'], ['health'],
    'reconstructed: the saved page\'s only role=grid is the mini-month; the page is ready on [data-datekey], '
    'a chip or the editor instead')

GUEST_RSVP_WORDS = unconfirmed(
    'guest_rsvp_words', 'a guest\'s answer in its label (Attending, Declined, Maybe, Awaiting)',
    [], ['calendar_read_event'],
    'reconstructed: sources show only "Organizer" and "Optional" in guest labels')

RSVP_GROUP = unconfirmed(
    'rsvp_group', 'your answer\'s radios ("Going?" Yes / No / Maybe, [role=radio][aria-checked])',
    [], ['calendar_rsvp', 'calendar_read_event'],
    'reconstructed from the bubble\'s visible "Going? Yes No Maybe"; no public selector')

EDITOR_LOCATION = unconfirmed(
    'editor_location', 'the editor\'s location field ("Add location")',
    ['index 52713853716 (repository undisclosed)'], ['calendar_draft_event', 'calendar_save_event', 'calendar_update_event'],
    'reconstructed from one selector note; #xLocIn has no source at all')

# In TABLE order.
ROWS = [MAIN, GRID, GUEST_RSVP_WORDS, RSVP_GROUP, EDITOR_LOCATION]
