"""Google Meet's page contracts and labels: everything the Meet adapter reads, with its evidence.

Captures are the real 2026 pages in ../shared/corpus/google/meet/ (h6y3/parley's, MIT; the chat list
from vivek-nexus/transcriptonic, MIT; the not-found screen from Vexa-ai/vexa, Apache-2.0): counts are
what a querySelectorAll finds in each. Repository citations are `owner/repo@commit:path#Lline`.
"index N" entries are search-index excerpts whose repository is undisclosed (weaker evidence).
How the table is used: core/contracts.py.

Each row says what contract `id` of sites/meet/contracts.py `TABLE` is, its citations and a note;
the docs read it with the table (buildtool/docsgen.py), no bundle does. The unconfirmed rows' are in
sites/meet/unconfirmed.py.
"""
from core.contracts import evidence
from sites.meet.unconfirmed import TROXO, ATTENDEE_JS

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

EVIDENCE = [
    # --- where the tab is: each state from evidence of its own (never Leave call, chat, the toolbar or tiles) ---
    evidence('meeting_details_button', 'the "Meeting details" control (only after admission)',
             [PARLEY_README + '#L308', PARLEY_SRC, IN_CALL + ': 1', OFF + ': 1', READY + ': 0'],
             'an admission anchor outside the call-controls toolbar; parley measured 0 in the waiting room'),
    evidence('notifications_region', 'the region "Call feature notifications and actions" (only after admission)',
             [PARLEY_README + '#L309', IN_CALL + ': 1', OFF + ': 1', READY + ': 0'],
             'an admission anchor; parley measured 0 in the waiting room'),
    evidence('captions_region', 'the Captions region (only in a call, only while captions are on)',
             [PARLEY_README + '#L220', PARLEY_SRC, IN_CALL + ': 1', OFF + ': 0 (captions off)', READY + ': 0'],
             'absent from the DOM while captions are off (in-call-captions-off.html)'),
    evidence('waiting_text', 'the waiting-room text ("Please wait until a meeting host brings you into the call", '
             'older "Asking to be let in")',
             [PARLEY_README + '#L48', PARLEY_JOIN, SCREENAPP_TEXT + '#L5', VEXA_SEL + '#L33', VEXA_SEL + '#L37',
              VEXA_SEL + '#L38', ATTENDEE_UI + '#L173'],
             'the 2026 wording (parley, screenappai, vexa) and the 2024 one (vexa, attendee)'),
    evidence('join_button', 'the lobby\'s join control ("Ask to join ...", "Join now")',
             [PARLEY_README + '#L241', READY + ': 1 ("Ask to join without microphone & camera", text "Ask to join")',
              VEXA_SEL + '#L373', ATTENDEE_UI + '#L246'],
             '"Join now", "Switch here" and the other wordings are from bots (vexa, attendee), never captured'),
    evidence('meeting_code_attr', 'the lobby\'s [data-meeting-code]',
             [READY + ': 1 (abc-defg-hij)', IN_CALL + ': 0'],
             'the code when the URL has none'),
    evidence('ended_signals', 'the ended screen ("You left the meeting", a Rejoin button)',
             [VEXA_SEL + '#L252', ATTENDEE_JS + '#L340'],
             'not captured'),
    evidence('startup_code', 'the error screen\'s [data-startup-code] ("Check your meeting code")',
             [NOT_FOUND + ': 1 (217)'],
             'startup code 217: the meeting space does not exist'),
    evidence('not_found_text', 'the text "Check your meeting code"',
             [NOT_FOUND + ': 1'],
             ''),
    evidence('denied_text', 'the texts after a refused or unanswered request to join',
             [SCREENAPP_TEXT, ATTENDEE_UI],
             'not captured'),
    evidence('call_controls_region', 'the call-controls toolbar ([role=region][aria-label="Call controls"]): also in '
             'the waiting room, so never state evidence',
             [PARLEY_README + '#L323', IN_CALL + ': 1', OFF + ': 1', READY + ': 0'],
             'parley measured it populated in the waiting room (Leave call, both toggles, More options)'),
    evidence('participant_tile', 'a participant tile ([data-participant-id]): your own preview shows in the waiting '
             'room too, so never state evidence',
             [PARLEY_README + '#L226', IN_CALL + ': 2', OFF + ': 1', READY + ': 0'],
             ''),
    # --- who you are ---
    evidence('anonymous_flag', '[data-is-anonymous] ("false": signed in)',
             [READY + ': 2', IN_CALL + ': 1', OFF + ': 1'],
             'only "false" was ever captured; "true" (a guest) is read as signed out'),
    evidence('account_switch', 'the lobby\'s "Switch account" link',
             [READY + ': 1'],
             ''),
    evidence('joined_as_text', 'the call\'s "Joined as <email>" (in the closable "Your meeting\'s ready" dialog)',
             [OFF + ': 1'],
             'only in the creator\'s fresh call'),
    # --- your own controls ---
    evidence('mic_control', 'your microphone toggle ([data-is-muted], label "Turn on/off microphone" or '
             '"Microphone problem. Show more info")',
             [PARLEY_README + '#L239', LMA + '#L117', READY + ': 1', IN_CALL + ': 1', OFF + ': 1 (problem)'],
             'case-insensitive: "Microphone problem" starts with a capital'),
    evidence('camera_control', 'your camera toggle ([data-is-muted], label "Turn on/off camera")',
             [PARLEY_README + '#L238', READY + ': 1', IN_CALL + ': 1', OFF + ': 1 (problem)'],
             ''),
    evidence('toggle_semantics', 'a toggle\'s label names the action ("Turn off ..." means on now); '
             'data-is-muted wins; "... problem" means the device is unavailable',
             [PARLEY_README + '#L62', IN_CALL + ': "Turn on microphone" with data-is-muted true',
              OFF + ': "Microphone problem. Show more info"'],
             ''),
    evidence('leave_button', 'the "Leave call" button (also in the waiting room: never state evidence)',
             [ATTENDEE_UI + '#L1277', VEXA_SEL + '#L419', IN_CALL + ': 1', OFF + ': 1', PARLEY_README + '#L228'],
             ''),
    evidence('captions_button', 'the captions toggle ("Turn on captions" / "Turn off captions")',
             [PARLEY_SRC, ATTENDEE_UI + '#L517', IN_CALL + ': 1 (off label)', OFF + ': 1 (on label)'],
             ''),
    evidence('hand_button', 'the hand toggle ("Raise hand (...)" / "Lower hand (...)")',
             [IN_CALL + ': 1 ("Raise hand (ctrl + \u2318 + h)")', OFF + ': 1', 'index 40348483039 (repository undisclosed)'],
             '"Lower hand" was never captured'),
    # --- people ---
    evidence('people_badge', 'the People control (a [role=button] badge named by aria-labelledby "People")',
             [IN_CALL + ': 1', OFF + ': 1', SCREENAPP + '#L881', ATTENDEE_JS + '#L705', ENGAGIUM_REF + '#L158'],
             'button[aria-label="People"] (2025, attendee) matches nothing in 2026; kept as the second locator'),
    evidence('people_count', 'the People badge\'s count ([data-avatar-count])',
             [SCREENAPP + '#L860', IN_CALL + ': 1 (2)', OFF + ': 1 (1)'],
             ''),
    evidence('side_panel', 'the side panel (<aside aria-label="Side panel">, no role attribute)',
             [IN_CALL + ': 1', OFF + ': 1', ENGAGIUM_CFG + '#L39'],
             ''),
    evidence('participants_list', 'the People panel\'s rows ([role=list][aria-label=Participants] [role=listitem])',
             [ATTENDEE_JS + '#L661', ENGAGIUM_REF + '#L107'],
             'not captured (the panel was closed)'),
    evidence('participant_row_words', 'words in a participant row: "(You)", "Meeting host", the "front_hand" icon',
             [ENGAGIUM_CFG + '#L103', ENGAGIUM_CFG + '#L104', ENGAGIUM_CFG + '#L124'],
             ''),
    evidence('participant_mute_labels', 'a row\'s "Mute <name>\'s microphone" / disabled "... can\'t unmute ..."',
             [ENGAGIUM_REF + '#L170', ENGAGIUM_REF + '#L171'],
             ''),
    evidence('row_more_actions', 'a row\'s "More actions" menu button (button[aria-haspopup=menu])',
             [ATTENDEE_JS + '#L678'],
             ''),
    evidence('remove_menu_item', 'the menu item "Remove from the call"',
             [ATTENDEE_JS + '#L687', 'index 57363138924 (repository undisclosed)'],
             ''),
    # --- chat ---
    evidence('chat_button', 'the "Chat with everyone" button',
             [ATTENDEE_JS + '#L734', LMA + '#L15', IN_CALL + ': 1', OFF + ': 1'],
             'also in the waiting room'),
    evidence('chat_input', 'the chat box (textarea "Send a message")',
             [ATTENDEE_JS + '#L127', ENGAGIUM_REF + '#L395'],
             'not captured (the chat panel was closed in every capture)'),
    evidence('chat_send', 'the chat\'s send button ("Send a message")',
             [LMA + '#L37', ENGAGIUM_REF + '#L396'],
             'not captured'),
    evidence('chat_message', 'a chat message group (div[jsname="Ypafjf"] in the list div[jsname="xySENc"])',
             [TRANSCRIPTONIC + '#L832', CHAT + ': 1'],
             'div[data-message-id] matches nothing: the id is on the message\'s "Pin message" button'),
    evidence('chat_message_id', 'a message\'s id (data-message-id on its Pin button)',
             [TRANSCRIPTONIC + '#L851', CHAT + ': 1'],
             ''),
    evidence('chat_text', 'a message\'s text ([jsname="dTKtvb"])',
             [TRANSCRIPTONIC + '#L841', CHAT + ': 1'],
             ''),
    evidence('chat_sender', 'a message group\'s sender (.poVWob)',
             [TRANSCRIPTONIC + '#L835', TRANSCRIPTONIC + '#L393', CHAT + ': 1 ("You")'],
             'a generated class; transcriptonic reads a header with one child as your own message'),
    evidence('chat_time', 'a message group\'s time ([jsname="biJjHb"], .MuzmKe)',
             [TRANSCRIPTONIC + '#L836', CHAT + ': 1 ("17:00")'],
             ''),
    # --- captions ---
    evidence('caption_line', 'a caption line in the Captions region (.nMcdL)',
             [PARLEY_SRC, PARLEY_README + '#L221', TRANSCRIPTONIC + '#L798', IN_CALL + ': 0 (quiet)'],
             'a generated class; without it the region\'s own structure is read, and text that cannot be read as '
             'lines fails loudly instead of reading as a quiet call'),
    evidence('caption_speaker', 'a caption line\'s speaker (.NWpY1d, older .KcIKyf)',
             [PARLEY_SRC, PARLEY_README + '#L222', TRANSCRIPTONIC],
             ''),
    evidence('caption_text', 'a caption line\'s words (.ygicle, older [jsname="tgaKEf"])',
             [PARLEY_SRC, PARLEY_README + '#L223', TRANSCRIPTONIC + '#L804'],
             ''),
    # --- dialogs, recording, details ---
    evidence('dialog', 'a dialog ([role=dialog]; persistent ones, data-is-persistent="true", are never a confirmation)',
             [READY + ': 1 (persistent)', OFF + ': 2 (1 persistent)', IN_CALL + ': 0'],
             'the confirmation is the dialog that appeared after the click, picked by its title'),
    evidence('meeting_tools_button', 'the "Meeting tools" button (was "Activities")',
             [IN_CALL + ': 1', OFF + ': 1', TROXO + '#L79'],
             'button[aria-label="Activities"] matches nothing in 2026'),
    evidence('more_options_button', 'the "More options" button',
             [IN_CALL + ': 1', OFF + ': 1', READY + ': 1'],
             ''),
    evidence('recording_controls', 'the recording entry and its "Start recording" / "Stop recording" buttons',
             [TROXO + '#L111'],
             'troxohq (2023) clicks them by text; not captured'),
    evidence('recording_indicator', 'the page text "This call is being recorded"',
             [TROXO + '#L108'],
             'troxohq reads it from the page text; no source shows it as an aria-label; not captured'),
    evidence('meeting_title', 'the meeting\'s title: the document title after "Meet - " when it is not the code, '
             'else div[data-meeting-title] (older UI)',
             [READY + ': title "Meet - abc-defg-hij", [data-meeting-title] 0', LMA + '#L90'],
             'no capture shows a calendar title'),
    evidence('meeting_url', 'meeting URLs https://meet.google.com/<abc-defg-hij> and /new',
             [NOT_FOUND + ': the capture\'s URL https://meet.google.com/aaa-bbbb-ccc', READY + ': title code abc-defg-hij'],
             ''),
]
