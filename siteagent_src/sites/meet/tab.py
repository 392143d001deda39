"""Google Meet's tab half: the lobby, call controls, people, chat, captions and recording (content.js).

Handlers re-query the page after every click: Meet re-renders its panels and dialogs. Each
returns a plain result or raises ToolError.
"""
from core.outcome import ToolError
from core.reasons import ADAPTER_ERROR, INVALID_ARGS
from sites.meet.logic import (code_from_url, match_participant, refusal_message, toggle_state, classify_state,
                              state_failure_text, shape_chat, shape_captions, parse_details, normalize_name,
                              meeting_url, trailing_number)
from sites.meet.tools import (SEL, MEETING_INFO, JOIN, LEAVE, SET_MICROPHONE, SET_CAMERA, LIST_PARTICIPANTS,
                              ADMIT_PARTICIPANT, MUTE_PARTICIPANT, REMOVE_PARTICIPANT, READ_CHAT, SEND_CHAT,
                              RAISE_HAND, SET_CAPTIONS, READ_CAPTIONS, START_RECORDING, STOP_RECORDING,
                              STATUS_NOW, AWAIT_LOBBY, NAMES)
from sites.kit.tab import tab_handler
from webapi.dom import (find, find_all, attr, flat_text, spoken_text, is_visible, is_disabled, control_with_text,
                        first_visible, page_text, user_click, set_value, text_leaves, children_of, location_href,
                        wait_for)

JOIN_LABELS = ['Join now', 'Ask to join', 'Switch here']
STEP_MS = 1500


def _fail(message, extra):
    return ToolError(ADAPTER_ERROR, message, extra)


# --- reading the page ---------------------------------------------------------------------------

def _first_visible(selector):
    return first_visible(None, selector)


def _join_button():
    for label in JOIN_LABELS:
        button = control_with_text(None, SEL['buttons'], label)
        if button != None:
            return button
    return None


def _control_state(selector):
    control = _first_visible(selector)
    if control == None:
        return None
    return toggle_state(attr(control, 'aria-label'), attr(control, 'data-is-muted'))


def _title():
    node = find(None, SEL['title'])
    return attr(node, 'data-meeting-title') if node != None else None


def _state():
    code = code_from_url(location_href())
    join = _join_button()
    text = page_text()
    heading = control_with_text(None, 'h1, h2', 'You left the meeting')
    signals = {'leave': _first_visible(SEL['leave']) != None,
               'join_label': spoken_text(join) if join != None else None,
               'asking': text.find('Asking to be let in') >= 0,
               'ended': heading != None or control_with_text(None, SEL['buttons'], 'Rejoin') != None,
               'landing': find(None, SEL['code_input']) != None,
               'code': code}
    return classify_state(signals)


@tab_handler(STATUS_NOW)
def status_now(args):
    state = _state()
    code = code_from_url(location_href())
    join = _join_button()
    out = {'state': state, 'code': code, 'url': meeting_url(code), 'title': _title(),
           'signed_in': find(None, SEL['account']) != None,
           'microphone': _control_state(SEL['mic']), 'camera': _control_state(SEL['camera'])}
    if state == 'lobby':
        out['join_label'] = spoken_text(join) if join != None else None
    if state == 'in_call':
        out['captions'] = _control_state(SEL['captions_button'])
        out['hand'] = 'raised' if _control_state(SEL['hand_button']) == 'on' else 'lowered'
        out['recording'] = find(None, SEL['recording_badge']) != None
        out['participant_count'] = trailing_number(flat_text(find(None, SEL['people_button'])))
    return out


def _need(tool_name, needed):
    """Raises unless the page is in one of the needed states (the failure names both)."""
    state = _state()
    for wanted in needed:
        if state == wanted:
            return
    raise _fail(state_failure_text(tool_name, state, needed[0]), {'state': state})


