"""Google Meet's page contracts and labels: everything the Meet adapter reads, with its evidence.

Captures are the real 2026 pages in ../shared/corpus/google/meet/ (h6y3/parley's, MIT; the chat list
from vivek-nexus/transcriptonic, MIT; the not-found screen from Vexa-ai/vexa, Apache-2.0): counts are
what a querySelectorAll finds in each. Repository citations are `owner/repo@commit:path#Lline`.
"index N" entries are search-index excerpts whose repository is undisclosed (weaker evidence).
How the table is used: core/contracts.py.
"""
from core.contracts import contract, css, named, texted, page_text
# The unconfirmed rows (each put in TABLE at its place) and the sources they cite, which this table cites too.
from sites.meet.unconfirmed import (LANDING_CODE_INPUT, WAITING_LIST, ADMIT_BUTTON, CONFIRM_BUTTONS, DETAILS_PANEL_TEXT,
                                    TROXO, ATTENDEE_JS, BUTTONS)

CONFIRMED = 'confirmed'
PARTLY = 'partly'

# Tool groups (what depends on the page-state evidence).
EVERY_TAB_TOOL = ['meet_status', 'meet_create_meeting', 'meet_open_meeting', 'meet_meeting_info', 'meet_join',
                  'meet_leave', 'meet_set_microphone', 'meet_set_camera', 'meet_list_participants',
                  'meet_admit_participant', 'meet_mute_participant', 'meet_remove_participant', 'meet_read_chat',
                  'meet_send_chat', 'meet_raise_hand', 'meet_set_captions', 'meet_read_captions',
                  'meet_start_recording', 'meet_stop_recording']
PEOPLE_TOOLS = ['meet_list_participants', 'meet_admit_participant', 'meet_mute_participant', 'meet_remove_participant']
RECORDING_TOOLS = ['meet_start_recording', 'meet_stop_recording']

PARLEY_README = 'h6y3/parley@b8c7348fceb7:packages/meeting-browser/test/fixtures/google-meet/README.md'
PARLEY_SRC = 'h6y3/parley@b8c7348fceb7:packages/meeting-browser/src/google-meet.ts'
PARLEY_JOIN = 'h6y3/parley@b8c7348fceb7:packages/meeting-browser/src/join-driver.ts'
VEXA_SEL = 'Vexa-ai/vexa@4647c96e0775:core/meetings/modules/join/src/googlemeet/selectors.ts'
ATTENDEE_UI = 'attendee-labs/attendee@77e990edd8b5:bots/google_meet_bot_adapter/google_meet_ui_methods.py'
SCREENAPP = 'screenappai/meeting-bot@37f89d61d42c:src/bots/GoogleMeetBot.ts'
SCREENAPP_TEXT = 'screenappai/meeting-bot@37f89d61d42c:src/constants/index.ts'
TRANSCRIPTONIC = 'vivek-nexus/transcriptonic@fe25d7593bff:extension/content-google-meet.js'
ENGAGIUM_REF = 'Rich-SCC/engagium_v0.2@ebffa5fa367d:__documentation/Extension/GOOGLE_MEET_DOM_REFERENCE.md'
ENGAGIUM_CFG = 'Rich-SCC/engagium_v0.2@deb62b18ad90:_extension/content/google-meet/core/config.js'
LMA = ('aws-samples/amazon-transcribe-live-meeting-assistant@66b03d1b952f:lma-browser-extension-stack/public/'
       'content_scripts/providers/meet.js')

