"""Stable reason codes carried by every failure outcome (`{ok: False, reason, message}`).

Codes are part of the page-facing protocol: never rename one; add new ones at the end.
"""

UNKNOWN_TOOL = 'unknown_tool'
TOOL_NOT_ALLOWED_FOR_SITE = 'tool_not_allowed_for_site'
TOOL_DISABLED = 'tool_disabled'
PAUSED = 'paused'
INVALID_ARGS = 'invalid_args'
APPROVAL_DENIED = 'approval_denied'
APPROVAL_TIMEOUT = 'approval_timeout'
APPROVAL_PENDING = 'approval_pending'
NO_TARGET_TAB = 'no_target_tab'
TAB_TIMEOUT = 'tab_timeout'
TAB_CLOSED = 'tab_closed'
PERMISSION_REQUIRED = 'permission_required'
ADAPTER_ERROR = 'adapter_error'
BAD_REQUEST = 'bad_request'
STALE_UID = 'stale_uid'
URL_NOT_ALLOWED = 'url_not_allowed'
RATE_LIMITED = 'rate_limited'
WORKER_RESTARTED = 'worker_restarted'
# Security hardening (signed calls, recipient rules).
TOKEN_REQUIRED = 'token_required'
TOKEN_MALFORMED = 'token_malformed'
TOKEN_BAD_ALG = 'token_bad_alg'
TOKEN_BAD_SIGNATURE = 'token_bad_signature'
TOKEN_EXPIRED = 'token_expired'
TOKEN_ARGS_MISMATCH = 'token_args_mismatch'
TOKEN_WRONG_AUDIENCE = 'token_wrong_audience'
TOKEN_WRONG_ISSUER = 'token_wrong_issuer'
TOKEN_WRONG_ORIGIN = 'token_wrong_origin'
TOKEN_WRONG_TOOL = 'token_wrong_tool'
TOKEN_JTI_REUSED = 'token_jti_reused'
TOKEN_NONCE_REUSED = 'token_nonce_reused'
TOKEN_NONCE_UNKNOWN = 'token_nonce_unknown'
RECIPIENT_NOT_ALLOWED = 'recipient_not_allowed'
# The page tool's WebMCP verbs (a page's own tools).
NOT_SUPPORTED = 'not_supported'
PAGE_TOOL_FAILED = 'page_tool_failed'
# Produced by the client SDK only (never by the extension).
CLIENT_TIMEOUT = 'client_timeout'
CLIENT_ABORTED = 'client_aborted'
RETRY_BLOCKED = 'retry_blocked'
# Issue 18: the Google adapters against the real sites.
UNVERIFIED = 'unverified'
UNSUPPORTED_LOCALE = 'unsupported_locale'
# Issue 31: MCP clients through the native host (entries/worker/mcp.py).
MCP_NOT_PAIRED = 'mcp_not_paired'
MCP_CANCELLED = 'mcp_cancelled'

