"""Pure Meet logic: meeting codes and URLs, participant matching, the page state from positive evidence,
control states from labels, text shaping, approval previews. Label texts come from the site's label
table (sites/meet/contracts.py LABELS) as `words`."""
from core.jsonval import kind_of, str_len, str_head, get_key
from core.text import fold_text
from core.origins import host_of, trim_c0
from core.preview import build_preview, clean_text

MEET_HOST = 'meet.google.com'
MEET_ORIGIN = 'https://meet.google.com'
NEW_MEETING_URL = 'https://meet.google.com/new'
CODE_HINT = 'a meeting code looks like abc-defg-hij (10 letters) or https://meet.google.com/abc-defg-hij'
STATES = ['landing', 'lobby', 'waiting', 'in_call', 'ended', 'not_found', 'denied', 'unknown']
MAX_WAIT_ADMITTED_S = 120
NAME_CAP = 200
TEXT_CAP = 2000
CANDIDATE_CAP = 50


def _is_letter(ch):
    return ch >= 'a' and ch <= 'z'


def _letters_only(text):
    for ch in text:
        if not _is_letter(ch):
            return False
    return True


def is_meeting_code(text):
    """True for a normalised code: three, four and three lower-case letters joined by dashes."""
    if kind_of(text) != 'string' or len(text) != 12:
        return False
    if text[3] != '-' or text[8] != '-':
        return False
    return _letters_only(text[0:3]) and _letters_only(text[4:8]) and _letters_only(text[9:12])


def _code_from_text(text):
    """abc-defg-hij, ABC-DEFG-HIJ or abcdefghij as a normalised code, else None."""
    lowered = text.lower()
    if is_meeting_code(lowered):
        return lowered
    if len(lowered) == 10 and _letters_only(lowered):
        return lowered[0:3] + '-' + lowered[3:7] + '-' + lowered[7:10]
    return None


def _first_segment(path):
    """'abc-defg-hij' from '/abc-defg-hij?x#y' (the first path segment, query and fragment dropped)."""
    end = len(path)
    for stop in ['?', '#']:
        at = path.find(stop)
        if at >= 0 and at < end:
            end = at
    path = path[0:end]
    if path.startswith('/'):
        path = path[1:]
    slash = path.find('/')
    if slash >= 0:
        rest = path[slash + 1:]
        if len(rest) > 0:
            return None
        path = path[0:slash]
    return path


def _path_of(url):
    sep = url.find('://')
    rest = url[sep + 3:] if sep >= 0 else url
    starts = []
    for stop in ['/', '?', '#']:
        at = rest.find(stop)
        if at >= 0:
            starts.append(at)
    if len(starts) == 0:
        return '/'
    first = min(starts)
    tail = rest[first:]
    if not tail.startswith('/'):
        return '/' + tail
    return tail


def code_from_url(url):
    """The meeting code of a meet.google.com URL (https only), else None."""
    if kind_of(url) != 'string':
        return None
    text = trim_c0(url)
    if not text.lower().startswith('https://') or host_of(text) != MEET_HOST:
        return None
    segment = _first_segment(_path_of(text))
    if segment is None:
        return None
    return _code_from_text(segment) if is_meeting_code(segment.lower()) else None


def parse_meeting_ref(value):
    """A code or link typed by someone: {ok, code, url} or {ok: False, message}."""
    if kind_of(value) != 'string':
        return {'ok': False, 'message': 'must be a string; ' + CODE_HINT}
    text = trim_c0(value)
    if len(text) == 0:
        return {'ok': False, 'message': 'is empty; ' + CODE_HINT}
    code = None
    if text.find('/') >= 0 or text.find('.') >= 0:
        candidate = text
        lowered = candidate.lower()
        if lowered.startswith('meet.google.com/'):
            candidate = 'https://' + candidate
        elif lowered.startswith('http://'):
            candidate = 'https://' + candidate[7:]
        if host_of(candidate) != MEET_HOST:
            return {'ok': False, 'message': 'is not a meet.google.com link; ' + CODE_HINT}
        segment = _first_segment(_path_of(candidate))
        if segment is not None:
            code = _code_from_text(segment)
    else:
        code = _code_from_text(text)
    if code is None:
        return {'ok': False, 'message': 'is not a meeting code; ' + CODE_HINT}
    return {'ok': True, 'code': code, 'url': MEET_ORIGIN + '/' + code}


