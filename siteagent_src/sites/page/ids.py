"""What both halves of the page tool name: the site (id, hosts) and the steps (tab-half functions its
worker half runs in the tab). The tab half imports this module and nothing else of the declarations:
the tools, their names included, are declared in tools.py, which only the worker imports; a tool that
runs in the tab has its handler in the tab half under the tool's own name (`@tab_tool`).
"""
from core.tooling import name_site, name_step

SITE = name_site('generic', [])

# Steps: tab-half functions the worker half runs in the tab.
PROBE_TARGETS = name_step(SITE, 'page__probe_targets')
PAGE_TAB = name_step(SITE, 'page_tab')
