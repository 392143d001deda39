"""Google Meet's tab half: the lobby, call controls, people, chat, captions and recording (content.js).

Everything on the page is found through the contract table (sites/meet/contracts.py) and the
labels of the page's language. Where the tab is comes from positive evidence only (logic.py
classify_state): the waiting room shows Leave call, chat and the toolbar too, so none of those ever
counts. Handlers re-query the page after every click: Meet re-renders its panels and dialogs. Each
returns a plain result or raises ToolError.
"""
from core.outcome import ToolError
from core.reasons import ADAPTER_ERROR, INVALID_ARGS, UNVERIFIED
from sites.meet.logic import (code_from_url, is_meeting_code, match_participant, refusal_message, toggle_state,
                              classify_state, state_failure_text, shape_chat, shape_captions, shape_text,
                              parse_details, normalize_name, meeting_url, meeting_title, signed_in_from, count_from,
                              TEXT_CAP)
from sites.meet.contracts import TABLE, LABELS
from sites.meet.ids import SITE, STATUS_NOW, AWAIT_LOBBY, NAMES, CLICK_JOIN, POST_CHAT
from sites.kit.tab import tab_handler, tab_tool
from sites.kit.tab_locate import (register_site, locate, locate_all, locate_any, present, seen, shows_text, words,
                                  word)
from webapi.dom import (find, find_all, attr, flat_text, spoken_text, name_of, is_visible, is_connected, is_disabled,
                        user_click, set_value, input_value, text_leaves, children_of, location_href, page_path,
                        page_title, wait_for)

STEP_MS = 1500
SETTLE_MS = 3000            # after "Ask to join" / "Join now": the waiting room or the call shows by then
SENT_MS = 2500              # after Send: the message shows in the chat by then
ANCHORS = ['meeting_details_button', 'notifications_region', 'captions_region']


def _fail(message, extra):
    return ToolError(ADAPTER_ERROR, message, extra)


def _words():
    """The label table for the page's language (one dict; raises unsupported_locale)."""
    table = {}
    for key in ['state_on', 'state_off', 'device_problem', 'join_by_phone', 'pin_prefix', 'title_prefix']:
        table[key] = words(SITE, key)
    return table


# --- where the tab is ---------------------------------------------------------------------------

def _code():
    code = code_from_url(location_href())
    if code != None:
        return code
    node = locate_any(SITE, 'meeting_code_attr', None)
    value = (attr(node, 'data-meeting-code') or '').lower()
    return value if is_meeting_code(value) else None


def _signals():
    anchors = 0
    for cid in ANCHORS:
        if present(SITE, cid, None) != None:
            anchors += 1
    startup = locate_any(SITE, 'startup_code', None)
    path = page_path()
    return {'anchors': anchors,
            'waiting': shows_text(SITE, 'waiting_text'),
            'join': locate(SITE, 'join_button', None) != None,
            'ended': seen(SITE, 'ended_signals'),
            'not_found': startup != None and (shows_text(SITE, 'not_found_text')
                                              or attr(startup, 'data-startup-code') == '217'),
            'denied': shows_text(SITE, 'denied_text'),
            'landing': (path == '/' or path == '/landing') and locate_any(SITE, 'landing_code_input', None) != None,
            'code': _code()}


def _state():
    return classify_state(_signals())


def _page_state():
    """For the health check: the state, or None when the page is in an uncovered language."""
    try:
        return _state()
    except ToolError:
        return None


register_site(SITE, TABLE, LABELS, _page_state)


def _control_state(cid):
    control = locate(SITE, cid, None)
    if control == None:
        return None
    return toggle_state(attr(control, 'aria-label'), attr(control, 'data-is-muted'), _words())


def _title(code):
    node = locate_any(SITE, 'meeting_title', None)
    if node != None and len(attr(node, 'data-meeting-title') or '') > 0:
        return attr(node, 'data-meeting-title')
    return meeting_title(page_title(), code, _words())


