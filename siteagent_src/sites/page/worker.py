"""The page tool's worker half: which tab (agent tabs in the "Site Agent" group, and the attached
tab; never others), host access, URL schemes, frames, and the risk judge. The page itself is read
and acted on by the tab half (sites/page/tab.py), in each frame, through the `page_tab` step.

The handler returns a plain result or raises ToolError.
"""
from buildinfo import CONFIG
from core.outcome import ToolError, invalid_arg
from core.reasons import (NO_TARGET_TAB, PERMISSION_REQUIRED, URL_NOT_ALLOWED, STALE_UID, ADAPTER_ERROR, TAB_CLOSED,
                          TAB_TIMEOUT, NOT_SUPPORTED, INVALID_ARGS)
from core.origins import host_of, origin_of, exact_pattern
from core.leaks import url_way, text_way
from sites.page.risk import judge as page_risk
from sites.page.formatting import scan_format
from sites.page.webmcp import page_tools
from sites.page.scan.links import scheme_of, href_refused
from sites.page.verbs import needs_of, acts
from sites.page.ids import PAGE_TAB, PROBE_TARGETS
from sites.page.tools import SITE, PAGE, PROBE_RISK
from sites.kit.worker import (worker_handler, site_hooks, attached_tab, wait_for_load, navigate, tab_message, unwrap,
                              site_tab, in_tab)
from webapi.chrome import storage_get, tab_get, tab_create, send_to_frame, tab_update_within
from webapi.js import (sleep, obj_keys, attempt_async, drop_key, now_ms, with_timeout, deferred, go_on, url_href,
                       random_id)
from webapi import page_chrome
from webapi.cached_key import CachedKey

STATE_KEY = 'page_tabs'
POLICY_KEY = 'page_policy'
FRAME_SCAN_LIMIT = 8
FRAME_TIMEOUT_MS = 1500
PAYLOAD_KEYS = ['text', 'clear', 'submit', 'value', 'label', 'checked', 'key', 'direction', 'gone', 'timeout_ms']
TOOL_TRANSPORT_MARGIN_MS = 2000     # a page tool gets tab_timeout_ms to answer; its reply, this much more

_scans = {}       # 't<tab>' -> {'lines': [...], 'frames': {'k1': frameId}, 'url', 'had_frames'}


def _arg(args, key, default):
    return args[key] if key in args and args[key] != None else default


def _tkey(tab_id):
    return 't' + str(tab_id)


# --- agent tabs -----------------------------------------------------------------------------------

def _empty_state():
    return {'tabs': [], 'current': None, 'group': None, 'floors': {}}


_page_state = CachedKey('session', STATE_KEY, _empty_state)      # read by every page call


async def _state():
    return await _page_state.read()


async def _save(state):
    await _page_state.change(lambda old: state)


def _save_soon(state):
    """_save, sent now but not waited for: the memory copy has it at once, and Chrome applies it in order
    with this worker's later storage calls (a reply need not wait for the storage round trip)."""
    go_on(_save, state, lambda error: console.warn('Site Agent: the page tool\'s state could not be saved: ' + error))


async def _alive_tabs(state):
    alive = []
    for tab_id in state['tabs']:
        found = await tab_get(tab_id)
        if found['ok']:
            alive.append(found['value'])
    return alive


async def _target(args, state):
    """The tab a call may touch: `tab` when it is an agent tab or the attached one, else the current
    agent tab, else the attached tab. Raises no_target_tab or tab_closed."""
    wanted = _arg(args, 'tab', None)
    if wanted != None:
        attached = await attached_tab()
        if (attached != None and attached['id'] == wanted) or wanted in state['tabs']:
            found = await tab_get(wanted)
            if found['ok']:
                return found['value']
            raise ToolError(TAB_CLOSED, 'tab ' + str(wanted) + ' is closed', None)
        raise ToolError(NO_TARGET_TAB, 'tab: ' + str(wanted) + ' is neither an agent tab nor the attached tab',
                        {'field': 'tab', 'hint': 'list them with method "tabs"'})
    if state['current'] != None:
        found = await tab_get(state['current'])
        if found['ok']:
            return found['value']
    attached = await attached_tab()
    if attached != None:
        return attached
    raise ToolError(NO_TARGET_TAB, 'no agent tab is open and no tab is attached',
                    {'hint': 'open a page with method "open", or attach a tab in the console'})


def _pattern(url):
    verdict = page_risk.url_verdict(url)
    if not verdict['ok']:
        return None
    return verdict['scheme'] + '://' + host_of(url) + '/*'


async def _access(url):
    """None when the extension may script url, else the refusal (a ToolError, not raised: a check
    that runs alongside a scan is awaited later)."""
    verdict = page_risk.url_verdict(url)
    if not verdict['ok']:
        return ToolError(URL_NOT_ALLOWED, 'the tab shows ' + str(url)[0:80] + ', which the page tool may not read or act on',
                         None)
    granted = await page_chrome.origin_granted(_pattern(url))
    if not granted['ok'] or granted['value'] != True:
        return ToolError(PERMISSION_REQUIRED, 'Site Agent has no access to ' + str(host_of(url)),
                         {'hint': 'open the Site Agent console and grant access to this site (Chrome asks you once)'})
    return None


async def _must_access(url):
    denied = await _access(url)
    if denied != None:
        raise denied


async def _ready_tab(args):
    tab = await _target(args, await _state())
    await _must_access(tab['url'])
    return tab


# --- talking to frames ----------------------------------------------------------------------------

def _page_message(payload):
    return tab_message(PAGE_TAB['name'], payload)


