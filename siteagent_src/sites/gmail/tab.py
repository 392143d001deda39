"""Gmail's tab half: reads and acts on the signed-in Gmail page (runs in content.js, Gmail tabs only).

Everything on the page is found through the contract table (sites/gmail/contracts.py) and the
labels of the page's language. Each handler returns a plain result or raises ToolError.
"""
from core.outcome import ToolError, result_of
from core.reasons import ADAPTER_ERROR, UNVERIFIED
from core.emails import account_from_label, normalize_address
from core.text import fold_label, trim
from sites.gmail.logic import (UNTRUSTED_NOTE, pick_send_control, pick_discard_control, pick_labelled, parse_route,
                               parse_thread_id, fingerprint, cap_message_body)
from sites.gmail.contracts import TABLE, LABELS
from sites.gmail.ids import (SITE, WAIT_LIST, WAIT_THREAD, THREAD_DETAILS, DRAFT_DETAILS, WAIT_COMPOSE, CLICK_SEND, THREAD_ACTION)
from sites.kit.tab import tab_handler, tab_tool
from sites.kit.tab_locate import register_site, locate_all, locate_any, words, contract_of
from core.contracts import fill_css
from sites.kit.tab_locate import page_words
from webapi.dom import (find_all, find, closest, attr, has_class, text_of, is_visible, in_hidden_tree,
                        control_candidates, user_click, insert_text, input_value, location_hash, location_href,
                        wait_for, is_connected, press_key)



def _all(root, cid):
    return locate_all(SITE, cid, root)


def _one(root, cid):
    return locate_any(SITE, cid, root)


def _buttons_css():
    """The CSS of the controls that carry labels (contract toolbar_controls)."""
    return fill_css(contract_of(SITE, 'toolbar_controls')['locators'][0]['css'], page_words(SITE))


def _fail(message):
    return ToolError(ADAPTER_ERROR, message, None)


def _wait_ms(args):
    if 'wait_ms' in args and args['wait_ms'] != None:
        return args['wait_ms']
    return 2000


def _shown(element):
    """On screen and not in an aria-hidden tree: Gmail keeps closed drafts and menus in the DOM,
    hidden and aria-hidden."""
    return is_visible(element) and not in_hidden_tree(element)


def _visible(root, cid):
    return [e for e in _all(root, cid) if _shown(e)]


def _messages():
    return _visible(None, 'message')


# --- reading ------------------------------------------------------------------------------------

def _route():
    """The hash route; a full-window compose (?view=cm) counts as its own view."""
    route = parse_route(location_hash())
    if location_href().find('view=cm') >= 0:
        route['view'] = 'compose'
    return route


def _page_state():
    """For the health check: the view the route names (list, thread, compose, ...)."""
    return _route()['view']


register_site(SITE, TABLE, LABELS, _page_state)


@tab_tool
def gmail_status(args):
    account_el = _one(None, 'account')
    account = account_from_label(attr(account_el, 'aria-label')) if account_el != None else None
    route = _route()
    labels = words(SITE, 'send')
    sends = [c for c in control_candidates(None, _buttons_css()) if c['visible'] and not c['disabled']
             and pick_send_control([c], labels)['ok']]
    return {'signed_in': account != None and _one(None, 'main') != None, 'account': account,
            'view': route['view'], 'folder': route['folder'], 'query': route['query'], 'thread_id': route['thread_id'],
            'compose_open': len(sends), 'url': location_href()}


def _row_id(row):
    """The row's thread id: [data-legacy-thread-id] (hex), else [data-thread-id] "#thread-f:<decimal>"
    converted; None when the row carries neither (the 2014 rows)."""
    id_el = _one(row, 'row_thread_id')
    if id_el == None:
        return None
    legacy = attr(id_el, 'data-legacy-thread-id')
    if legacy != None and len(legacy) > 0:
        return legacy
    return parse_thread_id(attr(id_el, 'data-thread-id') or '')


