"""Origins and hosts of URLs, and origin allow-lists (exact, or http://localhost:* style ports)."""
from core.jsonval import kind_of, all_digits

WILDCARD_PORT_PATTERNS = ['http://localhost:*', 'http://127.0.0.1:*']
_DEFAULT_PORTS = {'http': '80', 'https': '443'}


def trim_c0(text):
    """Strip leading/trailing C0 controls and spaces (as URL parsers do; str.strip differs in JS)."""
    start = 0
    end = len(text)
    while start < end and text[start] <= ' ':
        start += 1
    while end > start and text[end - 1] <= ' ':
        end -= 1
    return text[start:end]


def _split(url):
    """[scheme, host, port] of an http(s) URL (lower-cased, default port dropped), or None."""
    if kind_of(url) != 'string':
        return None
    text = trim_c0(url)
    sep = text.find('://')
    if sep <= 0:
        return None
    scheme = text[0:sep].lower()
    if scheme != 'http' and scheme != 'https':
        return None
    rest = text[sep + 3:]
    end = len(rest)
    for stop in ['/', '?', '#', '\\']:
        at = rest.find(stop)
        if at >= 0 and at < end:
            end = at
    authority = rest[0:end]
    at = authority.rfind('@')
    if at >= 0:
        authority = authority[at + 1:]
    port = ''
    if authority.startswith('['):
        close = authority.find(']')
        if close < 0:
            return None
        host = authority[0:close + 1]
        tail = authority[close + 1:]
        if len(tail) > 0:
            if not tail.startswith(':'):
                return None
            port = tail[1:]
    else:
        colon = authority.find(':')
        if colon >= 0:
            host = authority[0:colon]
            port = authority[colon + 1:]
        else:
            host = authority
    host = host.lower()
    if len(host) == 0:
        return None
    for ch in host:
        if ch == ' ' or ch == '%' or ch < ' ':
            return None
    if len(port) > 0:
        if not all_digits(port) or len(port) > 5:
            return None
        port = str(int(port))
        if int(port) > 65535:
            return None
        if _DEFAULT_PORTS[scheme] == port:
            port = ''
    return [scheme, host, port]


def host_of(url):
    """Lower-case host name of an http(s) URL (no port; IPv6 keeps its brackets), or None."""
    parts = _split(url)
    if parts is None:
        return None
    return parts[1]


def origin_of(url):
    """`scheme://host[:port]` of an http(s) URL (lower-cased, default port dropped), or None."""
    parts = _split(url)
    if parts is None:
        return None
    return parts[0] + '://' + parts[1] + (':' + parts[2] if len(parts[2]) > 0 else '')


def exact_pattern(href):
    """A match pattern (chrome.scripting) for this one http(s) URL, its fragment dropped; None when no
    pattern says exactly that URL: another scheme, user info, an IPv6 host, or a `*` (a wildcard in a
    pattern). A pattern without a port matches the host on any port. Give it a URL the browser has
    normalised (webapi/js.url_href): patterns are matched against the normalised form."""
    parts = _split(href)
    if parts is None or parts[1].startswith('['):
        return None
    text = trim_c0(href)
    hash_at = text.find('#')
    if hash_at >= 0:
        text = text[0:hash_at]
    if text.find('*') >= 0:
        return None
    rest = text[text.find('://') + 3:]
    end = len(rest)
    for stop in ['/', '?', '\\']:
        at = rest.find(stop)
        if at >= 0 and at < end:
            end = at
    if rest[0:end].find('@') >= 0:
        return None
    path = rest[end:]
    if not path.startswith('/'):
        path = '/' + path
    return parts[0] + '://' + parts[1] + (':' + parts[2] if len(parts[2]) > 0 else '') + path


def origin_allowed(origin, patterns):
    """Exact match against the patterns, plus `http://localhost:*` / `http://127.0.0.1:*` meaning that
    host over http with any explicit port (digits only)."""
    if kind_of(origin) != 'string' or kind_of(patterns) != 'array':
        return False
    for pattern in patterns:
        if kind_of(pattern) != 'string':
            continue
        if pattern == origin:
            return True
        for wild in WILDCARD_PORT_PATTERNS:
            if pattern == wild:
                prefix = wild[0:len(wild) - 1]
                if origin.startswith(prefix):
                    port = origin[len(prefix):]
                    if all_digits(port) and len(port) <= 5:
                        return True
    return False
