"""The Gmail adapter: operates the signed-in Gmail web UI (no API). Selector sources:
tests/fixtures/sites/gmail/README.md. Pure logic lives in core/gmail_logic.py."""
from buildinfo import CONFIG
from core.outcome import failure
from core.reasons import ADAPTER_ERROR, INVALID_ARGS
from core.gmail_logic import (APP_URL, UNTRUSTED_NOTE, TOOLS, fold_label, trim, pick_send_control,
                              pick_discard_control, pick_labelled, validate_draft, parse_thread_id, parse_route, search_url, thread_url,
                              check_query, account_from_label, send_preview_text, delete_preview_text,
                              refusal_preview, fingerprint, cap_message_body)
from webapi.gmail_dom import (find_all, find_one, closest, attr, has_class, text_of, is_visible,
                                control_candidates, gmail_click, insert_text, input_value, location_hash,
                                location_href, wait_for, is_connected, press_escape)
from adapters import site_tabs

SEL = {
    'main': 'div[role="main"]',
    'search_box': 'form[role="search"] input[name="q"]',
    'compose_button': 'div[gh="cm"]',
    'thread_list': 'div[role="main"] table[role="grid"]',
    'thread_row': 'div[role="main"] tr.zA',
    'account': 'a[aria-label^="Google Account"]',
    'navigation': 'div[role="navigation"]',
}
# Used per view (not counted by health: they exist only while that view is open).
ROW_ID = '[data-legacy-thread-id]'
ROW_SENDER = '.yW span[email]'
ROW_SUBJECT = '.bog'
ROW_SNIPPET = '.y2'
ROW_DATE = 'td.xW span[title]'
ROW_STAR = '.T-KT'
SUBJECT = 'h2.hP'
MESSAGE = 'div.adn'
SENDER = 'span.gD[email]'
MESSAGE_DATE = 'span.g3'
MESSAGE_BODY = 'div.a3s'
DETAIL_ROW = 'table.ajC tr'
BUTTONS = '[role="button"], button'
REPLY_LINKS = 'span.ams[role="link"]'
COMPOSE_ROOT = 'div.M9, div[role="dialog"], form'
CHIP = '[role="option"][data-hovercard-id]'
CLASSIC_CHIP = '.vR [email]'
SUBJECT_INPUT = 'input[name="subjectbox"]'
BODY_EDITOR = 'div[role="textbox"][aria-label="Message Body"]'
MENU = '[role="menu"]'
LABEL_ITEM = '[role="menuitemcheckbox"]'
MENU_ITEM = '[role="menuitem"]'
SENT_TOAST = 'span.bAq'

ADAPTER = {'id': 'gmail', 'hosts': ['mail.google.com'], 'open_url': APP_URL + '#inbox', 'selectors': SEL,
           'tools': TOOLS}


def _fail(message):
    return failure(ADAPTER_ERROR, message, None)


def _wait_ms(args):
    if 'wait_ms' in args and args['wait_ms'] != None:
        return args['wait_ms']
    return 2000


# --- tab side: reading --------------------------------------------------------------------------

def _route():
    """The hash route; a full-window compose (?view=cm) counts as its own view."""
    route = parse_route(location_hash())
    if location_href().find('view=cm') >= 0:
        route['view'] = 'compose'
    return route


def _visible(root, selector):
    return [e for e in find_all(root, selector) if is_visible(e)]


def _status(args):
    account_el = find_one(None, SEL['account'])
    account = account_from_label(attr(account_el, 'aria-label')) if account_el != None else None
    route = _route()
    sends = [c for c in control_candidates(None, BUTTONS) if c['visible'] and not c['disabled']
             and pick_send_control([c])['ok']]
    return {'signed_in': account != None and find_one(None, SEL['main']) != None, 'account': account,
            'view': route['view'], 'folder': route['folder'], 'query': route['query'], 'thread_id': route['thread_id'],
            'compose_open': len(sends), 'url': location_href()}


