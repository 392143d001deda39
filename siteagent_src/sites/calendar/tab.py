"""Google Calendar's tab half: reads and acts on the signed-in Calendar page (content.js).

Each handler returns a plain result or raises ToolError. Selector sources:
tests/fixtures/sites/calendar/README.md.
"""
from core.outcome import ToolError, invalid_arg
from core.reasons import ADAPTER_ERROR
from core.emails import account_from_label
from core.text import trim
from core.dates import parse_long_date, parse_time_12h, pad
from sites.calendar.logic import (parse_path, datekey_to_iso, parse_chip_label, local_time, parse_guest_label,
                                  strip_label)
from sites.calendar.tools import (SELECTORS, UNTRUSTED_NOTE, STATUS, LIST_EVENTS, READ_EVENT, RSVP, DELETE_EVENT,
                                  SNAPSHOT, EDITOR_STATE, OPEN_EDITOR, FILL_EDITOR, COMMIT_EDITOR)
from sites.kit.tab import tab_handler
from webapi.dom import (find, find_all, closest, attr, text_of, flat_text, input_value, is_visible, set_value,
                        leave_field, press_key, user_click, page_path, location_href, wait_for)
from webapi.js import now_ms, sleep

CHIP = '[data-eventchip][data-eventid]'
BUBBLE = '#xDetDlg'
EDITOR_TITLE = '#xTiIn'
RSVP_RADIOS = '[aria-label="Going?"] [role="radio"], #xDetDlgRsvp [role="radio"]'


def page_fail(message):
    return ToolError(ADAPTER_ERROR, message, {'hint': 'check the Calendar tab; the page may have changed'})


def _text(element):
    """What the element shows, trimmed ('' for None)."""
    return trim(text_of(element))


# --- reading ------------------------------------------------------------------------------------

def my_email():
    account = find(None, SELECTORS['account'])
    return account_from_label(attr(account, 'aria-label')) if account != None else None


def visible_range():
    dates = []
    for cell in find_all(None, 'div[role="main"] [data-datekey]'):
        iso = datekey_to_iso(attr(cell, 'data-datekey'))
        if iso != None:
            dates.append(iso)
    if len(dates) == 0:
        return None
    low = dates[0]
    high = dates[0]
    for iso in dates:
        if iso < low:
            low = iso
        if iso > high:
            high = iso
    return {'start': low, 'end': high}


def current_view():
    where = parse_path(page_path())
    if where['view'] != None:
        return where['view']
    label = _text(find(None, SELECTORS['view_switcher'])).lower()
    if label == 'day' or label == 'week' or label == 'month':
        return label
    return None


def page_ready():
    return find(None, SELECTORS['grid']) != None or find(None, EDITOR_TITLE) != None


@tab_handler(STATUS)
async def status(args):
    await wait_for(page_ready, 1500)
    where = parse_path(page_path())
    return {'signed_in': find(None, SELECTORS['account']) != None, 'account': my_email(),
            'view': None if where['editor'] else current_view(), 'range': visible_range(),
            'editor_open': find(None, EDITOR_TITLE) != None, 'url': location_href()}


def chip_event(chip):
    label = flat_text(find(chip, '.XuJrye'))
    if len(label) == 0:
        label = attr(chip, 'aria-label')
    title_el = find(chip, '.I0UMhf')
    title = flat_text(title_el) if title_el != None else None
    parsed = parse_chip_label(label, title)
    if parsed['start'] == None:
        cell = closest(chip, '[data-datekey]')
        day = datekey_to_iso(attr(cell, 'data-datekey')) if cell != None else None
        if day != None and parsed['all_day']:
            parsed['start'] = day
            parsed['end'] = day
    return {'id': attr(chip, 'data-eventid'), 'title': parsed['title'], 'start': parsed['start'],
            'end': parsed['end'], 'all_day': parsed['all_day'], 'location': parsed['location'],
            'organizer': parsed['organizer'], 'my_rsvp': parsed['my_rsvp']}


def find_chip(event_id):
    for chip in find_all(None, CHIP):
        if attr(chip, 'data-eventid') == event_id:
            return chip
    return None


@tab_handler(LIST_EVENTS)
async def list_events(args):
    await wait_for(page_ready, 1500)
    events = []
    seen = []
    for chip in find_all(None, CHIP):
        event_id = attr(chip, 'data-eventid')
        if event_id in seen:
            continue
        seen.append(event_id)
        events.append(chip_event(chip))
    return {'untrusted': True, 'note': UNTRUSTED_NOTE, 'view': current_view(), 'range': visible_range(),
            'count': len(events), 'events': events}


