"""What both halves of Gmail name: the site (id, hosts), the tools that run in its tab and
the steps its worker half runs there. The tab half imports this module and nothing else of the
declarations; the service worker's declarations of the same tools (risk, description, input schema)
are in tools.py, which only the worker imports.
"""
from core.tooling import name_site, name_tool, name_step

SITE = name_site('gmail', ['mail.google.com'])

# Tools that run in the tab (declared for the worker in tools.py).
STATUS = name_tool(SITE, 'gmail_status')
LIST_THREADS = name_tool(SITE, 'gmail_list_threads')
READ_THREAD = name_tool(SITE, 'gmail_read_thread')
REPLY_DRAFT = name_tool(SITE, 'gmail_reply_draft')
DISCARD_DRAFT = name_tool(SITE, 'gmail_discard_draft')
LIST_LABELS = name_tool(SITE, 'gmail_list_labels')

# Steps: tab-half functions the worker half runs in the tab.
WAIT_LIST = name_step(SITE, 'gmail__wait_list')
WAIT_THREAD = name_step(SITE, 'gmail__wait_thread')
THREAD_DETAILS = name_step(SITE, 'gmail__thread_details')
DRAFT_DETAILS = name_step(SITE, 'gmail__draft_details')
WAIT_COMPOSE = name_step(SITE, 'gmail__wait_compose')
CLICK_SEND = name_step(SITE, 'gmail__click_send')
THREAD_ACTION = name_step(SITE, 'gmail__thread_action')
