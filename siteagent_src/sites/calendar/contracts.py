"""Google Calendar's page contracts and labels: everything the Calendar adapter reads, with its evidence.

No permissively licensed capture of a Calendar grid, bubble or editor exists (../shared/corpus/google
/NOTICE.md). Evidence is public code and text that drive or describe the real page: a saved real
Calendar page (halozone/ServantAir-PWA, no licence: cited and measured, never copied), gmate, the
chip labels scrapers quote, and search-index excerpts ("index N": repository undisclosed, weaker).
How the table is used: core/contracts.py.
"""
from core.contracts import contract, css, texted
# The unconfirmed rows (each put in TABLE at its place) and the source they cite, which this table cites too.
from sites.calendar.unconfirmed import MAIN, GRID, GUEST_RSVP_WORDS, RSVP_GROUP, EDITOR_LOCATION, SAVED

CONFIRMED = 'confirmed'
PARTLY = 'partly'

GMATE_COMMON = 'codemonkeycxy/gmate@d87883e73d0c:script/shared/common.js'
GMATE_SAVE = 'codemonkeycxy/gmate@be27f23dc075:script/content/save-edit.js'
ISMITH = 'ismith/gcal-boostlingo-scheduler@fb5659659683:gcal.js'

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
    MAIN,
    contract('account', 'the account control ("Google Account: Name (email)")',
             [css('a[aria-label^="{google_account}"]'), css('a[href^="https://accounts.google.com/SignOutOptions"]')],
             CONFIRMED, [SAVED + '#L4868', SAVED + '#L8945'], ['calendar_status', 'calendar_rsvp', 'calendar_delete_event',
                                            'calendar_save_event'], ['*'],
             'the signed-in address: organizer checks and "skip yourself" in guest lists'),
    contract('view_switcher', 'the view switcher\'s label (button[jsname=jnPWCc] > [jsname=V67aGc] "Day"), else '
             '<html data-prefetch-view-key>', [css('button[jsname="jnPWCc"] [jsname="V67aGc"]'),
                                                css('button[jsname="jnPWCc"][aria-haspopup="menu"]'),
                                                css('html[data-prefetch-view-key]')], PARTLY,
             [SAVED + '#L4669', SAVED + '#L4674', SAVED + '#L4688', SAVED + '#L2', SAVED + '#L4422'], ['calendar_status', 'calendar_go_to_date'], ['grid'],
             '[jsname="V67aGc"] alone is Google\'s generic button-label slot (11 on the saved page, the first "Skip to main '
             'content"): the URL path is read first'),
    GRID,
    contract('day_cells', 'the view\'s days ([data-datekey])', [css('[data-datekey]')], PARTLY,
             ['index 51921950830 (repository undisclosed)', 'index 17248477212 (repository undisclosed)'],
             LIST_TOOLS, ['grid'], 'no source pairs it with role=gridcell'),
    contract('datekey_layout', 'data-datekey = (year - 1970) << 9 | month << 5 | day', [], CONFIRMED,
             ['index 69103229784 (repository undisclosed)', 'index 13317035333 (repository undisclosed)', 'index 66543596553 (repository undisclosed)'], LIST_TOOLS, [],
             'two excerpts, repositories undisclosed'),
    contract('event_chip', 'an event chip ([data-eventchip][data-eventid])', [css('[data-eventchip][data-eventid]')],
             CONFIRMED, [ISMITH + '#L133', ISMITH + '#L136', 'index 31541522667 (repository undisclosed)'],
             CHIP_TOOLS, [], ''),
    contract('chip_sr_text', 'a chip\'s screen-reader text (.XuJrye, else its aria-label)', [css('.XuJrye')], PARTLY,
             [ISMITH + '#L279', 'index 7845814406 (repository undisclosed)'], ['calendar_list_events'], [], ''),
    contract('chip_title', 'a chip\'s visible title (.I0UMhf)', [css('.I0UMhf')], CONFIRMED,
             ['index 53868847302 (repository undisclosed)', 'index 71347101001 (repository undisclosed)'], ['calendar_list_events'], [], ''),
    contract('chip_label_format', 'the chip label: "<t1> to <t2>, <title>, <name>[, <RSVP>], No location | Location: X, '
             '<Month D>, <YYYY>", "All day, ...", multi-day and "Working location: ..." forms', [], CONFIRMED,
             [ISMITH + '#L277', 'index 7845814406 (repository undisclosed)', 'index 15740462192 (repository undisclosed)',
              'index 53438586277 (repository undisclosed)', 'index 53343124394 (repository undisclosed)'],
             CHIP_TOOLS, [],
             '13 real labels, each cited in tests/unit/sites/calendar/test_chip_labels.py; the multi-day timed form has one '
             'source; the name is the organizer only before an RSVP word'),
    contract('rsvp_words', 'the chip\'s RSVP words (Accepted, Needs RSVP; Declined, Tentative)', [], PARTLY,
             [ISMITH + '#L277', 'index 53343124394 (repository undisclosed)', 'index 7845814406 (repository undisclosed)', 'index 57365060279 (repository undisclosed)'],
             ['calendar_list_events'], [], '"Declined" and "Tentative" are filtered on by one extension, never quoted'),
    # --- the event bubble ---
    contract('bubble', 'the event\'s details (#xDetDlg[data-eventid])', [css('#xDetDlg[data-eventid]')], CONFIRMED,
             ['codemonkeycxy/gmate@d87883e73d0c:script/content/add-gmate-btn/on-main-page.js#L92', 'index 42081378138 (repository undisclosed)', 'index 70074109815 (repository undisclosed)'], BUBBLE_TOOLS, [], ''),
    contract('bubble_close', 'its Close button (#xDetDlgCloseBu, else [aria-label="Close"])',
             [css('#xDetDlgCloseBu'), css('[aria-label="{close}"]')], CONFIRMED,
             ['index 70443693448 (repository undisclosed)', 'index 5358434721 (repository undisclosed)', 'index 70353746111 (repository undisclosed)'], BUBBLE_TOOLS, [], ''),
    contract('bubble_title', 'its title (#rAECCd)', [css('#rAECCd')], CONFIRMED,
             ['index 10666861438 (repository undisclosed)', 'index 70074109815 (repository undisclosed)'], ['calendar_read_event'], [], ''),
    contract('bubble_when', 'its time (#xDetDlgWhen)', [css('#xDetDlgWhen')], CONFIRMED,
             ['index 3521419675 (repository undisclosed)', 'index 42081378138 (repository undisclosed)', 'index 37845053850 (repository undisclosed)'],
             ['calendar_read_event'], [], ''),
    contract('bubble_location', 'its location (#xDetDlgLoc, "Location:" stripped)', [css('#xDetDlgLoc')], PARTLY,
             ['index 70443693448 (repository undisclosed)'], ['calendar_read_event', 'calendar_update_event'], [], ''),
    contract('bubble_description', 'its description (#xDetDlgDesc, "Description:" stripped)', [css('#xDetDlgDesc')],
             PARTLY, ['index 70443693448 (repository undisclosed)'], ['calendar_read_event', 'calendar_update_event'], [], ''),
    contract('bubble_video', 'its Meet link (#xDetDlgVideo a[href^="https://meet.google.com/"])',
             [css('#xDetDlgVideo a[href^="https://meet.google.com/"]')], PARTLY,
             ['index 68723118 (repository undisclosed)'], ['calendar_read_event'], [], ''),
    contract('bubble_guests', 'its guests (#xDetDlgAtt [data-email], aria-label "Name, ...")',
             [css('#xDetDlgAtt [data-email]')], PARTLY,
             ['index 51876124519 (repository undisclosed)', 'index 33344945469 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'], BUBBLE_TOOLS, [],
             'every guest list a preview shows comes from here'),
    contract('organizer_word', 'the organizer: the guest whose label says "Organizer" (or "Organiser")', [], PARTLY,
             ['index 33344945469 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'],
             ['calendar_read_event', 'calendar_rsvp', 'calendar_delete_event'], [],
             'when no guest label says it, the organizer is unknown and the result and preview say so'),
    contract('organizer_id', '#xDtlDlgOrg (disputed: the organizer, or the signed-in user; never read)',
             [css('#xDtlDlgOrg')], PARTLY,
             ['index 70369961191 (repository undisclosed)', 'index 33344945469 (repository undisclosed)',
              'index 57473135830 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'], ['health'], [],
             'four scripts, two readings: not evidence of the organizer'),
    GUEST_RSVP_WORDS,
    RSVP_GROUP,
    contract('edit_button', 'the bubble\'s Edit event button', [css('[aria-label="{edit_event}"]')], CONFIRMED,
             ['index 10666861438 (repository undisclosed)', 'index 21460661817 (repository undisclosed)', 'index 55611471638 (repository undisclosed)'],
             ['calendar_update_event', 'calendar_add_guests', 'calendar_read_event'], [], ''),
    contract('delete_button', 'the bubble\'s Delete event button', [css('[aria-label="{delete_event}"]')], PARTLY,
             ['index 51921950830 (repository undisclosed)'], ['calendar_delete_event'], [], ''),
    # --- the editor ---
    contract('editor_title', 'the editor\'s title field (#xTiIn)', [css('#xTiIn')], CONFIRMED,
             ['index 45137640195 (repository undisclosed)', 'index 58526021016 (repository undisclosed)', 'index 70573000753 (repository undisclosed)'],
             TITLE_TOOLS, ['editor'], ''),
    contract('editor_dates', 'the editor\'s dates (#xStDaIn / #xEnDaIn, data-date="YYYYMMDD")',
             [css('#xStDaIn'), css('#xEnDaIn')], CONFIRMED, ['index 10785126311 (repository undisclosed)', 'index 45137640195 (repository undisclosed)'],
             EDITOR_TOOLS, ['editor'], ''),
    contract('editor_times', 'the editor\'s times (#xStTiIn / #xEnTiIn, "9:05am")', [css('#xStTiIn'), css('#xEnTiIn')],
             CONFIRMED, ['index 10785126311 (repository undisclosed)', 'index 42796807366 (repository undisclosed)'],
             EDITOR_TOOLS, [], 'absent for all-day events'),
    contract('editor_all_day', 'the editor\'s all-day checkbox (#xAlDaCbx[role=checkbox][aria-checked])',
             [css('#xAlDaCbx[role="checkbox"]')], PARTLY, ['index 10785126311 (repository undisclosed)'], EDITOR_TOOLS, [],
             'without it: all-day when there is no start-time field'),
    EDITOR_LOCATION,
    contract('editor_description', 'the editor\'s description (div[aria-label="Description"][contenteditable])',
             [css('div[aria-label="{description_field}"][contenteditable="true"]')], PARTLY,
             ['index 66443995208 (repository undisclosed)'], ['calendar_draft_event', 'calendar_save_event',
                                                             'calendar_update_event'], [], '#xDescIn has no source'),
    contract('editor_guest_input', 'the editor\'s guest field (input[aria-label="Add guests"])',
             [css('input[aria-label="{add_guests}"]'), css('[aria-label="{guests_field}"] input')], PARTLY,
             ['index 66443995208 (repository undisclosed)'], ['calendar_add_guests', 'calendar_draft_event'],
             [], '#xGstIn has no source'),
    contract('editor_guest_list', 'the editor\'s guests ([aria-label="Guests invited to this event."] [data-email])',
             [css('[aria-label="{guests_invited}"] [data-email]')], PARTLY, [GMATE_COMMON + '#L243', GMATE_COMMON + '#L252'],
             ['calendar_save_event', 'calendar_add_guests', 'calendar_draft_event'], [],
             'the organizer\'s own chip is always listed (skipped as yourself); #xGstSec has no source'),
    contract('editor_guest_section', 'the editor\'s guest list container ([aria-label="Guests invited to this event."])',
             [css('[aria-label="{guests_invited}"]')], PARTLY, [GMATE_COMMON + '#L243'],
             ['calendar_save_event', 'calendar_add_guests'], [],
             'when it is missing, the invitations cannot be read and nothing is saved'),
    contract('save_button', 'the editor\'s Save (#xSaveBu, else [aria-label="Save"])',
             [css('#xSaveBu'), css('[aria-label="{save}"]')], CONFIRMED,
             [GMATE_COMMON + '#L263', 'index 15065898180 (repository undisclosed)'], EDITOR_TOOLS, ['editor'], ''),
    contract('send_emails_dialog', 'the "send emails to guests?" dialog (buttons "Send" / "Don\'t send" / "Back")',
             [texted('button, [role="button"], div', 'dont_send', 'equals')], PARTLY, [GMATE_SAVE + '#L32', GMATE_SAVE + '#L12'],
             ['calendar_save_event', 'calendar_update_event', 'calendar_add_guests', 'calendar_delete_event'], [],
             'gmate clicks "Don\'t send" by text; "Send" and "Back" are not shown by a source'),
    contract('urls', 'URLs /calendar/r/eventedit?text=&dates=&details=&location=&add=, /calendar/r/{day|week|month}/Y/M/D',
             [], PARTLY, [SAVED + '#L4868', 'index 15065898180 (repository undisclosed)'],
             ['calendar_draft_event', 'calendar_go_to_date', 'calendar_status'], [], ''),
    contract('editor_formats', 'editor texts: dates "Mar 16, 2026", times "9:05am"', [], PARTLY,
             ['index 10785126311 (repository undisclosed)'], ['calendar_update_event', 'calendar_draft_event'], [],
             'English month names (core/dates.py)'),
]