def _signed_in():
    anonymous = locate_any(SITE, 'anonymous_flag', None)
    return signed_in_from(attr(anonymous, 'data-is-anonymous') if anonymous != None else None,
                          locate_any(SITE, 'account_switch', None) != None, shows_text(SITE, 'joined_as_text'))


def _participant_count():
    badge = locate(SITE, 'people_badge', None)
    if badge == None:
        return None
    counter = locate_any(SITE, 'people_count', badge)
    if counter == None:
        counts = locate_all(SITE, 'people_count', None)
        counter = counts[0] if len(counts) == 1 else None
    return count_from(attr(counter, 'data-avatar-count') if counter != None else None, flat_text(badge))


def _join_label(button):
    text = spoken_text(button)
    return text if len(text) > 0 else name_of(button)


@tab_handler(STATUS_NOW)
def status_now(args):
    state = _state()
    code = _code()
    out = {'state': state, 'code': code, 'url': meeting_url(code), 'title': _title(code),
           'signed_in': _signed_in(), 'microphone': _control_state('mic_control'),
           'camera': _control_state('camera_control')}
    if state == 'lobby':
        join = locate(SITE, 'join_button', None)
        out['join_label'] = _join_label(join) if join != None else None
    if state == 'in_call':
        captions = _control_state('captions_button')
        if captions == None:
            captions = 'on' if present(SITE, 'captions_region', None) != None else None
        out['captions'] = captions
        out['hand'] = 'raised' if _control_state('hand_button') == 'on' else 'lowered'
        out['recording'] = shows_text(SITE, 'recording_indicator')
        out['participant_count'] = _participant_count()
    return out


def _need(tool_name, needed):
    """Raises unless the page is in one of the needed states (the failure names both)."""
    state = _state()
    for wanted in needed:
        if state == wanted:
            return state
    raise _fail(state_failure_text(tool_name, state, needed[0]), {'state': state})


async def _ensure_panel(button_cid, ready_cid):
    """Open a side panel by its control unless what it shows is already there."""
    ready = locate(SITE, ready_cid, None)
    if ready != None:
        return ready
    button = locate(SITE, button_cid, None)
    if button == None:
        return None
    user_click(button)
    return await wait_for(lambda: locate(SITE, ready_cid, None), STEP_MS)


async def _click_and_wait(element, probe, timeout_ms):
    user_click(element)
    return await wait_for(probe, timeout_ms)


# --- lobby and leaving --------------------------------------------------------------------------

@tab_handler(AWAIT_LOBBY)
async def await_lobby(args):
    """After a navigation: wait until the meeting page has rendered (the lobby, the waiting room, the
    call, or Meet's not-found screen)."""
    def settled():
        state = _state()
        return state if state in ['lobby', 'in_call', 'waiting', 'not_found', 'denied'] else None
    found = await wait_for(settled, 2500)
    if found == None:
        state = _state()
        raise _fail('the meeting page did not show a lobby (state: ' + state + ')', {'state': state})
    return status_now(args)


@tab_handler(CLICK_JOIN)
async def click_join(args):
    """Click the lobby's join control; {state, via, microphone, camera, code} once the waiting room,
    the call or a refusal shows (state 'unknown' when none did in time)."""
    _need('meet_join', ['lobby'])
    button = locate(SITE, 'join_button', None)
    via = _join_label(button)
    mic = _control_state('mic_control')
    camera = _control_state('camera_control')

    def moved():
        state = _state()
        return state if state == 'in_call' or state == 'waiting' or state == 'denied' else None
    state = await _click_and_wait(button, moved, SETTLE_MS)
    return {'state': state if state != None else _state(), 'via': via, 'microphone': mic, 'camera': camera,
            'code': _code()}


