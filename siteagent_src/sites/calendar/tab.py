"""Google Calendar's tab half: reads and acts on the signed-in Calendar page (content.js).

Everything on the page is found through the contract table (sites/calendar/contracts.py) and the
labels of the page's language. Each handler returns a plain result or raises ToolError.
"""
from core.outcome import ToolError, invalid_arg, result_of
from core.reasons import ADAPTER_ERROR
from core.emails import account_from_label
from core.text import trim
from core.dates import parse_long_date, parse_time_12h, pad
from sites.calendar.logic import (UNTRUSTED_NOTE, parse_path, datekey_to_iso, parse_chip_label, local_time, parse_guest_label,
                                  strip_label)
from sites.calendar.contracts import TABLE, LABELS
from sites.calendar.ids import SITE, SNAPSHOT, EDITOR_STATE, OPEN_EDITOR, FILL_EDITOR, COMMIT_EDITOR
from sites.kit.tab import tab_handler, tab_tool
from sites.kit.tab_locate import register_site, locate, locate_all, locate_any, page_words, words, word, contract_of
from core.contracts import fill_css
from webapi.dom import (find, find_all, closest, attr, text_of, flat_text, input_value, is_visible, set_value,
                        leave_field, press_key, user_click, page_path, location_href, wait_for)
from webapi.js import now_ms, sleep

ORGANIZER_UNKNOWN = 'Calendar\'s page does not say who organises this event (no guest is marked as organizer)'


def page_fail(message):
    return ToolError(ADAPTER_ERROR, message, {'hint': 'check the Calendar tab; the page may have changed'})


def _text(element):
    """What the element shows, trimmed ('' for None)."""
    return trim(text_of(element))


def _one(root, cid):
    return locate_any(SITE, cid, root)


def _all(root, cid):
    return locate_all(SITE, cid, root)


def _table(key):
    """A label that maps page words to values ({'Day': 'day'}), for the page's language."""
    table = page_words(SITE)
    return table[key] if key in table else {}


# --- reading ------------------------------------------------------------------------------------

def my_email():
    account = _one(None, 'account')
    return account_from_label(attr(account, 'aria-label')) if account != None else None


def visible_range():
    dates = []
    for cell in _all(None, 'day_cells'):
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
    """The URL path's view, else the view switcher's label (button[jsname=jnPWCc]), else
    <html data-prefetch-view-key>; None when none says."""
    where = parse_path(page_path())
    if where['view'] != None:
        return where['view']
    names = _table('view_names')
    label = _one(None, 'view_switcher')
    if label != None:
        key = attr(label, 'data-prefetch-view-key')
        if key != None:
            keys = _table('view_keys')
            return keys[key] if key in keys else None
        shown = _text(label)
        if shown in names:
            return names[shown]
    return None


def page_ready():
    return (_one(None, 'day_cells') != None or _one(None, 'event_chip') != None
            or _one(None, 'editor_title') != None)


def _page_state():
    """For the health check: 'editor' or 'grid' (None before either shows)."""
    if _one(None, 'editor_title') != None:
        return 'editor'
    return 'grid' if _one(None, 'day_cells') != None else None


register_site(SITE, TABLE, LABELS, _page_state)


@tab_tool
async def calendar_status(args):
    await wait_for(page_ready, 1500)
    where = parse_path(page_path())
    return {'signed_in': _one(None, 'account') != None, 'account': my_email(),
            'view': None if where['editor'] else current_view(), 'range': visible_range(),
            'editor_open': _one(None, 'editor_title') != None, 'url': location_href()}


def chip_event(chip):
    label = flat_text(_one(chip, 'chip_sr_text'))
    if len(label) == 0:
        label = attr(chip, 'aria-label')
    title_el = _one(chip, 'chip_title')
    title = flat_text(title_el) if title_el != None else None
    parsed = parse_chip_label(label, title, page_words(SITE))
    if parsed['start'] == None and parsed['all_day']:
        cell = closest(chip, '[data-datekey]')
        day = datekey_to_iso(attr(cell, 'data-datekey')) if cell != None else None
        if day != None:
            parsed['start'] = day
            parsed['end'] = day
    out = {'id': attr(chip, 'data-eventid'), 'title': parsed['title'] if parsed['parsed'] else title,
           'start': parsed['start'], 'end': parsed['end'], 'all_day': parsed['all_day'],
           'location': parsed['location'], 'organizer': parsed['organizer'], 'calendar': parsed['calendar'],
           'my_rsvp': parsed['my_rsvp']}
    if parsed['multi_day']:
        out['multi_day'] = True
    if parsed['kind'] != 'event':
        out['kind'] = parsed['kind']           # a working location: not an event, never listed as one
    if not parsed['parsed']:
        out['unparsed_label'] = label
    return out


