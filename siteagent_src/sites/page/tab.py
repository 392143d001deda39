"""The page tool's tab half (content.js, any frame): the scan (scan/tab/walker.py) and the actions
(actions/tab.py), through uids (scan/tab/uids.py); what a judged target sits in (risk/tab.py); and the
page's own tools (WebMCP, webapi/webmcp.py; the top frame lists its same-origin frames' tools too).
Each handler returns a plain result or raises ToolError."""
from core.outcome import ToolError, invalid_arg, result_of
from core.reasons import (URL_NOT_ALLOWED, NOT_SUPPORTED, STALE_UID, TAB_TIMEOUT, PAGE_TOOL_FAILED, ADAPTER_ERROR,
                          INVALID_ARGS)
from sites.page.formatting import scan_format
from sites.page.webmcp import page_tools
from sites.page.scan.links import scheme_of, href_refused
from sites.page.ids import PAGE_TAB
from sites.page.risk.tab import context_of
from sites.page.actions.tab import (describe_element, click_element, type_into, select_in, check_element,
                                    press_keys, scroll_by, read_element, page_has_text, settle, is_disabled)
from sites.page.scan.tab.uids import resolve, current_route
from sites.page.scan.tab.walker import scan
from sites.kit.tab import tab_handler
from webapi.dom import attr, dom_parsed, window_loaded, after_load, location_href, page_title
from webapi.js import sleep, now_ms, from_json, random_id
from webapi import webmcp

TOOLS_LIST_MS = 2000        # getTools() answers at once; a page that stalls it gets no [tools] section
TOOL_RESULT_CAP = 100000    # characters of a page tool's result text
TOOL_LIST_TRIES = 3


def _arg(args, key, default):
    return args[key] if key in args and args[key] != None else default


def described(element, submitting):
    """The walker's target ({name, role, href, page_url, submits, form}) with what it sits in
    (risk/tab.py: description, icon, dialog, form's submit button, link URL, page title)."""
    target = describe_element(element, submitting)
    target['context'] = context_of(element, target)
    return target


def _resolved(uid):
    return result_of(resolve(uid))['el']


@tab_handler(PAGE_TAB)
async def page_tab(args):
    op = args['op']
    if op == 'scan':
        scanned = result_of(scan(args))       # a `within` uid it cannot use: its refusal
        if _arg(args, 'within', None) == None and not _arg(args, 'viewport', False):
            _same_body(scanned, _arg(args, 'have', None))
        if scanned['rows'] != None and _arg(args, 'format', False) and \
                len(scanned['rows']) >= scan_format.FORMAT_IN_TAB_ROWS:
            _format_in_tab(scanned)
        if _arg(args, 'tools', False) and _arg(args, 'within', None) == None:
            scanned['tools'] = await _scan_tools()
        return scanned
    if op == 'warm':
        # a scan ahead of time (the worker sends it while the page loads, or when it has): its result stays
        # here. Sent while the DOM is still being parsed, it walks at DOMContentLoaded; `at_load`: and
        # again the moment `load` has fired (no round trip to the worker first), when the page has not
        # loaded yet by then
        await dom_parsed()
        warmed = _warm(args)
        if _arg(args, 'at_load', False):
            warmed['at_load'] = after_load(lambda: _warm(args))
        return warmed
    if op == 'loaded':
        # answers the moment the window's `load` event has fired (the worker's sooner word than the tab's
        # 'complete' status, which reaches it later), with the URL and title the tab shows
        await window_loaded()
        return {'url': location_href(), 'title': page_title()}
    if op == 'tools':
        listed = await _page_tools()      # (an await inside a comprehension is not async in JS)
        return {'tools': [entry['desc'] for entry in listed]}
    if op == 'call_tool':
        return await _call_tool(args)
    if op == 'describe':
        element = _resolved(args['uid']) if 'uid' in args else (document.activeElement or document.body)
        return {'ok': True, 'target': described(element, args['submitting'])}
    if op == 'wait':
        return await _wait(args)
    uid = args['to'] if op == 'scroll' and 'to' in args else (args['uid'] if 'uid' in args else None)
    target = _resolved(uid) if uid != None else None
    if op == 'read':
        return read_element(target)
    if op == 'scroll':
        if 'to' in args:
            return scroll_by(None, None, target)
        return scroll_by(target, _arg(args, 'direction', 'down'), None)
    route_before = current_route()
    if op == 'click':
        if is_disabled(target):
            raise invalid_arg('uid', uid + ' is disabled; nothing was clicked')
        href = attr(target, 'href')
        if href != None and href_refused(href):
            raise ToolError(URL_NOT_ALLOWED, 'uid: the link goes to a ' + str(scheme_of(href)) +
                            ': URL, which the page tool never follows', {'field': 'uid'})
        click_element(target)
        result = {'ok': True, 'clicked': uid}
    elif op == 'type':
        result = type_into(target, args['text'], _arg(args, 'clear', False), _arg(args, 'submit', False))
    elif op == 'select':
        result = select_in(target, _arg(args, 'value', None), _arg(args, 'label', None))
    elif op == 'check':
        result = check_element(target, args['checked'])
    elif op == 'press':
        result = press_keys(target, args['key'])
    else:
        raise invalid_arg('method', 'unknown verb ' + str(op))
    if 'no_settle' in args:
        return result
    settled = await settle(100, 3000)
    result['settled'] = settled['settled']
    result['navigated'] = current_route() != route_before
    if result['navigated']:
        result['note'] = 'the route changed: earlier uids are invalid, scan again'
    return result