@tab_tool
async def meet_leave(args):
    _need('meet_leave', ['in_call'])
    button = locate(SITE, 'leave_button', None)
    if button == None:
        raise _fail('no "Leave call" control is on the page', None)
    state = await _click_and_wait(button, lambda: _state() if _state() != 'in_call' else None, STEP_MS)
    if state == None:
        raise _fail('clicked "Leave call" but the call is still shown', {'state': 'in_call'})
    return {'left': True, 'state': state}


@tab_tool
async def meet_meeting_info(args):
    code = _code()
    state = _state()
    if code == None:
        raise _fail('no meeting is open in the Meet tab (it shows ' + state + ')', {'state': state})
    out = {'code': code, 'link': meeting_url(code), 'title': _title(code), 'dial_in': None, 'state': state}
    if state == 'in_call':
        heading = _details_heading()
        if heading == None:
            button = locate(SITE, 'meeting_details_button', None)
            if button != None:
                user_click(button)
                heading = await wait_for(_details_heading, STEP_MS)
        if heading != None:
            details = parse_details(text_leaves(locate_any(SITE, 'side_panel', None)), _words())
            if details['link'] != None:
                out['link'] = details['link']
            if details['phone'] != None or details['pin'] != None:
                out['dial_in'] = {'phone': details['phone'], 'pin': details['pin']}
    return out


def _details_heading():
    panel = locate(SITE, 'side_panel', None)
    if panel == None:
        return None
    wanted = word(SITE, 'meeting_details')
    for heading in find_all(panel, 'h2, [role="heading"]'):
        if spoken_text(heading) == wanted and is_visible(heading):
            return heading
    return None


# --- your own controls --------------------------------------------------------------------------

async def _toggle(tool_name, key, cid, needed, args):
    """Set an on/off control (idempotent: nothing is clicked when it already is)."""
    _need(tool_name, needed)
    wanted = args['state'] if 'state' in args else ('on' if args['raised'] else 'off')
    control = locate(SITE, cid, None)
    if control == None:
        raise _fail('the ' + key + ' control is not on the page', None)
    current = toggle_state(attr(control, 'aria-label'), attr(control, 'data-is-muted'), _words())
    if current == 'unavailable':
        raise _fail('Meet reports a problem with the ' + key + ' ("' + str(attr(control, 'aria-label'))
                    + '"); nothing was clicked', {'state': 'unavailable'})
    if current == None:
        raise _fail('cannot tell whether the ' + key + ' is on or off (label: '
                    + str(attr(control, 'aria-label')) + ')', None)
    shown = wanted
    if key == 'hand':
        shown = 'raised' if wanted == 'on' else 'lowered'
    if current == wanted:
        out = {'changed': False, 'message': 'the ' + key + ' is already ' + shown + '; nothing was clicked'}
        out[key] = shown
        return out
    user_click(control)
    done = await wait_for(lambda: _control_state(cid) == wanted, STEP_MS)
    if done == None:
        raise _fail('clicked the ' + key + ' control but it still reads ' + str(_control_state(cid)), None)
    out = {'changed': True}
    out[key] = shown
    return out


IN_LOBBY_OR_CALL = ['lobby', 'in_call', 'waiting']


@tab_tool
async def meet_set_microphone(args):
    return await _toggle('meet_set_microphone', 'microphone', 'mic_control', IN_LOBBY_OR_CALL, args)


@tab_tool
async def meet_set_camera(args):
    return await _toggle('meet_set_camera', 'camera', 'camera_control', IN_LOBBY_OR_CALL, args)


@tab_tool
async def meet_raise_hand(args):
    return await _toggle('meet_raise_hand', 'hand', 'hand_button', ['in_call'], args)


@tab_tool
async def meet_set_captions(args):
    return await _toggle('meet_set_captions', 'captions', 'captions_button', ['in_call'], args)


# --- people -------------------------------------------------------------------------------------

def _has_word(text, key):
    for wanted in words(SITE, key):
        if len(wanted) > 0 and text.find(wanted) >= 0:
            return True
    return False