def find_chip(event_id):
    for chip in _all(None, 'event_chip'):
        if attr(chip, 'data-eventid') == event_id:
            return chip
    return None


@tab_tool
async def calendar_list_events(args):
    await wait_for(page_ready, 1500)
    events = []
    seen = []
    for chip in _all(None, 'event_chip'):
        event_id = attr(chip, 'data-eventid')
        if event_id in seen:
            continue
        seen.append(event_id)
        parsed = chip_event(chip)
        if parsed['id'] != None and 'kind' not in parsed:
            events.append(parsed)
    return {'untrusted': True, 'note': UNTRUSTED_NOTE, 'view': current_view(), 'range': visible_range(),
            'count': len(events), 'events': events}


def open_bubble_for(event_id):
    bubble = _one(None, 'bubble')
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
    button = locate(SITE, 'bubble_close', bubble)
    if button != None:
        user_click(button)


def _rsvp_radios(bubble):
    return _all(bubble, 'rsvp_group')


def _radio_answer(radio):
    answers = _table('rsvp_answers')
    shown = _text(radio).lower()
    return answers[shown] if shown in answers else None


def read_bubble(chip, bubble):
    """The event's details. The organizer is the guest whose label says "Organizer"; when none does
    it is unknown (organizer None, organizer_note says why), never guessed from #xDtlDlgOrg."""
    base = chip_event(chip)
    me = my_email()
    guests = []
    organizer = None
    table = page_words(SITE)
    for row in _all(bubble, 'bubble_guests'):
        info = parse_guest_label(attr(row, 'aria-label'), table)
        email = (attr(row, 'data-email') or '').lower()
        if info['organizer']:
            organizer = email
        guests.append({'email': email, 'name': info['name'], 'rsvp': info['rsvp'], 'organizer': info['organizer']})
    mine = None
    radios = _rsvp_radios(bubble)
    for radio in radios:
        if attr(radio, 'aria-checked') == 'true':
            mine = _radio_answer(radio)
    if mine == None and len(radios) > 0:
        mine = 'needs_action'
    if organizer != None and me != None and organizer == me:
        mine = 'organizer'
    link = _one(bubble, 'bubble_video')
    title = _text(_one(bubble, 'bubble_title'))
    out = {'id': attr(bubble, 'data-eventid'), 'title': title if len(title) > 0 else base['title'],
           'start': base['start'], 'end': base['end'], 'all_day': base['all_day'],
           'when': _text(_one(bubble, 'bubble_when')),
           'location': strip_label(_text(_one(bubble, 'bubble_location')), word(SITE, 'location_label')),
           'description': strip_label(_text(_one(bubble, 'bubble_description')), word(SITE, 'description_label')),
           'conference_link': attr(link, 'href') if link != None else None,
           'organizer': organizer if organizer != None else base['organizer'], 'my_rsvp': mine,
           'guests': guests, 'can_edit': _one(bubble, 'edit_button') != None,
           'can_delete': _one(bubble, 'delete_button') != None}
    if out['organizer'] == None:
        out['organizer_note'] = ORGANIZER_UNKNOWN
    return out


@tab_handler(SNAPSHOT)
async def snapshot(args):
    """The event's details as plain fields (previews and the tools below use it)."""
    opened = await open_bubble(args['event_id'])
    details = read_bubble(opened['chip'], opened['bubble'])
    if not ('keep_open' in args and args['keep_open']):
        close_bubble(opened['bubble'])
    return details


@tab_tool
async def calendar_read_event(args):
    details = await snapshot({'event_id': args['event_id']})
    out = {}
    for key in ['id', 'title', 'start', 'end', 'all_day', 'when', 'location', 'organizer', 'my_rsvp', 'guests',
                'conference_link', 'can_edit']:
        out[key] = details[key]
    if 'organizer_note' in details:
        out['organizer_note'] = details['organizer_note']
    out['description'] = {'untrusted': True, 'text': details['description']}
    out['untrusted'] = True
    out['note'] = UNTRUSTED_NOTE
    return out


