"""Google Meet's unconfirmed page contracts: the contracts of its table (sites/meet/contracts.py
`TABLE`) that no source or capture shows, each with what it is, the tools that rely on it and a note
saying what it was reconstructed from; contracts.py gives each its locators (`unconfirmed_contract`).

Written here, not in contracts.py or evidence.py, because they are all the service worker carries of
the table: the caveats of the irreversible tools that rely on them (docs/ADAPTERS.md, "List what the
site reads"; kept so by SA711).
"""
from core.contracts import unconfirmed

# Cited here and in evidence.py, which imports them from here.
TROXO = 'troxohq/google-meet-auto-recording@ab2a14b7dff6:bookmark.js'
ATTENDEE_JS = 'attendee-labs/attendee@77e990edd8b5:bots/google_meet_bot_adapter/google_meet_chromedriver_payload.js'

LANDING_CODE_INPUT = unconfirmed(
    'landing_code_input', 'the home page\'s "Enter a code or link" field',
    ['index 54858233942 (repository undisclosed)'], ['meet_status'],
    'seen only as the placeholder of Meet look-alike apps; the landing state also needs the URL path "/"')

WAITING_LIST = unconfirmed(
    'waiting_list', 'the People panel\'s list of people waiting to join',
    [], ['meet_list_participants', 'meet_admit_participant'],
    'reconstructed after the Participants list; no source or capture shows the host\'s waiting list')

ADMIT_BUTTON = unconfirmed(
    'admit_button', 'the "Admit" button in a waiting row',
    [], ['meet_admit_participant'],
    'reconstructed; no source shows the host\'s admit control')

CONFIRM_BUTTONS = unconfirmed(
    'confirm_buttons', 'a confirmation dialog\'s buttons (data-mdc-dialog-action ok/cancel, else "Mute", '
    '"Remove", "Start", "Stop recording", "Cancel")',
    [TROXO + '#L103', ATTENDEE_JS + '#L315'], ['meet_mute_participant', 'meet_remove_participant', 'meet_start_recording', 'meet_stop_recording'],
    'reconstructed: the sources click recording buttons by text but show no mute/remove confirmation')

DETAILS_PANEL_TEXT = unconfirmed(
    'details_panel_text', 'the Meeting details panel\'s lines ("Join by phone", a phone number, "PIN: ...")',
    [], ['meet_meeting_info'],
    'reconstructed; the link itself comes from the URL')

# In TABLE order.
ROWS = [LANDING_CODE_INPUT, WAITING_LIST, ADMIT_BUTTON, CONFIRM_BUTTONS, DETAILS_PANEL_TEXT]