def _row_data(row):
    senders = []
    for span in _all(row, 'row_sender'):
        senders.append({'name': trim(attr(span, 'name') or text_of(span)), 'email': attr(span, 'email')})
    snippet = trim(text_of(_one(row, 'row_snippet')))
    if snippet.startswith('-'):
        snippet = trim(snippet[1:])
    date_el = _one(row, 'row_date')
    star = _one(row, 'row_star')
    starred = star != None and (has_class(star, 'T-KT-Jp') or fold_label(attr(star, 'aria-label')) in words(SITE, 'starred'))
    return {'id': _row_id(row), 'sender': senders[0] if len(senders) > 0 else None,
            'senders': senders, 'subject': trim(text_of(_one(row, 'row_subject'))), 'snippet': snippet,
            'date': attr(date_el, 'title') if date_el != None else None,
            'unread': has_class(row, 'zE'), 'starred': starred}


@tab_tool
def gmail_list_threads(args):
    limit = args['limit'] if 'limit' in args and args['limit'] != None else 50
    route = _route()
    if route['view'] != 'list':
        raise _fail('no thread list is open (view: ' + str(route['view']) + '); use gmail_search or open the inbox')
    rows = [row for row in _all(None, 'thread_row') if _shown(row)]
    threads = []
    for row in rows:
        if len(threads) >= limit:
            break
        threads.append(_row_data(row))
    return {'folder': route['folder'], 'query': route['query'], 'threads': threads, 'count': len(threads),
            'more': len(rows) > len(threads), 'untrusted': True}


@tab_handler(WAIT_LIST)
async def wait_list(args):
    """After a search navigation: wait until the list for `query` is shown, then list it."""
    wanted = args['query']

    def ready():
        route = _route()
        if route['view'] != 'list' or route['folder'] != 'search' or route['query'] != wanted:
            return None
        rows = [row for row in _all(None, 'thread_row') if _shown(row)]
        lists = [box for box in _all(None, 'list_container') if _shown(box)]
        return True if len(rows) > 0 or len(lists) > 0 else None
    if await wait_for(ready, _wait_ms(args)) == None:
        raise _fail('the search results did not appear in time')
    return gmail_list_threads(args)


def _open_thread_el():
    for el in _all(None, 'thread_subject'):
        if _shown(el):
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
    sender = _one(message, 'message_sender')
    to = []
    cc = []
    to_keys = words(SITE, 'to_key')
    cc_keys = words(SITE, 'cc_key')
    for row in _all(message, 'message_details'):
        cells = find_all(row, 'td')
        if len(cells) < 2:
            continue
        key = trim(text_of(cells[0])).lower()
        if key in to_keys:
            to = _addresses(find_all(cells[1], '[email]'))
        elif key in cc_keys:
            cc = _addresses(find_all(cells[1], '[email]'))
    if len(to) == 0:
        to = _addresses(_all(message, 'message_to'))
    date_el = _one(message, 'message_date')
    body = cap_message_body(text_of(_one(message, 'message_body')), cap)
    senders = _addresses([sender]) if sender != None else []
    return {'id': attr(message, 'data-legacy-message-id'),
            'from': senders[0] if len(senders) > 0 else None, 'to': to, 'cc': cc,
            'date': (attr(date_el, 'title') or trim(text_of(date_el))) if date_el != None else None,
            'body': body['body'], 'truncated': body['truncated']}


@tab_tool
def gmail_read_thread(args):
    cap = args['max_chars'] if 'max_chars' in args and args['max_chars'] != None else 8000
    subject = _open_thread_el()
    if subject == None:
        raise _fail('no thread is open; use gmail_open_thread first')
    messages = [_message_data(m, cap) for m in _messages()]
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)), 'messages': messages,
            'untrusted': True, 'note': UNTRUSTED_NOTE}