def _is_self(row):
    return _has_word(flat_text(row), 'you_marker')


def _row_name(row):
    return normalize_name(attr(row, 'aria-label') or flat_text(find(row, 'span')))


def _mute_button(row, name):
    """The row's enabled "Mute <name>'s microphone" button, or None."""
    prefix = word(SITE, 'mute_prefix')
    for button in find_all(row, 'button'):
        label = attr(button, 'aria-label') or ''
        if label.startswith(prefix) and _ends_with_any(label, words(SITE, 'mute_suffix')) and not is_disabled(button):
            return button
    return None


def _ends_with_any(text, endings):
    for ending in endings:
        if len(ending) > 0 and text.endswith(ending):
            return True
    return False


def _row_info(row, self_mic):
    name = _row_name(row)
    text = flat_text(row)
    is_self = _is_self(row)
    muted = None
    if is_self:
        muted = None if self_mic == None else self_mic == 'off'
    else:
        for button in find_all(row, 'button'):
            label = attr(button, 'aria-label') or ''
            if _has_word(label, 'cannot_unmute') and is_disabled(button):
                muted = True
        if muted == None and _mute_button(row, name) != None:
            muted = False
    return {'name': name, 'self': is_self, 'host': _has_word(text, 'host_marker'), 'muted': muted,
            'hand': _has_word(text, 'hand_icon')}


async def _people():
    """Open the People panel; {rows, waiting} (live elements: use them at once)."""
    listed = await _ensure_panel('people_badge', 'participants_list')
    if listed == None:
        raise _fail('the People panel did not open', None)
    return {'rows': locate_all(SITE, 'participants_list', None), 'waiting': locate_all(SITE, 'waiting_list', None)}


@tab_tool
async def meet_list_participants(args):
    _need('meet_list_participants', ['in_call'])
    found = await _people()
    self_mic = _control_state('mic_control')
    participants = [_row_info(row, self_mic) for row in found['rows']]
    waiting = [{'name': _row_name(row)} for row in found['waiting']]
    return {'participants': participants, 'waiting': waiting, 'count': len(participants), 'untrusted': True}


def _resolve(rows, wanted, where, self_mic):
    """{row, name} for an exact-name lookup; zero or several matches raise invalid_args with the candidates."""
    names = [_row_info(row, self_mic)['name'] for row in rows]
    found = match_participant(names, wanted)
    if found['status'] != 'match':
        raise ToolError(INVALID_ARGS, refusal_message(found['status'], wanted, found['candidates'], where),
                        {'field': 'name', 'match': found['status'], 'candidates': found['candidates']})
    return {'row': rows[found['index']], 'name': found['name']}


def _others(rows):
    return [row for row in rows if not _is_self(row)]


def _row_named(cid, wanted, is_self_ok):
    """The one live row with that exact name (None unless exactly one)."""
    hits = []
    for row in locate_all(SITE, cid, None):
        if not is_self_ok and _is_self(row):
            continue
        if _row_name(row) == wanted:
            hits.append(row)
    return hits[0] if len(hits) == 1 else None


def _open_dialogs():
    """The dialogs a click could have opened: visible, not persistent (Meet keeps some open: "Meet
    keeps you safe", "Microphone not found")."""
    return [d for d in locate_all(SITE, 'dialog', None)
            if attr(d, 'data-is-persistent') != 'true' and is_visible(d)]


def _dialog_title(dialog):
    named = name_of(dialog) if attr(dialog, 'aria-labelledby') != None or attr(dialog, 'aria-label') != None else ''
    if len(named) > 0:
        return named
    return flat_text(find(dialog, 'h2, [role="heading"]'))


def _dialog_button(dialog, action, label_key):
    for button in locate_all(SITE, 'confirm_buttons', dialog):
        if attr(button, 'data-mdc-dialog-action') == action and is_visible(button):
            return button
    wanted = word(SITE, label_key)
    for button in find_all(dialog, 'button'):
        if spoken_text(button) == wanted and is_visible(button):
            return button
    return None


