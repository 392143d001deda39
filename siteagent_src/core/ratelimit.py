"""Sliding-window rate limits, per origin and per tool. Pure: the caller keeps the timestamps.

Limits: `{max: N, window_s: S}`. Rules: `{per_origin: limit, per_tool: limit, tools: {name: limit}}`.
"""
from core.jsonval import kind_of, has_key, is_integral
from core import reasons


def _valid(limit):
    return (kind_of(limit) == 'object' and has_key(limit, 'max') and has_key(limit, 'window_s')
            and is_integral(limit['max']) and is_integral(limit['window_s']) and limit['window_s'] > 0)


def limit_for_tool(rules, tool_name):
    """The tool's own limit when configured, else the per-tool default; None when unlimited."""
    if kind_of(rules) != 'object':
        return None
    tools = rules['tools'] if has_key(rules, 'tools') else None
    if kind_of(tools) == 'object' and kind_of(tool_name) == 'string' and has_key(tools, tool_name):
        if _valid(tools[tool_name]):
            return tools[tool_name]
    if has_key(rules, 'per_tool') and _valid(rules['per_tool']):
        return rules['per_tool']
    return None


def limit_for_origin(rules):
    if kind_of(rules) == 'object' and has_key(rules, 'per_origin') and _valid(rules['per_origin']):
        return rules['per_origin']
    return None


def recent(stamps, now_ms, window_s):
    """The timestamps (ms) still inside the window ending at now_ms."""
    out = []
    if kind_of(stamps) != 'array':
        return out
    start = now_ms - window_s * 1000
    for t in stamps:
        if kind_of(t) == 'number' and t > start and t <= now_ms:
            out.append(t)
    return out


def check(stamps, now_ms, limit, what):
    """`{ok: True, stamps}` (now recorded) or `{ok: False, reason: 'rate_limited', message, retry_ms, stamps}`."""
    if limit is None:
        return {'ok': True, 'stamps': []}
    kept = recent(stamps, now_ms, limit['window_s'])
    if len(kept) >= limit['max']:
        retry = kept[0] + limit['window_s'] * 1000 - now_ms if len(kept) > 0 else limit['window_s'] * 1000
        return {'ok': False, 'reason': reasons.RATE_LIMITED, 'stamps': kept, 'retry_ms': retry,
                'message': 'more than ' + str(limit['max']) + ' calls in ' + str(limit['window_s'])
                + ' s ' + what + '; retry in ' + str(round(retry / 1000)) + ' s'}
    kept.append(now_ms)
    return {'ok': True, 'stamps': kept}
