"""What both halves of Gmail name: the site (id, hosts) and the steps (tab-half functions its
worker half runs in the tab). The tab half imports this module and nothing else of the declarations:
the tools, their names included, are declared in tools.py, which only the worker imports; a tool that
runs in the tab has its handler in the tab half under the tool's own name (`@tab_tool`).
"""
from core.tooling import name_site, name_step

SITE = name_site('gmail', ['mail.google.com'])

# Steps: tab-half functions the worker half runs in the tab.
WAIT_LIST = name_step(SITE, 'gmail__wait_list')
WAIT_THREAD = name_step(SITE, 'gmail__wait_thread')
THREAD_DETAILS = name_step(SITE, 'gmail__thread_details')
DRAFT_DETAILS = name_step(SITE, 'gmail__draft_details')
WAIT_COMPOSE = name_step(SITE, 'gmail__wait_compose')
CLICK_SEND = name_step(SITE, 'gmail__click_send')
THREAD_ACTION = name_step(SITE, 'gmail__thread_action')
