"""Gmail's tab half: reads and acts on the signed-in Gmail page (runs in content.js, Gmail tabs only).

Each handler returns a plain result or raises ToolError. Selector sources:
tests/fixtures/sites/gmail/README.md.
"""
from core.outcome import ToolError, error_from
from core.reasons import ADAPTER_ERROR
from core.emails import account_from_label
from core.text import fold_label, trim
from sites.gmail.logic import (UNTRUSTED_NOTE, pick_send_control, pick_discard_control, pick_labelled, parse_route,
                               fingerprint, cap_message_body)
from sites.gmail.tools import (SELECTORS as SEL, STATUS, LIST_LABELS, LIST_THREADS, READ_THREAD, REPLY_DRAFT, DISCARD_DRAFT,
                               WAIT_LIST, WAIT_THREAD, THREAD_DETAILS, DRAFT_DETAILS, WAIT_COMPOSE, CLICK_SEND,
                               THREAD_ACTION)
from sites.kit.tab import tab_handler
from webapi.dom import (find_all, find, closest, attr, has_class, text_of, is_visible, in_hidden_tree,
                        control_candidates, user_click, insert_text, input_value, location_hash, location_href,
                        wait_for, is_connected, press_key)

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
CHIP = '[role="option"][data-hovercard-id]'
CLASSIC_CHIP = '.vR [email]'
SUBJECT_INPUT = 'input[name="subjectbox"]'
BODY_EDITOR = 'div[role="textbox"][aria-label="Message Body"]'
MENU = '[role="menu"]'
LABEL_ITEM = '[role="menuitemcheckbox"]'
MENU_ITEM = '[role="menuitem"]'
SENT_TOAST = 'span.bAq'
# The left navigation's links carry a title (gmail.js, KartikTalwar/gmail.js src/gmail.js,
# api.dom.get_left_sidebar_links: "div[role=navigation] [title]"); a user label's link goes to #label/<name>.
NAV_LABEL_LINKS = 'div[role="navigation"] a[href*="#label/"]'


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


def _visible(root, selector):
    return [e for e in find_all(root, selector) if _shown(e)]


# --- reading ------------------------------------------------------------------------------------

def _route():
    """The hash route; a full-window compose (?view=cm) counts as its own view."""
    route = parse_route(location_hash())
    if location_href().find('view=cm') >= 0:
        route['view'] = 'compose'
    return route


@tab_handler(STATUS)
def status(args):
    account_el = find(None, SEL['account'])
    account = account_from_label(attr(account_el, 'aria-label')) if account_el != None else None
    route = _route()
    sends = [c for c in control_candidates(None, BUTTONS) if c['visible'] and not c['disabled']
             and pick_send_control([c])['ok']]
    return {'signed_in': account != None and find(None, SEL['main']) != None, 'account': account,
            'view': route['view'], 'folder': route['folder'], 'query': route['query'], 'thread_id': route['thread_id'],
            'compose_open': len(sends), 'url': location_href()}


def _row_data(row):
    id_el = find(row, ROW_ID)
    senders = []
    for span in find_all(row, ROW_SENDER):
        senders.append({'name': trim(attr(span, 'name') or text_of(span)), 'email': attr(span, 'email')})
    snippet = trim(text_of(find(row, ROW_SNIPPET)))
    if snippet.startswith('-'):
        snippet = trim(snippet[1:])
    date_el = find(row, ROW_DATE)
    star = find(row, ROW_STAR)
    starred = star != None and (has_class(star, 'T-KT-Jp') or fold_label(attr(star, 'aria-label')) == 'Starred')
    return {'id': attr(id_el, 'data-legacy-thread-id'), 'sender': senders[0] if len(senders) > 0 else None,
            'senders': senders, 'subject': trim(text_of(find(row, ROW_SUBJECT))), 'snippet': snippet,
            'date': attr(date_el, 'title') if date_el != None else None,
            'unread': has_class(row, 'zE'), 'starred': starred}