def _row_data(row):
    id_el = find_one(row, ROW_ID)
    senders = []
    for span in find_all(row, ROW_SENDER):
        senders.append({'name': trim(attr(span, 'name') or text_of(span)), 'email': attr(span, 'email')})
    snippet = trim(text_of(find_one(row, ROW_SNIPPET)))
    if snippet.startswith('-'):
        snippet = trim(snippet[1:])
    date_el = find_one(row, ROW_DATE)
    star = find_one(row, ROW_STAR)
    starred = star != None and (has_class(star, 'T-KT-Jp') or fold_label(attr(star, 'aria-label')) == 'Starred')
    return {'id': attr(id_el, 'data-legacy-thread-id'), 'sender': senders[0] if len(senders) > 0 else None,
            'senders': senders, 'subject': trim(text_of(find_one(row, ROW_SUBJECT))), 'snippet': snippet,
            'date': attr(date_el, 'title') if date_el != None else None,
            'unread': has_class(row, 'zE'), 'starred': starred}


def _list(args):
    limit = args['limit'] if 'limit' in args and args['limit'] != None else 50
    route = _route()
    if route['view'] != 'list':
        return _fail('no thread list is open (view: ' + str(route['view']) + '); use gmail_search or open the inbox')
    rows = _visible(None, SEL['thread_row'])
    threads = []
    for row in rows:
        if len(threads) >= limit:
            break
        threads.append(_row_data(row))
    return {'folder': route['folder'], 'query': route['query'], 'threads': threads, 'count': len(threads),
            'more': len(rows) > len(threads), 'untrusted': True}


async def _wait_list(args):
    """After a search navigation: wait until the list for `query` is shown, then list it."""
    wanted = args['query']

    def ready():
        route = _route()
        if route['view'] != 'list' or route['folder'] != 'search' or route['query'] != wanted:
            return None
        if find_one(None, SEL['thread_list']) == None:
            return None
        return True
    if await wait_for(ready, _wait_ms(args)) == None:
        return _fail('the search results did not appear in time')
    return _list(args)


def _open_thread_el():
    for el in _visible(None, SUBJECT):
        return el
    return None


def _current_thread_id():
    subject = _open_thread_el()
    if subject == None:
        return None
    legacy = attr(subject, 'data-legacy-thread-id')
    if legacy != None:
        return legacy
    return _route()['thread_id']


def _addresses(spans):
    out = []
    for span in spans:
        email = attr(span, 'email')
        if email != None:
            out.append({'name': trim(attr(span, 'name') or text_of(span)), 'email': email})
    return out


def _message_data(message, cap):
    sender = find_one(message, SENDER)
    to = []
    cc = []
    for row in find_all(message, DETAIL_ROW):
        cells = find_all(row, 'td')
        if len(cells) < 2:
            continue
        key = trim(text_of(cells[0])).lower()
        if key == 'to:':
            to = _addresses(find_all(cells[1], '[email]'))
        elif key == 'cc:':
            cc = _addresses(find_all(cells[1], '[email]'))
    if len(to) == 0:
        to = _addresses(find_all(message, 'span.g2[email]'))
    date_el = find_one(message, MESSAGE_DATE)
    body = cap_message_body(text_of(find_one(message, MESSAGE_BODY)), cap)
    senders = _addresses([sender]) if sender != None else []
    return {'id': attr(message, 'data-legacy-message-id'),
            'from': senders[0] if len(senders) > 0 else None, 'to': to, 'cc': cc,
            'date': (attr(date_el, 'title') or trim(text_of(date_el))) if date_el != None else None,
            'body': body['body'], 'truncated': body['truncated']}


def _read(args):
    cap = args['max_chars'] if 'max_chars' in args and args['max_chars'] != None else 8000
    subject = _open_thread_el()
    if subject == None:
        return _fail('no thread is open; use gmail_open_thread first')
    messages = [_message_data(m, cap) for m in _visible(None, MESSAGE)]
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)), 'messages': messages,
            'untrusted': True, 'note': UNTRUSTED_NOTE}


async def _wait_thread(args):
    wanted = args['thread_id']

    def ready():
        if _route()['thread_id'] != wanted and _current_thread_id() != wanted:
            return None
        return True if _open_thread_el() != None else None
    if await wait_for(ready, _wait_ms(args)) == None:
        return _fail('thread ' + wanted + ' did not open (it may not exist in this account)')
    subject = _open_thread_el()
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)),
            'message_count': len(_visible(None, MESSAGE)), 'untrusted': True}