def meeting_url(code):
    return MEET_ORIGIN + '/' + code if is_meeting_code(code) else None


# --- names -------------------------------------------------------------------------------------

def normalize_name(text):
    """A displayed name as compared: invisible characters dropped, whitespace runs made one space,
    trimmed. Case is kept (matching is case-sensitive)."""
    if kind_of(text) != 'string':
        return ''
    return str_head(fold_text(text), NAME_CAP)


def match_participant(names, wanted):
    """Resolve `wanted` against displayed names by exact (normalised) equality.

    {status: 'match', index, name} for exactly one; {status: 'none' | 'several', candidates} else
    (several: the matching names; none: every name, capped)."""
    target = normalize_name(wanted)
    if kind_of(names) != 'array':
        names = []
    hits = []
    everyone = []
    for i in range(len(names)):
        name = normalize_name(names[i])
        if len(name) == 0:
            continue
        if len(everyone) < CANDIDATE_CAP:
            everyone.append(name)
        if len(target) > 0 and name == target:
            hits.append(i)
    if len(hits) == 1:
        return {'status': 'match', 'index': hits[0], 'name': normalize_name(names[hits[0]])}
    if len(hits) > 1:
        return {'status': 'several', 'candidates': [normalize_name(names[i]) for i in hits]}
    return {'status': 'none', 'candidates': everyone}


def refusal_message(status, wanted, candidates, where):
    """The text of a refusal for a name that matched none or several people in `where`."""
    shown = normalize_name(wanted)
    listed = '; '.join(['"' + c + '"' for c in candidates])
    if status == 'several':
        return ('name: ' + str(len(candidates)) + ' people in ' + where + ' are displayed as "' + shown
                + '"; nothing was done (refusing to guess). Candidates: ' + listed)
    if len(candidates) == 0:
        return 'name: nobody in ' + where + ' is displayed as "' + shown + '"; the list is empty'
    return ('name: nobody in ' + where + ' is displayed exactly as "' + shown
            + '" (matching is exact and case-sensitive). Candidates: ' + listed)


# --- state from positive evidence ------------------------------------------------------------------

def _count(value):
    return value if kind_of(value) == 'number' and value > 0 else 0


def classify_state(signals):
    """Where the tab is, from positive evidence only. Each state needs evidence of its own, none of
    it a control the waiting room also shows (Leave call, chat, the call-controls toolbar, tiles),
    and the page must show exactly one state's evidence; otherwise 'unknown' (tools that act refuse).

    signals: {anchors: how many admission anchors are shown (the "Meeting details" control, the region
    "Call feature notifications and actions", the Captions region), waiting: the waiting-room text,
    join: a join control, ended, not_found, denied: their screens, landing: the home page's path and
    code field, code: the meeting code or None}. Exactly one state may show its evidence: the waiting
    text next to an admission anchor, or a join control next to an ended screen, is 'unknown'."""
    if kind_of(signals) != 'object':
        return 'unknown'
    found = []
    if _count(get_key(signals, 'anchors', 0)) > 0:
        found.append('in_call')
    for state, key in [['waiting', 'waiting'], ['lobby', 'join'], ['ended', 'ended'], ['not_found', 'not_found'],
                       ['denied', 'denied']]:
        if get_key(signals, key, None) is True:
            found.append(state)
    if get_key(signals, 'landing', None) is True and get_key(signals, 'code', None) is None:
        found.append('landing')
    if len(found) == 1:
        return found[0]
    return 'unknown'


def _texts(words, key):
    value = get_key(words, key, None)
    if kind_of(value) == 'string':
        return [value]
    if kind_of(value) == 'array':
        return value
    return []


def toggle_state(label, is_muted, words):
    """'on' | 'off' | 'unavailable' | None for a mic/camera/captions/hand control.

    A label naming a device problem ("Microphone problem. Show more info") means unavailable.
    Otherwise `is_muted` (data-is-muted, 'true'/'false'/None) wins, else the label says what a click
    would do: "Turn off ..." means it is on now, "Turn on ..." off (words: the site's labels)."""
    text = normalize_name(label).lower() if kind_of(label) == 'string' else ''
    for word in _texts(words, 'device_problem'):
        if len(word) > 0 and text.find(word.lower()) >= 0:
            return 'unavailable'
    if is_muted == 'true':
        return 'off'
    if is_muted == 'false':
        return 'on'
    for word in _texts(words, 'state_on'):
        if len(word) > 0 and text.startswith(word.lower()):
            return 'on'
    for word in _texts(words, 'state_off'):
        if len(word) > 0 and text.startswith(word.lower()):
            return 'off'
    return None


