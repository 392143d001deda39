"""Google Calendar's page contracts as its tab half reads them: every selector, attribute, label and
text format the adapter relies on (`TABLE`: id, locators, status, the tools that use it, the page
states where the health check expects it) and the labels per language (`LABELS`). What each
contract is and the evidence for it: sites/calendar/evidence.py (the docs'; never bundled). The
unconfirmed contracts are written in sites/calendar/unconfirmed.py, because the service worker needs
them too (the caveats of irreversible tools), and put here at their place with their locators. How the table is
used: core/contracts.py.
"""
from core.contracts import contract, unconfirmed_contract, css, texted
# The unconfirmed contracts, each put in TABLE at its place with its locators.
from sites.calendar.unconfirmed import MAIN, GRID, GUEST_RSVP_WORDS, RSVP_GROUP, EDITOR_LOCATION

CONFIRMED = 'confirmed'
PARTLY = 'partly'

BUBBLE_TOOLS = ['calendar_read_event', 'calendar_rsvp', 'calendar_delete_event', 'calendar_update_event',
                'calendar_add_guests']
CHIP_TOOLS = ['calendar_list_events', 'calendar_read_event', 'calendar_rsvp', 'calendar_delete_event',
              'calendar_update_event', 'calendar_add_guests']
TITLE_TOOLS = ['calendar_draft_event', 'calendar_save_event', 'calendar_update_event', 'calendar_add_guests',
               'calendar_status']
EDITOR_TOOLS = ['calendar_draft_event', 'calendar_save_event', 'calendar_update_event', 'calendar_add_guests']
LIST_TOOLS = ['calendar_status', 'calendar_list_events', 'calendar_go_to_date']

LABELS = {'en': {
    'google_account': 'Google Account',
    # the chip label (contract chip_label_format)
    'all_day': 'All day',
    'to': ' to ',
    'at': ' at ',
    'range_dash': [' \u2013 ', ' - '],
    'months': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
               'November', 'December'],
    'no_location': 'No location',
    'location': 'Location: ',
    'calendar': 'Calendar: ',
    'working_location': 'Working location: ',
    'rsvp': {'Accepted': 'yes', 'Declined': 'no', 'Tentative': 'maybe', 'Maybe': 'maybe', 'Needs RSVP': 'needs_action'},
    # the page
    'view_names': {'Day': 'day', 'Week': 'week', 'Month': 'month'},
    'view_keys': {'DAY': 'day', 'WEEK': 'week', 'MONTH': 'month'},
    'organizer_words': ['Organizer', 'Organiser'],
    'guest_rsvp': {'attending': 'yes', 'going': 'yes', 'accepted': 'yes', 'declined': 'no', 'not attending': 'no',
                   'not going': 'no', 'maybe': 'maybe', 'tentative': 'maybe', 'awaiting': 'needs_action',
                   'awaiting response': 'needs_action'},
    'going': 'Going?',
    'rsvp_answers': {'yes': 'yes', 'no': 'no', 'maybe': 'maybe'},
    'edit_event': 'Edit event',
    'delete_event': 'Delete event',
    'close': 'Close',
    'save': 'Save',
    'add_location': 'Add location',
    'location_field': 'Location',
    'description_field': 'Description',
    'add_guests': 'Add guests',
    'guests_field': 'Guests',
    'guests_invited': 'Guests invited to this event.',
    'location_label': 'Location:',
    'description_label': 'Description:',
    'send': 'Send',
    'dont_send': ['Don\'t send', 'Don\u2019t send'],
    'back': ['Back', 'Cancel'],
}}

