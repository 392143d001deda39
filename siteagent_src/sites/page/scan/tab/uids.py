# siteagent: hot
"""The tab's uid table and link resolution.

Every element a scan lists gets `u<n>` (a WeakMap from element to n); the table keeps, per n, a weak
reference to the element, its fingerprint (uids.fingerprint: role and name, or uids.PROSE) and the route
it was issued on. A uid resolves only while its element is connected, keeps its fingerprint, and the route
(links.route_key) is the same; otherwise stale_uid. Numbers never repeat within a tab: the worker passes
a floor. Links: an href the URL parser would only join to the document URL is joined by links.plain_href
(cached per raw href); the rest go through the browser's parser. Hot: the walk issues a uid and reads an
href for every element it lists.
"""
from sites.page.scan.links import route_key, document_urls, plain_href, is_javascript
from sites.page.scan.uids import PROSE, fingerprint, uid_number, not_a_uid, stale, UNKNOWN, ROUTE_CHANGED, GONE, CHANGED
from sites.page.scan.tab.names import name_of
from sites.page.scan.tab.roles import role_of
from webapi.jsobj import record, new_map

HREF_CACHE_MAX = 20000

STATE = record()
STATE.counter = 0                 # the highest uid number issued in this tab
STATE.route = None                # the route the table's uids belong to
STATE.dropped = 0                 # uids dropped from the table so far (model.py walks the page again)
STATE.uid_of = __new__(WeakMap())  # element -> n
STATE.table = new_map()           # n -> record {ref, fp, route}
STATE.has_base = True             # the document has a <base href>
STATE.origin = ''
STATE.base = ''                   # the document URL without its fragment ('' when hrefs are not joined here)
STATE.folder = ''                 # ... up to its path's last '/'
STATE.hrefs = new_map()           # raw href -> resolved, for `base`


def current_route():
    return route_key(location.origin, location.pathname, location.search, location.hash or '')


def check_route():
    """A new route drops every uid of the old one."""
    now = current_route()
    if STATE.route != now:
        STATE.route = now
        STATE.dropped += 1
        STATE.table = new_map()
        STATE.uid_of = __new__(WeakMap())


def raise_floor(floor):
    if floor > STATE.counter:
        STATE.counter = floor


def max_uid():
    return STATE.counter


def issue(el, fp):
    """The element's uid number: the one it has while its fingerprint and route hold, else a new one."""
    table = STATE.table
    n = STATE.uid_of['get'](el)           # Map.get by subscript: `.get` is renamed outside webapi
    if n != None:
        entry = table['get'](n)
        if entry and entry.fp == fp and entry.route == STATE.route:
            return n
        table.delete(n)
    STATE.counter += 1
    n = STATE.counter
    STATE.uid_of.set(el, n)
    entry = record()
    entry.ref = __new__(WeakRef(el))
    entry.fp = fp
    entry.route = STATE.route
    table.set(n, entry)
    return n


def resolve(uid):
    """{ok: True, el, n} for a uid of this route whose element is still there and still the same, else
    the refusal (invalid_args, stale_uid)."""
    n = uid_number(uid)
    if n == None:
        return not_a_uid(uid)
    if STATE.route == None:
        return stale(uid, UNKNOWN)
    if STATE.route != current_route():
        check_route()
        return stale(uid, ROUTE_CHANGED)
    entry = STATE.table['get'](n)
    if not entry:
        return stale(uid, UNKNOWN)
    el = entry.ref.deref()
    if not el or not el.isConnected:
        STATE.dropped += 1
        STATE.table.delete(n)
        return stale(uid, GONE)
    if entry.fp != PROSE:
        role = role_of(el)
        if fingerprint(role if role != None else 'null', name_of(el)) != entry.fp:
            STATE.dropped += 1
            STATE.table.delete(n)
            return stale(uid, CHANGED)
    found = record()
    found.ok = True
    found.el = el
    found.n = n
    return found


def read_base():
    """What the document's links are joined to (read once per scan: the page may have navigated)."""
    STATE.has_base = document.querySelector('base[href]') != None
    STATE.origin = location.origin
    urls = document_urls(location.protocol, location.href, bool(location.username or location.password),
                         location.origin, location.pathname)
    if urls[0] != STATE.base or STATE.hrefs.size > HREF_CACHE_MAX:
        STATE.hrefs = new_map()
    STATE.base = urls[0]
    STATE.folder = urls[1]


def href_of(el):
    """A link's absolute href ('javascript:' for script links), or None without an href."""
    raw = el.getAttribute('href')
    if raw == None:
        return None
    # without a <base>, a link of this document resolves against the document URL alone
    mine = not STATE.has_base and el.ownerDocument is document and STATE.base != ''
    if mine:
        known = STATE.hrefs['get'](raw)
        if known != None:
            return known
    href = resolve_href(el, raw, mine)
    if mine:
        STATE.hrefs.set(raw, href)
    return href


def parsed_href(el):
    """The href as the browser parsed it (an HTML link's .href; None for an SVG link's)."""
    return el.href if el.href and el.href.baseVal == None else None


def resolve_href(el, raw, mine):
    if is_javascript(raw):
        return 'javascript:'
    if mine:
        quick = plain_href(raw, STATE.folder, STATE.base, STATE.origin)
        if quick != None:
            return quick
    try:
        parsed = parsed_href(el)
        return parsed if parsed else __new__(URL(raw, el.baseURI)).href
    except:  # noqa: E722 (a native TypeError: the URL parser refuses raw)
        return raw