def open_bubble_for(event_id):
    bubble = find(None, BUBBLE)
    if bubble != None and attr(bubble, 'data-eventid') == event_id and is_visible(bubble):
        return bubble
    return None


async def open_bubble(event_id):
    """{chip, bubble}: the event's details dialog, opened from its chip when needed."""
    await wait_for(page_ready, 1500)
    chip = find_chip(event_id)
    if chip == None:
        raise invalid_arg('event_id', 'no event with this id is shown in the current view '
                                      '(use calendar_list_events, or calendar_go_to_date first)')
    bubble = open_bubble_for(event_id)
    if bubble == None:
        user_click(chip)
        bubble = await wait_for(lambda: open_bubble_for(event_id), 2000)
    if bubble == None:
        raise page_fail('the event\'s details did not open')
    return {'chip': chip, 'bubble': bubble}


def close_bubble(bubble):
    button = find(bubble, '#xDetDlgCloseBu')
    if button == None:
        button = find(bubble, '[aria-label="Close"]')
    if button != None:
        user_click(button)


def read_bubble(chip, bubble):
    base = chip_event(chip)
    me = my_email()
    guests = []
    organizer = None
    attendees = find(bubble, '#xDetDlgAtt')
    for row in find_all(attendees, '[data-email]') if attendees != None else []:
        info = parse_guest_label(attr(row, 'aria-label'))
        email = (attr(row, 'data-email') or '').lower()
        is_org = info['organizer'] or attr(row, 'id') == 'xDtlDlgOrg'
        if is_org:
            organizer = email
        guests.append({'email': email, 'name': info['name'], 'rsvp': info['rsvp'], 'organizer': is_org})
    mine = None
    for radio in find_all(bubble, RSVP_RADIOS):
        if attr(radio, 'aria-checked') == 'true':
            mine = _text(radio).lower()
    if mine == None and len(find_all(bubble, '#xDetDlgRsvp [role="radio"]')) > 0:
        mine = 'needs_action'
    if organizer != None and me != None and organizer == me:
        mine = 'organizer'
    link = find(bubble, '#xDetDlgVideo a[href^="https://meet.google.com/"]')
    title = _text(find(bubble, '#rAECCd'))
    return {'id': attr(bubble, 'data-eventid'), 'title': title if len(title) > 0 else base['title'],
            'start': base['start'], 'end': base['end'], 'all_day': base['all_day'],
            'when': _text(find(bubble, '#xDetDlgWhen')),
            'location': strip_label(_text(find(bubble, '#xDetDlgLoc')), 'Location:'),
            'description': strip_label(_text(find(bubble, '#xDetDlgDesc')), 'Description:'),
            'conference_link': attr(link, 'href') if link != None else None,
            'organizer': organizer if organizer != None else base['organizer'], 'my_rsvp': mine,
            'guests': guests, 'can_edit': find(bubble, '[aria-label="Edit event"]') != None,
            'can_delete': find(bubble, '[aria-label="Delete event"]') != None}


@tab_handler(SNAPSHOT)
async def snapshot(args):
    """The event's details as plain fields (previews and the tools below use it)."""
    opened = await open_bubble(args['event_id'])
    details = read_bubble(opened['chip'], opened['bubble'])
    if not ('keep_open' in args and args['keep_open']):
        close_bubble(opened['bubble'])
    return details


@tab_handler(READ_EVENT)
async def read_event(args):
    details = await snapshot({'event_id': args['event_id']})
    out = {}
    for key in ['id', 'title', 'start', 'end', 'all_day', 'when', 'location', 'organizer', 'my_rsvp', 'guests',
                'conference_link', 'can_edit']:
        out[key] = details[key]
    out['description'] = {'untrusted': True, 'text': details['description']}
    out['untrusted'] = True
    out['note'] = UNTRUSTED_NOTE
    return out


# --- the editor ---------------------------------------------------------------------------------

def _input_value(selector):
    field = find(None, selector)
    return input_value(field) if field != None else None