@tab_handler(LIST_THREADS)
def list_threads(args):
    limit = args['limit'] if 'limit' in args and args['limit'] != None else 50
    route = _route()
    if route['view'] != 'list':
        raise _fail('no thread list is open (view: ' + str(route['view']) + '); use gmail_search or open the inbox')
    rows = _visible(None, SEL['thread_row'])
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
        if find(None, SEL['thread_list']) == None:
            return None
        return True
    if await wait_for(ready, _wait_ms(args)) == None:
        raise _fail('the search results did not appear in time')
    return list_threads(args)


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
    sender = find(message, SENDER)
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
    date_el = find(message, MESSAGE_DATE)
    body = cap_message_body(text_of(find(message, MESSAGE_BODY)), cap)
    senders = _addresses([sender]) if sender != None else []
    return {'id': attr(message, 'data-legacy-message-id'),
            'from': senders[0] if len(senders) > 0 else None, 'to': to, 'cc': cc,
            'date': (attr(date_el, 'title') or trim(text_of(date_el))) if date_el != None else None,
            'body': body['body'], 'truncated': body['truncated']}


@tab_handler(READ_THREAD)
def read_thread(args):
    cap = args['max_chars'] if 'max_chars' in args and args['max_chars'] != None else 8000
    subject = _open_thread_el()
    if subject == None:
        raise _fail('no thread is open; use gmail_open_thread first')
    messages = [_message_data(m, cap) for m in _visible(None, MESSAGE)]
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
            'message_count': len(_visible(None, MESSAGE)), 'untrusted': True}


@tab_handler(THREAD_DETAILS)
def thread_details(args):
    """The open thread's {thread_id, subject, participants, body} (for previews and checks)."""
    subject = _open_thread_el()
    if subject == None:
        raise _fail('no thread is open; give thread_id or open one with gmail_open_thread')
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
    return {'thread_id': _current_thread_id(), 'subject': trim(text_of(subject)), 'participants': people,
            'body': last_body}


@tab_handler(LIST_LABELS)
def list_labels(args):
    names = []
    for link in find_all(None, NAV_LABEL_LINKS):
        href = attr(link, 'href') or ''
        name = fold_label(attr(link, 'title')) or parse_route(href[href.find('#'):])['label']
        if name != None and len(name) > 0 and name not in names:
            names.append(name)
    return {'labels': [{'name': n} for n in names], 'count': len(names)}


# --- drafts -------------------------------------------------------------------------------------

def _picked(picked):
    """The index a pure matcher picked, or its refusal raised."""
    if not picked['ok']:
        raise error_from(picked)
    return picked['index']


def _send_control():
    """The one real Send control (raises when there is none, or several)."""
    elements = find_all(None, BUTTONS)
    return elements[_picked(pick_send_control(control_candidates(None, BUTTONS)))]


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
        classic = find(root, 'textarea[name="' + field + '"], input[name="' + field + '"]')
        row = closest(classic, 'tr') if classic != None else None
        if row != None:
            for chip in find_all(row, CLASSIC_CHIP):
                _add(out[field], attr(chip, 'email') or '')
    return out


@tab_handler(DRAFT_DETAILS)
def draft_details(args):
    """The one open draft's {to, cc, bcc, subject, body}."""
    root = _compose_root(_send_control())
    if root == None:
        raise _fail('the Send control is not inside a draft')
    people = _recipients(root)
    subject_el = find(root, SUBJECT_INPUT)
    subject = input_value(subject_el) if subject_el != None else ''
    if len(subject) == 0:
        subject = trim(text_of(find(None, SUBJECT))) if _open_thread_el() != None else ''
    editor = find(root, BODY_EDITOR)
    return {'to': people['to'], 'cc': people['cc'], 'bcc': people['bcc'], 'subject': subject,
            'body': text_of(editor) if editor != None else ''}


@tab_handler(WAIT_COMPOSE)
async def wait_compose(args):
    def ready():
        candidates = control_candidates(None, BUTTONS)
        picked = pick_send_control(candidates)
        if not picked['ok']:
            return None
        control = find_all(None, BUTTONS)[picked['index']]
        return True if find(_compose_root(control), SUBJECT_INPUT) != None else None
    if await wait_for(ready, _wait_ms(args)) == None:
        raise _fail('the compose window did not open in time')
    return draft_details(args)


@tab_handler(CLICK_SEND)
async def click_send(args):
    control = _send_control()
    if fingerprint(draft_details(args)) != args['expect']:
        raise _fail('the open draft is not the one the user approved; nothing was sent')
    root = _compose_root(control)
    user_click(control)

    def gone():
        toast = find(None, SENT_TOAST)
        if toast != None and _shown(toast):
            return 'toast'
        return 'closed' if not is_connected(root) or not _shown(root) else None
    seen = await wait_for(gone, 1500)
    return {'clicked': True, 'confirmation': seen, 'delivered': 'unverified',
            'note': 'Gmail accepted the click; delivery is not proven. Check the Sent folder to verify.'}