def signed_in_from(anonymous, switch_link, joined_as):
    """True / False / None (unknown) from [data-is-anonymous]'s value ('false' signed in, 'true' a
    guest), the lobby's "Switch account" link, or the call's "Joined as ..." text."""
    if anonymous == 'false':
        return True
    if anonymous == 'true':
        return False
    if switch_link is True or joined_as is True:
        return True
    return None


def meeting_title(document_title, code, words):
    """The meeting's title from the page title ("Meet - Weekly sync"), or None when it only names
    the code (or nothing)."""
    text = normalize_name(document_title)
    for prefix in _texts(words, 'title_prefix'):
        if len(prefix) > 0 and text.startswith(normalize_name(prefix)):
            rest = normalize_name(text[len(normalize_name(prefix)):])
            if len(rest) == 0 or rest.lower() == code or is_meeting_code(rest.lower()):
                return None
            return rest
    return None


def count_from(attribute, text):
    """A participant count from [data-avatar-count], else the number a badge's text ends with."""
    if kind_of(attribute) == 'string' and len(attribute) > 0 and len(attribute) <= 6:
        value = trailing_number(attribute)
        if value is not None and str(value) == attribute.strip():
            return value
    return trailing_number(normalize_name(text))


def state_failure_text(tool_name, state, needed):
    """Why a tool cannot run in the tab's current state, and what to do instead."""
    where = {'landing': 'the Meet home page', 'lobby': 'the lobby (not joined)',
             'waiting': 'the waiting room (asked to join, not admitted yet)', 'in_call': 'a call',
             'ended': 'a call that ended', 'not_found': 'Meet\'s "Check your meeting code" screen',
             'denied': 'a refused request to join',
             'unknown': 'a page Site Agent cannot place (no state shows evidence of its own, or several do)',
             'no_tab': 'no Meet tab'}
    now = where[state] if state in where else where['unknown']
    wanted = where[needed] if needed in where else needed
    text = tool_name + ' needs ' + wanted + '; the Meet tab shows ' + now
    if needed == 'in_call' and state == 'lobby':
        text = text + '. Join first (meet_join)'
    elif needed == 'in_call' and state == 'waiting':
        text = text + '. Wait until a host admits you (meet_status, or meet_join with wait_admitted_s)'
    elif needed == 'lobby' and state == 'in_call':
        text = text + '. Already in the call'
    elif state == 'unknown':
        text = text + '. Nothing was done; check the tab (meet_status)'
    elif needed == 'lobby':
        text = text + '. Open a meeting first (meet_open_meeting or meet_create_meeting)'
    return text


# --- text shaping ------------------------------------------------------------------------------

def shape_text(text, cap):
    """Other people's text as returned: control and bidi characters dropped, whitespace trimmed, capped."""
    cleaned = trim_c0(clean_text(text))
    if str_len(cleaned) > cap:
        return str_head(cleaned, cap) + '…'
    return cleaned


def shape_chat(messages, limit):
    """The last `limit` chat messages as [{sender, time, text}] (empty texts dropped)."""
    out = []
    if kind_of(messages) != 'array':
        return out
    for m in messages:
        if kind_of(m) != 'object':
            continue
        text = shape_text(get_key(m, 'text', None), TEXT_CAP)
        if len(text) == 0:
            continue
        out.append({'sender': normalize_name(get_key(m, 'sender', None)), 'time': shape_text(get_key(m, 'time', None), 40),
                    'text': text})
    if kind_of(limit) == 'number' and limit >= 0 and len(out) > limit:
        out = out[len(out) - limit:]
    return out


