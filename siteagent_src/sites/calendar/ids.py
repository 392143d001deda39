"""What both halves of Google Calendar name: the site (id, hosts) and the steps (tab-half functions its
worker half runs in the tab). The tab half imports this module and nothing else of the declarations:
the tools, their names included, are declared in tools.py, which only the worker imports; a tool that
runs in the tab has its handler in the tab half under the tool's own name (`@tab_tool`).
"""
from core.tooling import name_site, name_step

SITE = name_site('calendar', ['calendar.google.com'])

# Steps: tab-half functions the worker half runs in the tab.
SNAPSHOT = name_step(SITE, 'calendar__snapshot')
EDITOR_STATE = name_step(SITE, 'calendar__editor_state')
OPEN_EDITOR = name_step(SITE, 'calendar__open_editor')
FILL_EDITOR = name_step(SITE, 'calendar__fill')
COMMIT_EDITOR = name_step(SITE, 'calendar__commit')