async def _ensure_panel(button_selector, ready_selector):
    """Open a side panel by its toolbar button unless what it shows is already there."""
    ready = find(None, ready_selector)
    if ready != None and is_visible(ready):
        return ready
    button = _first_visible(button_selector)
    if button == None:
        return None
    user_click(button)
    return await wait_for(lambda: _first_visible(ready_selector), STEP_MS)


async def _click_and_wait(element, probe):
    user_click(element)
    return await wait_for(probe, STEP_MS)


# --- tools --------------------------------------------------------------------------------------

@tab_handler(AWAIT_LOBBY)
async def await_lobby(args):
    """After a navigation: wait until the meeting page has rendered (lobby, or already in it)."""
    def settled():
        state = _state()
        return state if state == 'lobby' or state == 'in_call' or state == 'asking' else None
    found = await wait_for(settled, 2500)
    if found == None:
        raise _fail('the meeting page did not show a lobby (state: ' + _state() + ')', {'state': _state()})
    return status_now(args)


@tab_handler(MEETING_INFO)
async def meeting_info(args):
    code = code_from_url(location_href())
    if code == None:
        raise _fail('no meeting is open in the Meet tab (it shows ' + _state() + ')', {'state': _state()})
    out = {'code': code, 'link': meeting_url(code), 'title': _title(), 'dial_in': None, 'state': _state()}
    if out['state'] == 'in_call':
        panel = await _ensure_panel(SEL['details_button'], SEL['side_panel'])
        if panel != None and control_with_text(panel, 'h2, [role="heading"]', 'Meeting details') == None:
            user_click(_first_visible(SEL['details_button']))
            await wait_for(lambda: control_with_text(None, 'h2, [role="heading"]', 'Meeting details'), STEP_MS)
        heading = control_with_text(None, 'h2, [role="heading"]', 'Meeting details')
        if heading != None:
            details = parse_details(text_leaves(find(None, SEL['side_panel'])))
            if details['link'] != None:
                out['link'] = details['link']
            if details['phone'] != None or details['pin'] != None:
                out['dial_in'] = {'phone': details['phone'], 'pin': details['pin']}
    return out


@tab_handler(JOIN)
async def join(args):
    _need('meet_join', ['lobby'])
    button = _join_button()
    via = spoken_text(button)
    mic = _control_state(SEL['mic'])
    camera = _control_state(SEL['camera'])

    def moved():
        state = _state()
        return state if state == 'in_call' or state == 'asking' else None
    state = await _click_and_wait(button, moved)
    if state == None:
        raise _fail('clicked "' + via + '" but the call did not start', {'state': _state()})
    return {'joined': state == 'in_call', 'state': state, 'via': via, 'microphone': mic, 'camera': camera,
            'code': code_from_url(location_href())}


@tab_handler(LEAVE)
async def leave(args):
    _need('meet_leave', ['in_call'])
    state = await _click_and_wait(_first_visible(SEL['leave']), lambda: _state() if _state() != 'in_call' else None)
    if state == None:
        raise _fail('clicked "Leave call" but the call is still shown', {'state': 'in_call'})
    return {'left': True, 'state': state}


async def _toggle(tool_name, key, selector, needed, args):
    """Set an on/off control (idempotent: nothing is clicked when it already is)."""
    _need(tool_name, needed)
    wanted = args['state'] if 'state' in args else ('on' if args['raised'] else 'off')
    control = _first_visible(selector)
    if control == None:
        raise _fail('the ' + key + ' control is not on the page', None)
    current = toggle_state(attr(control, 'aria-label'), attr(control, 'data-is-muted'))
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
    done = await wait_for(lambda: _control_state(selector) == wanted, STEP_MS)
    if done == None:
        raise _fail('clicked the ' + key + ' control but it still reads ' + str(_control_state(selector)), None)
    out = {'changed': True}
    out[key] = shown
    return out


IN_LOBBY_OR_CALL = ['lobby', 'in_call', 'asking']