async def _call(tab_id, frame_id, payload, timeout_ms=None):
    """Run the tab half in one frame: the transport's {ok, value} | {ok: false, error, timeout?}
    (within timeout_ms, default tab_timeout_ms)."""
    message = _page_message(payload)
    if timeout_ms == None:
        timeout_ms = CONFIG['tab_timeout_ms']
    reply = await send_to_frame(tab_id, frame_id, message, timeout_ms)
    if not reply['ok'] and 'timeout' not in reply and 'Receiving end does not exist' in reply['error']:
        if frame_id == 0:
            await page_chrome.inject_top(tab_id, ['content.js'])
        else:
            await page_chrome.inject_frame(tab_id, frame_id, ['content.js'], FRAME_TIMEOUT_MS)
        reply = await send_to_frame(tab_id, frame_id, message, timeout_ms)
    return reply


def _tab_failure(reply, op):
    if 'timeout' in reply:
        return ToolError(TAB_TIMEOUT, 'the tab did not answer within ' + str(CONFIG['tab_timeout_ms']) + ' ms',
                         {'hint': 'the page may be busy; check it before retrying'})
    return ToolError(ADAPTER_ERROR, 'the tab could not run ' + op + ': ' + str(reply['error']), None)


def _answer(reply, op):
    """The tab half's result for op; raises its refusal, or the transport's failure."""
    if not reply['ok']:
        raise _tab_failure(reply, op)
    return unwrap(op, reply['value'])


def _answered(reply):
    """The result when the tab half answered one (None: no answer, or a refusal)."""
    if not reply['ok'] or reply['value'] == None or 'result' not in reply['value']:
        return None
    return reply['value']['result']


def _split_uid(uid):
    """['f<k>' or None, 'u<n>'] or None when malformed."""
    if uid == None:
        return None
    text = str(uid)
    if text.startswith('f'):
        at = text.find('u')
        if at > 1:
            return [text[0:at], text[at:]]
        return None
    if text.startswith('u'):
        return [None, text]
    return None


def _frame_of(tab_id, frame_key):
    """The frameId for a frame key from this tab's last scan, or None."""
    if frame_key == None:
        return 0
    scan = _scans[_tkey(tab_id)] if _tkey(tab_id) in _scans else None
    if scan == None or frame_key not in scan['frames']:
        return None
    return scan['frames'][frame_key]


async def _route(tab_id, uid, payload, field):
    """Send payload to the frame that owns uid (rewritten to the frame-local u<n>); the transport reply."""
    parts = _split_uid(uid)
    if parts == None:
        raise invalid_arg(field, '"' + str(uid) + '" is not a uid from a scan (u<n> or f<k>u<n>)')
    frame_id = _frame_of(tab_id, parts[0])
    if frame_id == None:
        raise ToolError(STALE_UID, field + ': ' + str(uid) + ' names a frame this tab\'s last scan did not list',
                        {'hint': 'scan again', 'field': field})
    payload[field] = parts[1]
    return await _call(tab_id, frame_id, payload)


# --- policy and the risk judge --------------------------------------------------------------------

async def _policy():
    saved = await storage_get('local', POLICY_KEY, None)
    if saved == None:
        return {'sensitive_hosts': [], 'extra_terms': []}
    return saved


async def describe_target(tab_id, args):
    """What a judged call acts on (the element, its form, the page), from the tab half."""
    method = args['method']
    uid = _arg(args, 'uid', None)
    payload = {'op': 'describe', 'submitting': method != 'click'}
    reply = await (_call(tab_id, 0, payload) if uid == None else _route(tab_id, uid, payload, 'uid'))
    return page_risk.with_secrets(_answer(reply, 'describe')['target'])


async def judge(tool_name, args, ctx):
    """dispatch's hook for risk 'dynamic': {risk, reasons, preview}; raises a refusal."""
    method = args['method'] if 'method' in args else None
    risk = page_risk.method_risk(method)
    if tool_name == PAGE['name'] and method == 'call_tool':
        return await _judge_page_tool(args, ctx)
    if tool_name != PAGE['name'] or not page_risk.judges_target(method, args):
        return {'risk': risk, 'preview': None}
    tab = await _ready_tab(args)
    target = await describe_target(tab['id'], args)
    if target['href'] != None and href_refused(target['href']):
        raise ToolError(URL_NOT_ALLOWED, 'uid: the link goes to a ' + str(scheme_of(target['href'])) +
                        ': URL, which the page tool never follows', {'field': 'uid'})
    verdict = page_risk.classify(target, await _policy())
    text = _arg(args, 'text', None) if method == 'type' else None
    return {'risk': verdict['risk'], 'reasons': verdict['reasons'],
            'preview': page_risk.preview(method, target, verdict['reasons'], text)}


# --- the page's own tools (WebMCP) ----------------------------------------------------------------

def _tool_args(args):
    return args['args'] if 'args' in args and args['args'] != None else {}


async def _page_tools(tab_id):
    """The page's tools as descriptors (sites/page/webmcp/page_tools.py), from the tab's top frame; raises
    not_supported when the page has no WebMCP."""
    return _answer(await _call(tab_id, 0, {'op': 'tools'}), 'tools')['tools']


