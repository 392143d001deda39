"""The calendar adapter. Its tools arrive with their own issue; until then it offers none."""

ADAPTER = {'id': 'calendar', 'hosts': [], 'selectors': {}, 'tools': []}

SITE = {'adapter': ADAPTER, 'preview': None, 'worker_tools': {}, 'tab_tools': {}}