# The one table of codes, in the order they were added: the code and what it means (docs/PROTOCOL.md's
# reason table is generated from it: `siteagent docs`; the build checks it is current).
TABLE = [
    [UNKNOWN_TOOL, 'no tool has that name'],
    [TOOL_NOT_ALLOWED_FOR_SITE, 'the tool exists but pages may not call it (console-only, or not on the public allowlist)'],
    [TOOL_DISABLED, 'the user switched this tool off in the console'],
    [PAUSED, 'the user paused Site Agent; nothing runs until it is resumed'],
    [INVALID_ARGS, 'the arguments fail the tool\'s input schema or its own checks; `field` names the first bad field'],
    [APPROVAL_DENIED, 'the user clicked Deny, closed the approval window, or the window could not open; nothing ran'],
    [APPROVAL_TIMEOUT, 'nobody answered the approval window in time (60 s by default); nothing ran'],
    [APPROVAL_PENDING, 'another call of the same tool is already waiting for approval'],
    [NO_TARGET_TAB, 'no tab of the site is open or attached'],
    [TAB_TIMEOUT, 'the tab did not answer in time (15 s by default); check it before retrying'],
    [TAB_CLOSED, 'the tab was closed or navigated away during the call'],
    [PERMISSION_REQUIRED, 'Site Agent lacks host access to that site; `hint` says how to grant it'],
    [ADAPTER_ERROR, 'the site adapter failed (for example the page\'s markup changed)'],
    [BAD_REQUEST, 'the request is malformed, oversized or too deep (see Requests)'],
    [STALE_UID, '(page tool) the element a uid named, or the page\'s own tool a `tool` named, is gone or changed; '
                'scan again'],
    [URL_NOT_ALLOWED, '(page tool) the URL\'s scheme is refused'],
    [RATE_LIMITED, 'too many calls for this origin or tool, or too many recipients in one send'],
    [WORKER_RESTARTED, 'the service worker restarted during execution; the outcome is unknown: check before retrying'],
    [TOKEN_REQUIRED, 'signed calls are on and this call has no token (ask `CHALLENGE` for a nonce first)'],
    [TOKEN_MALFORMED, 'the token is not a well-formed compact JWS with the required claims'],
    [TOKEN_BAD_ALG, 'the token uses `alg: none` or any algorithm other than the pinned one'],
    [TOKEN_BAD_SIGNATURE, 'the token\'s signature does not verify against the pinned public key'],
    [TOKEN_EXPIRED, 'the token has expired (or lives longer than 60 s)'],
    [TOKEN_ARGS_MISMATCH, 'the arguments differ from the ones the token was signed for'],
    [TOKEN_WRONG_AUDIENCE, 'the token was issued for another extension (`aud`)'],
    [TOKEN_WRONG_ISSUER, 'the token was issued by an unexpected issuer (`iss`)'],
    [TOKEN_WRONG_ORIGIN, 'the token was issued for another page origin'],
    [TOKEN_WRONG_TOOL, 'the token was issued for another tool'],
    [TOKEN_JTI_REUSED, 'this token id (`jti`) was already used'],
    [TOKEN_NONCE_REUSED, 'this challenge nonce was already used'],
    [TOKEN_NONCE_UNKNOWN, 'the nonce was not issued by this extension, or it expired'],
    [RECIPIENT_NOT_ALLOWED, 'a recipient is denied, or not on the allow list, for this kind of send'],
    [NOT_SUPPORTED, '(page tool) the page offers no WebMCP tools here (the browser has WebMCP off, or the page is not '
                    'secure: https or localhost), or a page tool\'s input schema is outside what Site Agent can check; '
                    '`hint` says which'],
    [PAGE_TOOL_FAILED, '(page tool) a page\'s own tool (WebMCP) threw or rejected; it may have acted before it failed: '
                       'check before retrying'],
    [UNVERIFIED, 'a send was clicked but could not be confirmed on the page: it may have gone out. Check (the chat, '
                 'the Sent folder) before retrying, or it may go out twice'],
    [UNSUPPORTED_LOCALE, 'the site\'s page is in a language the adapter\'s label table does not cover; `lang` and '
                         '`language` name it, `supported` lists the covered ones'],
    [MCP_NOT_PAIRED, '(MCP) the user refused this MCP client in the pairing window, or has not answered it yet; '
                     'nothing ran'],
    [MCP_CANCELLED, '(MCP) the MCP client cancelled the call or went away before it ran; nothing ran'],
]
# Produced by the client SDK (and its tool loop), never by the extension.
CLIENT_TABLE = [
    [CLIENT_TIMEOUT, 'client SDK only: no reply in time; the call may still run, so check before retrying a write'],
    [CLIENT_ABORTED, 'client SDK only: the caller stopped waiting (`signal`); the call may still run'],
    [RETRY_BLOCKED, 'client tool loop only: not called, because an earlier call of this write in the run had an '
                    'unknown outcome (client_timeout, client_aborted, worker_restarted); check the state first'],
]

REASON_CODES = [row[0] for row in TABLE]
CLIENT_CODES = [row[0] for row in CLIENT_TABLE]
REASONS = {}
for _row in TABLE:
    REASONS[_row[0]] = _row[1]
for _row in CLIENT_TABLE:
    REASONS[_row[0]] = _row[1]


def is_reason(code):
    """True for a known reason code (the extension's or the client SDK's)."""
    for known in REASON_CODES:
        if known == code:
            return True
    for known in CLIENT_CODES:
        if known == code:
            return True
    return False


def describe(code):
    """The one-line description of a code, or '' for an unknown one."""
    if is_reason(code):
        return REASONS[code]
    return ''