@tab_handler(SET_MICROPHONE)
async def set_microphone(args):
    return await _toggle('meet_set_microphone', 'microphone', SEL['mic'], IN_LOBBY_OR_CALL, args)


@tab_handler(SET_CAMERA)
async def set_camera(args):
    return await _toggle('meet_set_camera', 'camera', SEL['camera'], IN_LOBBY_OR_CALL, args)


@tab_handler(RAISE_HAND)
async def raise_hand(args):
    return await _toggle('meet_raise_hand', 'hand', SEL['hand_button'], ['in_call'], args)


@tab_handler(SET_CAPTIONS)
async def set_captions(args):
    return await _toggle('meet_set_captions', 'captions', SEL['captions_button'], ['in_call'], args)


# --- people -------------------------------------------------------------------------------------

def _row_info(row, self_mic):
    name = normalize_name(attr(row, 'aria-label') or flat_text(find(row, 'span')))
    text = flat_text(row)
    is_self = text.find('(You)') >= 0
    muted = None
    if is_self:
        muted = None if self_mic == None else self_mic == 'off'
    else:
        for button in find_all(row, 'button'):
            label = attr(button, 'aria-label') or ''
            if label.find('can\'t unmute') >= 0 and is_disabled(button):
                muted = True
            elif label.startswith('Mute ') and label.endswith('\'s microphone'):
                muted = False
    return {'name': name, 'self': is_self, 'host': text.find('Meeting host') >= 0, 'muted': muted,
            'hand': text.find('front_hand') >= 0}


async def _people():
    """Open the People panel; {rows, waiting} (live elements: use them at once)."""
    listed = await _ensure_panel(SEL['people_button'], SEL['participants'])
    if listed == None:
        raise _fail('the People panel did not open', None)
    return {'rows': find_all(None, SEL['participants']), 'waiting': find_all(None, SEL['waiting'])}


@tab_handler(LIST_PARTICIPANTS)
async def list_participants(args):
    _need('meet_list_participants', ['in_call'])
    found = await _people()
    self_mic = _control_state(SEL['mic'])
    participants = [_row_info(row, self_mic) for row in found['rows']]
    waiting = [{'name': normalize_name(attr(row, 'aria-label') or flat_text(row))} for row in found['waiting']]
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
    out = []
    for row in rows:
        if flat_text(row).find('(You)') < 0:
            out.append(row)
    return out


def _row_named(selector, wanted, is_self_ok):
    """The one live row with that exact name (None unless exactly one)."""
    hits = []
    for row in find_all(None, selector):
        if not is_self_ok and flat_text(row).find('(You)') >= 0:
            continue
        if normalize_name(attr(row, 'aria-label')) == wanted:
            hits.append(row)
    return hits[0] if len(hits) == 1 else None


async def _confirm(expect_in_title, button_label):
    """Click button_label in the dialog that opened, after checking its title names the target."""
    dialog = await wait_for(lambda: _first_visible(SEL['dialog']), STEP_MS)
    if dialog == None:
        raise _fail('the confirmation dialog did not open', None)
    title = flat_text(find(dialog, 'h2, [role="heading"]'))
    if expect_in_title != None and title.find(expect_in_title) < 0:
        cancel = control_with_text(dialog, 'button', 'Cancel')
        if cancel != None:
            user_click(cancel)
        raise _fail('the confirmation dialog reads "' + title + '", not about ' + expect_in_title + '; cancelled', None)
    ok = control_with_text(dialog, 'button', button_label)
    if ok == None:
        raise _fail('the confirmation dialog has no "' + button_label + '" button', None)
    user_click(ok)
    gone = await wait_for(lambda: _first_visible(SEL['dialog']) == None, STEP_MS)
    if gone == None:
        raise _fail('the confirmation dialog did not close', None)


