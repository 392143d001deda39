"""What both halves of Google Meet name: the site (id, hosts) and the steps (tab-half functions its
worker half runs in the tab). The tab half imports this module and nothing else of the declarations:
the tools, their names included, are declared in tools.py, which only the worker imports; a tool that
runs in the tab has its handler in the tab half under the tool's own name (`@tab_tool`).
"""
from core.tooling import name_site, name_step

SITE = name_site('meet', ['meet.google.com'])

# Steps: tab-half functions the worker half runs in the tab.
STATUS_NOW = name_step(SITE, 'meet__status')
AWAIT_LOBBY = name_step(SITE, 'meet__await_lobby')
NAMES = name_step(SITE, 'meet__names')
CLICK_JOIN = name_step(SITE, 'meet__click_join')
POST_CHAT = name_step(SITE, 'meet__post_chat')
