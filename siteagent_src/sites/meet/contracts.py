"""Google Meet's page contracts as its tab half reads them: every selector, attribute, label and
text format the adapter relies on (`TABLE`: id, locators, status, the tools that use it, the page
states where the health check expects it) and the labels per language (`LABELS`). What each
contract is and the evidence for it: sites/meet/evidence.py (the docs'; never bundled). The
unconfirmed contracts are written in sites/meet/unconfirmed.py, because the service worker needs
them too (the caveats of irreversible tools), and put here at their place with their locators. How the table is
used: core/contracts.py.
"""
from core.contracts import contract, unconfirmed_contract, css, named, texted, page_text
# The unconfirmed contracts, each put in TABLE at its place with its locators.
from sites.meet.unconfirmed import LANDING_CODE_INPUT, WAITING_LIST, ADMIT_BUTTON, CONFIRM_BUTTONS, DETAILS_PANEL_TEXT

CONFIRMED = 'confirmed'
PARTLY = 'partly'
BUTTONS = 'button, [role="button"]'

# Tool groups (what depends on the page-state evidence).
EVERY_TAB_TOOL = ['meet_status', 'meet_create_meeting', 'meet_open_meeting', 'meet_meeting_info', 'meet_join',
                  'meet_leave', 'meet_set_microphone', 'meet_set_camera', 'meet_list_participants',
                  'meet_admit_participant', 'meet_mute_participant', 'meet_remove_participant', 'meet_read_chat',
                  'meet_send_chat', 'meet_raise_hand', 'meet_set_captions', 'meet_read_captions',
                  'meet_start_recording', 'meet_stop_recording']
PEOPLE_TOOLS = ['meet_list_participants', 'meet_admit_participant', 'meet_mute_participant', 'meet_remove_participant']
RECORDING_TOOLS = ['meet_start_recording', 'meet_stop_recording']

# The labels the adapter reads, per language (one table; English only so far). A list is several
# wordings of one thing (older and newer UI, both apostrophes).
LABELS = {'en': {
    'meeting_details': 'Meeting details',
    'notifications_region': 'Call feature notifications and actions',
    'captions_region': 'Captions',
    'waiting_texts': ['Please wait until a meeting host brings you into the call', 'Asking to be let in',
                      'You\'ll join the call when someone lets you in',
                      'You\u2019ll join the call when someone lets you in'],
    'ask_to_join': 'Ask to join',
    'join_now': 'Join now',
    'join_texts': ['Join now', 'Ask to join', 'Switch here', 'Ask to join anyway', 'Join anyway', 'Join the call now',
                   'Join here too'],
    'ended_texts': ['You left the meeting', 'You\'ve been removed from the meeting',
                    'You\u2019ve been removed from the meeting', 'Your host ended the meeting for everyone'],
    'rejoin': 'Rejoin',
    'not_found_texts': ['Check your meeting code'],
    'denied_texts': ['Someone in the call denied your request to join',
                     'No one responded to your request to join the call'],
    'enter_code': 'Enter a code or link',
    'joined_as': 'Joined as',
    'microphone': 'microphone',
    'camera': 'camera',
    'state_on': ['Turn off', 'Lower hand', 'Stop'],           # a control whose label offers this is on now
    'state_off': ['Turn on', 'Raise hand', 'Start'],
    'device_problem': ['problem'],                           # "Microphone problem. Show more info"
    'leave_call': 'Leave call',
    'turn_on_captions': 'Turn on captions',
    'turn_off_captions': 'Turn off captions',
    'raise_hand': 'Raise hand',
    'lower_hand': 'Lower hand',
    'people': 'People',
    'chat_with_everyone': 'Chat with everyone',
    'meeting_tools': 'Meeting tools',
    'more_options': 'More options',
    'side_panel': 'Side panel',
    'call_controls': 'Call controls',
    'participants': 'Participants',
    'waiting_to_join': 'Waiting to join',
    'you_marker': '(You)',
    'host_marker': 'Meeting host',
    'hand_icon': 'front_hand',
    'mute_prefix': 'Mute ',
    'mute_suffix': ['\'s microphone', '\u2019s microphone'],
    'cannot_unmute': ['can\'t unmute', 'can\u2019t unmute'],
    'remove_from_call': 'Remove from the call',
    'admit': 'Admit',
    'send_message': ['Send a message', 'Send a message to everyone'],
    'cancel': 'Cancel',
    'mute': 'Mute',
    'remove': 'Remove',
    'start': 'Start',
    'start_recording': 'Start recording',
    'stop_recording': 'Stop recording',
    'recording': 'Recording',
    'manage_recording': 'Manage recording',
    'recording_labels': ['Recording', 'Start recording', 'Stop recording', 'Manage recording'],
    'recording_texts': ['This call is being recorded'],
    'join_by_phone': 'Join by phone',
    'pin_prefix': 'PIN:',
    'title_prefix': 'Meet - ',
}}