@tab_handler(ADMIT_PARTICIPANT)
async def admit(args):
    _need('meet_admit_participant', ['in_call'])
    found = await _people()
    if len(found['waiting']) == 0:
        raise ToolError(INVALID_ARGS, 'name: nobody is waiting to join', {'field': 'name', 'match': 'none',
                                                                           'candidates': []})
    picked = _resolve(found['waiting'], args['name'], 'the waiting list', None)
    button = control_with_text(picked['row'], 'button', 'Admit')
    if button == None:
        raise _fail('no Admit button next to "' + picked['name'] + '" (host controls may be off)', None)
    name = picked['name']
    gone = await _click_and_wait(button, lambda: _row_named(SEL['waiting'], name, True) == None)
    if gone == None:
        raise _fail('clicked Admit but "' + name + '" is still waiting', None)
    return {'admitted': name}


async def _pick_other(tool_name, wanted):
    """In a call, the one other participant displayed exactly as `wanted`: {name, row}."""
    _need(tool_name, ['in_call'])
    found = await _people()
    return _resolve(_others(found['rows']), wanted, 'the call (other than you)', None)


@tab_handler(MUTE_PARTICIPANT)
async def mute(args):
    picked = await _pick_other('meet_mute_participant', args['name'])
    name = picked['name']
    if _row_info(picked['row'], None)['muted'] is True:
        return {'changed': False, 'muted': name, 'message': name + ' is already muted; nothing was clicked'}
    button = None
    for candidate in find_all(picked['row'], 'button'):
        label = attr(candidate, 'aria-label') or ''
        if label.startswith('Mute ') and label.endswith('\'s microphone') and not is_disabled(candidate):
            button = candidate
    if button == None:
        raise _fail('no mute control for "' + name + '" (you may not be a host)', None)
    user_click(button)
    await _confirm(name, 'Mute')
    row = await wait_for(lambda: _row_named(SEL['participants'], name, False), STEP_MS)
    if row == None or _row_info(row, None)['muted'] is not True:
        raise _fail('confirmed the mute but "' + name + '" does not show as muted', None)
    return {'changed': True, 'muted': name}


@tab_handler(REMOVE_PARTICIPANT)
async def remove(args):
    picked = await _pick_other('meet_remove_participant', args['name'])
    name = picked['name']
    more = find(picked['row'], 'button[aria-haspopup="menu"]')
    if more == None:
        raise _fail('no "More actions" control for "' + name + '"', None)
    user_click(more)
    item = await wait_for(lambda: control_with_text(None, '[role="menu"] [role="menuitem"]', 'Remove from the call'),
                          STEP_MS)
    if item == None:
        raise _fail('the menu for "' + name + '" has no "Remove from the call" (you may not be a host)', None)
    user_click(item)
    await _confirm(name, 'Remove')
    gone = await wait_for(lambda: _row_named(SEL['participants'], name, False) == None, STEP_MS)
    if gone == None:
        raise _fail('confirmed the removal but "' + name + '" is still listed', None)
    return {'removed': name}


@tab_handler(NAMES)
def names(args):
    """Names in the People panel's list, without opening anything (for previews)."""
    selector = SEL['waiting'] if args['list'] == 'waiting' else SEL['participants']
    rows = find_all(None, selector)
    if args['list'] != 'waiting':
        rows = _others(rows)
    return {'names': [normalize_name(attr(row, 'aria-label')) for row in rows]}


# --- chat and captions --------------------------------------------------------------------------

async def _chat_panel():
    box = await _ensure_panel(SEL['chat_button'], SEL['chat_input'])
    if box == None:
        raise _fail('the chat panel did not open', None)


def _messages():
    out = []
    for node in find_all(None, SEL['chat_message']):
        body = find(node, '[jsname="dTKtvb"]')
        out.append({'id': attr(node, 'data-message-id'), 'sender': flat_text(find(node, '.poVWob')),
                    'time': flat_text(find(node, '.MuzmKe')), 'text': flat_text(body if body != None else node)})
    return out