@tab_handler(WAIT_THREAD)
async def wait_thread(args):
    wanted = args['thread_id']

    def ready():
        if _route()['thread_id'] != wanted and _current_thread_id() != wanted:
            return None
        return True if _open_thread_el() != None else None
    if await wait_for(ready, _wait_ms(args)) == None:
        raise _fail('thread ' + wanted + ' did not open (it may not exist in this account)')
    subject = _open_thread_el()
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)),
            'message_count': len(_messages()), 'untrusted': True}


@tab_handler(THREAD_DETAILS)
def thread_details(args):
    """The open thread's {thread_id, subject, participants, body} (for previews and checks)."""
    subject = _open_thread_el()
    if subject == None:
        raise _fail('no thread is open; give thread_id or open one with gmail_open_thread')
    people = []
    last_body = ''
    for message in _messages():
        data = _message_data(message, 600)
        group = [data['from']] if data['from'] != None else []
        group.extend(data['to'])
        group.extend(data['cc'])
        for person in group:
            if person['email'] not in people:
                people.append(person['email'])
        last_body = data['body']
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)), 'participants': people,
            'body': last_body}


@tab_tool
def gmail_list_labels(args):
    names = []
    for link in _all(None, 'nav_label_links'):
        href = attr(link, 'href') or ''
        name = fold_label(attr(link, 'title')) or parse_route(href[href.find('#'):])['label']
        if name != None and len(name) > 0 and name not in names:
            names.append(name)
    return {'labels': [{'name': n} for n in names], 'count': len(names)}


# --- drafts -------------------------------------------------------------------------------------

def _picked(picked):
    """The index a pure matcher picked, or its refusal raised."""
    return result_of(picked)['index']


def _pick_control(root, labels, what):
    """The one visible, enabled control named by one of labels (contract toolbar_controls' CSS)."""
    css = _buttons_css()
    elements = find_all(root, css)
    return elements[_picked(pick_labelled(control_candidates(root, css), labels, what))]


def _send_control():
    """The one real Send control (raises when there is none, or several)."""
    css = _buttons_css()
    elements = find_all(None, css)
    return elements[_picked(pick_send_control(control_candidates(None, css), words(SITE, 'send')))]


def _compose_root(element):
    for locator in contract_of(SITE, 'compose_root')['locators']:
        root = closest(element, locator['css'])
        if root != None:
            return root
    return None


def _add(items, value):
    value = trim(value) if value != None else ''
    if len(value) > 0 and value not in items:
        items.append(value)


def _recipients(root):
    """Addresses per field: chips of the 2021+ rows (.anm[name=to] [role=option][data-hovercard-id])
    and text typed in them, else the classic row (textarea/input[name=to] in a tr, chips .vR >
    input[type=hidden] whose value is "Name <addr>"). None when neither form of a To row is there:
    the recipients cannot be read, and nothing may be approved or sent on a guess."""
    out = {'to': [], 'cc': [], 'bcc': []}
    readable = False
    rows = _all(root, 'recipient_rows')
    for field in ['to', 'cc', 'bcc']:
        for row in rows:
            if attr(row, 'name') != field:
                continue
            readable = True
            for chip in _all(row, 'recipient_chips'):
                _add(out[field], attr(chip, 'data-hovercard-id') or '')
        for typed in _all(root, 'recipient_input'):
            row = closest(typed, '.anm[name]')
            if row != None and attr(row, 'name') == field:
                _add(out[field], input_value(typed))
        classic = find(root, 'textarea[name="' + field + '"], input[name="' + field + '"]')   # classic_recipient_field
        row = closest(classic, 'tr') if classic != None else None
        if row != None:
            readable = True
            for chip in _all(row, 'classic_chips'):
                _add(out[field], normalize_address(input_value(chip)) or input_value(chip))
    return out if readable else None