READY = 'capture meet/prejoin-ready.html'
IN_CALL = 'capture meet/in-call.html'
OFF = 'capture meet/in-call-captions-off.html'
NOT_FOUND = 'capture meet/meeting-not-found.html'
CHAT = 'capture meet/chat-messages.html'

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
    contract('meeting_details_button', 'the "Meeting details" control (only after admission)',
             [css('[aria-label="{meeting_details}"]')], CONFIRMED,
             [PARLEY_README + '#L308', PARLEY_SRC, IN_CALL + ': 1', OFF + ': 1', READY + ': 0'],
             EVERY_TAB_TOOL, ['in_call'],
             'an admission anchor outside the call-controls toolbar; parley measured 0 in the waiting room'),
    contract('notifications_region', 'the region "Call feature notifications and actions" (only after admission)',
             [css('[role="region"][aria-label="{notifications_region}"]')], CONFIRMED,
             [PARLEY_README + '#L309', IN_CALL + ': 1', OFF + ': 1', READY + ': 0'],
             EVERY_TAB_TOOL, ['in_call'], 'an admission anchor; parley measured 0 in the waiting room'),
    contract('captions_region', 'the Captions region (only in a call, only while captions are on)',
             [css('[role="region"][aria-label="{captions_region}"]')], CONFIRMED,
             [PARLEY_README + '#L220', PARLEY_SRC, IN_CALL + ': 1', OFF + ': 0 (captions off)', READY + ': 0'],
             ['meet_status', 'meet_read_captions', 'meet_set_captions'], [],
             'absent from the DOM while captions are off (in-call-captions-off.html)'),
    contract('waiting_text', 'the waiting-room text ("Please wait until a meeting host brings you into the call", '
             'older "Asking to be let in")',
             [page_text('waiting_texts')], CONFIRMED,
             [PARLEY_README + '#L48', PARLEY_JOIN, SCREENAPP_TEXT + '#L5', VEXA_SEL + '#L33', VEXA_SEL + '#L37',
              VEXA_SEL + '#L38', ATTENDEE_UI + '#L173'],
             EVERY_TAB_TOOL, [], 'the 2026 wording (parley, screenappai, vexa) and the 2024 one (vexa, attendee)'),
    contract('join_button', 'the lobby\'s join control ("Ask to join ...", "Join now")',
             [css('button[aria-label^="{ask_to_join}"], button[aria-label="{join_now}"]'),
              texted(BUTTONS, 'join_texts', 'equals')], PARTLY,
             [PARLEY_README + '#L241', READY + ': 1 ("Ask to join without microphone & camera", text "Ask to join")',
              VEXA_SEL + '#L373', ATTENDEE_UI + '#L246'],
             ['meet_status', 'meet_join', 'meet_create_meeting', 'meet_open_meeting'], ['lobby'],
             '"Join now", "Switch here" and the other wordings are from bots (vexa, attendee), never captured'),
    contract('meeting_code_attr', 'the lobby\'s [data-meeting-code]', [css('[data-meeting-code]')], CONFIRMED,
             [READY + ': 1 (abc-defg-hij)', IN_CALL + ': 0'], ['meet_status', 'meet_meeting_info'], [],
             'the code when the URL has none'),
    contract('ended_signals', 'the ended screen ("You left the meeting", a Rejoin button)',
             [page_text('ended_texts'), texted(BUTTONS, 'rejoin', 'equals')], PARTLY,
             [VEXA_SEL + '#L252', ATTENDEE_JS + '#L340'], EVERY_TAB_TOOL, [], 'not captured'),
    contract('startup_code', 'the error screen\'s [data-startup-code] ("Check your meeting code")',
             [css('[data-startup-code]')], CONFIRMED, [NOT_FOUND + ': 1 (217)'],
             ['meet_status', 'meet_open_meeting'], [], 'startup code 217: the meeting space does not exist'),
    contract('not_found_text', 'the text "Check your meeting code"', [page_text('not_found_texts')], CONFIRMED,
             [NOT_FOUND + ': 1'], ['meet_status', 'meet_open_meeting'], [], ''),
    contract('denied_text', 'the texts after a refused or unanswered request to join', [page_text('denied_texts')],
             PARTLY, [SCREENAPP_TEXT, ATTENDEE_UI], ['meet_status', 'meet_join'], [], 'not captured'),
    contract('call_controls_region', 'the call-controls toolbar ([role=region][aria-label="Call controls"]): also in '
             'the waiting room, so never state evidence', [css('[role="region"][aria-label="{call_controls}"]')],
             CONFIRMED, [PARLEY_README + '#L323', IN_CALL + ': 1', OFF + ': 1', READY + ': 0'], ['health'], [],
             'parley measured it populated in the waiting room (Leave call, both toggles, More options)'),
    contract('participant_tile', 'a participant tile ([data-participant-id]): your own preview shows in the waiting '
             'room too, so never state evidence', [css('[data-participant-id]')], CONFIRMED,
             [PARLEY_README + '#L226', IN_CALL + ': 2', OFF + ': 1', READY + ': 0'], ['health'], [], ''),
    LANDING_CODE_INPUT,
    # --- who you are ---
    contract('anonymous_flag', '[data-is-anonymous] ("false": signed in)', [css('[data-is-anonymous]')], CONFIRMED,
             [READY + ': 2', IN_CALL + ': 1', OFF + ': 1'], ['meet_status'], [],
             'only "false" was ever captured; "true" (a guest) is read as signed out'),
    contract('account_switch', 'the lobby\'s "Switch account" link', [css('a[href^="https://accounts.google.com/AccountChooser"]')],
             CONFIRMED, [READY + ': 1'], ['meet_status'], [], ''),
    contract('joined_as_text', 'the call\'s "Joined as <email>" (in the closable "Your meeting\'s ready" dialog)',
             [page_text('joined_as')], CONFIRMED, [OFF + ': 1'], ['meet_status'], [], 'only in the creator\'s fresh call'),
    # --- your own controls ---
    contract('mic_control', 'your microphone toggle ([data-is-muted], label "Turn on/off microphone" or '
             '"Microphone problem. Show more info")',
             [css('button[data-is-muted][aria-label*="{microphone}" i], [role="button"][data-is-muted][aria-label*="{microphone}" i]')],
             CONFIRMED, [PARLEY_README + '#L239', LMA + '#L117', READY + ': 1', IN_CALL + ': 1', OFF + ': 1 (problem)'],
             ['meet_status', 'meet_set_microphone', 'meet_join', 'meet_list_participants'], ['lobby', 'in_call'],
             'case-insensitive: "Microphone problem" starts with a capital'),
    contract('camera_control', 'your camera toggle ([data-is-muted], label "Turn on/off camera")',
             [css('button[data-is-muted][aria-label*="{camera}" i], [role="button"][data-is-muted][aria-label*="{camera}" i]')],
             CONFIRMED, [PARLEY_README + '#L238', READY + ': 1', IN_CALL + ': 1', OFF + ': 1 (problem)'],
             ['meet_status', 'meet_set_camera', 'meet_join'], ['lobby', 'in_call'], ''),
    contract('toggle_semantics', 'a toggle\'s label names the action ("Turn off ..." means on now); '
             'data-is-muted wins; "... problem" means the device is unavailable', [], CONFIRMED,
             [PARLEY_README + '#L62', IN_CALL + ': "Turn on microphone" with data-is-muted true',
              OFF + ': "Microphone problem. Show more info"'],
             ['meet_status', 'meet_set_microphone', 'meet_set_camera', 'meet_raise_hand', 'meet_set_captions'], [], ''),
    contract('leave_button', 'the "Leave call" button (also in the waiting room: never state evidence)',
             [css('button[aria-label="{leave_call}"]')], CONFIRMED,
             [ATTENDEE_UI + '#L1277', VEXA_SEL + '#L419', IN_CALL + ': 1', OFF + ': 1', PARLEY_README + '#L228'],
             ['meet_leave'], ['in_call'], ''),
    contract('captions_button', 'the captions toggle ("Turn on captions" / "Turn off captions")',
             [css('button[aria-label^="{turn_on_captions}"], button[aria-label^="{turn_off_captions}"]')], CONFIRMED,
             [PARLEY_SRC, ATTENDEE_UI + '#L517', IN_CALL + ': 1 (off label)', OFF + ': 1 (on label)'],
             ['meet_status', 'meet_set_captions', 'meet_read_captions'], ['in_call'], ''),
    contract('hand_button', 'the hand toggle ("Raise hand (...)" / "Lower hand (...)")',
             [css('button[aria-label^="{raise_hand}"], button[aria-label^="{lower_hand}"]')], PARTLY,
             [IN_CALL + ': 1 ("Raise hand (ctrl + \u2318 + h)")', OFF + ': 1', 'index 40348483039 (repository undisclosed)'],
             ['meet_status', 'meet_raise_hand'], ['in_call'], '"Lower hand" was never captured'),
    # --- people ---
    contract('people_badge', 'the People control (a [role=button] badge named by aria-labelledby "People")',
             [named('[role="region"][aria-label="{notifications_region}"] [role="button"][aria-labelledby]', 'people',
                    'equals'),
              css('button[aria-label^="{people}"]')], CONFIRMED,
             [IN_CALL + ': 1', OFF + ': 1', SCREENAPP + '#L881', ATTENDEE_JS + '#L705', ENGAGIUM_REF + '#L158'],
             ['meet_status', 'meet_list_participants', 'meet_admit_participant', 'meet_mute_participant',
              'meet_remove_participant'], ['in_call'],
             'button[aria-label="People"] (2025, attendee) matches nothing in 2026; kept as the second locator'),
    contract('people_count', 'the People badge\'s count ([data-avatar-count])', [css('[data-avatar-count]')], CONFIRMED,
             [SCREENAPP + '#L860', IN_CALL + ': 1 (2)', OFF + ': 1 (1)'], ['meet_status'], ['in_call'], ''),
    contract('side_panel', 'the side panel (<aside aria-label="Side panel">, no role attribute)',
             [css('aside[aria-label="{side_panel}"]'), css('[role="complementary"][aria-label="{side_panel}"]')], CONFIRMED,
             [IN_CALL + ': 1', OFF + ': 1', ENGAGIUM_CFG + '#L39'],
             ['meet_meeting_info', 'meet_start_recording', 'meet_stop_recording'], ['in_call'], ''),
    contract('participants_list', 'the People panel\'s rows ([role=list][aria-label=Participants] [role=listitem])',
             [css('[role="list"][aria-label="{participants}"] [role="listitem"]')], CONFIRMED,
             [ATTENDEE_JS + '#L661', ENGAGIUM_REF + '#L107'], PEOPLE_TOOLS, [], 'not captured (the panel was closed)'),
    contract('participant_row_words', 'words in a participant row: "(You)", "Meeting host", the "front_hand" icon',
             [], CONFIRMED, [ENGAGIUM_CFG + '#L103', ENGAGIUM_CFG + '#L104', ENGAGIUM_CFG + '#L124'], PEOPLE_TOOLS, [], ''),
    contract('participant_mute_labels', 'a row\'s "Mute <name>\'s microphone" / disabled "... can\'t unmute ..."',
             [], CONFIRMED, [ENGAGIUM_REF + '#L170', ENGAGIUM_REF + '#L171'],
             ['meet_list_participants', 'meet_mute_participant'], [], ''),
    contract('row_more_actions', 'a row\'s "More actions" menu button (button[aria-haspopup=menu])',
             [css('button[aria-haspopup="menu"]')], PARTLY, [ATTENDEE_JS + '#L678'], ['meet_remove_participant'], [], ''),
    contract('remove_menu_item', 'the menu item "Remove from the call"',
             [texted('[role="menu"] [role="menuitem"]', 'remove_from_call', 'equals')], PARTLY,
             [ATTENDEE_JS + '#L687', 'index 57363138924 (repository undisclosed)'], ['meet_remove_participant'], [], ''),
    WAITING_LIST,
    ADMIT_BUTTON,
    # --- chat ---
    contract('chat_button', 'the "Chat with everyone" button', [css('button[aria-label="{chat_with_everyone}"]')],
             CONFIRMED, [ATTENDEE_JS + '#L734', LMA + '#L15', IN_CALL + ': 1', OFF + ': 1'],
             ['meet_read_chat', 'meet_send_chat'], ['in_call'], 'also in the waiting room'),
    contract('chat_input', 'the chat box (textarea "Send a message")',
             [css('textarea[aria-label="{send_message}"]'), css('[role="textbox"][aria-label="{send_message}"]')], PARTLY,
             [ATTENDEE_JS + '#L127', ENGAGIUM_REF + '#L395'], ['meet_read_chat', 'meet_send_chat'], [],
             'not captured (the chat panel was closed in every capture)'),
    contract('chat_send', 'the chat\'s send button ("Send a message")', [css('button[aria-label="{send_message}"]')],
             PARTLY, [LMA + '#L37', ENGAGIUM_REF + '#L396'], ['meet_send_chat'], [], 'not captured'),
    contract('chat_message', 'a chat message group (div[jsname="Ypafjf"] in the list div[jsname="xySENc"])',
             [css('div[jsname="xySENc"] div[jsname="Ypafjf"]'), css('div[jsname="Ypafjf"]')], CONFIRMED,
             [TRANSCRIPTONIC + '#L832', CHAT + ': 1'], ['meet_read_chat', 'meet_send_chat'], [],
             'div[data-message-id] matches nothing: the id is on the message\'s "Pin message" button'),
    contract('chat_message_id', 'a message\'s id (data-message-id on its Pin button)', [css('button[data-message-id]')],
             CONFIRMED, [TRANSCRIPTONIC + '#L851', CHAT + ': 1'], ['meet_read_chat'], [], ''),
    contract('chat_text', 'a message\'s text ([jsname="dTKtvb"])', [css('[jsname="dTKtvb"]')], CONFIRMED,
             [TRANSCRIPTONIC + '#L841', CHAT + ': 1'], ['meet_read_chat', 'meet_send_chat'], [], ''),
    contract('chat_sender', 'a message group\'s sender (.poVWob)', [css('.poVWob')], PARTLY,
             [TRANSCRIPTONIC + '#L835', TRANSCRIPTONIC + '#L393', CHAT + ': 1 ("You")'], ['meet_read_chat'], [],
             'a generated class; transcriptonic reads a header with one child as your own message'),
    contract('chat_time', 'a message group\'s time ([jsname="biJjHb"], .MuzmKe)',
             [css('[jsname="biJjHb"]'), css('.MuzmKe')], CONFIRMED, [TRANSCRIPTONIC + '#L836', CHAT + ': 1 ("17:00")'],
             ['meet_read_chat'], [], ''),
    # --- captions ---
    contract('caption_line', 'a caption line in the Captions region (.nMcdL)', [css('.nMcdL')], PARTLY,
             [PARLEY_SRC, PARLEY_README + '#L221', TRANSCRIPTONIC + '#L798', IN_CALL + ': 0 (quiet)'],
             ['meet_read_captions'], [],
             'a generated class; without it the region\'s own structure is read, and text that cannot be read as '
             'lines fails loudly instead of reading as a quiet call'),
    contract('caption_speaker', 'a caption line\'s speaker (.NWpY1d, older .KcIKyf)', [css('.NWpY1d'), css('.KcIKyf')],
             PARTLY, [PARLEY_SRC, PARLEY_README + '#L222', TRANSCRIPTONIC], ['meet_read_captions'], [], ''),
    contract('caption_text', 'a caption line\'s words (.ygicle, older [jsname="tgaKEf"])',
             [css('.ygicle'), css('[jsname="tgaKEf"]')], PARTLY, [PARLEY_SRC, PARLEY_README + '#L223', TRANSCRIPTONIC + '#L804'],
             ['meet_read_captions'], [], ''),
    # --- dialogs, recording, details ---
    contract('dialog', 'a dialog ([role=dialog]; persistent ones, data-is-persistent="true", are never a confirmation)',
             [css('[role="dialog"], [role="alertdialog"]')], CONFIRMED,
             [READY + ': 1 (persistent)', OFF + ': 2 (1 persistent)', IN_CALL + ': 0'],
             ['meet_mute_participant', 'meet_remove_participant', 'meet_start_recording', 'meet_stop_recording'], [],
             'the confirmation is the dialog that appeared after the click, picked by its title'),
    CONFIRM_BUTTONS,
    contract('meeting_tools_button', 'the "Meeting tools" button (was "Activities")',
             [css('button[aria-label="{meeting_tools}"]')], CONFIRMED, [IN_CALL + ': 1', OFF + ': 1', TROXO + '#L79'],
             RECORDING_TOOLS, [], 'button[aria-label="Activities"] matches nothing in 2026'),
    contract('more_options_button', 'the "More options" button', [css('button[aria-label="{more_options}"]')],
             CONFIRMED, [IN_CALL + ': 1', OFF + ': 1', READY + ': 1'], RECORDING_TOOLS, [], ''),
    contract('recording_controls', 'the recording entry and its "Start recording" / "Stop recording" buttons',
             [texted(BUTTONS + ', [role="listitem"], [role="menuitem"]', 'recording_labels', 'equals')], PARTLY,
             [TROXO + '#L111'], RECORDING_TOOLS, [], 'troxohq (2023) clicks them by text; not captured'),
    contract('recording_indicator', 'the page text "This call is being recorded"', [page_text('recording_texts')],
             PARTLY, [TROXO + '#L108'], ['meet_status', 'meet_start_recording', 'meet_stop_recording'], [],
             'troxohq reads it from the page text; no source shows it as an aria-label; not captured'),
    contract('meeting_title', 'the meeting\'s title: the document title after "Meet - " when it is not the code, '
             'else div[data-meeting-title] (older UI)', [css('[data-meeting-title]')], PARTLY,
             [READY + ': title "Meet - abc-defg-hij", [data-meeting-title] 0', LMA + '#L90'],
             ['meet_status', 'meet_meeting_info'], [], 'no capture shows a calendar title'),
    DETAILS_PANEL_TEXT,
    contract('meeting_url', 'meeting URLs https://meet.google.com/<abc-defg-hij> and /new', [], CONFIRMED,
             [NOT_FOUND + ': the capture\'s URL https://meet.google.com/aaa-bbbb-ccc', READY + ': title code abc-defg-hij'],
             ['meet_create_meeting', 'meet_open_meeting', 'meet_meeting_info', 'meet_status'], [], ''),
]