async def _named_tool(tab_id, args):
    """The page tool `tool` names (a descriptor); raises stale_uid (no such tool now) or
    not_supported (two tools of that name)."""
    if 'tool' not in args:          # the judge runs before the handler checks what a verb needs
        raise invalid_arg('tool', 'is required for method "call_tool"')
    name = args['tool']
    found = page_tools.find(await _page_tools(tab_id), name)
    if found['count'] == 0:
        raise ToolError(STALE_UID, 'tool: the page offers no tool named "' + name + '" now; nothing ran',
                        {'field': 'tool', 'hint': 'scan again, or list the page\'s tools with method "tools"'})
    if found['count'] > 1:
        raise ToolError(NOT_SUPPORTED, 'tool: ' + str(found['count']) + ' of the page\'s tools are named "' + name +
                        '"; Site Agent cannot tell which would run, so none is called', {'field': 'tool'})
    return found['tool']


def _check_args(tool, args):
    """`args` checked against the tool's input schema, before anything runs: raises not_supported (a
    schema Site Agent cannot check exactly) or invalid_args."""
    name = tool['name']
    checkable = page_tools.checkable_schema(tool['inputSchema'])
    if checkable['problem'] != None:
        raise ToolError(NOT_SUPPORTED, 'tool: the input schema of "' + name + '" is outside what Site Agent can check ('
                        + checkable['problem'] + '); it is not called', {'field': 'tool',
                        'hint': 'act through the page itself instead (scan, click, type)'})
    bad = page_tools.args_problem(checkable['schema'], _tool_args(args))
    if bad != None:
        raise ToolError(INVALID_ARGS, bad['message'] + ' (the input schema of the page\'s tool "' + name + '")',
                        {'field': bad['field']})


async def _extra_terms():
    policy = await _policy()
    return policy['extra_terms'] if 'extra_terms' in policy else None


async def _judge_page_tool(args, ctx):
    """call_tool's risk (sites/page/risk/judge.py page_tool_risk) and its approval text; the call is bound
    to the tool judged here (ctx['page_tool']: its fingerprint)."""
    tab = await _ready_tab(args)
    tool = await _named_tool(tab['id'], args)
    _check_args(tool, args)
    verdict = page_risk.page_tool_risk(tool, await _extra_terms())
    if ctx != None:
        ctx['page_tool'] = {'tab': tab['id'], 'name': tool['name'], 'fingerprint': tool['fingerprint']}
    return {'risk': verdict['risk'], 'reasons': verdict['reasons'],
            'preview': page_tools.preview(tool, _tool_args(args), verdict['reasons'])}


async def _list_page_tools(tab):
    tools = await _page_tools(tab['id'])
    extra = await _extra_terms()
    listed = [page_tools.listing(tool, page_risk.page_tool_risk(tool, extra)['risk']) for tool in tools]
    return {'tab': tab['id'], 'url': tab['url'], 'tools': listed, 'untrusted': True}


async def _call_page_tool(tab, args, ctx):
    """Run the page tool `tool` in the tab: the very tool that was judged (and approved), or none."""
    judged = ctx['page_tool'] if ctx != None and 'page_tool' in ctx else None
    tool = await _named_tool(tab['id'], args)
    if judged != None and (judged['tab'] != tab['id'] or judged['name'] != tool['name'] or
                           judged['fingerprint'] != tool['fingerprint']):
        raise ToolError(STALE_UID, 'tool: "' + tool['name'] + '" changed after it was judged (its words, schema, hints '
                        'or frame differ); nothing ran', {'field': 'tool', 'hint': 'scan again'})
    _check_args(tool, args)
    payload = {'op': 'call_tool', 'tool': tool['name'], 'fingerprint': tool['fingerprint'], 'args': _tool_args(args),
               'timeout_ms': CONFIG['tab_timeout_ms']}
    reply = await _call(tab['id'], 0, payload, CONFIG['tab_timeout_ms'] + TOOL_TRANSPORT_MARGIN_MS)
    if not reply['ok'] and 'timeout' not in reply:
        raise ToolError(TAB_CLOSED, 'the page went away while its tool "' + tool['name'] + '" ran (' + str(reply['error']) +
                        '); whether it acted is unknown', {'hint': 'scan the page and check before retrying'})
    result = _answer(reply, 'call_tool')
    result['tab'] = tab['id']
    return result


async def _tool_lines(tools):
    """The scan's [tools] section for the tools the tab listed with its scan."""
    if tools == None or len(tools) == 0:
        return []
    extra = await _extra_terms()
    shown = []
    for tool in tools:
        shown.append({'name': tool['name'], 'risk': page_risk.page_tool_risk(tool, extra)['risk'],
                      'title': tool['title'], 'description': tool['description']})
    return scan_format.tools_section(shown)


# --- worker verbs ---------------------------------------------------------------------------------

async def _may_load(url):
    """Raises unless the page tool may load url (http/https, host access granted)."""
    verdict = page_risk.url_verdict(url)
    if not verdict['ok']:
        raise ToolError(URL_NOT_ALLOWED, verdict['message'], {'field': 'url'})
    await _must_access(url)


_preparing = {}       # 't<tab>' -> the promise of the _prepare running for it
_prepared = {}        # 't<tab>' -> now_ms() when its last _prepare started
SAME_LOAD_MS = 500    # a load reported this soon after a _prepare started is the load it prepared


async def _tab_loaded(tab_id, url):
    """An agent tab or the attached tab finished loading a page (a link followed, a reload, history):
    the tab half is loaded and walks it ahead of the first scan, as after `open` and `navigate`."""
    if _tkey(tab_id) in _preparing:
        return
    loaded = now_ms()
    await attempt_async(lambda t: _prepare_loaded(t, url, loaded), tab_id)