@tab_handler(DRAFT_DETAILS)
def draft_details(args):
    """The one open draft's {to, cc, bcc, subject, body}."""
    root = _compose_root(_send_control())
    if root == None:
        raise _fail('the Send control is not inside a draft')
    people = _recipients(root)
    if people == None:
        raise _fail('the draft\'s recipients cannot be read (neither the recipient chips nor the classic To field '
                    'is on the page); nothing is approved or sent on a guess')
    subject_el = _one(root, 'subject_input')
    subject = input_value(subject_el) if subject_el != None else ''
    if len(subject) == 0:
        subject = trim(text_of(_open_thread_el())) if _open_thread_el() != None else ''
    editor = _one(root, 'body_editor')
    return {'to': people['to'], 'cc': people['cc'], 'bcc': people['bcc'], 'subject': subject,
            'body': text_of(editor) if editor != None else ''}


@tab_handler(WAIT_COMPOSE)
async def wait_compose(args):
    def ready():
        css = _buttons_css()
        picked = pick_send_control(control_candidates(None, css), words(SITE, 'send'))
        if not picked['ok']:
            return None
        control = find_all(None, css)[picked['index']]
        return True if _one(_compose_root(control), 'subject_input') != None else None
    if await wait_for(ready, _wait_ms(args)) == None:
        raise _fail('the compose window did not open in time')
    return draft_details(args)


@tab_handler(CLICK_SEND)
async def click_send(args):
    """Click Send on the approved draft. Verified by Gmail's "Message sent" toast; a draft that closed
    without one is sent but unverified; when nothing shows, the outcome is `unverified` (never a plain
    failure: the message may have gone out)."""
    control = _send_control()
    if fingerprint(draft_details(args)) != args['expect']:
        raise _fail('the open draft is not the one the user approved; nothing was sent')
    root = _compose_root(control)
    user_click(control)

    def seen():
        for toast in _all(None, 'sent_toast'):
            if _shown(toast):
                return 'toast'
        return 'closed' if not is_connected(root) or not _shown(root) else None
    outcome = await wait_for(seen, 2500)
    if outcome == 'toast':
        return {'sent': True, 'verified': True, 'confirmation': 'toast'}
    if outcome == 'closed':
        return {'sent': True, 'verified': False, 'confirmation': 'closed',
                'note': 'The draft closed but Gmail showed no "Message sent": check the Sent folder before sending again.'}
    raise ToolError(UNVERIFIED, 'clicked Send, but Gmail showed neither "Message sent" nor closed the draft: the '
                    'message may have gone out. Check the Sent folder before sending again',
                    {'hint': 'check the Sent folder before retrying: a retry may send the message twice'})


@tab_tool
async def gmail_reply_draft(args):
    if _open_thread_el() == None:
        raise _fail('no thread is open; use gmail_open_thread first')
    reply_all = 'reply_all' in args and args['reply_all'] is True
    wanted = words(SITE, 'reply_all') if reply_all else words(SITE, 'reply')
    links = _all(None, 'reply_links')
    link_css = fill_css(contract_of(SITE, 'reply_links')['locators'][0]['css'], page_words(SITE))
    user_click(links[_picked(pick_labelled(control_candidates(None, link_css), wanted, wanted[0]))])

    def editor():
        found = [e for e in _visible(None, 'body_editor') if closest(e, 'div[role="main"]') != None]
        return found[0] if len(found) == 1 else None
    box = await wait_for(editor, _wait_ms(args))
    if box == None:
        raise _fail('the reply editor did not open (or several are open)')
    insert_text(box, args['body'])
    return {'opened': True, 'reply_all': reply_all, 'sent': False,
            'note': 'Draft only. Nothing was sent; gmail_send_draft sends it after the user approves.'}


@tab_tool
def gmail_discard_draft(args):
    css = _buttons_css()
    elements = find_all(None, css)
    user_click(elements[_picked(pick_discard_control(control_candidates(None, css), words(SITE, 'discard')))])
    return {'discarded': True}


# --- thread actions -----------------------------------------------------------------------------

