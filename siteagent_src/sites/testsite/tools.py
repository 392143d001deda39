"""The test-only sites (built with profiles.test.test_adapter): one tool per risk, the security
hardening test tools, and two tab tools. Nothing here touches anything outside the extension."""
from core.tooling import declare_site, declare_tool, object_schema
from sites.testsite import ids

TEST = {'test_only': True}
_TEXT_200 = {'type': 'string', 'maxLength': 200, 'description': 'Any text, at most 200 characters.'}
_TEXT_SHORT = {'type': 'string', 'maxLength': 200, 'description': 'Short text.'}
_SLEEP_MS = {'type': 'integer', 'minimum': 0, 'maximum': 20000, 'description': 'How long to wait, in ms.'}
_ADDRS = {'type': 'array', 'maxItems': 50, 'items': {'type': 'string', 'maxLength': 320},
          'description': 'Email addresses.'}
_BODY = {'type': 'string', 'maxLength': 2000, 'description': 'Text.'}


def _test(extra):
    out = {'test_only': True}
    if extra is not None:
        for key in extra.keys():
            out[key] = extra[key]
    return out


SITE = declare_site(ids.SITE, None, {})

TEST_READ = declare_tool(
    SITE, 'test_read', 'read',
    'Test tool (read). Use to check that the agent connection works end to end. '
    'Returns {"echo": <the arguments you sent>, "count": <how many times test_read ran '
    'since the extension started>}. It reads nothing from the page and changes nothing.',
    object_schema({'text': _TEXT_200}, None), 'worker', TEST)
TEST_WRITE = declare_tool(
    SITE, 'test_write', 'write',
    'Test tool (write). Use to exercise a call that changes state without asking the '
    'user: it stores `text` in the extension\'s test memory and returns {"stored": <text>}. '
    'It does not touch the page, send anything or open tabs.',
    object_schema({'text': _TEXT_200}, None), 'worker', TEST)
TEST_IRREVERSIBLE = declare_tool(
    SITE, 'test_irreversible', 'irreversible',
    'Test tool (irreversible). Use to exercise the approval flow: the user sees `text` in '
    'an approval window and must approve before it "runs". Returns {"done": true, '
    '"text": <text>} when approved; fails with approval_denied or approval_timeout '
    'otherwise. Nothing real happens either way.',
    object_schema({'text': _TEXT_200}, ['text']), 'worker', TEST)

# --- security hardening test tools (tests/browser/test_security_*.py) ---------------------------
TEST_SEND = declare_tool(
    SITE, 'test_send', 'irreversible',
    'Test only (irreversible). Pretends to send a message to `to`/`cc`/`bcc`; subject to '
    'the send rules of the test_send sink. Counts an effect; sends nothing.',
    object_schema({'to': _ADDRS, 'cc': _ADDRS, 'bcc': _ADDRS, 'subject': _TEXT_SHORT, 'body': _BODY}, ['to']),
    'worker', _test({'recipients': ['to', 'cc', 'bcc'], 'sink': 'test_send', 'outbound': ['subject', 'body']}))
TEST_NOTE = declare_tool(
    SITE, 'test_note', 'write',
    'Test only (write). Stores `body` in test memory without approval (unless a rule '
    'says otherwise). Counts an effect.',
    object_schema({'body': _BODY}, None), 'worker', TEST)
TEST_READ_MAIL = declare_tool(
    SITE, 'test_read_mail', 'read',
    'Test only (read). Returns one fake email {from, subject, body} built from the '
    'arguments, marked untrusted like a real mailbox read.',
    object_schema({'from': _TEXT_SHORT, 'subject': _TEXT_SHORT, 'body': _BODY}, None), 'worker',
    _test({'untrusted_kind': 'email'}))
TEST_LIMITED = declare_tool(
    SITE, 'test_limited', 'read',
    'Test only (read). Returns {ok: true}; rate-limited to 3 calls a minute in the test profile.',
    object_schema({}, None), 'worker', TEST)
TEST_STAGED = declare_tool(
    SITE, 'test_staged', 'irreversible',
    'Test only (irreversible). Pauses 1.5 s before its approval window and 1.5 s after the '
    'approval, then waits `exec_ms` before counting its effect (for worker-kill tests).',
    object_schema({'text': _TEXT_200, 'exec_ms': _SLEEP_MS}, ['text']), 'worker',
    _test({'test_pauses': {'before_approval': 1500, 'after_approval': 1500}}))
TEST_TAMPER = declare_tool(
    SITE, 'test_tamper', 'irreversible',
    'Test only (irreversible). Its preview hook changes the arguments 800 ms after the '
    'approval window opens, as buggy or hostile adapter code might.',
    object_schema({'text': _TEXT_200}, ['text']), 'worker', TEST)

TEST_BLOB = declare_tool(
    SITE, 'test_blob', 'read',
    'Test only (read). Returns {"blob": <text repeated `times` times>, "length": <its length>}: large '
    'arguments and results for the MCP link\'s size tests. Changes nothing.',
    object_schema({'text': {'type': 'string', 'maxLength': 2000000, 'description': 'Text, up to 2,000,000 characters.'},
                   'times': {'type': 'integer', 'minimum': 1, 'maximum': 4, 'description': 'Repeat count.'}},
                  ['text']),
    'worker', TEST)

# --- a tab site (on the Gmail fixture's host) -----------------------------------------------------
TAB_SITE = declare_site(ids.TAB_SITE, None, {'title': 'h1'})

TAB_INFO = declare_tool(
    TAB_SITE, 'test_tab_info', 'read',
    'Test only. Returns the title, host and path of the site tab it runs in. Changes nothing.',
    object_schema({}, None), 'tab', TEST)
TAB_SLEEP = declare_tool(
    TAB_SITE, 'test_tab_sleep', 'read',
    'Test only. Waits `ms` milliseconds in the site tab, then returns {slept: ms}.',
    object_schema({'ms': _SLEEP_MS}, ['ms']), 'tab', TEST)
