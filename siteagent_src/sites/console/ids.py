"""What both halves of the console's generic tools name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool

SITE = name_site('console', [])

# Tools that run in the tab (declared for the worker in tools.py).
CLICK_TEXT = name_tool(SITE, 'generic_click_text')