def _warm(args):
    """A walk ahead of time: {ok, ms}; its result stays here. A big scan is formatted here too, for the
    scan that follows."""
    scanned = scan(args)
    if not scanned['ok']:
        return {'ok': False, 'ms': None}
    _same_body(scanned, None)
    if len(scanned['rows']) >= scan_format.FORMAT_IN_TAB_ROWS:
        _format_in_tab(scanned)
    return {'ok': True, 'ms': scanned['ms']}


# --- a scan the worker already has ---------------------------------------------------------------

_LAST = {'rows': None, 'token': None, 'count': 0, 'body': None}


def _formatted(rows, token):
    lines = scan_format.format_body(rows)
    return {'token': token, 'text': scan_format.join_body(lines['lines']), 'frame_lines': lines['frame_lines']}


def _format_in_tab(scanned):
    """A big scan's rows as one string of lines (kept with the rows' token: the same rows, the same text)."""
    token = scanned['token'] if 'token' in scanned else None
    cached = _LAST['body']
    if token == None or cached == None or cached['token'] != token:
        _LAST['body'] = _formatted(scanned['rows'], token)
    body = _LAST['body']
    scanned['body'] = body['text']
    scanned['frame_lines'] = body['frame_lines']
    scanned['rows'] = None


def _same_rows(rows, last):
    """The same rows, row for row (a row kept by the live model is the same array as before)."""
    if last == None or len(rows) != len(last):
        return False
    for index in range(len(rows)):
        if rows[index] is not last[index]:
            return False
    return True


def _same_body(scanned, have):
    """A scan's rows tagged with a token (the same rows keep it); when the worker says it has the rows of
    that token (`have`), they are not sent again: `same` names them instead."""
    rows = scanned['rows']
    if not _same_rows(rows, _LAST['rows']):
        _LAST['count'] += 1
        _LAST['rows'] = rows
        _LAST['token'] = _TOKEN_BASE + str(_LAST['count'])
    scanned['token'] = _LAST['token']
    if have != None and have == _LAST['token']:
        scanned['same'] = _LAST['token']
        scanned['rows'] = None


_TOKEN_BASE = random_id() + ':'


# --- the page's own tools (WebMCP) ----------------------------------------------------------------

def _not_supported(state):
    if state == 'insecure':
        return ToolError(NOT_SUPPORTED, 'this page offers no WebMCP tools: it is not a secure page, and WebMCP works '
                         'only on https pages (or http on localhost)', {'hint': 'use the page through scan, click and type'})
    return ToolError(NOT_SUPPORTED, 'this browser offers no WebMCP (document.modelContext is missing), so the page\'s '
                     'own tools cannot be reached', {'hint': 'WebMCP is off by default: start Chromium with '
                     '--enable-features=WebMCP (or switch on chrome://flags/#enable-webmcp-testing), or use the page '
                     'through scan, click and type'})


async def _page_tools():
    """[{tool (the RegisteredTool), desc (its descriptor, with its fingerprint)}] of this document and
    its same-origin frames; raises not_supported without WebMCP, adapter_error when getTools() fails."""
    state = webmcp.availability()
    if state != 'ok':
        raise _not_supported(state)
    listed = await webmcp.list_tools(TOOLS_LIST_MS)
    if listed == None:
        raise ToolError(ADAPTER_ERROR, 'the page\'s tools could not be listed (getTools() failed or gave no answer '
                        'within ' + str(TOOLS_LIST_MS) + ' ms)', None)
    out = []
    for entry in listed:
        desc = page_tools.descriptor(entry)
        if len(desc['local']) > 0:
            desc['fingerprint'] = page_tools.fingerprint(desc)
            out.append({'tool': entry['tool'], 'desc': desc})
    return out