async def _confirm(before, expect_in_title, ok_key):
    """Confirm in the dialog the click opened: among the dialogs that were not open before it and are
    not persistent, the one whose title names `expect_in_title` (any, when None, if it is the only one)."""
    def fresh():
        out = [d for d in _open_dialogs() if d not in before]
        return out if len(out) > 0 else None
    opened = await wait_for(fresh, STEP_MS)
    if opened == None:
        raise _fail('the confirmation dialog did not open', None)
    picked = [d for d in opened if expect_in_title == None or _dialog_title(d).find(expect_in_title) >= 0]
    if len(picked) != 1:
        for dialog in opened:
            cancel = _dialog_button(dialog, 'cancel', 'cancel')
            if cancel != None:
                user_click(cancel)
        titles = '; '.join(['"' + _dialog_title(d) + '"' for d in opened])
        raise _fail('no single confirmation dialog names ' + str(expect_in_title) + ' (open: ' + titles
                    + '); cancelled, nothing was done', None)
    dialog = picked[0]
    ok = _dialog_button(dialog, 'ok', ok_key)
    if ok == None:
        raise _fail('the confirmation dialog "' + _dialog_title(dialog) + '" has no "' + word(SITE, ok_key)
                    + '" button', None)
    user_click(ok)
    gone = await wait_for(lambda: not is_connected(dialog) or not is_visible(dialog), STEP_MS)
    if gone == None:
        raise _fail('the confirmation dialog did not close', None)


@tab_tool
async def meet_admit_participant(args):
    _need('meet_admit_participant', ['in_call'])
    found = await _people()
    if len(found['waiting']) == 0:
        raise ToolError(INVALID_ARGS, 'name: nobody is waiting to join', {'field': 'name', 'match': 'none',
                                                                           'candidates': []})
    picked = _resolve(found['waiting'], args['name'], 'the waiting list', None)
    button = locate(SITE, 'admit_button', picked['row'])
    if button == None:
        raise _fail('no Admit button next to "' + picked['name'] + '" (host controls may be off)', None)
    name = picked['name']
    gone = await _click_and_wait(button, lambda: _row_named('waiting_list', name, True) == None, STEP_MS)
    if gone == None:
        raise _fail('clicked Admit but "' + name + '" is still waiting', None)
    return {'admitted': name}


async def _pick_other(tool_name, wanted):
    """In a call, the one other participant displayed exactly as `wanted`: {name, row}."""
    _need(tool_name, ['in_call'])
    found = await _people()
    return _resolve(_others(found['rows']), wanted, 'the call (other than you)', None)


@tab_tool
async def meet_mute_participant(args):
    picked = await _pick_other('meet_mute_participant', args['name'])
    name = picked['name']
    if _row_info(picked['row'], None)['muted'] is True:
        return {'changed': False, 'muted': name, 'message': name + ' is already muted; nothing was clicked'}
    button = _mute_button(picked['row'], name)
    if button == None:
        raise _fail('no mute control for "' + name + '" (you may not be a host)', None)
    before = _open_dialogs()
    user_click(button)
    await _confirm(before, name, 'mute')
    row = await wait_for(lambda: _row_named('participants_list', name, False), STEP_MS)
    if row == None or _row_info(row, None)['muted'] is not True:
        raise _fail('confirmed the mute but "' + name + '" does not show as muted', None)
    return {'changed': True, 'muted': name}


@tab_tool
async def meet_remove_participant(args):
    picked = await _pick_other('meet_remove_participant', args['name'])
    name = picked['name']
    more = locate_any(SITE, 'row_more_actions', picked['row'])
    if more == None:
        raise _fail('no "More actions" control for "' + name + '"', None)
    user_click(more)
    item = await wait_for(lambda: locate(SITE, 'remove_menu_item', None), STEP_MS)
    if item == None:
        raise _fail('the menu for "' + name + '" has no "' + word(SITE, 'remove_from_call')
                    + '" (you may not be a host)', None)
    before = _open_dialogs()
    user_click(item)
    await _confirm(before, name, 'remove')
    gone = await wait_for(lambda: _row_named('participants_list', name, False) == None, STEP_MS)
    if gone == None:
        raise _fail('confirmed the removal but "' + name + '" is still listed', None)
    return {'removed': name}