# --- the editor ---------------------------------------------------------------------------------

def _start_end(cid):
    """[start field, end field] of a two-locator contract (editor_dates, editor_times)."""
    table = page_words(SITE)
    return [find(None, fill_css(locator['css'], table)) for locator in contract_of(SITE, cid)['locators']]


def _editor_iso(date_field, time_field):
    if date_field == None:
        return None
    key = attr(date_field, 'data-date')
    day = None
    if key != None and len(key) == 8:
        day = key[0:4] + '-' + key[4:6] + '-' + key[6:8]
    if day == None:
        day = parse_long_date(input_value(date_field))
    if day == None:
        return None
    if time_field == None:
        return day
    hm = parse_time_12h(input_value(time_field))
    if hm == None:
        return None
    return day + 'T' + pad(hm[0], 2) + ':' + pad(hm[1], 2) + ':00'


def _all_day():
    box = _one(None, 'editor_all_day')
    if box != None:
        return attr(box, 'aria-checked') == 'true'
    return _start_end('editor_times')[0] == None


def editor_fields():
    """The open editor's fields, or None when no editor is open. guests is None when the editor's
    guest list cannot be read (then nothing may be saved on a guess)."""
    title = _one(None, 'editor_title')
    if title == None:
        return None
    me = my_email()
    guests = None
    if _one(None, 'editor_guest_section') != None:
        guests = []
        for row in _all(None, 'editor_guest_list'):
            email = (attr(row, 'data-email') or '').lower()
            if len(email) > 0 and email != me and email not in guests:
                guests.append(email)
    dates = _start_end('editor_dates')
    times = _start_end('editor_times')
    location = _one(None, 'editor_location')
    return {'title': input_value(title), 'start': _editor_iso(dates[0], times[0]),
            'end': _editor_iso(dates[1], times[1]), 'all_day': _all_day(),
            'location': input_value(location) if location != None else None,
            'description': _text(_one(None, 'editor_description')),
            'guests': guests, 'event_id': parse_path(page_path())['event_id']}


def _no_editor():
    return invalid_arg('(editor)', 'no event editor is open in the Calendar tab (use calendar_draft_event first)')


@tab_handler(EDITOR_STATE)
async def editor_state(args):
    ready = await wait_for(lambda: _one(None, 'editor_title') != None, 2000)
    if ready == None:
        raise _no_editor()
    return editor_fields()


@tab_handler(OPEN_EDITOR)
async def open_editor(args):
    event_id = args['event_id']
    where = parse_path(page_path())
    if where['editor'] and where['event_id'] == event_id and _one(None, 'editor_title') != None:
        return editor_fields()
    opened = await open_bubble(event_id)
    edit = _one(opened['bubble'], 'edit_button')
    if edit == None:
        close_bubble(opened['bubble'])
        raise invalid_arg('event_id', 'this event cannot be edited from your calendar (you do not organise it)')
    user_click(edit)

    def editor_for_event():
        here = parse_path(page_path())
        return here['editor'] and here['event_id'] == event_id and _one(None, 'editor_title') != None
    if await wait_for(editor_for_event, 2000) == None:
        raise page_fail('the event editor did not open')
    return editor_fields()


def _set(field, value):
    if field == None:
        return False
    set_value(field, value)
    leave_field(field)
    return True


def _set_when(index, field_name, text, all_day):
    when = result_of(local_time(text, field_name))
    if when['all_day'] != all_day:
        kind = 'an all-day event: give a date (YYYY-MM-DD)' if all_day else \
            'a timed event: give a date and time (YYYY-MM-DDTHH:MM)'
        raise invalid_arg(field_name, 'this is ' + kind)
    date_field = _start_end('editor_dates')[index]
    if not _set(date_field, when['date_text']):
        raise page_fail('the editor has no ' + field_name + ' date field')
    date_field.setAttribute('data-date', when['date'].replace('-', '').replace('-', ''))
    if not all_day and not _set(_start_end('editor_times')[index], when['time_text']):
        raise page_fail('the editor has no ' + field_name + ' time field')


