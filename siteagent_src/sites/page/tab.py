"""The page tool's tab half (content.js, any frame): the scan and the actions, through the walker
(webapi/scan_dom.py). Each handler returns a plain result or raises ToolError."""
from core.outcome import ToolError, invalid_arg
from core.reasons import URL_NOT_ALLOWED
from sites.page import risk as page_risk
from sites.page import scan_format
from sites.page.tools import PAGE_TAB, PROBE_NAMES, PROBE_ACTIONS, PROBE_RISK
from sites.page.tab_context import context_of
from sites.kit.tab import tab_handler
from webapi.scan_dom import api
from webapi.dom import attr, tag_of
from webapi.js import sleep, now_ms

TYPEABLE = ['textbox', 'searchbox', 'spinbutton', 'combobox']


def _arg(args, key, default):
    return args[key] if key in args and args[key] != None else default


def _refusal(found):
    """The walker's {ok: false, reason, message, hint?|field?} as a ToolError."""
    extra = {'hint': found['hint']} if 'hint' in found else ({'field': found['field']} if 'field' in found else None)
    return ToolError(found['reason'], found['message'], extra)


def _described(walker, element, submitting):
    """The walker's target ({name, role, href, page_url, submits, form}) with what it sits in
    (tab_context: description, icon, dialog, form's submit button, link URL, page title)."""
    target = walker.describeEl(element, submitting)
    target['context'] = context_of(element, target)
    return target


def _resolved(walker, uid):
    found = walker.resolve(uid)
    if not found['ok']:
        raise _refusal(found)
    return found['el']


@tab_handler(PAGE_TAB)
async def page_tab(args):
    walker = api()
    op = args['op']
    if op == 'scan':
        scanned = walker.scan(args)
        if scanned['ok'] and _arg(args, 'format', False) and len(scanned['rows']) >= scan_format.FORMAT_IN_TAB_ROWS:
            body = scan_format.format_body(scanned['rows'])
            scanned['body'] = scan_format.join_body(body['lines'])
            scanned['frame_lines'] = body['frame_lines']
            scanned['rows'] = None
        return scanned
    if op == 'describe':
        element = _resolved(walker, args['uid']) if 'uid' in args else (document.activeElement or document.body)
        return {'ok': True, 'target': _described(walker, element, args['submitting'])}
    if op == 'wait':
        return await _wait(walker, args)
    uid = args['to'] if op == 'scroll' and 'to' in args else (args['uid'] if 'uid' in args else None)
    target = _resolved(walker, uid) if uid != None else None
    if op == 'read':
        return walker.readEl(target)
    if op == 'scroll':
        if 'to' in args:
            return walker.scrollBy(None, None, target)
        return walker.scrollBy(target, _arg(args, 'direction', 'down'), None)
    route_before = walker.routeKey()
    if op == 'click':
        if walker.isDisabled(target):
            raise invalid_arg('uid', uid + ' is disabled; nothing was clicked')
        href = attr(target, 'href')
        if href != None and page_risk.href_refused(href):
            raise ToolError(URL_NOT_ALLOWED, 'uid: the link goes to a ' + str(page_risk.scheme_of(href)) +
                            ': URL, which the page tool never follows', {'field': 'uid'})
        walker.clickEl(target)
        result = {'ok': True, 'clicked': uid}
    elif op == 'type':
        result = walker.typeInto(target, args['text'], _arg(args, 'clear', False), _arg(args, 'submit', False))
    elif op == 'select':
        result = walker.selectIn(target, _arg(args, 'value', None), _arg(args, 'label', None))
    elif op == 'check':
        result = walker.checkEl(target, args['checked'])
    elif op == 'press':
        result = walker.pressKeys(target, args['key'])
    else:
        raise invalid_arg('method', 'unknown verb ' + str(op))
    if result['ok'] != True:
        raise ToolError(result['reason'], result['message'], {'field': result['field']} if 'field' in result else None)
    if 'no_settle' in args:
        return result
    settled = await walker.settle(100, 3000)
    result['settled'] = settled['settled']
    result['navigated'] = walker.routeKey() != route_before
    if result['navigated']:
        result['note'] = 'the route changed: earlier uids are invalid, scan again'
    return result


async def _wait(walker, args):
    limit = min(_arg(args, 'timeout_ms', 5000), 10000)
    start = now_ms()
    text = _arg(args, 'text', None)
    uid = _arg(args, 'uid', None)
    if text == None and uid == None:
        raise invalid_arg('text', 'wait needs text or uid')
    gone = _arg(args, 'gone', False)
    while True:
        if text != None:
            met = walker.pageHasText(text) != gone
        else:
            met = walker.resolve(uid)['ok'] != gone
        if met or now_ms() - start >= limit:
            return {'ok': True, 'met': met, 'waited_ms': now_ms() - start}
        await sleep(100)


@tab_handler(PROBE_NAMES)
def probe_names(args):
    return {'names': api().probeNames(args['selector'])}


@tab_handler(PROBE_ACTIONS)
async def probe_actions(args):
    walker = api()
    failures = []
    done = 0
    for uid in args['uids']:
        found = walker.resolve(uid)
        if not found['ok']:
            failures.append({'uid': uid, 'reason': found['reason'], 'message': found['message']})
            continue
        role = walker.roleOf(found['el'])
        element = found['el']
        typeable = tag_of(element) == 'input' or tag_of(element) == 'textarea' or element.isContentEditable
        op = {'op': 'type', 'uid': uid, 'text': 'x', 'clear': True, 'no_settle': True} if role in TYPEABLE and typeable \
            else {'op': 'click', 'uid': uid, 'no_settle': True}
        done += 1
        try:
            await page_tab(op)
        except ToolError as err:
            failures.append({'uid': uid, 'role': role, 'reason': err.reason, 'message': err.detail})
    return {'tried': done, 'failures': failures}


@tab_handler(PROBE_RISK)
def probe_risk(args):
    """For each uid: the target the judge would read (as `describe` gives it) and the judge's verdict,
    computed here by the same pure code the worker runs (sites/page/risk.py), with no policy."""
    walker = api()
    out = []
    for uid in args['uids']:
        found = walker.resolve(uid)
        if not found['ok']:
            out.append({'uid': uid, 'error': found['reason']})
            continue
        target = page_risk.with_secrets(_described(walker, found['el'], False))
        verdict = page_risk.classify(target, {'sensitive_hosts': [], 'extra_terms': []})
        out.append({'uid': uid, 'target': target, 'risk': verdict['risk'], 'reasons': verdict['reasons']})
    return {'results': out}