TABLE = [
    # --- the page ---
    unconfirmed_contract(MAIN, [css('div[role="main"]')], []),
    contract('account', [css('a[aria-label^="{google_account}"]'), css('a[href^="https://accounts.google.com/SignOutOptions"]')], CONFIRMED, ['calendar_status', 'calendar_rsvp', 'calendar_delete_event',
                                            'calendar_save_event'], ['*']),
    contract('view_switcher', [css('button[jsname="jnPWCc"] [jsname="V67aGc"]'),
                                                css('button[jsname="jnPWCc"][aria-haspopup="menu"]'),
                                                css('html[data-prefetch-view-key]')], PARTLY, ['calendar_status', 'calendar_go_to_date'], ['grid']),
    unconfirmed_contract(GRID, [css('div[role="main"] [role="grid"]')], []),
    contract('day_cells', [css('[data-datekey]')], PARTLY, LIST_TOOLS, ['grid']),
    contract('datekey_layout', [], CONFIRMED, LIST_TOOLS, []),
    contract('event_chip', [css('[data-eventchip][data-eventid]')], CONFIRMED, CHIP_TOOLS, []),
    contract('chip_sr_text', [css('.XuJrye')], PARTLY, ['calendar_list_events'], []),
    contract('chip_title', [css('.I0UMhf')], CONFIRMED, ['calendar_list_events'], []),
    contract('chip_label_format', [], CONFIRMED, CHIP_TOOLS, []),
    contract('rsvp_words', [], PARTLY, ['calendar_list_events'], []),
    # --- the event bubble ---
    contract('bubble', [css('#xDetDlg[data-eventid]')], CONFIRMED, BUBBLE_TOOLS, []),
    contract('bubble_close', [css('#xDetDlgCloseBu'), css('[aria-label="{close}"]')], CONFIRMED, BUBBLE_TOOLS, []),
    contract('bubble_title', [css('#rAECCd')], CONFIRMED, ['calendar_read_event'], []),
    contract('bubble_when', [css('#xDetDlgWhen')], CONFIRMED, ['calendar_read_event'], []),
    contract('bubble_location', [css('#xDetDlgLoc')], PARTLY, ['calendar_read_event', 'calendar_update_event'], []),
    contract('bubble_description', [css('#xDetDlgDesc')], PARTLY, ['calendar_read_event', 'calendar_update_event'], []),
    contract('bubble_video', [css('#xDetDlgVideo a[href^="https://meet.google.com/"]')],
             PARTLY, ['calendar_read_event'], []),
    contract('bubble_guests', [css('#xDetDlgAtt [data-email]')], PARTLY, BUBBLE_TOOLS, []),
    contract('organizer_word', [], PARTLY, ['calendar_read_event', 'calendar_rsvp', 'calendar_delete_event'], []),
    contract('organizer_id', [css('#xDtlDlgOrg')], PARTLY, ['health'], []),
    unconfirmed_contract(GUEST_RSVP_WORDS, [], []),
    unconfirmed_contract(RSVP_GROUP, [css('[aria-label="{going}"] [role="radio"]'), css('#xDetDlgRsvp [role="radio"]')], []),
    contract('edit_button', [css('[aria-label="{edit_event}"]')],
             CONFIRMED, ['calendar_update_event', 'calendar_add_guests', 'calendar_read_event'], []),
    contract('delete_button', [css('[aria-label="{delete_event}"]')], PARTLY, ['calendar_delete_event'], []),
    # --- the editor ---
    contract('editor_title', [css('#xTiIn')], CONFIRMED, TITLE_TOOLS, ['editor']),
    contract('editor_dates', [css('#xStDaIn'), css('#xEnDaIn')], CONFIRMED, EDITOR_TOOLS, ['editor']),
    contract('editor_times', [css('#xStTiIn'), css('#xEnTiIn')], CONFIRMED, EDITOR_TOOLS, []),
    contract('editor_all_day', [css('#xAlDaCbx[role="checkbox"]')], PARTLY, EDITOR_TOOLS, []),
    unconfirmed_contract(EDITOR_LOCATION, [css('input[aria-label="{add_location}"]'), css('input[aria-label="{location_field}"]')], []),
    contract('editor_description', [css('div[aria-label="{description_field}"][contenteditable="true"]')], PARTLY, ['calendar_draft_event', 'calendar_save_event',
                                                             'calendar_update_event'], []),
    contract('editor_guest_input', [css('input[aria-label="{add_guests}"]'), css('[aria-label="{guests_field}"] input')],
             PARTLY, ['calendar_add_guests', 'calendar_draft_event'], []),
    contract('editor_guest_list', [css('[aria-label="{guests_invited}"] [data-email]')],
             PARTLY, ['calendar_save_event', 'calendar_add_guests', 'calendar_draft_event'], []),
    contract('editor_guest_section', [css('[aria-label="{guests_invited}"]')],
             PARTLY, ['calendar_save_event', 'calendar_add_guests'], []),
    contract('save_button', [css('#xSaveBu'), css('[aria-label="{save}"]')], CONFIRMED, EDITOR_TOOLS, ['editor']),
    contract('send_emails_dialog', [texted('button, [role="button"], div', 'dont_send', 'equals')],
             PARTLY, ['calendar_save_event', 'calendar_update_event', 'calendar_add_guests', 'calendar_delete_event'], []),
    contract('urls', [], PARTLY, ['calendar_draft_event', 'calendar_go_to_date', 'calendar_status'], []),
    contract('editor_formats', [], PARTLY, ['calendar_update_event', 'calendar_draft_event'], []),
]