def _thread_details(args):
    subject = _open_thread_el()
    if subject == None:
        return _fail('no thread is open; give thread_id or open one with gmail_open_thread')
    people = []
    last_body = ''
    for message in _visible(None, MESSAGE):
        data = _message_data(message, 600)
        group = [data['from']] if data['from'] != None else []
        group.extend(data['to'])
        group.extend(data['cc'])
        for person in group:
            if person['email'] not in people:
                people.append(person['email'])
        last_body = data['body']
    return {'ok': True, 'thread': {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)),
                                   'participants': people, 'body': last_body}}


# --- tab side: drafts ----------------------------------------------------------------------------

def _send_control():
    """{ok, element} for the one real Send control, or a failure."""
    elements = find_all(None, BUTTONS)
    picked = pick_send_control(control_candidates(None, BUTTONS))
    if not picked['ok']:
        return picked
    return {'ok': True, 'element': elements[picked['index']]}


def _compose_root(element):
    for selector in ['div.M9', 'div[role="dialog"]', 'form']:
        root = closest(element, selector)
        if root != None:
            return root
    return None


def _add(items, value):
    value = trim(value)
    if len(value) > 0 and value not in items:
        items.append(value)


def _recipients(root):
    """Addresses per field: chips of the 2021+ rows (.anm[name=to] [role=option][data-hovercard-id]),
    else the classic row (textarea/input[name=to] in a tr, chips .vR [email]); plus text typed in the row."""
    out = {'to': [], 'cc': [], 'bcc': []}
    for field in ['to', 'cc', 'bcc']:
        row_css = '.anm[name="' + field + '"]'
        for chip in find_all(root, row_css + ' ' + CHIP):
            _add(out[field], attr(chip, 'data-hovercard-id') or '')
        for typed in find_all(root, row_css + ' input'):
            _add(out[field], input_value(typed))
        classic = find_one(root, 'textarea[name="' + field + '"], input[name="' + field + '"]')
        row = closest(classic, 'tr') if classic != None else None
        if row != None:
            for chip in find_all(row, CLASSIC_CHIP):
                _add(out[field], attr(chip, 'email') or '')
    return out


def _draft_details(args):
    found = _send_control()
    if not found['ok']:
        return found
    root = _compose_root(found['element'])
    if root == None:
        return _fail('the Send control is not inside a draft')
    people = _recipients(root)
    subject_el = find_one(root, SUBJECT_INPUT)
    subject = input_value(subject_el) if subject_el != None else ''
    if len(subject) == 0:
        subject = trim(text_of(find_one(None, SUBJECT))) if _open_thread_el() != None else ''
    editor = find_one(root, BODY_EDITOR)
    return {'ok': True, 'draft': {'to': people['to'], 'cc': people['cc'], 'bcc': people['bcc'],
                                  'subject': subject, 'body': text_of(editor) if editor != None else ''}}


async def _wait_compose(args):
    def ready():
        found = _send_control()
        if not found['ok'] or find_one(_compose_root(found['element']), SUBJECT_INPUT) == None:
            return None
        return True
    if await wait_for(ready, _wait_ms(args)) == None:
        return _fail('the compose window did not open in time')
    return _draft_details(args)


async def _click_send(args):
    found = _send_control()
    if not found['ok']:
        return found
    details = _draft_details(args)
    if not details['ok'] or fingerprint(details['draft']) != args['expect']:
        return _fail('the open draft is not the one the user approved; nothing was sent')
    root = _compose_root(found['element'])
    gmail_click(found['element'])

    def gone():
        toast = find_one(None, SENT_TOAST)
        if toast != None and is_visible(toast):
            return 'toast'
        return 'closed' if not is_connected(root) or not is_visible(root) else None
    seen = await wait_for(gone, 1500)
    return {'clicked': True, 'confirmation': seen, 'delivered': 'unverified',
            'note': 'Gmail accepted the click; delivery is not proven. Check the Sent folder to verify.'}


async def _reply(args):
    if _open_thread_el() == None:
        return _fail('no thread is open; use gmail_open_thread first')
    reply_all = 'reply_all' in args and args['reply_all'] is True
    wanted = ['Reply all'] if reply_all else ['Reply']
    links = find_all(None, REPLY_LINKS)
    picked = pick_labelled(control_candidates(None, REPLY_LINKS), wanted, wanted[0])
    if not picked['ok']:
        return picked
    gmail_click(links[picked['index']])

    def editor():
        found = _visible(None, 'div[role="main"] ' + BODY_EDITOR)
        return found[0] if len(found) == 1 else None
    box = await wait_for(editor, _wait_ms(args))
    if box == None:
        return _fail('the reply editor did not open (or several are open)')
    insert_text(box, args['body'])
    return {'opened': True, 'reply_all': reply_all, 'sent': False,
            'note': 'Draft only. Nothing was sent; gmail_send_draft sends it after the user approves.'}