TABLE = [
    # --- where the tab is: each state from evidence of its own (never Leave call, chat, the toolbar or tiles) ---
    contract('meeting_details_button', [css('[aria-label="{meeting_details}"]')],
             CONFIRMED, EVERY_TAB_TOOL, ['in_call']),
    contract('notifications_region', [css('[role="region"][aria-label="{notifications_region}"]')],
             CONFIRMED, EVERY_TAB_TOOL, ['in_call']),
    contract('captions_region', [css('[role="region"][aria-label="{captions_region}"]')],
             CONFIRMED, ['meet_status', 'meet_read_captions', 'meet_set_captions'], []),
    contract('waiting_text', [page_text('waiting_texts')], CONFIRMED, EVERY_TAB_TOOL, []),
    contract('join_button', [css('button[aria-label^="{ask_to_join}"], button[aria-label="{join_now}"]'),
              texted(BUTTONS, 'join_texts', 'equals')], PARTLY, ['meet_status', 'meet_join', 'meet_create_meeting', 'meet_open_meeting'], ['lobby']),
    contract('meeting_code_attr', [css('[data-meeting-code]')], CONFIRMED, ['meet_status', 'meet_meeting_info'], []),
    contract('ended_signals', [page_text('ended_texts'), texted(BUTTONS, 'rejoin', 'equals')],
             PARTLY, EVERY_TAB_TOOL, []),
    contract('startup_code', [css('[data-startup-code]')], CONFIRMED, ['meet_status', 'meet_open_meeting'], []),
    contract('not_found_text', [page_text('not_found_texts')], CONFIRMED, ['meet_status', 'meet_open_meeting'], []),
    contract('denied_text', [page_text('denied_texts')], PARTLY, ['meet_status', 'meet_join'], []),
    contract('call_controls_region', [css('[role="region"][aria-label="{call_controls}"]')], CONFIRMED, ['health'], []),
    contract('participant_tile', [css('[data-participant-id]')], CONFIRMED, ['health'], []),
    unconfirmed_contract(LANDING_CODE_INPUT, [css('input[aria-label="{enter_code}"]')], []),
    # --- who you are ---
    contract('anonymous_flag', [css('[data-is-anonymous]')], CONFIRMED, ['meet_status'], []),
    contract('account_switch', [css('a[href^="https://accounts.google.com/AccountChooser"]')],
             CONFIRMED, ['meet_status'], []),
    contract('joined_as_text', [page_text('joined_as')], CONFIRMED, ['meet_status'], []),
    # --- your own controls ---
    contract('mic_control', [css('button[data-is-muted][aria-label*="{microphone}" i], [role="button"][data-is-muted][aria-label*="{microphone}" i]')],
             CONFIRMED, ['meet_status', 'meet_set_microphone', 'meet_join', 'meet_list_participants'], ['lobby', 'in_call']),
    contract('camera_control', [css('button[data-is-muted][aria-label*="{camera}" i], [role="button"][data-is-muted][aria-label*="{camera}" i]')],
             CONFIRMED, ['meet_status', 'meet_set_camera', 'meet_join'], ['lobby', 'in_call']),
    contract('toggle_semantics', [],
             CONFIRMED, ['meet_status', 'meet_set_microphone', 'meet_set_camera', 'meet_raise_hand', 'meet_set_captions'], []),
    contract('leave_button', [css('button[aria-label="{leave_call}"]')], CONFIRMED, ['meet_leave'], ['in_call']),
    contract('captions_button', [css('button[aria-label^="{turn_on_captions}"], button[aria-label^="{turn_off_captions}"]')],
             CONFIRMED, ['meet_status', 'meet_set_captions', 'meet_read_captions'], ['in_call']),
    contract('hand_button', [css('button[aria-label^="{raise_hand}"], button[aria-label^="{lower_hand}"]')],
             PARTLY, ['meet_status', 'meet_raise_hand'], ['in_call']),
    # --- people ---
    contract('people_badge', [named('[role="region"][aria-label="{notifications_region}"] [role="button"][aria-labelledby]', 'people',
                    'equals'),
              css('button[aria-label^="{people}"]')], CONFIRMED, ['meet_status', 'meet_list_participants', 'meet_admit_participant', 'meet_mute_participant',
              'meet_remove_participant'], ['in_call']),
    contract('people_count', [css('[data-avatar-count]')], CONFIRMED, ['meet_status'], ['in_call']),
    contract('side_panel', [css('aside[aria-label="{side_panel}"]'), css('[role="complementary"][aria-label="{side_panel}"]')],
             CONFIRMED, ['meet_meeting_info', 'meet_start_recording', 'meet_stop_recording'], ['in_call']),
    contract('participants_list', [css('[role="list"][aria-label="{participants}"] [role="listitem"]')],
             CONFIRMED, PEOPLE_TOOLS, []),
    contract('participant_row_words', [], CONFIRMED, PEOPLE_TOOLS, []),
    contract('participant_mute_labels', [], CONFIRMED, ['meet_list_participants', 'meet_mute_participant'], []),
    contract('row_more_actions', [css('button[aria-haspopup="menu"]')], PARTLY, ['meet_remove_participant'], []),
    contract('remove_menu_item', [texted('[role="menu"] [role="menuitem"]', 'remove_from_call', 'equals')],
             PARTLY, ['meet_remove_participant'], []),
    unconfirmed_contract(WAITING_LIST, [css('[role="list"][aria-label="{waiting_to_join}"] [role="listitem"]')], []),
    unconfirmed_contract(ADMIT_BUTTON, [texted(BUTTONS, 'admit', 'equals')], []),
    # --- chat ---
    contract('chat_button', [css('button[aria-label="{chat_with_everyone}"]')],
             CONFIRMED, ['meet_read_chat', 'meet_send_chat'], ['in_call']),
    contract('chat_input', [css('textarea[aria-label="{send_message}"]'), css('[role="textbox"][aria-label="{send_message}"]')],
             PARTLY, ['meet_read_chat', 'meet_send_chat'], []),
    contract('chat_send', [css('button[aria-label="{send_message}"]')], PARTLY, ['meet_send_chat'], []),
    contract('chat_message', [css('div[jsname="xySENc"] div[jsname="Ypafjf"]'), css('div[jsname="Ypafjf"]')],
             CONFIRMED, ['meet_read_chat', 'meet_send_chat'], []),
    contract('chat_message_id', [css('button[data-message-id]')], CONFIRMED, ['meet_read_chat'], []),
    contract('chat_text', [css('[jsname="dTKtvb"]')], CONFIRMED, ['meet_read_chat', 'meet_send_chat'], []),
    contract('chat_sender', [css('.poVWob')], PARTLY, ['meet_read_chat'], []),
    contract('chat_time', [css('[jsname="biJjHb"]'), css('.MuzmKe')], CONFIRMED, ['meet_read_chat'], []),
    # --- captions ---
    contract('caption_line', [css('.nMcdL')], PARTLY, ['meet_read_captions'], []),
    contract('caption_speaker', [css('.NWpY1d'), css('.KcIKyf')], PARTLY, ['meet_read_captions'], []),
    contract('caption_text', [css('.ygicle'), css('[jsname="tgaKEf"]')], PARTLY, ['meet_read_captions'], []),
    # --- dialogs, recording, details ---
    contract('dialog', [css('[role="dialog"], [role="alertdialog"]')],
             CONFIRMED, ['meet_mute_participant', 'meet_remove_participant', 'meet_start_recording', 'meet_stop_recording'], []),
    unconfirmed_contract(CONFIRM_BUTTONS, [css('button[data-mdc-dialog-action]')], []),
    contract('meeting_tools_button', [css('button[aria-label="{meeting_tools}"]')], CONFIRMED, RECORDING_TOOLS, []),
    contract('more_options_button', [css('button[aria-label="{more_options}"]')], CONFIRMED, RECORDING_TOOLS, []),
    contract('recording_controls', [texted(BUTTONS + ', [role="listitem"], [role="menuitem"]', 'recording_labels', 'equals')],
             PARTLY, RECORDING_TOOLS, []),
    contract('recording_indicator', [page_text('recording_texts')],
             PARTLY, ['meet_status', 'meet_start_recording', 'meet_stop_recording'], []),
    contract('meeting_title', [css('[data-meeting-title]')], PARTLY, ['meet_status', 'meet_meeting_info'], []),
    unconfirmed_contract(DETAILS_PANEL_TEXT, [], []),
    contract('meeting_url', [],
             CONFIRMED, ['meet_create_meeting', 'meet_open_meeting', 'meet_meeting_info', 'meet_status'], []),
]
