"""Tool definitions and the listing a site sees.

A definition: `{name, description, risk: "read"|"write"|"irreversible", inputSchema, site, public}`,
optionally `idempotent: True` (a second call with the same arguments changes nothing more) and
`open_world: False` (it acts only on the extension's own data, not on sites or other people).
State: `{paused: bool, disabled: {name: True}, allowlist: [names] or None}`; missing keys mean
not paused, nothing disabled, no allowlist.
"""
from core.jsonval import kind_of, has_key, list_has

RISKS = ['read', 'write', 'irreversible']


def _field(obj, key, default):
    if has_key(obj, key):
        return obj[key]
    return default


def find_tool(defs, tool_name):
    """The definition whose name equals tool_name, or None."""
    if kind_of(defs) != 'array' or kind_of(tool_name) != 'string':
        return None
    for tool in defs:
        if _field(tool, 'name', None) == tool_name:
            return tool
    return None


def is_paused(state):
    return _field(state, 'paused', False) is True


def is_disabled(state, tool_name):
    disabled = _field(state, 'disabled', None)
    return _field(disabled, tool_name, False) is True


def allowlist_of(state):
    """The allowlist when it is a list, else None (no restriction)."""
    allow = _field(state, 'allowlist', None)
    if kind_of(allow) == 'array':
        return allow
    return None


def site_may_call(tool, state):
    """Public, and in the allowlist when there is one."""
    if _field(tool, 'public', False) is not True:
        return False
    allow = allowlist_of(state)
    if allow is not None and not list_has(allow, _field(tool, 'name', None)):
        return False
    return True


def annotations_of(tool):
    """MCP tool annotations derived from the risk: read is read-only (and so idempotent), write is
    not destructive, irreversible is; a write or irreversible tool is idempotent only when its
    definition says `idempotent: True`. Every tool is open-world unless it says `open_world: False`.
    An unknown risk counts as irreversible."""
    risk = _field(tool, 'risk', 'irreversible')
    if not list_has(RISKS, risk):
        risk = 'irreversible'
    read = risk == 'read'
    return {
        'readOnlyHint': read,
        'destructiveHint': risk == 'irreversible',
        'idempotentHint': read or _field(tool, 'idempotent', False) is True,
        'openWorldHint': _field(tool, 'open_world', True) is not False,
    }


def public_listing(defs, state):
    """`[{name, description, risk, inputSchema, annotations}]` a site may call now; [] while paused."""
    out = []
    if is_paused(state) or kind_of(defs) != 'array':
        return out
    for tool in defs:
        tool_name = _field(tool, 'name', None)
        if kind_of(tool_name) != 'string':
            continue
        if is_disabled(state, tool_name) or not site_may_call(tool, state):
            continue
        out.append({
            'name': tool_name,
            'description': _field(tool, 'description', ''),
            'risk': _field(tool, 'risk', 'irreversible'),
            'inputSchema': _field(tool, 'inputSchema', {'type': 'object'}),
            'annotations': annotations_of(tool),
        })
    return out