def _discard(args):
    elements = find_all(None, BUTTONS)
    picked = pick_discard_control(control_candidates(None, BUTTONS))
    if not picked['ok']:
        return picked
    gmail_click(elements[picked['index']])
    return {'discarded': True}


# --- tab side: thread actions --------------------------------------------------------------------

def _click_labelled(labels, what):
    elements = find_all(None, BUTTONS)
    picked = pick_labelled(control_candidates(None, BUTTONS), labels, what)
    if not picked['ok']:
        return picked
    gmail_click(elements[picked['index']])
    return {'ok': True}


async def _label_action(label, apply):
    opened = _click_labelled(['Labels'], 'Labels')
    if not opened['ok']:
        return opened

    def menu():
        found = [m for m in _visible(None, MENU) if len(find_all(m, LABEL_ITEM)) > 0]
        return found[0] if len(found) == 1 else None
    box = await wait_for(menu, 1500)
    if box == None:
        return _fail('the Labels menu did not open')
    items = [i for i in find_all(box, LABEL_ITEM)
             if fold_label(attr(i, 'title') or text_of(i)) == label]
    if len(items) != 1:
        press_escape(box)
        return _fail('no label named "' + label + '" (labels are not created by this tool)' if len(items) == 0
                     else 'several labels are named "' + label + '"')
    checked = attr(items[0], 'aria-checked') == 'true'
    if checked == apply:
        press_escape(box)
        return {'applied': apply, 'changed': False}
    gmail_click(items[0])
    buttons = find_all(box, MENU_ITEM)
    picked = pick_labelled(control_candidates(box, MENU_ITEM), ['Apply'], 'Apply')
    if not picked['ok']:
        return picked
    gmail_click(buttons[picked['index']])
    return {'applied': apply, 'changed': True}


async def _star(starred):
    if starred:
        if len(_visible(None, 'div[role="main"] [aria-label="Starred"]')) > 0:
            return {'changed': False}
        stars = _visible(None, 'div[role="main"] [aria-label="Not starred"]')
        if len(stars) == 0:
            return _fail('no star control is visible on the open thread')
        gmail_click(stars[len(stars) - 1])
        return {'changed': True}
    stars = _visible(None, 'div[role="main"] [aria-label="Starred"]')
    for star in stars:
        gmail_click(star)
    return {'changed': len(stars) > 0}


async def _thread_action(args):
    """Act on the open thread: archive, delete, read, unread, starred, unstarred, label."""
    if _open_thread_el() == None:
        return _fail('no thread is open; give thread_id or open one with gmail_open_thread')
    thread_id = _current_thread_id()
    if 'expect' in args and args['expect'] != None and args['expect'] != thread_id:
        return _fail('the open thread changed (' + str(thread_id) + ', expected ' + args['expect'] + '); nothing done')
    action = args['action']
    if action == 'archive':
        done = _click_labelled(['Archive'], 'Archive')
        return done if not done['ok'] else {'archived': thread_id}
    if action == 'delete':
        done = _click_labelled(['Delete'], 'Delete')
        return done if not done['ok'] else {'trashed': thread_id,
                                            'note': 'Moved to Trash; Gmail empties Trash after 30 days.'}
    if action == 'unread':
        done = _click_labelled(['Mark as unread'], 'Mark as unread')
        return done if not done['ok'] else {'thread_id': thread_id, 'mark': 'unread'}
    if action == 'read':
        buttons = [c for c in control_candidates(None, BUTTONS) if c['visible'] and fold_label(c['label']) == 'Mark as read']
        if len(buttons) > 0:
            done = _click_labelled(['Mark as read'], 'Mark as read')
            if not done['ok']:
                return done
        return {'thread_id': thread_id, 'mark': 'read', 'note': 'Gmail marks a thread read when it is opened.'}
    if action == 'starred' or action == 'unstarred':
        done = await _star(action == 'starred')
        if 'ok' in done and done['ok'] is False:
            return done
        return {'thread_id': thread_id, 'mark': action, 'changed': done['changed']}
    if action == 'label_apply' or action == 'label_remove':
        done = await _label_action(args['label'], action == 'label_apply')
        if 'ok' in done and done['ok'] is False:
            return done
        return {'thread_id': thread_id, 'label': args['label'], 'applied': done['applied'], 'changed': done['changed']}
    return _fail('unknown thread action ' + str(action))


