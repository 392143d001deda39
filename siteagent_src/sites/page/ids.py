"""What both halves of the page tool name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool, name_step

SITE = name_site('generic', [])

# Tools that run in the tab (declared for the worker in tools.py).
PROBE_NAMES = name_tool(SITE, 'page_probe_names')
PROBE_ACTIONS = name_tool(SITE, 'page_probe_actions')
PROBE_LIVE = name_tool(SITE, 'page_probe_live')

# Steps: tab-half functions the worker half runs in the tab.
PROBE_TARGETS = name_step(SITE, 'page__probe_targets')
PAGE_TAB = name_step(SITE, 'page_tab')