@tab_handler(FILL_EDITOR)
async def fill_editor(args):
    """Set the given fields in the open editor, add guests, then read the editor back."""
    now = editor_fields()
    if now == None:
        raise page_fail('no event editor is open')
    if 'title' in args:
        _set(_one(None, 'editor_title'), args['title'])
    if 'start' in args:
        _set_when(0, 'start', args['start'], now['all_day'])
    if 'end' in args:
        _set_when(1, 'end', args['end'], now['all_day'])
    if 'location' in args and not _set(_one(None, 'editor_location'), args['location']):
        raise page_fail('the editor has no location field')
    if 'description' in args and not _set(_one(None, 'editor_description'), args['description']):
        raise page_fail('the editor has no description field')
    if 'guests' in args:
        box = _one(None, 'editor_guest_input')
        if box == None:
            raise page_fail('the editor has no guest field')
        if now['guests'] == None:
            raise page_fail('the editor\'s guest list cannot be read; no guest was added')
        for email in args['guests']:
            set_value(box, email)
            leave_field(box)
            press_key(box, 'Enter')
        for email in args['guests']:
            def listed():
                fields = editor_fields()
                return fields['guests'] != None and email in fields['guests']
            if await wait_for(listed, 1000) == None:
                raise page_fail('Calendar did not accept the guest ' + email)
    return editor_fields()


def _lower_words(key):
    return [w.lower().replace('\u2019', "'") for w in words(SITE, key)]


def send_dialog():
    """The visible "send emails to guests?" dialog: {dialog, send, dont_send, back}, or None."""
    send_words = _lower_words('send')
    dont_words = _lower_words('dont_send')
    back_words = _lower_words('back')
    for dialog in find_all(None, '[role="dialog"], [role="alertdialog"]'):
        if not is_visible(dialog) or _one(dialog, 'bubble') != None:
            continue
        buttons = {'dialog': dialog, 'send': None, 'dont_send': None, 'back': None}
        for button in find_all(dialog, 'button, [role="button"]'):
            label = _text(button).lower().replace('\u2019', "'")
            if label in send_words:
                buttons['send'] = button
            elif label in dont_words:
                buttons['dont_send'] = button
            elif label in back_words:
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
    if _one(None, 'editor_title') == None:
        raise _no_editor()
    if editor_fields()['guests'] == None:
        raise page_fail('the editor\'s guest list cannot be read, so who gets invited is unknown; nothing was saved')
    save = _one(None, 'save_button')
    if save == None:
        raise page_fail('the editor has no Save button')
    user_click(save)
    answered = await answer_emails(lambda: _one(None, 'editor_title') == None, _arg(args, 'send_updates'))
    return {'saved': True, 'emails_asked': answered['emails_asked'], 'emails_sent': answered['emails_sent']}


# --- RSVP and delete ----------------------------------------------------------------------------

@tab_tool
async def calendar_rsvp(args):
    event_id = args['event_id']
    wanted = args['response']
    opened = await open_bubble(event_id)
    bubble = opened['bubble']
    before = read_bubble(opened['chip'], bubble)['my_rsvp']
    target = None
    for radio in _rsvp_radios(bubble):
        if _radio_answer(radio) == wanted:
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
        for radio in _rsvp_radios(fresh):
            if _radio_answer(radio) == wanted and attr(radio, 'aria-checked') == 'true':
                return fresh
        return None
    fresh = await wait_for(answered, 2000)
    if fresh == None:
        raise page_fail('Calendar did not show the answer as chosen')
    close_bubble(fresh)
    return {'answered': wanted, 'before': before, 'changed': True}


@tab_tool
async def calendar_delete_event(args):
    event_id = args['event_id']
    opened = await open_bubble(event_id)
    details = read_bubble(opened['chip'], opened['bubble'])
    button = _one(opened['bubble'], 'delete_button')
    if button == None or details['my_rsvp'] != 'organizer' and len(details['guests']) > 0:
        close_bubble(opened['bubble'])
        raise invalid_arg('event_id', 'only the organizer can delete this event')
    user_click(button)
    answered = await answer_emails(lambda: find_chip(event_id) == None, _arg(args, 'send_updates'))
    return {'deleted': True, 'emails_asked': answered['emails_asked'], 'emails_sent': answered['emails_sent']}