def _editor_iso(date_sel, time_sel):
    field = find(None, date_sel)
    if field == None:
        return None
    key = attr(field, 'data-date')
    day = None
    if key != None and len(key) == 8:
        day = key[0:4] + '-' + key[4:6] + '-' + key[6:8]
    if day == None:
        day = parse_long_date(input_value(field))
    if day == None:
        return None
    time_field = find(None, time_sel)
    if time_field == None:
        return day
    hm = parse_time_12h(input_value(time_field))
    if hm == None:
        return None
    return day + 'T' + pad(hm[0], 2) + ':' + pad(hm[1], 2) + ':00'


def editor_fields():
    """The open editor's fields, or None when no editor is open."""
    if find(None, EDITOR_TITLE) == None:
        return None
    guests = []
    me = my_email()
    for row in find_all(None, '#xGstSec [data-email]'):
        email = (attr(row, 'data-email') or '').lower()
        if len(email) > 0 and email != me and email not in guests:
            guests.append(email)
    return {'title': _input_value(EDITOR_TITLE), 'start': _editor_iso('#xStDaIn', '#xStTiIn'),
            'end': _editor_iso('#xEnDaIn', '#xEnTiIn'), 'all_day': find(None, '#xStTiIn') == None,
            'location': _input_value('#xLocIn'), 'description': _text(find(None, '#xDescIn')),
            'guests': guests, 'event_id': parse_path(page_path())['event_id']}


def _no_editor():
    return invalid_arg('(editor)', 'no event editor is open in the Calendar tab (use calendar_draft_event first)')


@tab_handler(EDITOR_STATE)
async def editor_state(args):
    ready = await wait_for(lambda: find(None, EDITOR_TITLE) != None, 2000)
    if ready == None:
        raise _no_editor()
    return editor_fields()


@tab_handler(OPEN_EDITOR)
async def open_editor(args):
    event_id = args['event_id']
    where = parse_path(page_path())
    if where['editor'] and where['event_id'] == event_id and find(None, EDITOR_TITLE) != None:
        return editor_fields()
    opened = await open_bubble(event_id)
    edit = find(opened['bubble'], '[aria-label="Edit event"]')
    if edit == None:
        close_bubble(opened['bubble'])
        raise invalid_arg('event_id', 'this event cannot be edited from your calendar (you do not organise it)')
    user_click(edit)

    def editor_for_event():
        here = parse_path(page_path())
        return here['editor'] and here['event_id'] == event_id and find(None, EDITOR_TITLE) != None
    if await wait_for(editor_for_event, 2000) == None:
        raise page_fail('the event editor did not open')
    return editor_fields()


def _set(selector, value):
    field = find(None, selector)
    if field == None:
        return False
    set_value(field, value)
    leave_field(field)
    return True


def _set_when(prefix, field_name, text, all_day):
    when = local_time(text, field_name)
    if not when['ok']:
        raise invalid_arg(field_name, when['message'][len(field_name) + 2:])
    if when['all_day'] != all_day:
        kind = 'an all-day event: give a date (YYYY-MM-DD)' if all_day else \
            'a timed event: give a date and time (YYYY-MM-DDTHH:MM)'
        raise invalid_arg(field_name, 'this is ' + kind)
    if not _set('#x' + prefix + 'DaIn', when['date_text']):
        raise page_fail('the editor has no ' + field_name + ' date field')
    field = find(None, '#x' + prefix + 'DaIn')
    field.setAttribute('data-date', when['date'].replace('-', '').replace('-', ''))
    if not all_day and not _set('#x' + prefix + 'TiIn', when['time_text']):
        raise page_fail('the editor has no ' + field_name + ' time field')


@tab_handler(FILL_EDITOR)
async def fill_editor(args):
    """Set the given fields in the open editor, add guests, then read the editor back."""
    now = editor_fields()
    if now == None:
        raise page_fail('no event editor is open')
    if 'title' in args:
        _set(EDITOR_TITLE, args['title'])
    if 'start' in args:
        _set_when('St', 'start', args['start'], now['all_day'])
    if 'end' in args:
        _set_when('En', 'end', args['end'], now['all_day'])
    if 'location' in args and not _set('#xLocIn', args['location']):
        raise page_fail('the editor has no location field')
    if 'description' in args and not _set('#xDescIn', args['description']):
        raise page_fail('the editor has no description field')
    if 'guests' in args:
        box = find(None, '#xGstIn')
        if box == None:
            box = find(None, 'input[aria-label="Add guests"]')
        if box == None:
            raise page_fail('the editor has no guest field')
        for email in args['guests']:
            set_value(box, email)
            leave_field(box)
            press_key(box, 'Enter')
        for email in args['guests']:
            def listed():
                return email in editor_fields()['guests']
            if await wait_for(listed, 1000) == None:
                raise page_fail('Calendar did not accept the guest ' + email)
    return editor_fields()