@tab_handler(REPLY_DRAFT)
async def reply_draft(args):
    if _open_thread_el() == None:
        raise _fail('no thread is open; use gmail_open_thread first')
    reply_all = 'reply_all' in args and args['reply_all'] is True
    wanted = ['Reply all'] if reply_all else ['Reply']
    links = find_all(None, REPLY_LINKS)
    user_click(links[_picked(pick_labelled(control_candidates(None, REPLY_LINKS), wanted, wanted[0]))])

    def editor():
        found = _visible(None, 'div[role="main"] ' + BODY_EDITOR)
        return found[0] if len(found) == 1 else None
    box = await wait_for(editor, _wait_ms(args))
    if box == None:
        raise _fail('the reply editor did not open (or several are open)')
    insert_text(box, args['body'])
    return {'opened': True, 'reply_all': reply_all, 'sent': False,
            'note': 'Draft only. Nothing was sent; gmail_send_draft sends it after the user approves.'}


@tab_handler(DISCARD_DRAFT)
def discard_draft(args):
    elements = find_all(None, BUTTONS)
    user_click(elements[_picked(pick_discard_control(control_candidates(None, BUTTONS)))])
    return {'discarded': True}


# --- thread actions -----------------------------------------------------------------------------

def _click_labelled(labels, what):
    elements = find_all(None, BUTTONS)
    user_click(elements[_picked(pick_labelled(control_candidates(None, BUTTONS), labels, what))])


async def _label_action(label, apply):
    _click_labelled(['Labels'], 'Labels')

    def menu():
        found = [m for m in _visible(None, MENU) if len(find_all(m, LABEL_ITEM)) > 0]
        return found[0] if len(found) == 1 else None
    box = await wait_for(menu, 1500)
    if box == None:
        raise _fail('the Labels menu did not open')
    items = [i for i in find_all(box, LABEL_ITEM)
             if fold_label(attr(i, 'title') or text_of(i)) == label]
    if len(items) != 1:
        press_key(box, 'Escape')
        raise _fail('no label named "' + label + '" (labels are not created by this tool)' if len(items) == 0
                    else 'several labels are named "' + label + '"')
    checked = attr(items[0], 'aria-checked') == 'true'
    if checked == apply:
        press_key(box, 'Escape')
        return {'applied': apply, 'changed': False}
    user_click(items[0])
    buttons = find_all(box, MENU_ITEM)
    user_click(buttons[_picked(pick_labelled(control_candidates(box, MENU_ITEM), ['Apply'], 'Apply'))])
    return {'applied': apply, 'changed': True}


def _star(starred):
    if starred:
        if len(_visible(None, 'div[role="main"] [aria-label="Starred"]')) > 0:
            return False
        stars = _visible(None, 'div[role="main"] [aria-label="Not starred"]')
        if len(stars) == 0:
            raise _fail('no star control is visible on the open thread')
        user_click(stars[len(stars) - 1])
        return True
    stars = _visible(None, 'div[role="main"] [aria-label="Starred"]')
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
        _click_labelled(['Archive'], 'Archive')
        return {'archived': thread_id}
    if action == 'delete':
        _click_labelled(['Delete'], 'Delete')
        return {'trashed': thread_id, 'note': 'Moved to Trash; Gmail empties Trash after 30 days.'}
    if action == 'unread':
        _click_labelled(['Mark as unread'], 'Mark as unread')
        return {'thread_id': thread_id, 'mark': 'unread'}
    if action == 'read':
        buttons = [c for c in control_candidates(None, BUTTONS) if c['visible'] and fold_label(c['label']) == 'Mark as read']
        if len(buttons) > 0:
            _click_labelled(['Mark as read'], 'Mark as read')
        return {'thread_id': thread_id, 'mark': 'read', 'note': 'Gmail marks a thread read when it is opened.'}
    if action == 'starred' or action == 'unstarred':
        return {'thread_id': thread_id, 'mark': action, 'changed': _star(action == 'starred')}
    if action == 'label_apply' or action == 'label_remove':
        done = await _label_action(args['label'], action == 'label_apply')
        return {'thread_id': thread_id, 'label': args['label'], 'applied': done['applied'], 'changed': done['changed']}
    raise _fail('unknown thread action ' + str(action))