@tab_handler(READ_CHAT)
async def read_chat(args):
    _need('meet_read_chat', ['in_call'])
    await _chat_panel()
    limit = args['limit'] if 'limit' in args else 50
    messages = shape_chat(_messages(), limit)
    return {'messages': messages, 'count': len(messages), 'untrusted': True}


def _enabled(selector):
    element = _first_visible(selector)
    if element == None or is_disabled(element):
        return None
    return element


@tab_handler(SEND_CHAT)
async def send_chat(args):
    _need('meet_send_chat', ['in_call'])
    await _chat_panel()
    before = len(find_all(None, SEL['chat_message']))
    box = _first_visible(SEL['chat_input'])
    set_value(box, args['text'])
    send = await wait_for(lambda: _enabled(SEL['chat_send']), STEP_MS)
    if send == None:
        raise _fail('the send button did not become enabled', None)
    user_click(send)
    shown = await wait_for(lambda: len(find_all(None, SEL['chat_message'])) > before, STEP_MS)
    if shown == None:
        raise _fail('clicked send but the message did not appear in the chat', None)
    return {'sent': True, 'text': args['text']}


def _caption_lines(region):
    entries = []
    for child in children_of(region):
        leaves = text_leaves(child)
        if len(leaves) >= 2:
            entries.append({'speaker': leaves[0], 'text': ' '.join(leaves[1:])})
        elif len(leaves) == 1:
            entries.append({'speaker': '', 'text': leaves[0]})
    return entries


@tab_handler(READ_CAPTIONS)
async def read_captions(args):
    _need('meet_read_captions', ['in_call'])
    limit = args['limit'] if 'limit' in args else 20
    region = find(None, SEL['captions_region'])
    if region == None:
        return {'captions': _control_state(SEL['captions_button']) or 'off', 'lines': [], 'untrusted': True,
                'message': 'no captions are shown; turn them on with meet_set_captions'}
    return {'captions': 'on', 'lines': shape_captions(_caption_lines(region), limit), 'untrusted': True}


# --- recording ----------------------------------------------------------------------------------

def _item_with_leaf(label):
    panel = find(None, SEL['side_panel'])
    if panel == None:
        return None
    for element in find_all(panel, 'button, [role="listitem"]'):
        for piece in find_all(element, 'span'):
            if flat_text(piece) == label and is_visible(element):
                return element
    return None


async def _recording(tool_name, start):
    _need(tool_name, ['in_call'])
    recording = find(None, SEL['recording_badge']) != None
    if recording == start:
        return {'changed': False, 'recording': recording,
                'message': 'the call is ' + ('already' if start else 'not') + ' being recorded; nothing was clicked'}
    action = 'Start recording' if start else 'Stop recording'
    button = control_with_text(None, SEL['buttons'], action)
    if button == None:
        entry = _item_with_leaf('Recording')
        if entry == None:
            opener = _first_visible(SEL['activities_button'])
            if opener == None:
                raise _fail('no Activities control on the page', None)
            user_click(opener)
            entry = await wait_for(lambda: _item_with_leaf('Recording'), STEP_MS)
        if entry == None:
            raise _fail('the Activities panel has no Recording entry (recording may not be available)', None)
        user_click(entry)
        button = await wait_for(lambda: control_with_text(None, SEL['buttons'], action), STEP_MS)
        if button == None:
            raise _fail('the Recording panel has no "' + action + '" button', None)
    user_click(button)
    await _confirm(None, 'Start' if start else 'Stop recording')
    done = await wait_for(lambda: (find(None, SEL['recording_badge']) != None) == start, STEP_MS)
    if done == None:
        raise _fail('confirmed but the recording indicator did not ' + ('appear' if start else 'go away'), None)
    return {'changed': True, 'recording': start}


@tab_handler(START_RECORDING)
async def start_recording(args):
    return await _recording('meet_start_recording', True)


@tab_handler(STOP_RECORDING)
async def stop_recording(args):
    return await _recording('meet_stop_recording', False)