@tab_handler(NAMES)
def names(args):
    """Names in the People panel's list, without opening anything (for previews)."""
    if args['list'] == 'waiting':
        rows = locate_all(SITE, 'waiting_list', None)
    else:
        rows = _others(locate_all(SITE, 'participants_list', None))
    return {'names': [_row_name(row) for row in rows]}


# --- chat ---------------------------------------------------------------------------------------

async def _chat_panel():
    box = await _ensure_panel('chat_button', 'chat_input')
    if box == None:
        raise _fail('the chat panel did not open', None)
    return box


def _messages():
    """[{id, sender, time, text}]: one per message text; a group shares its header (sender, time)."""
    out = []
    for group in locate_all(SITE, 'chat_message', None):
        sender = locate_any(SITE, 'chat_sender', group)
        time_el = locate_any(SITE, 'chat_time', group)
        ids = locate_all(SITE, 'chat_message_id', group)
        bodies = locate_all(SITE, 'chat_text', group)
        index = 0
        for body in bodies:
            id_el = ids[index] if index < len(ids) else (ids[0] if len(ids) > 0 else None)
            out.append({'id': attr(id_el, 'data-message-id'), 'sender': flat_text(sender) if sender != None else None,
                        'time': flat_text(time_el), 'text': flat_text(body)})
            index += 1
    return out


@tab_tool
async def meet_read_chat(args):
    _need('meet_read_chat', ['in_call'])
    await _chat_panel()
    limit = args['limit'] if 'limit' in args else 50
    messages = shape_chat(_messages(), limit)
    return {'messages': messages, 'count': len(messages), 'untrusted': True}


def _enabled(cid):
    element = locate(SITE, cid, None)
    if element == None or is_disabled(element):
        return None
    return element


def _showing(text):
    """How many chat messages read exactly `text` now."""
    wanted = shape_text(text, TEXT_CAP)
    count = 0
    for message in _messages():
        if shape_text(message['text'], TEXT_CAP) == wanted:
            count += 1
    return count


@tab_handler(POST_CHAT)
async def post_chat(args):
    """Type and send one message; verified by the message showing in the chat (not by a count of
    messages). Fails before the click with adapter_error (nothing was sent); after it, a send that
    nothing confirms is `unverified`, never a plain failure: it may have gone out."""
    _need('meet_send_chat', ['in_call'])
    box = await _chat_panel()
    text = args['text']
    before = _showing(text)
    set_value(box, text)
    send = await wait_for(lambda: _enabled('chat_send'), STEP_MS)
    if send == None:
        raise _fail('the send button did not become enabled; nothing was sent', None)
    user_click(send)
    shown = await wait_for(lambda: _showing(text) > before, SENT_MS)
    if shown != None:
        return {'sent': True, 'verified': True, 'text': text}
    if len(input_value(box)) == 0:
        return {'sent': True, 'verified': False, 'text': text,
                'note': 'Meet took the message (its box emptied) but it did not show in the chat; read the chat '
                        '(meet_read_chat) before sending it again'}
    raise ToolError(UNVERIFIED, 'clicked Send, but neither did the message show in the chat nor did its box empty: '
                    'it may have gone out. Read the chat (meet_read_chat) before sending it again',
                    {'hint': 'check the Meet chat before retrying: a retry may send the message twice'})


# --- captions -----------------------------------------------------------------------------------