def shape_captions(entries, limit):
    """Caption lines as [{speaker, text}]: consecutive lines of one speaker are joined, the last `limit` kept."""
    out = []
    if kind_of(entries) != 'array':
        return out
    for e in entries:
        if kind_of(e) != 'object':
            continue
        text = shape_text(get_key(e, 'text', None), TEXT_CAP)
        if len(text) == 0:
            continue
        speaker = normalize_name(get_key(e, 'speaker', None))
        if len(out) > 0 and out[len(out) - 1]['speaker'] == speaker:
            last = out[len(out) - 1]
            last['text'] = shape_text(last['text'] + ' ' + text, TEXT_CAP)
        else:
            out.append({'speaker': speaker, 'text': text})
    if kind_of(limit) == 'number' and limit >= 0 and len(out) > limit:
        out = out[len(out) - limit:]
    return out


# --- approval previews -------------------------------------------------------------------------

def _meeting_label(code):
    return code if is_meeting_code(code) else '(unknown meeting)'


def action_preview(tool_name, args, code, detail):
    """The approval text for an irreversible Meet tool. detail: {mic, camera, join_label, note} (optional)."""
    if kind_of(args) != 'object':
        args = {}
    if kind_of(detail) != 'object':
        detail = {}
    meeting = _meeting_label(code)
    sections = []
    if tool_name == 'meet_send_chat':
        sections.append(['Send to everyone in the call', meeting])
        sections.append(['Message', get_key(args, 'text', None)])
    elif tool_name == 'meet_remove_participant':
        sections.append(['Remove from the call', normalize_name(get_key(args, 'name', None))])
        sections.append(['Meeting', meeting])
    elif tool_name == 'meet_mute_participant':
        sections.append(['Mute for everyone', normalize_name(get_key(args, 'name', None))])
        sections.append(['Meeting', meeting])
    elif tool_name == 'meet_admit_participant':
        sections.append(['Admit into the call', normalize_name(get_key(args, 'name', None))])
        sections.append(['Meeting', meeting])
    elif tool_name == 'meet_join':
        sections.append(['Join the meeting', meeting])
        sections.append(['Button', get_key(detail, 'join_label', None) or 'Join now / Ask to join'])
        sections.append(['Your microphone', get_key(detail, 'mic', None) or 'unknown'])
        sections.append(['Your camera', get_key(detail, 'camera', None) or 'unknown'])
    elif tool_name == 'meet_leave':
        sections.append(['Leave the call', meeting])
    elif tool_name == 'meet_start_recording':
        sections.append(['Start recording', meeting])
        sections.append(['Who is told', 'everyone in the call sees that it is being recorded'])
    elif tool_name == 'meet_stop_recording':
        sections.append(['Stop recording', meeting])
    else:
        sections.append(['Action', tool_name])
        sections.append(['Meeting', meeting])
    note = get_key(detail, 'note', None)
    if kind_of(note) == 'string' and len(note) > 0:
        sections.append(['Note', note])
    return build_preview(sections, None)


def parse_details(lines, words):
    """{link, phone, pin} from the text lines of the meeting details panel (None where not shown)."""
    out = {'link': None, 'phone': None, 'pin': None}
    if kind_of(lines) != 'array':
        return out
    phone_heads = [normalize_name(t).lower() for t in _texts(words, 'join_by_phone')]
    pin_heads = [normalize_name(t).lower() for t in _texts(words, 'pin_prefix')]
    after_phone = False
    for raw in lines:
        line = normalize_name(raw)
        lowered = line.lower()
        pin_head = None
        for head in pin_heads:
            if len(head) > 0 and lowered.startswith(head):
                pin_head = head
        if out['link'] is None and lowered.find('meet.google.com/') >= 0:
            start = lowered.find('meet.google.com/')
            code = _code_from_text(_first_segment(line[start + len('meet.google.com'):]) or '')
            if code is not None:
                out['link'] = MEET_ORIGIN + '/' + code
        elif pin_head is not None:
            out['pin'] = trim_c0(line[len(pin_head):])
        elif lowered in phone_heads:
            after_phone = True
        elif after_phone and out['phone'] is None and line.find('+') >= 0:
            out['phone'] = line
    return out


def trailing_number(text):
    """The whole number a label ends with ("people6", "People 12" -> 6, 12), else None."""
    if kind_of(text) != 'string':
        return None
    end = len(text)
    start = end
    while start > 0 and text[start - 1] >= '0' and text[start - 1] <= '9':
        start -= 1
    if start == end or end - start > 6:
        return None
    value = 0
    for ch in text[start:end]:
        value = value * 10 + (ord(ch) - 48)
    return value
