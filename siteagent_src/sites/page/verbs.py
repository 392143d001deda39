"""The page tool's verbs, in one table: the input schema's `method` enum, each verb's risk, the
arguments it needs, which half runs it, and the docs' verb list (docs/PROTOCOL.md) come from here.

    verb: the `method` value;  risk: before its target is judged (sites/page/risk/judge.py raises a click,
    a submitting type or an Enter press to irreversible when the target warrants it, and lowers a
    call_tool of a page tool declared read-only to read: `page_tool_risk`);
    needs: arguments it requires;  runs: 'worker' (tabs and navigation) or 'tab' (the page itself);
    acts: the verb acts on the page (the tool then waits for the DOM to settle and reports a navigation).
"""

VERBS = [
    {'verb': 'open', 'risk': 'read', 'needs': ['url'], 'runs': 'worker', 'acts': False,
     'doc': 'open an http(s) URL in a new agent tab (it becomes the current one)'},
    {'verb': 'navigate', 'risk': 'read', 'needs': ['url'], 'runs': 'worker', 'acts': False,
     'doc': 'load an http(s) URL in the tab'},
    {'verb': 'back', 'risk': 'read', 'needs': [], 'runs': 'worker', 'acts': False,
     'doc': 'go back one page in the tab\'s history'},
    {'verb': 'tabs', 'risk': 'read', 'needs': [], 'runs': 'worker', 'acts': False,
     'doc': 'list the agent tabs and the attached tab'},
    {'verb': 'close', 'risk': 'write', 'needs': [], 'runs': 'worker', 'acts': False,
     'doc': 'close an agent tab (never the attached one)'},
    {'verb': 'scan', 'risk': 'read', 'needs': [], 'runs': 'tab', 'acts': False,
     'doc': 'the page as compact lines, one element a line (see Scan format)'},
    {'verb': 'read', 'risk': 'read', 'needs': ['uid'], 'runs': 'tab', 'acts': False,
     'doc': 'the full text of an element (a prose line\'s uid)'},
    {'verb': 'wait', 'risk': 'read', 'needs': [], 'runs': 'tab', 'acts': False,
     'doc': 'wait for `text` (or a `uid`) to appear, or with `gone` to disappear'},
    {'verb': 'click', 'risk': 'write', 'needs': ['uid'], 'runs': 'tab', 'acts': True,
     'doc': 'click an element; judged by its target'},
    {'verb': 'type', 'risk': 'write', 'needs': ['uid', 'text'], 'runs': 'tab', 'acts': True,
     'doc': 'type `text` into a field (`clear` first, `submit` after: judged like a click on submit)'},
    {'verb': 'select', 'risk': 'write', 'needs': ['uid'], 'runs': 'tab', 'acts': True,
     'doc': 'choose an option by `value` or `label`'},
    {'verb': 'check', 'risk': 'write', 'needs': ['uid', 'checked'], 'runs': 'tab', 'acts': True,
     'doc': 'set a checkbox, switch or radio to `checked`'},
    {'verb': 'press', 'risk': 'write', 'needs': ['key'], 'runs': 'tab', 'acts': True,
     'doc': 'press a key or chord (`Enter`, `Escape`, `Control+A`); Enter is judged like a submit'},
    {'verb': 'scroll', 'risk': 'read', 'needs': [], 'runs': 'tab', 'acts': False,
     'doc': 'scroll the page or an element (`direction`), or bring `to` (a uid) into view'},
    {'verb': 'tools', 'risk': 'read', 'needs': [], 'runs': 'tab', 'acts': False,
     'doc': 'the page\'s own tools (WebMCP) with their input schemas and the risk Site Agent gives each (see Page tools)'},
    {'verb': 'call_tool', 'risk': 'irreversible', 'needs': ['tool'], 'runs': 'tab', 'acts': False,
     'doc': 'call one of the page\'s own tools with `args` (checked against its schema first); read when the page '
            'declares it read-only and its words name no destructive or financial act, else irreversible'},
]


def _column(key):
    return [row[key] for row in VERBS]


METHODS = _column('verb')


def verb_of(method):
    """The verb's row, or None for an unknown method."""
    for row in VERBS:
        if row['verb'] == method:
            return row
    return None


def needs_of(method):
    row = verb_of(method)
    return row['needs'] if row is not None else []


def acts(method):
    """The verb acts on the page (settle, then report a navigation)."""
    row = verb_of(method)
    return row is not None and row['acts'] is True