# --- worker side --------------------------------------------------------------------------------

_approved = {'gmail_send_draft': None, 'gmail_delete_thread': None}


def _wait_budget():
    return max(500, CONFIG['tab_timeout_ms'] - 700)


async def _tab(open_missing):
    return await site_tabs.site_tab(ADAPTER, ADAPTER['open_url'] if open_missing else None)


async def _in_tab(tab_id, name, args):
    """A tab tool's value, or {ok: false, outcome} (also when the tool itself failed)."""
    ran = await site_tabs.run_in_tab(tab_id, name, args)
    if not ran['ok']:
        return ran
    value = ran['value']
    if value != None and 'ok' in value and value['ok'] is False:
        return {'ok': False, 'outcome': value}
    return {'ok': True, 'value': value}


def _out(result):
    return result['value'] if result['ok'] else result['outcome']


async def search(args, ctx):
    checked = check_query(args['query'])
    if not checked['ok']:
        return checked
    found = await _tab(True)
    if not found['ok']:
        return found['outcome']
    moved = await site_tabs.navigate(found['tab']['id'], search_url(checked['query']))
    if not moved['ok']:
        return moved['outcome']
    limit = args['limit'] if 'limit' in args else None
    return _out(await _in_tab(found['tab']['id'], 'gmail__wait_list',
                              {'query': checked['query'], 'limit': limit, 'wait_ms': _wait_budget()}))


def _thread_arg(args):
    """{ok, id (or None)} from args.thread_id."""
    if 'thread_id' not in args or args['thread_id'] == None:
        return {'ok': True, 'id': None}
    parsed = parse_thread_id(args['thread_id'])
    if parsed == None:
        return {'ok': False, 'outcome': failure(INVALID_ARGS, 'thread_id: is not a Gmail thread id',
                                                {'field': 'thread_id'})}
    return {'ok': True, 'id': parsed}


async def _open(tab_id, thread_id):
    """Navigate to the thread and wait for it: {ok, value} or {ok: false, outcome}."""
    moved = await site_tabs.navigate(tab_id, thread_url(thread_id))
    if not moved['ok']:
        return moved
    return await _in_tab(tab_id, 'gmail__wait_thread', {'thread_id': thread_id, 'wait_ms': _wait_budget()})


async def open_thread(args, ctx):
    wanted = _thread_arg(args)
    if not wanted['ok']:
        return wanted['outcome']
    found = await _tab(True)
    if not found['ok']:
        return found['outcome']
    return _out(await _open(found['tab']['id'], wanted['id']))


async def compose(args, ctx):
    checked = validate_draft(args)
    if not checked['ok']:
        return checked
    found = await _tab(True)
    if not found['ok']:
        return found['outcome']
    tab_id = found['tab']['id']
    moved = await site_tabs.navigate(tab_id, checked['url'])
    if not moved['ok']:
        return moved['outcome']
    opened = await _in_tab(tab_id, 'gmail__wait_compose', {'wait_ms': _wait_budget()})
    if not opened['ok']:
        return opened['outcome']
    return {'opened': True, 'sent': False, 'draft': opened['value']['draft'],
            'note': 'Draft only. Nothing was sent; gmail_send_draft sends it after the user approves.'}


async def _prepare_thread(args, open_missing):
    """{ok, tab_id, details} with the wanted thread open, or {ok: false, outcome}."""
    wanted = _thread_arg(args)
    if not wanted['ok']:
        return wanted
    found = await _tab(open_missing or wanted['id'] != None)
    if not found['ok']:
        return found
    tab_id = found['tab']['id']
    if wanted['id'] != None:
        opened = await _open(tab_id, wanted['id'])
        if not opened['ok']:
            return opened
    details = await _in_tab(tab_id, 'gmail__thread_details', {})
    if not details['ok']:
        return details
    return {'ok': True, 'tab_id': tab_id, 'thread': details['value']['thread']}


