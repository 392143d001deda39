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
# Produced by the client SDK only (never by the extension).
CLIENT_TIMEOUT = 'client_timeout'
CLIENT_ABORTED = 'client_aborted'
RETRY_BLOCKED = 'retry_blocked'

REASONS = {
    UNKNOWN_TOOL: 'No tool with this name exists.',
    TOOL_NOT_ALLOWED_FOR_SITE: 'This tool exists but may not be called from this site.',
    TOOL_DISABLED: 'The user has disabled this tool.',
    PAUSED: 'The user has paused the agent; no tool runs until it is resumed.',
    INVALID_ARGS: 'The arguments do not match the tool\'s input schema.',
    APPROVAL_DENIED: 'The user declined the action in the approval window.',
    APPROVAL_TIMEOUT: 'Nobody answered the approval window in time.',
    APPROVAL_PENDING: 'An approval for this action is already waiting for the user.',
    NO_TARGET_TAB: 'No open tab matches the site this tool works on.',
    TAB_TIMEOUT: 'The tab did not answer in time.',
    TAB_CLOSED: 'The tab was closed or navigated away while the tool ran.',
    PERMISSION_REQUIRED: 'The extension needs a host permission the user has not granted.',
    ADAPTER_ERROR: 'The site adapter failed (the page may have changed).',
    BAD_REQUEST: 'The request envelope is malformed, oversized or too deep.',
    STALE_UID: 'The element reference is from an older snapshot of the page.',
    URL_NOT_ALLOWED: 'The URL is not one this tool may open.',
    RATE_LIMITED: 'Too many calls in a short time; retry later.',
    WORKER_RESTARTED: 'The extension restarted while the call was running; its outcome is unknown.',
    TOKEN_REQUIRED: 'Signed calls are on: this call needs a token (ask CHALLENGE for a nonce first).',
    TOKEN_MALFORMED: 'The call token is not a well-formed compact JWS with the required claims.',
    TOKEN_BAD_ALG: 'The token uses alg none or an algorithm other than the pinned one.',
    TOKEN_BAD_SIGNATURE: 'The token signature does not verify against the pinned public key.',
    TOKEN_EXPIRED: 'The token has expired.',
    TOKEN_ARGS_MISMATCH: 'The arguments differ from the ones the token was signed for.',
    TOKEN_WRONG_AUDIENCE: 'The token was issued for another extension (aud).',
    TOKEN_WRONG_ISSUER: 'The token was issued by an unexpected issuer (iss).',
    TOKEN_WRONG_ORIGIN: 'The token was issued for another page origin.',
    TOKEN_WRONG_TOOL: 'The token was issued for another tool.',
    TOKEN_JTI_REUSED: 'This token (jti) was already used.',
    TOKEN_NONCE_REUSED: 'This challenge nonce was already used.',
    TOKEN_NONCE_UNKNOWN: 'The nonce was not issued by this extension, or it expired.',
    RECIPIENT_NOT_ALLOWED: 'A recipient is not allowed by the send rules.',
    CLIENT_TIMEOUT: 'No reply in time (client SDK); the call may still run in the extension.',
    CLIENT_ABORTED: 'The caller stopped waiting (client SDK); the call may still run in the extension.',
    RETRY_BLOCKED: 'Not called (client tool loop): an earlier call of this tool had an unknown outcome.',
}

REASON_CODES = [UNKNOWN_TOOL, TOOL_NOT_ALLOWED_FOR_SITE, TOOL_DISABLED, PAUSED, INVALID_ARGS,
                APPROVAL_DENIED, APPROVAL_TIMEOUT, APPROVAL_PENDING, NO_TARGET_TAB, TAB_TIMEOUT,
                TAB_CLOSED, PERMISSION_REQUIRED, ADAPTER_ERROR, BAD_REQUEST, STALE_UID,
                URL_NOT_ALLOWED, RATE_LIMITED, WORKER_RESTARTED,
                TOKEN_REQUIRED, TOKEN_MALFORMED, TOKEN_BAD_ALG, TOKEN_BAD_SIGNATURE, TOKEN_EXPIRED,
                TOKEN_ARGS_MISMATCH, TOKEN_WRONG_AUDIENCE, TOKEN_WRONG_ISSUER, TOKEN_WRONG_ORIGIN,
                TOKEN_WRONG_TOOL, TOKEN_JTI_REUSED, TOKEN_NONCE_REUSED, TOKEN_NONCE_UNKNOWN,
                RECIPIENT_NOT_ALLOWED, CLIENT_TIMEOUT, CLIENT_ABORTED, RETRY_BLOCKED]


def is_reason(code):
    """True for a known reason code."""
    for known in REASON_CODES:
        if known == code:
            return True
    return False


def describe(code):
    """The one-line description of a code, or '' for an unknown one."""
    if is_reason(code):
        return REASONS[code]
    return ''