async def _prepare_loaded(tab_id, url, loaded):
    state = await _state()
    attached = await attached_tab()
    if tab_id not in state['tabs'] and (attached == None or attached['id'] != tab_id):
        return
    if await _access(url) != None:
        return
    key = _tkey(tab_id)
    # `open`/`navigate` prepared this very load while the checks above ran: once is enough (a second
    # injection evaluates the whole content script again, and a second walk delays the first scan)
    if key in _preparing or (key in _prepared and _prepared[key] >= loaded - SAME_LOAD_MS):
        return
    await _prepare(tab_id)


async def _prepare(tab_id):
    """Load the tab half into a freshly loaded page now, so the scan that follows does not wait for it
    (a page that refuses scripts is reported by that scan, not here), and let it walk the page once
    ahead of time (`warm`, not awaited: the live page model, the style sheets' rules and the walker's
    code are ready when the first scan comes; it issues uids above this tab's floor, as a scan would).
    A _prepare already running for the tab (the load's event and `navigate` both ask) is joined."""
    key = _tkey(tab_id)
    early = key in _early        # the early walk injected this page's tab half, which walks again at `load`
    drop_key(_early, key)
    if key in _preparing:
        await _preparing[key]
        return
    _prepared[key] = now_ms()
    if early:
        return
    running = _inject_and_warm(tab_id)
    _preparing[key] = running
    try:
        await running
    finally:
        drop_key(_preparing, key)


async def _inject_and_warm(tab_id):
    await page_chrome.inject_top(tab_id, ['content.js'])
    await _send_warm(tab_id, False)


def _floor(state, tab_id):
    """The tab's uid floor: uids the tab half issues start above it (they never repeat in a tab)."""
    key = _tkey(tab_id)
    return state['floors'][key] if key in state['floors'] else 0


async def _send_warm(tab_id, at_load):
    """Have the tab half walk the page ahead of the first scan (not awaited), above the tab's floor;
    at_load: and again the moment the page's `load` event has fired."""
    state = await _state()
    send_to_frame(tab_id, 0, _page_message({'op': 'warm', 'floor': _floor(state, tab_id), 'at_load': at_load}),
                  CONFIG['tab_timeout_ms'])


_early = {}           # 't<tab>' -> the page now loading got its tab half and a walk at DOMContentLoaded: the
#                       promise of the tab half's word that the page has loaded ({ok, value} of send_to_frame)


async def _load_at_start(url):
    """Have Chrome load the tab half into the page at url the moment its document exists, before the
    page's own scripts (a content script registered for this one URL, at document_start): injected
    later, it waits for the page's busy main thread and often misses DOMContentLoaded. Returns the
    registration's id (None when url has no exact pattern, or Chrome refuses: the early walk injects
    then, as before). It holds for any tab that loads that URL meanwhile, so it is dropped as soon as
    the new document is found (_drop_at_start). Registrations a stopped worker left behind are dropped
    at the first one."""
    pattern = exact_pattern(url_href(url))
    if pattern == None:
        return None
    if not _at_start['swept']:
        _at_start['swept'] = True
        left = await page_chrome.registered_with_prefix(AT_START_PREFIX)
        stale = [ident for ident in left['value'] if ident not in _at_start['live']] if left['ok'] else []
        if len(stale) > 0:
            await page_chrome.unregister_at_start(stale)
    script_id = AT_START_PREFIX + random_id()
    made = await page_chrome.register_at_start(script_id, pattern, ['content.js'])
    if not made['ok']:
        return None
    _at_start['live'][script_id] = pattern
    return script_id


def _drop_at_start(script_id):
    """The registration no longer loads the tab half anywhere (not awaited; once per id)."""
    if script_id == None or script_id not in _at_start['live']:
        return
    drop_key(_at_start['live'], script_id)
    page_chrome.unregister_at_start([script_id])      # never rejects; a refusal leaves it to the next worker's sweep


AT_START_PREFIX = 'page-at-start-'
_at_start = {'swept': False, 'live': {}}      # live: id -> pattern, registered and not yet dropped


async def _early_warm(tab_id, since, script_id):
    """While a tab loads the page `open` or `navigate` asked for: as soon as the new document exists (its
    root element made, its DOM still being parsed), have the tab half in it walk the page ahead of time
    at DOMContentLoaded (the tab half waits for it: no round trip to the worker then), so the first look
    is ready when `load` fires (the page's images, fonts and late scripts load meanwhile); the tab half
    walks again the moment `load` has fired, replaying what did not change, and says so at once
    (`open`/`navigate` answer then: Chrome's 'complete' status reaches the worker later).
    The tab half is there from the document's start when Chrome loaded it for script_id (_load_at_start),
    and says so (_tab_half_here); else the new document is looked for (_new_document) and the tab half
    injected into it, compiled while the page is parsed, not after. No permission beyond host access
    (webNavigation would add an install warning). Never fails the load."""
    key = _tkey(tab_id)
    drop_key(_early, key)
    here = deferred()
    if script_id != None:
        _here[key] = {'since': since, 'here': here}
    looking = {'on': True}
    found = await Promise.race([here.promise, _new_document(tab_id, since, looking)])
    looking['on'] = False
    if found != None and not found['half'] and script_id in _at_start['live'] and \
            exact_pattern(found['url']) == _at_start['live'][script_id]:
        # found a moment before the tab half Chrome loads at the document's start: its word is near (a
        # redirect to another URL is not waited for: no tab half comes there)
        said = await with_timeout(here.promise, EARLY_HERE_MS, lambda: None)
        found = said if said != None else found
    drop_key(_here, key)
    _drop_at_start(script_id)          # the new document exists: it got the tab half or never will
    if found == None or await _access(found['url']) != None:
        return
    if not found['half']:
        injected = await page_chrome.inject_top_now(tab_id, ['content.js'])
        if not injected['ok']:
            return
    if key in _preparing or (key in _prepared and _prepared[key] >= since):
        return        # the walk after the load began meanwhile (and injected): it stands
    # marked before the walk is asked for, so that a _prepare meanwhile does not inject again
    _early[key] = send_to_frame(tab_id, 0, _page_message({'op': 'loaded'}), CONFIG['tab_timeout_ms'])
    await _send_warm(tab_id, True)


