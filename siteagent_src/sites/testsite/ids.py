"""What both halves of the test sites name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool

SITE = name_site('test', ['siteagent.test', 'localhost', '127.0.0.1'])
TAB_SITE = name_site('test_tab', ['mail.google.com'])

# Tools that run in the tab (declared for the worker in tools.py).
TAB_INFO = name_tool(TAB_SITE, 'test_tab_info')
TAB_SLEEP = name_tool(TAB_SITE, 'test_tab_sleep')
