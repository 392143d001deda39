"""Google Calendar's page contracts and labels: everything the Calendar adapter reads, with its evidence.

No permissively licensed capture of a Calendar grid, bubble or editor exists (../shared/corpus/google
/NOTICE.md). Evidence is public code and text that drive or describe the real page: a saved real
Calendar page (halozone/ServantAir-PWA, no licence: cited and measured, never copied), gmate, the
chip labels scrapers quote, and search-index excerpts ("index N": repository undisclosed, weaker).
How the table is used: core/contracts.py.

Each row says what contract `id` of sites/calendar/contracts.py `TABLE` is, its citations and a note;
the docs read it with the table (buildtool/docsgen.py), no bundle does. The unconfirmed rows' are in
sites/calendar/unconfirmed.py.
"""
from core.contracts import evidence
from sites.calendar.unconfirmed import SAVED

GMATE_COMMON = 'codemonkeycxy/gmate@d87883e73d0c:script/shared/common.js'
GMATE_SAVE = 'codemonkeycxy/gmate@be27f23dc075:script/content/save-edit.js'
ISMITH = 'ismith/gcal-boostlingo-scheduler@fb5659659683:gcal.js'

EVIDENCE = [
    evidence('account', 'the account control ("Google Account: Name (email)")',
             [SAVED + '#L4868', SAVED + '#L8945'],
             'the signed-in address: organizer checks and "skip yourself" in guest lists'),
    evidence('view_switcher', 'the view switcher\'s label (button[jsname=jnPWCc] > [jsname=V67aGc] "Day"), else '
             '<html data-prefetch-view-key>',
             [SAVED + '#L4669', SAVED + '#L4674', SAVED + '#L4688', SAVED + '#L2', SAVED + '#L4422'],
             '[jsname="V67aGc"] alone is Google\'s generic button-label slot (11 on the saved page, the first "Skip to main '
             'content"): the URL path is read first'),
    evidence('day_cells', 'the view\'s days ([data-datekey])',
             ['index 51921950830 (repository undisclosed)', 'index 17248477212 (repository undisclosed)'],
             'no source pairs it with role=gridcell'),
    evidence('datekey_layout', 'data-datekey = (year - 1970) << 9 | month << 5 | day',
             ['index 69103229784 (repository undisclosed)', 'index 13317035333 (repository undisclosed)', 'index 66543596553 (repository undisclosed)'],
             'two excerpts, repositories undisclosed'),
    evidence('event_chip', 'an event chip ([data-eventchip][data-eventid])',
             [ISMITH + '#L133', ISMITH + '#L136', 'index 31541522667 (repository undisclosed)'],
             ''),
    evidence('chip_sr_text', 'a chip\'s screen-reader text (.XuJrye, else its aria-label)',
             [ISMITH + '#L279', 'index 7845814406 (repository undisclosed)'],
             ''),
    evidence('chip_title', 'a chip\'s visible title (.I0UMhf)',
             ['index 53868847302 (repository undisclosed)', 'index 71347101001 (repository undisclosed)'],
             ''),
    evidence('chip_label_format', 'the chip label: "<t1> to <t2>, <title>, <name>[, <RSVP>], No location | Location: X, '
             '<Month D>, <YYYY>", "All day, ...", multi-day and "Working location: ..." forms',
             [ISMITH + '#L277', 'index 7845814406 (repository undisclosed)', 'index 15740462192 (repository undisclosed)',
              'index 53438586277 (repository undisclosed)', 'index 53343124394 (repository undisclosed)'],
             '13 real labels, each cited in tests/unit/sites/calendar/test_chip_labels.py; the multi-day timed form has one '
             'source; the name is the organizer only before an RSVP word'),
    evidence('rsvp_words', 'the chip\'s RSVP words (Accepted, Needs RSVP; Declined, Tentative)',
             [ISMITH + '#L277', 'index 53343124394 (repository undisclosed)', 'index 7845814406 (repository undisclosed)', 'index 57365060279 (repository undisclosed)'],
             '"Declined" and "Tentative" are filtered on by one extension, never quoted'),
    # --- the event bubble ---
    evidence('bubble', 'the event\'s details (#xDetDlg[data-eventid])',
             ['codemonkeycxy/gmate@d87883e73d0c:script/content/add-gmate-btn/on-main-page.js#L92', 'index 42081378138 (repository undisclosed)', 'index 70074109815 (repository undisclosed)'],
             ''),
    evidence('bubble_close', 'its Close button (#xDetDlgCloseBu, else [aria-label="Close"])',
             ['index 70443693448 (repository undisclosed)', 'index 5358434721 (repository undisclosed)', 'index 70353746111 (repository undisclosed)'],
             ''),
    evidence('bubble_title', 'its title (#rAECCd)',
             ['index 10666861438 (repository undisclosed)', 'index 70074109815 (repository undisclosed)'],
             ''),
    evidence('bubble_when', 'its time (#xDetDlgWhen)',
             ['index 3521419675 (repository undisclosed)', 'index 42081378138 (repository undisclosed)', 'index 37845053850 (repository undisclosed)'],
             ''),
    evidence('bubble_location', 'its location (#xDetDlgLoc, "Location:" stripped)',
             ['index 70443693448 (repository undisclosed)'],
             ''),
    evidence('bubble_description', 'its description (#xDetDlgDesc, "Description:" stripped)',
             ['index 70443693448 (repository undisclosed)'],
             ''),
    evidence('bubble_video', 'its Meet link (#xDetDlgVideo a[href^="https://meet.google.com/"])',
             ['index 68723118 (repository undisclosed)'],
             ''),
    evidence('bubble_guests', 'its guests (#xDetDlgAtt [data-email], aria-label "Name, ...")',
             ['index 51876124519 (repository undisclosed)', 'index 33344945469 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'],
             'every guest list a preview shows comes from here'),
    evidence('organizer_word', 'the organizer: the guest whose label says "Organizer" (or "Organiser")',
             ['index 33344945469 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'],
             'when no guest label says it, the organizer is unknown and the result and preview say so'),
    evidence('organizer_id', '#xDtlDlgOrg (disputed: the organizer, or the signed-in user; never read)',
             ['index 70369961191 (repository undisclosed)', 'index 33344945469 (repository undisclosed)',
              'index 57473135830 (repository undisclosed)', 'index 38681771227 (repository undisclosed)'],
             'four scripts, two readings: not evidence of the organizer'),
    evidence('edit_button', 'the bubble\'s Edit event button',
             ['index 10666861438 (repository undisclosed)', 'index 21460661817 (repository undisclosed)', 'index 55611471638 (repository undisclosed)'],
             ''),
    evidence('delete_button', 'the bubble\'s Delete event button',
             ['index 51921950830 (repository undisclosed)'],
             ''),
    # --- the editor ---
    evidence('editor_title', 'the editor\'s title field (#xTiIn)',
             ['index 45137640195 (repository undisclosed)', 'index 58526021016 (repository undisclosed)', 'index 70573000753 (repository undisclosed)'],
             ''),
    evidence('editor_dates', 'the editor\'s dates (#xStDaIn / #xEnDaIn, data-date="YYYYMMDD")',
             ['index 10785126311 (repository undisclosed)', 'index 45137640195 (repository undisclosed)'],
             ''),
    evidence('editor_times', 'the editor\'s times (#xStTiIn / #xEnTiIn, "9:05am")',
             ['index 10785126311 (repository undisclosed)', 'index 42796807366 (repository undisclosed)'],
             'absent for all-day events'),
    evidence('editor_all_day', 'the editor\'s all-day checkbox (#xAlDaCbx[role=checkbox][aria-checked])',
             ['index 10785126311 (repository undisclosed)'],
             'without it: all-day when there is no start-time field'),
    evidence('editor_description', 'the editor\'s description (div[aria-label="Description"][contenteditable])',
             ['index 66443995208 (repository undisclosed)'],
             '#xDescIn has no source'),
    evidence('editor_guest_input', 'the editor\'s guest field (input[aria-label="Add guests"])',
             ['index 66443995208 (repository undisclosed)'],
             '#xGstIn has no source'),
    evidence('editor_guest_list', 'the editor\'s guests ([aria-label="Guests invited to this event."] [data-email])',
             [GMATE_COMMON + '#L243', GMATE_COMMON + '#L252'],
             'the organizer\'s own chip is always listed (skipped as yourself); #xGstSec has no source'),
    evidence('editor_guest_section', 'the editor\'s guest list container ([aria-label="Guests invited to this event."])',
             [GMATE_COMMON + '#L243'],
             'when it is missing, the invitations cannot be read and nothing is saved'),
    evidence('save_button', 'the editor\'s Save (#xSaveBu, else [aria-label="Save"])',
             [GMATE_COMMON + '#L263', 'index 15065898180 (repository undisclosed)'],
             ''),
    evidence('send_emails_dialog', 'the "send emails to guests?" dialog (buttons "Send" / "Don\'t send" / "Back")',
             [GMATE_SAVE + '#L32', GMATE_SAVE + '#L12'],
             'gmate clicks "Don\'t send" by text; "Send" and "Back" are not shown by a source'),
    evidence('urls', 'URLs /calendar/r/eventedit?text=&dates=&details=&location=&add=, /calendar/r/{day|week|month}/Y/M/D',
             [SAVED + '#L4868', 'index 15065898180 (repository undisclosed)'],
             ''),
    evidence('editor_formats', 'editor texts: dates "Mar 16, 2026", times "9:05am"',
             ['index 10785126311 (repository undisclosed)'],
             'English month names (core/dates.py)'),
]