async def _new_document(tab_id, since, looking):
    """{url, half} of the tab's new document, as soon as it is seen (`half`: the tab half is in it); None
    when the tab has loaded already (the walk after the load does it), is gone, or looking['on'] turned
    False. The new document is told from the old one by its timeOrigin (the old one answers with an
    earlier one, or goes away and fails the call)."""
    deadline = now_ms() + CONFIG['tab_timeout_ms']
    while looking['on'] and now_ms() < deadline:
        found = await tab_get(tab_id)
        if not found['ok'] or found['value']['status'] == 'complete' and now_ms() - since > EARLY_SETTLE_MS:
            return None
        probe = await page_chrome.document_now(tab_id, EARLY_PROBE_MS)
        if probe['ok'] and probe['value'][0] >= since - 1 and probe['value'][2] and \
                scheme_of(probe['value'][1]) in ['http', 'https']:
            return {'url': probe['value'][1], 'half': probe['value'][3]}
        await tab_update_within(tab_id, 20)
    return None


_here = {}            # 't<tab>' -> {since, here: deferred}: a load whose tab half Chrome loads at its start


def _tab_half_here(tab_id, time_origin, url):
    """The word of a tab half started in a tab's top document while its page loads (entries/content.py):
    the load `_early_warm` waits for, when it is that tab's new document."""
    key = _tkey(tab_id)
    if key in _here and time_origin >= _here[key]['since'] - 1 and scheme_of(url) in ['http', 'https']:
        _here[key]['here'].resolve({'url': url, 'half': True})


async def _loaded_after(loading, early, tab_id):
    """The loaded tab ({url, title}), as soon as either says so: Chrome (its status 'complete'), or the
    tab half that the early walk loaded into the page (its `load` event fired; _tab_says_loaded). Then
    the early walk is waited for to finish injecting (at most EARLY_WAIT_MS); a load that
    failed leaves no early mark behind (the next load of the tab would take it for its own and not
    inject the tab half)."""
    loaded = await Promise.race([loading, _tab_says_loaded(early, tab_id)])
    if loaded['ok'] and loaded['value'] == None:
        loaded = await loading          # the tab half said so, but the tab is gone or moved on meanwhile
    await with_timeout(early, EARLY_WAIT_MS, lambda: None)    # a stuck probe never holds the answer back
    if not loaded['ok']:
        drop_key(_early, _tkey(tab_id))
        raise loaded['thrown']
    return loaded['value']


async def _tab_says_loaded(early, tab_id):
    """{ok, value: {url, title}} once the tab half injected by the early walk says the page has loaded
    (value None when the tab is then gone); never settles when there is no early walk, or its word
    does not come (Chrome's status then answers). A page without a title is looked up: the tab shows
    its URL instead."""
    await early
    key = _tkey(tab_id)
    if key in _early:
        said = await _early[key]
        if said['ok'] and said['value'] != None and 'result' in said['value']:
            shown = said['value']['result']
            if shown['title']:
                return {'ok': True, 'value': shown}
            found = await tab_get(tab_id)
            return {'ok': True, 'value': found['value'] if found['ok'] else None}
    return await deferred().promise


EARLY_PROBE_MS = 1000    # one look at the tab's document; then the tab's status is looked at again
EARLY_WAIT_MS = 500      # how long `open`/`navigate` wait, once loaded, for the early walk to finish injecting
EARLY_SETTLE_MS = 100     # until then a 'complete' status is the old page's (the load has not started)
EARLY_HERE_MS = 50        # how long a document found without the tab half waits for the one Chrome loads


async def _open(args, state):
    url = args['url']
    await _may_load(url)
    since = now_ms()
    script_id = await _load_at_start(url)
    try:            # (a tab Chrome refuses to make, or state it cannot save, drops the registration too)
        tab = await tab_create({'url': url, 'active': True})
        early = attempt_async(lambda t: _early_warm(t, since, script_id), tab['id'])      # never rejects
        state['tabs'].append(tab['id'])
        state['current'] = tab['id']
        grouped = await page_chrome.tab_in_group(tab['id'], state['group'])
        if grouped['ok']:
            state['group'] = grouped['value']
        await _save(state)
        loaded = await _loaded_after(attempt_async(lambda t: wait_for_load(t, CONFIG['tab_timeout_ms']), tab['id']),
                                     early, tab['id'])
    finally:
        _drop_at_start(script_id)
    await _prepare(tab['id'])
    return {'tab': tab['id'], 'url': loaded['url'], 'title': loaded['title'], 'group': state['group']}


async def _navigate(tab, url):
    await _may_load(url)
    since = now_ms()
    script_id = await _load_at_start(url)
    early = attempt_async(lambda t: _early_warm(t, since, script_id), tab['id'])      # never rejects
    try:
        moved = await _loaded_after(attempt_async(lambda t: navigate(t, url), tab['id']), early, tab['id'])
    finally:
        _drop_at_start(script_id)
    await _prepare(tab['id'])
    return {'tab': tab['id'], 'url': moved['url'], 'title': moved['title'], 'navigated': True}