async def _scan_tools():
    """The descriptors for the scan's [tools] section (no schemas); None without WebMCP or on failure."""
    if webmcp.availability() != 'ok':
        return None
    listed = await webmcp.list_tools(TOOLS_LIST_MS)
    if listed == None:
        return None
    out = []
    for entry in listed:
        desc = page_tools.descriptor(entry)
        if len(desc['local']) > 0:
            desc['inputSchema'] = None
            out.append(desc)
    return out


def _tool_result(name, text):
    """What a page tool's JSON text becomes: {tool, result, untrusted} (or `text` when it is not JSON)."""
    out = {'tool': name, 'result': None, 'untrusted': True}
    if text == None or text == 'undefined':
        return out
    if len(text) > TOOL_RESULT_CAP:
        out['text'] = text[0:TOOL_RESULT_CAP]
        out['note'] = 'the result was cut at ' + str(TOOL_RESULT_CAP) + ' of ' + str(len(text)) + ' characters'
        return out
    parsed = from_json(text)
    if parsed['ok']:
        out['result'] = parsed['value']
    else:
        out['text'] = text
    return out


async def _call_tool(args):
    """Run the page tool named args.tool, if it is still the tool the worker judged (args.fingerprint)
    and args.args fit its schema; raises stale_uid, invalid_args, not_supported, tab_timeout or
    page_tool_failed. The tool runs at most once, and never another one."""
    name = args['tool']
    for _try in range(TOOL_LIST_TRIES):
        state = webmcp.availability()
        if state != 'ok':
            raise _not_supported(state)
        before = webmcp.change_count()
        listed = await _page_tools()
        if webmcp.change_count() != before:
            continue            # the tools changed while they were being listed: list them again
        found = [entry for entry in listed if entry['desc']['name'] == name]
        if len(found) == 0:
            raise ToolError(STALE_UID, 'tool: the page no longer offers a tool named "' + name + '"; nothing ran',
                            {'field': 'tool', 'hint': 'scan again'})
        desc = found[0]['desc']
        if len(found) > 1 or desc['fingerprint'] == None or desc['fingerprint'] != args['fingerprint']:
            raise ToolError(STALE_UID, 'tool: "' + name + '" changed after it was judged (its words, schema, hints or '
                            'frame differ); nothing ran', {'field': 'tool', 'hint': 'scan again'})
        checkable = page_tools.checkable_schema(desc['inputSchema'])
        if checkable['problem'] != None:
            raise ToolError(NOT_SUPPORTED, 'tool: the input schema of "' + name + '" is outside what Site Agent can check ('
                            + checkable['problem'] + '); it is not called', {'field': 'tool'})
        bad = page_tools.args_problem(checkable['schema'], args['args'])
        if bad != None:
            raise ToolError(INVALID_ARGS, bad['message'], {'field': bad['field']})
        ran = await webmcp.run_tool(found[0]['tool'], args['args'], args['timeout_ms'])
        if ran['ok']:
            return _tool_result(name, ran['text'])
        if ran['kind'] == 'timeout':
            waiting = ' (its form was filled in and waits for the user to submit it)' \
                if desc['form'] != None and not desc['form']['autosubmit'] else ''
            raise ToolError(TAB_TIMEOUT, 'the page\'s tool "' + name + '" gave no answer within ' +
                            str(args['timeout_ms']) + ' ms' + waiting + '; Site Agent stopped waiting, but the page '
                            'may still act', {'hint': 'check the page before retrying'})
        raise ToolError(PAGE_TOOL_FAILED, 'the page\'s tool "' + name + '" failed: ' + str(ran['error']),
                        {'hint': 'it may have acted before it failed: check the page before retrying'})
    raise ToolError(STALE_UID, 'tool: the page kept changing its tools while "' + name + '" was looked up; nothing ran',
                    {'field': 'tool', 'hint': 'scan again'})


async def _wait(args):
    limit = min(_arg(args, 'timeout_ms', 5000), 10000)
    start = now_ms()
    text = _arg(args, 'text', None)
    uid = _arg(args, 'uid', None)
    if text == None and uid == None:
        raise invalid_arg('text', 'wait needs text or uid')
    gone = _arg(args, 'gone', False)
    while True:
        if text != None:
            met = page_has_text(text) != gone
        else:
            met = resolve(uid)['ok'] != gone
        if met or now_ms() - start >= limit:
            return {'ok': True, 'met': met, 'waited_ms': now_ms() - start}
        await sleep(100)