def _deepest_lines(region):
    """Without the line class: the deepest elements of the region holding two or more text pieces
    (speaker and words), in order."""
    out = []
    for element in find_all(region, 'div'):
        if len(text_leaves(element)) < 2:
            continue
        inner = False
        for child in children_of(element):
            if len(text_leaves(child)) >= 2:
                inner = True
        if not inner:
            out.append(element)
    return out


def _caption_lines(region):
    entries = []
    lines = locate_all(SITE, 'caption_line', region)
    if len(lines) == 0:
        lines = _deepest_lines(region)
    for line in lines:
        speaker = locate_any(SITE, 'caption_speaker', line)
        words_el = locate_any(SITE, 'caption_text', line)
        if speaker != None and words_el != None:
            entries.append({'speaker': flat_text(speaker), 'text': flat_text(words_el)})
            continue
        leaves = text_leaves(line)
        if len(leaves) >= 2:
            entries.append({'speaker': leaves[0], 'text': ' '.join(leaves[1:])})
        elif len(leaves) == 1:
            entries.append({'speaker': '', 'text': leaves[0]})
    return entries


@tab_tool
async def meet_read_captions(args):
    _need('meet_read_captions', ['in_call'])
    limit = args['limit'] if 'limit' in args else 20
    region = present(SITE, 'captions_region', None)
    if region == None:
        return {'captions': _control_state('captions_button') or 'off', 'lines': [], 'untrusted': True,
                'message': 'no captions are shown; turn them on with meet_set_captions'}
    entries = _caption_lines(region)
    if len(entries) == 0 and len(text_leaves(region)) > 0:
        raise _fail('the Captions region shows text that cannot be read as caption lines (Meet\'s markup '
                    'changed?)', {'text_pieces': len(text_leaves(region))})
    return {'captions': 'on', 'lines': shape_captions(entries, limit), 'untrusted': True}


# --- recording ----------------------------------------------------------------------------------

def _recording_control(key, root):
    wanted = word(SITE, key)
    for element in locate_all(SITE, 'recording_controls', root):
        if spoken_text(element) == wanted and is_visible(element):
            return element
    return None


def _recording_entry():
    panel = locate_any(SITE, 'side_panel', None)
    entry = _recording_control('recording', panel) if panel != None else None
    return entry if entry != None else _recording_control('manage_recording', None)


async def _recording(tool_name, start):
    _need(tool_name, ['in_call'])
    recording = shows_text(SITE, 'recording_indicator')
    if recording == start:
        return {'changed': False, 'recording': recording,
                'message': 'the call is ' + ('already' if start else 'not') + ' being recorded; nothing was clicked'}
    action = 'start_recording' if start else 'stop_recording'
    button = _recording_control(action, None)
    if button == None:
        entry = _recording_entry()
        if entry == None:
            opener = locate(SITE, 'meeting_tools_button', None)
            if opener != None:
                user_click(opener)
                entry = await wait_for(_recording_entry, STEP_MS)
        if entry == None:
            more = locate(SITE, 'more_options_button', None)
            if more != None:
                user_click(more)
                entry = await wait_for(lambda: _recording_control('manage_recording', None), STEP_MS)
        if entry == None:
            raise _fail('neither Meeting tools nor More options offers recording (it may not be available)', None)
        user_click(entry)
        button = await wait_for(lambda: _recording_control(action, None), STEP_MS)
        if button == None:
            raise _fail('the Recording panel has no "' + word(SITE, action) + '" button', None)
    before = _open_dialogs()
    user_click(button)
    await _confirm(before, None, 'start' if start else 'stop_recording')
    done = await wait_for(lambda: shows_text(SITE, 'recording_indicator') == start, STEP_MS)
    if done == None:
        raise _fail('confirmed but the recording indicator did not ' + ('appear' if start else 'go away'), None)
    return {'changed': True, 'recording': start}


@tab_tool
async def meet_start_recording(args):
    return await _recording('meet_start_recording', True)


@tab_tool
async def meet_stop_recording(args):
    return await _recording('meet_stop_recording', False)