async def _back(tab):
    before = tab['url']
    went = await page_chrome.tab_back(tab['id'])
    if not went['ok']:
        raise ToolError(ADAPTER_ERROR, 'cannot go back: ' + went['error'], None)
    await sleep(150)
    loaded = await wait_for_load(tab['id'], CONFIG['tab_timeout_ms'])
    return {'tab': tab['id'], 'url': loaded['url'], 'title': loaded['title'], 'navigated': loaded['url'] != before}


async def _tabs(state):
    listed = []
    for tab in await _alive_tabs(state):
        listed.append({'tab': tab['id'], 'url': tab['url'], 'title': tab['title'], 'agent': True,
                       'current': tab['id'] == state['current']})
    attached = await attached_tab()
    if attached != None and attached['id'] not in state['tabs']:
        listed.append({'tab': attached['id'], 'url': attached['url'], 'title': attached['title'], 'agent': False,
                       'attached': True, 'current': state['current'] == None})
    return {'tabs': listed}


async def _close(tab, state):
    if tab['id'] not in state['tabs']:
        raise ToolError(NO_TARGET_TAB, 'tab: ' + str(tab['id']) + ' is the attached tab; only agent tabs can be closed',
                        {'field': 'tab'})
    await page_chrome.tab_remove(tab['id'])
    state['tabs'] = [t for t in state['tabs'] if t != tab['id']]
    if state['current'] == tab['id']:
        state['current'] = state['tabs'][len(state['tabs']) - 1] if len(state['tabs']) > 0 else None
    await _save(state)
    return {'closed': tab['id'], 'current': state['current']}


# --- scan (with frames) ---------------------------------------------------------------------------

def _scan_payload(args, state, tab_id):
    """The tab half's scan request (`format`: a scan of FORMAT_IN_TAB_ROWS rows or more comes back as
    lines, not rows)."""
    key = _tkey(tab_id)
    payload = {'op': 'scan', 'floor': _floor(state, tab_id), 'viewport': _arg(args, 'viewport', False), 'format': True, 'tools': True}
    base = _scans[key]['base'] if key in _scans and 'base' in _scans[key] else None
    if base != None:
        payload['have'] = base['token']       # rows the tab has not changed since need not be sent again
    return payload


async def _direct_scan(args, state):
    """A scan of an agent tab sent straight to its top frame, without looking the tab up first: the
    scan only reads, and its reply counts only if the URL it scanned passes the access check. None
    when that cannot answer (the attached tab needs a lookup; `within`; the tab is closed or has no
    content script yet; the scan failed): the caller then takes the checked path. A tab that does
    not answer in time gets tab_timeout at once."""
    if _arg(args, 'within', None) != None:
        return None
    wanted = _arg(args, 'tab', None)
    tab_id = wanted if wanted != None else state['current']
    if tab_id == None or tab_id not in state['tabs']:
        return None
    message = _page_message(_scan_payload(args, state, tab_id))
    # the access check of the origin this tab showed last time runs while the top frame walks, and so
    # does the frame list when this tab's last scan had frames (the list is a script run in
    # every frame, which delays the walk: it is otherwise taken only when the walk finds frames)
    key = _tkey(tab_id)
    last = _scans[key]['url'] if key in _scans and 'url' in _scans[key] else None
    early_access = _access(last) if last != None else None
    listing = page_chrome.list_frames(tab_id, FRAME_TIMEOUT_MS) if last != None and _scans[key]['had_frames'] else None
    reply = await send_to_frame(tab_id, 0, message, CONFIG['tab_timeout_ms'])
    if not reply['ok'] and 'timeout' in reply:
        raise _tab_failure(reply, 'scan')      # a busy tab: asking again would double the wait
    top = _answered(reply)
    if top == None:
        return None
    pattern = _pattern(top['url'])
    same_origin = early_access != None and pattern != None and pattern == _pattern(last)
    denied = await (early_access if same_origin else _access(top['url']))
    if denied != None:
        raise denied
    return await _scanned(tab_id, args, state, top, listing)


async def _scan(tab, args, state):
    tab_id = tab['id']
    payload = _scan_payload(args, state, tab_id)
    within = _arg(args, 'within', None)
    if within == None:
        return await _scanned(tab_id, args, state, _answer(await _call(tab_id, 0, payload), 'scan'), None)
    # inside a frame, the rows come back to be frame-qualified here
    parts = _split_uid(within)
    fkey = parts[0] if parts != None else None
    payload['format'] = fkey == None
    top = _answer(await _route(tab_id, within, payload, 'within'), 'scan')
    if fkey != None:
        top['body'] = scan_format.join_body(_frame_lines(top['rows'], fkey, 0))
        top['rows'] = None
    return await _scanned(tab_id, args, state, top, None)


def _base(token, lines, frame_lines):
    """The top frame's body lines as the tab tagged them (`token`: the tab sends `same` instead of rows
    it has not changed since)."""
    return {'token': token, 'lines': lines, 'frame_lines': frame_lines}


