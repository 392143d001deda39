"""Links and routes without the DOM: the route key uids are bound to, the document URLs a plain href is
joined to, and the hrefs the walker joins itself instead of asking the URL parser.

An href the URL parser would only join to the document URL (nothing to encode or normalise: no dot
segments, ports, IPv4 or IDN hosts, backslashes, spaces) is joined here (`plain_href`); anything else
gives None and the tab asks the browser (`new URL`). The browser tests compare the two on every link of
the saved real pages.

Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import JS_SPACE, run_end, kind_of

LOWER = 'abcdefghijklmnopqrstuvwxyz'
DIGITS = '0123456789'
# URL characters the parser keeps as they are, in a path; in a query (no `'`, plus `?`); in a fragment
PATH_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' + LOWER + DIGITS + "_-.~!$&'()*+,;=:@/%"
QUERY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' + LOWER + DIGITS + '_-.~!$&()*+,;=:@/%?'
FRAGMENT_CHARS = PATH_CHARS + '?#'
HOST_CHARS = LOWER + DIGITS + '-'
LINE_ENDS = '\n\r\u2028\u2029'


def route_key(origin, pathname, search, fragment):
    """What a uid is bound to: origin, path and query, and the fragment only when it is a client-side
    route (`#/...` or `#!...`)."""
    keep = fragment.startswith('#/') or fragment.startswith('#!')
    return origin + pathname + search + (fragment if keep else '')


def document_urls(protocol, href, has_credentials, origin, pathname):
    """[base, folder]: the document URL without its fragment, and its origin and path up to the last '/'
    (what a relative href is joined to). ['', ''] unless the page is plain http(s) without credentials."""
    if (protocol != 'http:' and protocol != 'https:') or has_credentials:
        return ['', '']
    return [href.split('#')[0], origin + pathname[0:pathname.rfind('/') + 1]]


def is_javascript(raw):
    """An href that runs script (`javascript:`, any case, after leading whitespace)."""
    start = run_end(raw, 0, JS_SPACE, True)
    return raw[start:start + 11].lower() == 'javascript:'


def is_web_url(src):
    """A frame src on http(s) (any case), which the scan lists when it cannot enter the frame."""
    head = src[0:6].lower()
    return head.startswith('http:') or head.startswith('https:')


def split_plain(raw):
    """[path, query or None, fragment or None] when every character of raw is one the URL parser keeps
    (PATH_CHARS, then `?` and QUERY_CHARS, then `#` and FRAGMENT_CHARS), else None."""
    end = run_end(raw, 0, PATH_CHARS, True)
    path = raw[0:end]
    query = None
    fragment = None
    if end < len(raw) and raw[end] == '?':
        stop = run_end(raw, end + 1, QUERY_CHARS, True)
        query = raw[end:stop]
        end = stop
    if end < len(raw) and raw[end] == '#':
        stop = run_end(raw, end + 1, FRAGMENT_CHARS, True)
        fragment = raw[end:stop]
        end = stop
    if end < len(raw):
        return None
    return [path, query, fragment]


def has_dot_segment(path):
    """A path with a `.` or `..` segment (the parser would resolve it)."""
    for segment in path.split('/'):
        if segment == '.' or segment == '..':
            return True
    return False


def _host_end(raw, start):
    """Where a plain host (lower-case labels of letters, digits and '-', dot-separated, one trailing dot
    allowed) that starts at `start` ends, or -1 when there is none."""
    index = start
    while True:
        stop = run_end(raw, index, HOST_CHARS, True)
        if stop == index:
            return -1 if index == start else index
        index = stop
        if index < len(raw) and raw[index] == '.':
            index += 1
            if index >= len(raw) or HOST_CHARS.find(raw[index]) < 0:
                return index
        else:
            return index


def split_absolute(raw):
    """[scheme, host, rest] for `http://host` or `https://host` (lower-case, plain host) followed by
    nothing or by `/`, `?` or `#` and no line end; else None."""
    if raw.startswith('https://'):
        start = 8
    elif raw.startswith('http://'):
        start = 7
    else:
        return None
    end = _host_end(raw, start)
    if end < 0:
        return None
    rest = raw[end:len(raw)]
    if rest != '':
        if rest[0] != '/' and rest[0] != '?' and rest[0] != '#':
            return None
        for ch in LINE_ENDS:
            if rest.find(ch) >= 0:
                return None
    return [raw[0:start - 3], raw[start:end], rest]


def _tld_is_plain(host):
    """The host's last label (before one trailing dot) starts with a letter."""
    name = host[0:len(host) - 1] if host.endswith('.') else host
    label = name[name.rfind('.') + 1:len(name)]
    return len(label) > 0 and LOWER.find(label[0]) >= 0


def plain_href(raw, folder, base, origin):
    """raw joined to the document (base: its URL without fragment; folder: up to its path's last '/'),
    when that needs nothing but joining; None when the URL parser must decide."""
    if folder == '' or raw.lower().find('%2e') >= 0:
        return None
    absolute = split_absolute(raw)
    if absolute is not None:
        host = absolute[1]
        rest = absolute[2]
        if host.find('xn--') >= 0 or not _tld_is_plain(host):
            return None
        if rest == '':
            return raw + '/'
        if rest[0] != '/':
            return None
        parts = split_plain(rest)
        if parts is None or has_dot_segment(parts[0]):
            return None
        return raw
    parts = split_plain(raw)
    if parts is None:
        return None
    path = parts[0]
    query = parts[1] if parts[1] is not None else ''
    fragment = parts[2] if parts[2] is not None else ''
    if path == '':
        return base + fragment if parts[1] is None and parts[2] is not None else None
    if path.startswith('//'):
        return None
    if path.startswith('/'):
        return None if has_dot_segment(path) else origin + path + query + fragment
    rel = path[2:len(path)] if path.startswith('./') else path
    if has_dot_segment(rel) or (rel.split('/')[0].find(':') >= 0 and not path.startswith('./')):
        return None
    return folder + rel + query + fragment


# --- schemes: the links the page tool never follows -------------------------------------------------

def scheme_of(url):
    """The URL's scheme as a URL parser sees it (C0/space trimmed, tab/newline removed), lower case."""
    if kind_of(url) != 'string':
        return None
    chars = []
    started = False
    found = False
    for ch in url:
        if not started and ch <= ' ':
            continue
        started = True
        if ch == '\t' or ch == '\n' or ch == '\r':
            continue
        if ch == ':':
            found = True
            break
        chars.append(ch)
        if len(chars) > 40:
            return None
    if not found or len(chars) == 0:
        return None
    scheme = ''.join(chars).lower()
    for ch in scheme:
        if not ((ch >= 'a' and ch <= 'z') or (ch >= '0' and ch <= '9') or ch == '+' or ch == '-' or ch == '.'):
            return None
    return scheme


def href_refused(href):
    """A link target the page tool must not follow by clicking (javascript:, data:, file:, chrome:...)."""
    scheme = scheme_of(href)
    if scheme is None:
        return False
    return scheme == 'javascript' or scheme == 'data' or scheme == 'file' or scheme == 'chrome' \
        or scheme == 'chrome-extension' or scheme == 'vbscript' or scheme == 'view-source' or scheme == 'filesystem'
