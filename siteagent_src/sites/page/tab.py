"""The page tool's tab half (content.js, any frame): the scan (tab_walker.py) and the actions
(tab_actions.py), through uids (tab_uids.py). Each handler returns a plain result or raises ToolError."""
from core.outcome import ToolError, invalid_arg
from core.reasons import URL_NOT_ALLOWED
from sites.page import risk as page_risk
from sites.page import scan_format
from sites.page.tools import PAGE_TAB, PROBE_NAMES, PROBE_ACTIONS
from sites.page.roles import TYPEABLE_ROLES
from sites.page.tab_actions import (describe, describe_element, click_element, type_into, select_in, check_element,
                                    press_keys, scroll_by, read_element, page_has_text, settle, probe_names as
                                    names_probe, is_disabled)
from sites.page.tab_roles import role_of
from sites.page.tab_uids import resolve, current_route
from sites.page.tab_walker import scan
from sites.kit.tab import tab_handler
from webapi.dom import attr, tag_of
from webapi.js import sleep, now_ms


def _arg(args, key, default):
    return args[key] if key in args and args[key] != None else default


def _refusal(found):
    """A refusal ({ok: false, reason, message, hint?|field?}) as a ToolError."""
    extra = {'hint': found['hint']} if 'hint' in found else ({'field': found['field']} if 'field' in found else None)
    return ToolError(found['reason'], found['message'], extra)


def _resolved(uid):
    found = resolve(uid)
    if not found['ok']:
        raise _refusal(found)
    return found['el']


@tab_handler(PAGE_TAB)
async def page_tab(args):
    op = args['op']
    if op == 'scan':
        scanned = scan(args)
        if scanned['ok'] and _arg(args, 'format', False) and len(scanned['rows']) >= scan_format.FORMAT_IN_TAB_ROWS:
            body = scan_format.format_body(scanned['rows'])
            scanned['body'] = scan_format.join_body(body['lines'])
            scanned['frame_lines'] = body['frame_lines']
            scanned['rows'] = None
        return scanned
    if op == 'describe':
        if 'uid' in args:
            found = describe(args['uid'], args['submitting'])
            if not found['ok']:
                raise _refusal(found)
            return found
        return {'ok': True, 'target': describe_element(document.activeElement or document.body, args['submitting'])}
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
        if href != None and page_risk.href_refused(href):
            raise ToolError(URL_NOT_ALLOWED, 'uid: the link goes to a ' + str(page_risk.scheme_of(href)) +
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


@tab_handler(PROBE_NAMES)
def probe_names(args):
    return {'names': names_probe(args['selector'])}


@tab_handler(PROBE_ACTIONS)
async def probe_actions(args):
    failures = []
    done = 0
    for uid in args['uids']:
        found = resolve(uid)
        if not found['ok']:
            failures.append({'uid': uid, 'reason': found['reason'], 'message': found['message']})
            continue
        element = found['el']
        role = role_of(element)
        typeable = tag_of(element) == 'input' or tag_of(element) == 'textarea' or element.isContentEditable
        op = {'op': 'type', 'uid': uid, 'text': 'x', 'clear': True, 'no_settle': True} \
            if role in TYPEABLE_ROLES and typeable else {'op': 'click', 'uid': uid, 'no_settle': True}
        done += 1
        try:
            await page_tab(op)
        except ToolError as err:
            failures.append({'uid': uid, 'role': role, 'reason': err.reason, 'message': err.detail})
    return {'tried': done, 'failures': failures}