def send_dialog():
    """The visible "send emails to guests?" dialog: {dialog, send, dont_send, back}, or None."""
    for dialog in find_all(None, '[role="dialog"], [role="alertdialog"]'):
        if not is_visible(dialog) or find(dialog, BUBBLE) != None:
            continue
        buttons = {'dialog': dialog, 'send': None, 'dont_send': None, 'back': None}
        for button in find_all(dialog, 'button, [role="button"]'):
            label = _text(button).lower().replace('\u2019', "'")
            if label == 'send':
                buttons['send'] = button
            elif label == "don't send":
                buttons['dont_send'] = button
            elif label == 'back' or label == 'cancel':
                buttons['back'] = button
        if buttons['send'] != None and buttons['dont_send'] != None:
            return buttons
    return None


async def answer_emails(done, send_updates):
    """Wait for done() or the emails question; answer it from send_updates, never by guessing.
    {emails_asked, emails_sent}, or raises."""
    asked = False
    sent = None
    deadline = now_ms() + 2500
    while now_ms() < deadline:
        if done():
            return {'emails_asked': asked, 'emails_sent': sent}
        dialog = send_dialog() if not asked else None
        if dialog != None:
            if send_updates != True and send_updates != False:
                if dialog['back'] != None:
                    user_click(dialog['back'])
                raise invalid_arg('send_updates', 'Calendar asks whether to email the guests; give true or false')
            asked = True
            sent = send_updates
            user_click(dialog['send'] if send_updates else dialog['dont_send'])
        await sleep(25)
    raise page_fail('Calendar did not confirm the change in time; check the tab')


def _arg(args, key):
    return args[key] if key in args else None


@tab_handler(COMMIT_EDITOR)
async def commit_editor(args):
    if find(None, EDITOR_TITLE) == None:
        raise _no_editor()
    save = find(None, '#xSaveBu')
    if save == None:
        save = find(None, '[aria-label="Save"]')
    if save == None:
        raise page_fail('the editor has no Save button')
    user_click(save)
    answered = await answer_emails(lambda: find(None, EDITOR_TITLE) == None, _arg(args, 'send_updates'))
    return {'saved': True, 'emails_asked': answered['emails_asked'], 'emails_sent': answered['emails_sent']}


# --- RSVP and delete ----------------------------------------------------------------------------

@tab_handler(RSVP)
async def rsvp(args):
    event_id = args['event_id']
    wanted = args['response']
    opened = await open_bubble(event_id)
    bubble = opened['bubble']
    before = read_bubble(opened['chip'], bubble)['my_rsvp']
    target = None
    for radio in find_all(bubble, RSVP_RADIOS):
        if _text(radio).lower() == wanted:
            target = radio
    if target == None:
        close_bubble(bubble)
        raise invalid_arg('event_id', 'this event has no RSVP controls (you organise it, or it is not an invitation)')
    if attr(target, 'aria-checked') == 'true':
        close_bubble(bubble)
        return {'answered': wanted, 'before': before, 'changed': False}
    user_click(target)

    def answered():
        fresh = open_bubble_for(event_id)
        if fresh == None:
            return None
        for radio in find_all(fresh, '[role="radio"]'):
            if _text(radio).lower() == wanted and attr(radio, 'aria-checked') == 'true':
                return fresh
        return None
    fresh = await wait_for(answered, 2000)
    if fresh == None:
        raise page_fail('Calendar did not show the answer as chosen')
    close_bubble(fresh)
    return {'answered': wanted, 'before': before, 'changed': True}


@tab_handler(DELETE_EVENT)
async def delete_event(args):
    event_id = args['event_id']
    opened = await open_bubble(event_id)
    details = read_bubble(opened['chip'], opened['bubble'])
    button = find(opened['bubble'], '[aria-label="Delete event"]')
    if button == None or details['my_rsvp'] != 'organizer' and len(details['guests']) > 0:
        close_bubble(opened['bubble'])
        raise invalid_arg('event_id', 'only the organizer can delete this event')
    user_click(button)
    answered = await answer_emails(lambda: find_chip(event_id) == None, _arg(args, 'send_updates'))
    return {'deleted': True, 'emails_asked': answered['emails_asked'], 'emails_sent': answered['emails_sent']}