async def _scanned(tab_id, args, state, top, listing):
    """The scan result from the top frame's (or `within` frame's) scan, with the frames merged in."""
    key = _tkey(tab_id)
    floor = _floor(state, tab_id)
    within = _arg(args, 'within', None)
    frames_map = {}
    old = _scans[key] if key in _scans else None
    base = old['base'] if old != None and 'base' in old else None
    prior = old['prior'] if old != None and 'prior' in old else None
    if 'same' in top and (base == None or base['token'] != top['same']):
        base = prior        # two scans at once: the other one's rows came back first
    if 'same' in top:
        if base == None or base['token'] != top['same']:
            raise ToolError(ADAPTER_ERROR, 'the tab named rows this worker no longer has; scan again', None)
        body = base['lines']
        top['frame_lines'] = base['frame_lines']
    elif top['rows'] != None:
        formatted = scan_format.format_body(top['rows'])
        body = formatted['lines']
        top['frame_lines'] = formatted['frame_lines']
    else:
        body = scan_format.split_body(top['body'])
    if 'token' in top and 'same' not in top:
        base = _base(top['token'], body, top['frame_lines'])
    elif 'token' not in top:
        base = None
    high = top['max_uid']
    count = top['count']
    if within == None and len(top['frames']) > 0:
        if listing == None:
            listing = page_chrome.list_frames(tab_id, FRAME_TIMEOUT_MS)
        merged = await _scan_frames(tab_id, top, high, frames_map, listing)
        if merged['inserts'] != None:
            body = scan_format.insert_after(body, merged['inserts'])
        high = merged['high']
        count += merged['count']
    if within == None and 'tools' in top:
        tool_lines = await _tool_lines(top['tools'])
        if len(tool_lines) > 0:
            tool_lines.extend(body)
            body = tool_lines
    if high != floor:
        state['floors'][key] = high
        _save_soon(state)
    previous = old['lines'] if _arg(args, 'diff', False) and old != None else None
    # the same body, header and budget as the last scan: the same text (rendering joins every line again)
    sig = '\n'.join([str(top['url']), str(top['title']), str(count), str(_arg(args, 'max_chars', 20000)),
                      str(_arg(args, 'cursor', 0))])
    cached = old['render'] if old != None and 'render' in old and previous == None else None
    if cached != None and cached['body'] is body and cached['sig'] == sig:
        rendered = cached['rendered']
    else:
        rendered = scan_format.render_lines(top['url'], top['title'], count, body, _arg(args, 'max_chars', 20000),
                                            _arg(args, 'cursor', 0), previous)
    if within == None or old == None:
        _scans[key] = {'lines': rendered['lines'], 'frames': frames_map, 'url': top['url'],
                       'had_frames': within == None and len(top['frames']) > 0}
        if base != None and within == None:
            _scans[key]['base'] = base
            last = old['base'] if old != None and 'base' in old else None
            if last != None and last['token'] != base['token']:
                _scans[key]['prior'] = last
            elif old != None and 'prior' in old:
                _scans[key]['prior'] = old['prior']
            if previous == None:
                _scans[key]['render'] = {'body': body, 'sig': sig, 'rendered': rendered}
    out = {'tab': tab_id, 'text': rendered['text'], 'untrusted': True, 'scan_ms': top['ms']}
    if rendered['next_cursor'] != None:
        out['cursor'] = rendered['next_cursor']
    if _arg(args, 'diff', False) and old == None:
        out['note'] = 'no earlier scan of this tab: full scan'
    return out


def _match_frames(frames, slots):
    """Give each `- iframe#cross-origin` slot the frameId whose URL is its src (first unused one)."""
    used = []
    for slot in slots:
        slot['frameId'] = None
        for frame in frames:
            if frame['frameId'] != 0 and frame['frameId'] not in used and frame['url'] == slot['src']:
                slot['frameId'] = frame['frameId']
                used.append(frame['frameId'])
                break


async def _frame_scan(tab_id, slot, floor):
    """One frame's scan, or None (no frame id, no host access, dead or unscriptable frame)."""
    if slot['frameId'] == None or slot['frameId'] <= 0:
        return None
    pattern = _pattern(slot['src'])
    if pattern == None:
        return None
    granted = await page_chrome.origin_granted(pattern)
    if not granted['ok'] or granted['value'] != True:
        return None
    message = _page_message({'op': 'scan', 'floor': floor, 'viewport': False})
    reply = await send_to_frame(tab_id, slot['frameId'], message, FRAME_TIMEOUT_MS)
    if not reply['ok'] and 'timeout' not in reply:
        injected = await page_chrome.inject_frame(tab_id, slot['frameId'], ['content.js'], FRAME_TIMEOUT_MS)
        if not injected['ok']:
            return None
        reply = await send_to_frame(tab_id, slot['frameId'], message, FRAME_TIMEOUT_MS)
    return _answered(reply)


def _frame_lines(rows, fkey, depth):
    """A frame's rows as lines, indented by depth, its uids frame-qualified (f<k>u<n>)."""
    shifted = []
    for row in rows:
        moved = list(row)
        moved[1] = row[1] + depth
        if row[0] == 'E':
            moved[3] = fkey + row[3]
        elif row[0] == 'P':
            moved[2] = fkey + row[2]
        shifted.append(moved)
    return scan_format.format_rows(shifted)


async def _scan_frames(tab_id, top, high, frames_map, listing):
    """{inserts, high, count}: the lines of each cross-origin frame the extension may script, keyed by
    the body line of its `- iframe#cross-origin` ('i<line>'; None when there are none). Frames are
    asked in parallel, each within FRAME_TIMEOUT_MS."""
    slots = top['frames'][0:FRAME_SCAN_LIMIT]
    listed = await listing
    if not listed['ok']:
        return {'inserts': None, 'high': high, 'count': 0}
    _match_frames(listed['value'], slots)
    replies = await Promise.all([_frame_scan(tab_id, slot, high) for slot in slots])
    count = 0
    inserts = {}
    k = 0
    for index in range(len(slots)):
        sub = replies[index]
        if sub == None:
            continue
        slot = slots[index]
        k += 1
        fkey = 'f' + str(k)
        frames_map[fkey] = slot['frameId']
        high = max(high, sub['max_uid'])
        count += sub['count']
        at = 'i' + str(top['frame_lines'][index])
        if at not in inserts:
            inserts[at] = []
        inserts[at].extend(_frame_lines(sub['rows'], fkey, slot['depth'] + 1))
    return {'inserts': inserts if len(obj_keys(inserts)) > 0 else None, 'high': high, 'count': count}


