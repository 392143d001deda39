"""What both halves of Google Calendar name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool, name_step

SITE = name_site('calendar', ['calendar.google.com'])

# Tools that run in the tab (declared for the worker in tools.py).
STATUS = name_tool(SITE, 'calendar_status')
LIST_EVENTS = name_tool(SITE, 'calendar_list_events')
READ_EVENT = name_tool(SITE, 'calendar_read_event')
RSVP = name_tool(SITE, 'calendar_rsvp')
DELETE_EVENT = name_tool(SITE, 'calendar_delete_event')

# Steps: tab-half functions the worker half runs in the tab.
SNAPSHOT = name_step(SITE, 'calendar__snapshot')
EDITOR_STATE = name_step(SITE, 'calendar__editor_state')
OPEN_EDITOR = name_step(SITE, 'calendar__open_editor')
FILL_EDITOR = name_step(SITE, 'calendar__fill')
COMMIT_EDITOR = name_step(SITE, 'calendar__commit')
