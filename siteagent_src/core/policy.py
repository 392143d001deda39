"""Whether a call runs now, needs the user's approval, or is refused (with a reason code)."""
from core.jsonval import has_key, kind_of
from core.catalogue import is_paused, is_disabled, site_may_call
from core import reasons

SOURCE_CONSOLE = 'console'


def _refuse(reason, message):
    return {'action': 'refuse', 'reason': reason, 'message': message}


def decide(tool, tool_name, state, source):
    """`{action: "run"|"approve"|"refuse", reason?, message?}`. Checks in order: unknown tool,
    paused, disabled, site access (public and allowlisted; any source but "console" counts as a
    site), then irreversible tools need approval. The console may run console-only tools."""
    if tool is None or not has_key(tool, 'name'):
        shown = tool_name if kind_of(tool_name) == 'string' else '?'
        return _refuse(reasons.UNKNOWN_TOOL, 'There is no tool named ' + shown + '.')
    if is_paused(state):
        return _refuse(reasons.PAUSED, 'The agent is paused by the user.')
    if is_disabled(state, tool['name']):
        return _refuse(reasons.TOOL_DISABLED, 'The user has disabled ' + tool['name'] + '.')
    if source != SOURCE_CONSOLE and not site_may_call(tool, state):
        return _refuse(reasons.TOOL_NOT_ALLOWED_FOR_SITE, tool['name'] + ' may not be called from a site.')
    if has_key(tool, 'risk') and tool['risk'] == 'irreversible':
        return {'action': 'approve'}
    if not has_key(tool, 'risk') or (tool['risk'] != 'read' and tool['risk'] != 'write'):
        return {'action': 'approve'}
    return {'action': 'run'}