def _click_labelled(key):
    labels = words(SITE, key)
    user_click(_pick_control(None, labels, labels[0]))


async def _label_action(label, apply):
    _click_labelled('labels')

    def menu():
        found = [m for m in _visible(None, 'labels_menu') if len(_menu_labels(m)) > 0]
        return found[0] if len(found) == 1 else None
    box = await wait_for(menu, 1500)
    if box == None:
        raise _fail('the Labels menu did not open')
    items = [i for i in _menu_labels(box) if fold_label(attr(i, 'title') or text_of(i)) == label]
    if len(items) != 1:
        press_key(box, 'Escape')
        raise _fail('no label named "' + label + '" (labels are not created by this tool)' if len(items) == 0
                    else 'several labels are named "' + label + '"')
    checked = attr(items[0], 'aria-checked') == 'true'
    if checked == apply:
        press_key(box, 'Escape')
        return {'applied': apply, 'changed': False}
    user_click(items[0])
    apply_words = words(SITE, 'apply')
    item_css = fill_css(contract_of(SITE, 'labels_menu_items')['locators'][1]['css'], page_words(SITE))
    item_css = item_css.replace('[role="menu"] ', '')
    buttons = find_all(box, item_css)
    user_click(buttons[_picked(pick_labelled(control_candidates(box, item_css), apply_words, apply_words[0]))])
    return {'applied': apply, 'changed': True}


def _menu_labels(menu):
    """The menu's label items (contract labels_menu_items, its first locator, inside this menu)."""
    css = fill_css(contract_of(SITE, 'labels_menu_items')['locators'][0]['css'], page_words(SITE))
    return find_all(menu, css.replace('[role="menu"] ', ''))


def _stars(key):
    wanted = words(SITE, key)
    return [e for e in _visible(None, 'thread_star') if fold_label(attr(e, 'aria-label')) in wanted]


def _star(starred):
    if starred:
        if len(_stars('starred')) > 0:
            return False
        stars = _stars('not_starred')
        if len(stars) == 0:
            raise _fail('no star control is visible on the open thread')
        user_click(stars[len(stars) - 1])
        return True
    stars = _stars('starred')
    for star in stars:
        user_click(star)
    return len(stars) > 0


@tab_handler(THREAD_ACTION)
async def thread_action(args):
    """Act on the open thread: archive, delete, read, unread, starred, unstarred, label."""
    if _open_thread_el() == None:
        raise _fail('no thread is open; give thread_id or open one with gmail_open_thread')
    thread_id = _current_thread_id()
    if 'expect' in args and args['expect'] != None and args['expect'] != thread_id:
        raise _fail('the open thread changed (' + str(thread_id) + ', expected ' + args['expect'] + '); nothing done')
    action = args['action']
    if action == 'archive':
        _click_labelled('archive')
        return {'archived': thread_id}
    if action == 'delete':
        _click_labelled('delete')
        return {'trashed': thread_id, 'note': 'Moved to Trash; Gmail empties Trash after 30 days.'}
    if action == 'unread':
        _click_labelled('mark_unread')
        return {'thread_id': thread_id, 'mark': 'unread'}
    if action == 'read':
        read_words = words(SITE, 'mark_read')
        buttons = [c for c in control_candidates(None, _buttons_css()) if c['visible'] and fold_label(c['label']) in read_words]
        if len(buttons) > 0:
            _click_labelled('mark_read')
        return {'thread_id': thread_id, 'mark': 'read', 'note': 'Gmail marks a thread read when it is opened.'}
    if action == 'starred' or action == 'unstarred':
        return {'thread_id': thread_id, 'mark': action, 'changed': _star(action == 'starred')}
    if action == 'label_apply' or action == 'label_remove':
        done = await _label_action(args['label'], action == 'label_apply')
        return {'thread_id': thread_id, 'label': args['label'], 'applied': done['applied'], 'changed': done['changed']}
    raise _fail('unknown thread action ' + str(action))
