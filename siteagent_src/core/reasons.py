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
}

REASON_CODES = [UNKNOWN_TOOL, TOOL_NOT_ALLOWED_FOR_SITE, TOOL_DISABLED, PAUSED, INVALID_ARGS,
                APPROVAL_DENIED, APPROVAL_TIMEOUT, APPROVAL_PENDING, NO_TARGET_TAB, TAB_TIMEOUT,
                TAB_CLOSED, PERMISSION_REQUIRED, ADAPTER_ERROR, BAD_REQUEST, STALE_UID,
                URL_NOT_ALLOWED, RATE_LIMITED, WORKER_RESTARTED]


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