# --- tab verbs ------------------------------------------------------------------------------------

async def _tab_op(tab, args, state):
    method = args['method']
    tab_id = tab['id']
    payload = {'op': method}
    for key in PAYLOAD_KEYS:
        if key in args:
            payload[key] = args[key]
    before = tab['url']
    uid_field = 'uid'
    if method == 'scroll' and 'to' in args:
        uid_field = 'to'
        payload['to'] = args['to']
    uid = _arg(args, uid_field, None)
    reply = await (_route(tab_id, uid, payload, uid_field) if uid != None else _call(tab_id, 0, payload))
    if not reply['ok'] and acts(method) and 'timeout' not in reply:
        # the page unloaded under the action (a navigation): the message channel closed
        return await _after_navigation(tab_id, before, {'done': True})
    value = _result(_answer(reply, method))
    if acts(method):
        await sleep(40)
        found = await tab_get(tab_id)
        if found['ok'] and (found['value']['status'] == 'loading' or found['value']['url'] != before):
            return await _after_navigation(tab_id, before, value)
    value['tab'] = tab_id
    return value


def _result(value):
    """A tab result without the walker's `ok` (dispatch wraps it as {ok, tool, result})."""
    out = {}
    for key in obj_keys(value):
        if key != 'ok':
            out[key] = value[key]
    return out


async def _after_navigation(tab_id, before, value):
    loaded = await wait_for_load(tab_id, CONFIG['tab_timeout_ms'])
    value['navigated'] = True
    value['url'] = loaded['url']
    value['title'] = loaded['title']
    value['note'] = 'the page navigated: earlier uids are invalid, scan again'
    value['tab'] = tab_id
    key = _tkey(tab_id)
    if key in _scans:
        _scans[key]['frames'] = {}
    return value


@worker_handler(PAGE)
async def page(args, ctx):
    method = args['method']
    for field in needs_of(method):
        if field not in args:
            raise invalid_arg(field, 'is required for method "' + method + '"')
    state = await _state()
    if method == 'open':
        return await _open(args, state)
    if method == 'tabs':
        return await _tabs(state)
    if method == 'scan':
        direct = await _direct_scan(args, state)
        if direct != None:
            return direct
    tab = await _target(args, state)
    if method == 'close':
        return await _close(tab, state)
    if method == 'navigate':
        return await _navigate(tab, args['url'])
    await _must_access(tab['url'])
    if method == 'back':
        return await _back(tab)
    if method == 'scan':
        return await _scan(tab, args, state)
    if method == 'tools':
        return await _list_page_tools(tab)
    if method == 'call_tool':
        return await _call_page_tool(tab, args, ctx)
    return await _tab_op(tab, args, state)


# --- leak rules (entries/worker/leak_rules.py) ---------------------------------------------------

async def read_origin(tool_name, result):
    """The origin a page result was read on: its `url`, else its tab's address now (None: unknown)."""
    url = result['url'] if 'url' in result else None
    if url == None and 'tab' in result and result['tab'] != None:
        found = await tab_get(result['tab'])
        url = found['value']['url'] if found['ok'] else None
    return origin_of(url) if url != None else None


async def outbound(tool_name, args, ctx):
    """The ways out of a page call: the URL `open`/`navigate` load; the text `type` enters and the
    arguments `call_tool` hands over, both to the target tab's origin (a field in a frame: to no origin
    anything was read on, so every read token typed there is flagged)."""
    method = args['method'] if 'method' in args else None
    if tool_name != PAGE['name']:
        return []
    if (method == 'open' or method == 'navigate') and 'url' in args:
        return [url_way(args['url'], 'page ' + method)]
    if method == 'type' and 'text' in args:
        tab = await _target(args, await _state())
        way = text_way(tab['url'], args['text'], 'page type')
        if str(_arg(args, 'uid', '')).startswith('f'):
            way['to'] = 'a frame inside ' + way['to']      # its own origin, unknown here: never a read one
        return [way]
    if method == 'call_tool':
        tab = await _target(args, await _state())
        return [text_way(tab['url'], _tool_args(args), 'page call_tool ' + str(_arg(args, 'tool', '')))]
    return []


site_hooks(SITE, {'judge': judge, 'read_origin': read_origin, 'outbound': outbound})
page_chrome.on_tab_loaded(_tab_loaded)
page_chrome.on_tab_half_here(_tab_half_here)


@worker_handler(PROBE_RISK)
async def probe_risk(args, ctx):
    """Test only: for each uid, the target the judge reads (the tab's `describe`, with its context) and the
    verdict of the judge the worker runs (no policy). The judge stays in the worker: the tab bundle does
    not carry its vocabulary."""
    tab = await site_tab(SITE, None)
    described = await in_tab(tab['id'], PROBE_TARGETS, {'uids': args['uids']})
    out = []
    for item in described['results']:
        if 'error' in item:
            out.append(item)
            continue
        target = page_risk.with_secrets(item['target'])
        verdict = page_risk.classify(target, {'sensitive_hosts': [], 'extra_terms': []})
        out.append({'uid': item['uid'], 'target': target, 'risk': verdict['risk'], 'reasons': verdict['reasons']})
    return {'results': out}
