"""What both halves of Google Meet name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool, name_step

SITE = name_site('meet', ['meet.google.com'])

# Tools that run in the tab (declared for the worker in tools.py).
MEETING_INFO = name_tool(SITE, 'meet_meeting_info')
LEAVE = name_tool(SITE, 'meet_leave')
SET_MICROPHONE = name_tool(SITE, 'meet_set_microphone')
SET_CAMERA = name_tool(SITE, 'meet_set_camera')
LIST_PARTICIPANTS = name_tool(SITE, 'meet_list_participants')
ADMIT_PARTICIPANT = name_tool(SITE, 'meet_admit_participant')
MUTE_PARTICIPANT = name_tool(SITE, 'meet_mute_participant')
REMOVE_PARTICIPANT = name_tool(SITE, 'meet_remove_participant')
READ_CHAT = name_tool(SITE, 'meet_read_chat')
RAISE_HAND = name_tool(SITE, 'meet_raise_hand')
SET_CAPTIONS = name_tool(SITE, 'meet_set_captions')
READ_CAPTIONS = name_tool(SITE, 'meet_read_captions')
START_RECORDING = name_tool(SITE, 'meet_start_recording')
STOP_RECORDING = name_tool(SITE, 'meet_stop_recording')

# Steps: tab-half functions the worker half runs in the tab.
STATUS_NOW = name_step(SITE, 'meet__status')
AWAIT_LOBBY = name_step(SITE, 'meet__await_lobby')
NAMES = name_step(SITE, 'meet__names')
CLICK_JOIN = name_step(SITE, 'meet__click_join')
POST_CHAT = name_step(SITE, 'meet__post_chat')