async def _thread_tool(args, action, extra):
    ready = await _prepare_thread(args, False)
    if not ready['ok']:
        return ready['outcome']
    call = {'action': action, 'expect': ready['thread']['thread_id']}
    if extra != None:
        call['label'] = extra
    return _out(await _in_tab(ready['tab_id'], 'gmail__thread_action', call))


async def archive(args, ctx):
    return await _thread_tool(args, 'archive', None)


async def mark(args, ctx):
    return await _thread_tool(args, args['mark'], None)


async def label(args, ctx):
    action = 'label_remove' if 'action' in args and args['action'] == 'remove' else 'label_apply'
    return await _thread_tool(args, action, args['label'])


async def delete_thread(args, ctx):
    approved = _approved['gmail_delete_thread']
    _approved['gmail_delete_thread'] = None
    ready = await _prepare_thread(args, False)
    if not ready['ok']:
        return ready['outcome']
    if approved == None or fingerprint(ready['thread']) != approved:
        return failure(ADAPTER_ERROR, 'the open thread is not the one the user approved; nothing was deleted', None)
    return _out(await _in_tab(ready['tab_id'], 'gmail__thread_action',
                              {'action': 'delete', 'expect': ready['thread']['thread_id']}))


async def send(args, ctx):
    approved = _approved['gmail_send_draft']
    _approved['gmail_send_draft'] = None
    found = await _tab(False)
    if not found['ok']:
        return found['outcome']
    details = await _in_tab(found['tab']['id'], 'gmail__draft_details', {})
    if not details['ok']:
        return details['outcome']
    expect = fingerprint(details['value']['draft'])
    if approved == None or expect != approved:
        return failure(ADAPTER_ERROR, 'the open draft is not the one the user approved; nothing was sent', None)
    return _out(await _in_tab(found['tab']['id'], 'gmail__click_send', {'expect': expect}))


async def preview(tool_name, args):
    """Approval text for send/delete, read from the tab; remembers what was shown."""
    if tool_name == 'gmail_send_draft':
        _approved[tool_name] = None
        found = await _tab(False)
        if not found['ok']:
            return refusal_preview(found['outcome']['message'])
        details = await _in_tab(found['tab']['id'], 'gmail__draft_details', {})
        if not details['ok']:
            return refusal_preview(details['outcome']['message'])
        _approved[tool_name] = fingerprint(details['value']['draft'])
        return send_preview_text(details['value']['draft'])
    if tool_name == 'gmail_delete_thread':
        _approved[tool_name] = None
        ready = await _prepare_thread(args, False)
        if not ready['ok']:
            return refusal_preview(ready['outcome']['message'])
        _approved[tool_name] = fingerprint(ready['thread'])
        return delete_preview_text(ready['thread'])
    return None


async def effective_args(tool_name, args):
    """For the rules engine: what gmail_send_draft will really send (the open draft's recipients and
    text), so recipient rules and taint judge the draft, not the call's empty arguments."""
    if tool_name != 'gmail_send_draft':
        return None
    found = await _tab(False)
    if not found['ok']:
        return None
    details = await _in_tab(found['tab']['id'], 'gmail__draft_details', {})
    if not details['ok']:
        return None
    draft = details['value']['draft']
    return {'to': draft['to'], 'cc': draft['cc'], 'bcc': draft['bcc'], 'subject': draft['subject'],
            'body': draft['body']}


SITE = {
    'adapter': ADAPTER,
    'preview': preview,
    'effective_args': effective_args,
    'worker_tools': {'gmail_search': search, 'gmail_open_thread': open_thread, 'gmail_compose_draft': compose,
                     'gmail_send_draft': send, 'gmail_archive_thread': archive, 'gmail_mark_thread': mark,
                     'gmail_label_thread': label, 'gmail_delete_thread': delete_thread},
    'tab_tools': {'gmail_status': _status, 'gmail_list_threads': _list, 'gmail_read_thread': _read,
                  'gmail_reply_draft': _reply, 'gmail_discard_draft': _discard,
                  'gmail__wait_list': _wait_list, 'gmail__wait_thread': _wait_thread,
                  'gmail__thread_details': _thread_details, 'gmail__draft_details': _draft_details,
                  'gmail__wait_compose': _wait_compose, 'gmail__click_send': _click_send,
                  'gmail__thread_action': _thread_action},
}
