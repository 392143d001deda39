"""Google Calendar, pure: URL builders, ISO 8601 in / Calendar's formats out, view ranges,
chip labels, guest addresses, and the approval previews (guests first, before → after)."""
from core.jsonval import kind_of, has_key, get_key, code_point, str_len, str_head, all_digits
from core.preview import build_preview, PREVIEW_CAP

BASE = 'https://calendar.google.com/calendar/r'
VIEWS = ['day', 'week', 'month']
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
          'October', 'November', 'December']
ISO_HINT = 'YYYY-MM-DD for an all-day date, or YYYY-MM-DDTHH:MM[:SS] with an optional Z or +HH:MM offset'
RSVP_WORDS = {'accepted': 'yes', 'declined': 'no', 'tentative': 'maybe', 'maybe': 'maybe',
              'needs rsvp': 'needs_action', 'awaiting': 'needs_action', 'not responded': 'needs_action'}
RSVP_LABELS = {'yes': 'Yes', 'no': 'No', 'maybe': 'Maybe', 'needs_action': 'Not answered',
               'organizer': 'Organizer'}
_HEX = '0123456789ABCDEF'
_UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
_LOCAL_OK = "abcdefghijklmnopqrstuvwxyz0123456789.!#$%&'*+/=?^_`{|}~-"
FIELD_CAP = 300


# --- numbers and calendar arithmetic --------------------------------------------------------

def pad(n, width):
    text = str(n)
    while len(text) < width:
        text = '0' + text
    return text


def _num(text):
    n = 0
    for ch in text:
        n = n * 10 + (ord(ch) - 48)
    return n


def is_leap(y):
    return (y % 4 == 0 and y % 100 != 0) or y % 400 == 0


def days_in_month(y, m):
    if m == 2:
        return 29 if is_leap(y) else 28
    if m == 4 or m == 6 or m == 9 or m == 11:
        return 30
    return 31


def days_from_civil(y, m, d):
    """Days since 1970-01-01 (proleptic Gregorian)."""
    if m <= 2:
        y = y - 1
    era = y // 400
    yoe = y - era * 400
    mp = m - 3 if m > 2 else m + 9
    doy = (153 * mp + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    """[y, m, d] for days since 1970-01-01."""
    z = z + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y = y + 1
    return [y, m, d]


def weekday(y, m, d):
    """0 = Sunday ... 6 = Saturday."""
    return (days_from_civil(y, m, d) + 4) % 7


def date_text(y, m, d):
    return pad(y, 4) + '-' + pad(m, 2) + '-' + pad(d, 2)


def add_days(iso_date, n):
    """'YYYY-MM-DD' plus n days, or None for a bad date."""
    parsed = parse_iso(iso_date)
    if not parsed['ok'] or not parsed['all_day']:
        return None
    ymd = civil_from_days(days_from_civil(parsed['y'], parsed['m'], parsed['d']) + n)
    return date_text(ymd[0], ymd[1], ymd[2])


# --- ISO 8601 in --------------------------------------------------------------------------

def _bad(message):
    return {'ok': False, 'message': message}


def parse_iso(text):
    """{ok, all_day, y, m, d, hh, mi, ss, offset (minutes east of UTC, or None: Calendar's own time zone)}."""
    if kind_of(text) != 'string':
        return _bad('must be a string: ' + ISO_HINT)
    s = text.strip()
    if len(s) < 10 or s[4] != '-' or s[7] != '-':
        return _bad('must be ' + ISO_HINT)
    ys = s[0:4]
    ms = s[5:7]
    ds = s[8:10]
    if not all_digits(ys) or not all_digits(ms) or not all_digits(ds):
        return _bad('must be ' + ISO_HINT)
    y = _num(ys)
    m = _num(ms)
    d = _num(ds)
    if y < 1900 or y > 2200 or m < 1 or m > 12 or d < 1 or d > days_in_month(y, m):
        return _bad('is not a real calendar date (' + s[0:10] + ')')
    out = {'ok': True, 'all_day': True, 'y': y, 'm': m, 'd': d, 'hh': 0, 'mi': 0, 'ss': 0, 'offset': None}
    if len(s) == 10:
        return out
    if s[10] != 'T' and s[10] != 't' and s[10] != ' ':
        return _bad('must be ' + ISO_HINT)
    rest = s[11:]
    if len(rest) < 5 or rest[2] != ':' or not all_digits(rest[0:2]) or not all_digits(rest[3:5]):
        return _bad('must be ' + ISO_HINT)
    hh = _num(rest[0:2])
    mi = _num(rest[3:5])
    ss = 0
    rest = rest[5:]
    if len(rest) >= 3 and rest[0] == ':':
        if not all_digits(rest[1:3]):
            return _bad('must be ' + ISO_HINT)
        ss = _num(rest[1:3])
        rest = rest[3:]
        if len(rest) > 0 and rest[0] == '.':
            k = 1
            while k < len(rest) and rest[k] >= '0' and rest[k] <= '9':
                k += 1
            rest = rest[k:]
    if hh > 23 or mi > 59 or ss > 59:
        return _bad('has an impossible time of day')
    offset = None
    if rest == 'Z' or rest == 'z':
        offset = 0
    elif len(rest) > 0:
        sign = rest[0]
        body = rest[1:]
        if len(body) == 4 and all_digits(body):
            body = body[0:2] + ':' + body[2:4]
        if (sign != '+' and sign != '-') or len(body) != 5 or body[2] != ':' \
                or not all_digits(body[0:2]) or not all_digits(body[3:5]):
            return _bad('has an unreadable time zone offset (use Z or +HH:MM)')
        offset = _num(body[0:2]) * 60 + _num(body[3:5])
        if offset > 14 * 60:
            return _bad('has an impossible time zone offset')
        if sign == '-':
            offset = 0 - offset
    out['all_day'] = False
    out['hh'] = hh
    out['mi'] = mi
    out['ss'] = ss
    out['offset'] = offset
    return out


def _minutes(p):
    """Minutes since 1970 of the wall time (offset not applied)."""
    return (days_from_civil(p['y'], p['m'], p['d']) * 24 + p['hh']) * 60 + p['mi']


def _from_minutes(total, ss, offset):
    days = total // 1440
    left = total - days * 1440
    ymd = civil_from_days(days)
    return {'ok': True, 'all_day': False, 'y': ymd[0], 'm': ymd[1], 'd': ymd[2], 'hh': left // 60,
            'mi': left % 60, 'ss': ss, 'offset': offset}


def to_utc(p):
    if p['all_day'] or p['offset'] is None:
        return p
    return _from_minutes(_minutes(p) - p['offset'], p['ss'], 0)


def iso_of(p):
    """Canonical ISO text of a parsed value."""
    text = date_text(p['y'], p['m'], p['d'])
    if p['all_day']:
        return text
    text = text + 'T' + pad(p['hh'], 2) + ':' + pad(p['mi'], 2) + ':' + pad(p['ss'], 2)
    if p['offset'] is None:
        return text
    if p['offset'] == 0:
        return text + 'Z'
    off = p['offset']
    sign = '+'
    if off < 0:
        sign = '-'
        off = 0 - off
    return text + sign + pad(off // 60, 2) + ':' + pad(off % 60, 2)


def compact(p):
    """Calendar's dates= form: YYYYMMDD, YYYYMMDDTHHMMSS (Calendar's zone) or ...Z (UTC)."""
    text = pad(p['y'], 4) + pad(p['m'], 2) + pad(p['d'], 2)
    if p['all_day']:
        return text
    text = text + 'T' + pad(p['hh'], 2) + pad(p['mi'], 2) + pad(p['ss'], 2)
    if p['offset'] is not None:
        text = text + 'Z'
    return text


def _field_error(field, message):
    return {'ok': False, 'field': field, 'message': field + ': ' + message}


def event_times(start, end):
    """Check start/end and build the dates= value. All-day: start and end are dates, end is the last
    day (inclusive; it may be left out for one day). Timed: both date-times, end after start, and
    either both with an offset (sent as UTC) or neither (Calendar's own time zone)."""
    s = parse_iso(start)
    if not s['ok']:
        return _field_error('start', s['message'])
    if end is None:
        if not s['all_day']:
            return _field_error('end', 'is required for an event with a start time')
        e = s
    else:
        e = parse_iso(end)
        if not e['ok']:
            return _field_error('end', e['message'])
    if s['all_day'] != e['all_day']:
        return _field_error('end', 'must be a date when start is a date, and a date-time when start is one')
    if s['all_day']:
        if days_from_civil(e['y'], e['m'], e['d']) < days_from_civil(s['y'], s['m'], s['d']):
            return _field_error('end', 'is before start')
        after = civil_from_days(days_from_civil(e['y'], e['m'], e['d']) + 1)
        stop = {'all_day': True, 'y': after[0], 'm': after[1], 'd': after[2]}
        return {'ok': True, 'all_day': True, 'start': iso_of(s), 'end': iso_of(e),
                'dates': compact(s) + '/' + compact(stop)}
    if (s['offset'] is None) != (e['offset'] is None):
        return _field_error('end', 'give a time zone offset on both start and end, or on neither')
    su = to_utc(s)
    eu = to_utc(e)
    if _minutes(eu) * 60 + eu['ss'] <= _minutes(su) * 60 + su['ss']:
        return _field_error('end', 'must be after start')
    return {'ok': True, 'all_day': False, 'start': iso_of(s), 'end': iso_of(e),
            'dates': compact(su) + '/' + compact(eu)}


def local_time(text, field):
    """A wall-clock date-time for the event editor (no offset: the editor shows Calendar's zone)."""
    p = parse_iso(text)
    if not p['ok']:
        return _field_error(field, p['message'])
    if p['offset'] is not None:
        return _field_error(field, 'give the local time as Calendar shows it, without Z or an offset')
    return {'ok': True, 'all_day': p['all_day'], 'iso': iso_of(p), 'date': date_text(p['y'], p['m'], p['d']),
            'date_text': editor_date(p), 'time_text': None if p['all_day'] else editor_time(p['hh'], p['mi'])}


# --- Calendar's formats out ------------------------------------------------------------------

def editor_date(p):
    """The editor's date field: 'Mar 16, 2026'."""
    return MONTHS[p['m'] - 1][0:3] + ' ' + str(p['d']) + ', ' + str(p['y'])


def editor_time(hh, mi):
    """The editor's time field: '9:05am', '12:00pm'."""
    suffix = 'am' if hh < 12 else 'pm'
    h12 = hh % 12
    if h12 == 0:
        h12 = 12
    return str(h12) + ':' + pad(mi, 2) + suffix


def parse_time_12h(text):
    """'10am', '10:30pm', '12:00am', '14:00' -> [hh, mi], or None."""
    if kind_of(text) != 'string':
        return None
    s = text.strip().lower()
    suffix = ''
    if s.endswith('am') or s.endswith('pm'):
        suffix = s[len(s) - 2:]
        s = s[0:len(s) - 2].strip()
    parts = s.split(':')
    if len(parts) > 2 or not all_digits(parts[0]) or len(parts[0]) > 2:
        return None
    hh = _num(parts[0])
    mi = 0
    if len(parts) == 2:
        if not all_digits(parts[1]) or len(parts[1]) != 2:
            return None
        mi = _num(parts[1])
    if mi > 59:
        return None
    if suffix != '':
        if hh < 1 or hh > 12:
            return None
        hh = hh % 12
        if suffix == 'pm':
            hh = hh + 12
    elif hh > 23 or len(parts) != 2:
        return None
    return [hh, mi]


def _month_number(word):
    w = word.strip().lower()
    if len(w) < 3:
        return 0
    for i in range(12):
        name = MONTHS[i].lower()
        if w == name or w == name[0:3] or (len(w) == 4 and w[3] == '.' and w[0:3] == name[0:3]):
            return i + 1
    return 0


def parse_long_date(text):
    """'March 16, 2026' / 'Mar 16, 2026' / 'Monday, March 16, 2026' -> 'YYYY-MM-DD', or None."""
    if kind_of(text) != 'string':
        return None
    words = []
    for piece in text.replace(',', ' ').split(' '):
        if len(piece.strip()) > 0:
            words.append(piece.strip())
    if len(words) < 3:
        return None
    words = words[len(words) - 3:]
    m = _month_number(words[0])
    if m == 0 or not all_digits(words[1]) or not all_digits(words[2]) or len(words[2]) != 4:
        return None
    y = _num(words[2])
    d = _num(words[1])
    if d < 1 or d > days_in_month(y, m):
        return None
    return date_text(y, m, d)


def _join_date_time(date_iso, hm):
    return date_iso + 'T' + pad(hm[0], 2) + ':' + pad(hm[1], 2) + ':00'


def parse_chip_label(label, title):
    """A chip's screen-reader text, e.g. '10am to 11am, Team sync, Alice Example, Accepted, Room 4,
    March 16, 2026' or 'All day, Offsite, March 18, 2026'. title: the chip's visible title (it may
    contain commas), or None. Returns {title, start, end, all_day, organizer, my_rsvp, location, when}."""
    out = {'title': None, 'start': None, 'end': None, 'all_day': False, 'organizer': None,
           'my_rsvp': None, 'location': None, 'when': None}
    if kind_of(label) != 'string':
        return out
    segs = []
    for piece in label.split(', '):
        segs.append(piece.strip())
    if len(segs) < 4:
        out['title'] = title if kind_of(title) == 'string' else label
        return out
    when = segs[0]
    out['when'] = when
    date_iso = parse_long_date(segs[len(segs) - 2] + ', ' + segs[len(segs) - 1])
    mid = segs[1:len(segs) - 2]
    if kind_of(title) == 'string' and len(title) > 0:
        joined = ', '.join(mid)
        if joined == title:
            mid = []
        elif joined.startswith(title + ', '):
            mid = joined[len(title) + 2:].split(', ')
        else:
            title = None
    if kind_of(title) != 'string' or len(title) == 0:
        title = mid[0] if len(mid) > 0 else ''
        mid = mid[1:]
    out['title'] = title
    r = -1
    for i in range(len(mid)):
        if mid[i].lower() in RSVP_WORDS:
            r = i
    if r >= 0:
        out['my_rsvp'] = RSVP_WORDS[mid[r].lower()]
        if r > 0:
            out['organizer'] = ', '.join(mid[0:r])
        rest = mid[r + 1:]
    else:
        rest = mid
    if len(rest) > 0:
        out['location'] = ', '.join(rest)
    if date_iso is None:
        return out
    if when.lower() == 'all day':
        out['all_day'] = True
        out['start'] = date_iso
        out['end'] = date_iso
        return out
    times = when.split(' to ')
    if len(times) == 2:
        a = parse_time_12h(times[0])
        b = parse_time_12h(times[1])
        if a is not None and b is not None:
            out['start'] = _join_date_time(date_iso, a)
            end_date = date_iso
            if b[0] * 60 + b[1] <= a[0] * 60 + a[1]:
                end_date = add_days(date_iso, 1)
            out['end'] = _join_date_time(end_date, b)
    return out


# --- views and URLs -------------------------------------------------------------------------

def url_encode(text):
    """encodeURIComponent, identical on both sides (lone surrogates become U+FFFD)."""
    if kind_of(text) != 'string':
        return ''
    parts = []
    for ch in text:
        if len(ch) == 1 and _UNRESERVED.find(ch) >= 0:
            parts.append(ch)
            continue
        cp = code_point(ch)
        if cp >= 0xD800 and cp <= 0xDFFF:
            cp = 0xFFFD
        if cp < 0x80:
            units = [cp]
        elif cp < 0x800:
            units = [0xC0 + cp // 64, 0x80 + cp % 64]
        elif cp < 0x10000:
            units = [0xE0 + cp // 4096, 0x80 + (cp // 64) % 64, 0x80 + cp % 64]
        else:
            units = [0xF0 + cp // 262144, 0x80 + (cp // 4096) % 64, 0x80 + (cp // 64) % 64, 0x80 + cp % 64]
        for b in units:
            parts.append('%' + _HEX[b // 16] + _HEX[b % 16])
    return ''.join(parts)


def eventedit_url(title, dates, details, location, guests):
    """https://calendar.google.com/calendar/r/eventedit?text=…&dates=…&details=…&location=…&add=…"""
    params = []
    if kind_of(title) == 'string' and len(title) > 0:
        params.append('text=' + url_encode(title))
    if kind_of(dates) == 'string' and len(dates) > 0:
        params.append('dates=' + url_encode(dates).replace('%2F', '/'))
    if kind_of(details) == 'string' and len(details) > 0:
        params.append('details=' + url_encode(details))
    if kind_of(location) == 'string' and len(location) > 0:
        params.append('location=' + url_encode(location))
    if kind_of(guests) == 'array' and len(guests) > 0:
        params.append('add=' + ','.join([url_encode(g) for g in guests]))
    url = BASE + '/eventedit'
    if len(params) > 0:
        url = url + '?' + '&'.join(params)
    return url


def view_url(view, date):
    """{ok, url, view, date}: /calendar/r/{view}/{y}/{m}/{d} (month and day not zero-padded)."""
    if kind_of(view) != 'string' or view not in VIEWS:
        return _field_error('view', 'must be one of day, week, month')
    p = parse_iso(date)
    if not p['ok']:
        return _field_error('date', p['message'])
    if not p['all_day']:
        return _field_error('date', 'must be a date (YYYY-MM-DD), not a date-time')
    return {'ok': True, 'view': view, 'date': iso_of(p),
            'url': BASE + '/' + view + '/' + str(p['y']) + '/' + str(p['m']) + '/' + str(p['d'])}


def view_range(view, date, week_start):
    """{start, end} (inclusive dates) that the view shows around date; week_start 0 = Sunday."""
    p = parse_iso(date)
    if not p['ok'] or not p['all_day'] or view not in VIEWS:
        return None
    if view == 'day':
        return {'start': iso_of(p), 'end': iso_of(p)}
    if view == 'month':
        return {'start': date_text(p['y'], p['m'], 1),
                'end': date_text(p['y'], p['m'], days_in_month(p['y'], p['m']))}
    back = (weekday(p['y'], p['m'], p['d']) - week_start) % 7
    first = days_from_civil(p['y'], p['m'], p['d']) - back
    a = civil_from_days(first)
    b = civil_from_days(first + 6)
    return {'start': date_text(a[0], a[1], a[2]), 'end': date_text(b[0], b[1], b[2])}


def parse_path(path):
    """{view, date, editor, event_id} from /calendar/[u/N/]r/... ; view None when unknown."""
    out = {'view': None, 'date': None, 'editor': False, 'event_id': None}
    if kind_of(path) != 'string':
        return out
    parts = []
    for piece in path.split('?')[0].split('/'):
        if len(piece) > 0:
            parts.append(piece)
    if len(parts) < 2 or parts[0] != 'calendar':
        return out
    rest = parts[1:]
    if len(rest) >= 2 and rest[0] == 'u':
        rest = rest[2:]
    if len(rest) == 0 or rest[0] != 'r':
        return out
    rest = rest[1:]
    if len(rest) == 0:
        return out
    if rest[0] == 'eventedit':
        out['editor'] = True
        if len(rest) > 1:
            out['event_id'] = rest[1]
        return out
    if rest[0] in VIEWS:
        out['view'] = rest[0]
        if len(rest) >= 4 and all_digits(rest[1]) and all_digits(rest[2]) and all_digits(rest[3]):
            y = _num(rest[1])
            m = _num(rest[2])
            d = _num(rest[3])
            if m >= 1 and m <= 12 and d >= 1 and d <= days_in_month(y, m):
                out['date'] = date_text(y, m, d)
    return out


def datekey_to_iso(key):
    """Calendar's data-datekey ((year - 1970) << 9 | month << 5 | day) as YYYY-MM-DD, or None."""
    if kind_of(key) == 'string':
        if not all_digits(key):
            return None
        key = _num(key)
    if kind_of(key) != 'number' or key < 0 or key // 1 != key:
        return None
    y = 1970 + key // 512
    m = (key // 32) % 16
    d = key % 32
    if m < 1 or m > 12 or d < 1 or d > days_in_month(y, m):
        return None
    return date_text(y, m, d)


def iso_to_datekey(date):
    p = parse_iso(date)
    if not p['ok']:
        return None
    return (p['y'] - 1970) * 512 + p['m'] * 32 + p['d']


# --- guests ---------------------------------------------------------------------------------

def _label_ok(label):
    if len(label) == 0 or len(label) > 63 or label[0] == '-' or label[len(label) - 1] == '-':
        return False
    for ch in label:
        if not ((ch >= 'a' and ch <= 'z') or (ch >= '0' and ch <= '9') or ch == '-'):
            return False
    return True


def is_email(text):
    """A plain address (local@domain.tld), no display name or brackets; compared lower-cased."""
    if kind_of(text) != 'string' or len(text) < 6 or len(text) > 254:
        return False
    s = text.lower()
    at = s.find('@')
    if at <= 0 or s.find('@', at + 1) >= 0:
        return False
    local = s[0:at]
    domain = s[at + 1:]
    if len(local) > 64 or local[0] == '.' or local[len(local) - 1] == '.' or local.find('..') >= 0:
        return False
    for ch in local:
        if _LOCAL_OK.find(ch) < 0:
            return False
    labels = domain.split('.')
    if len(labels) < 2:
        return False
    for label in labels:
        if not _label_ok(label):
            return False
    tld = labels[len(labels) - 1]
    return len(tld) >= 2 and not all_digits(tld)


def check_guests(items, field):
    """{ok, guests: lower-cased, duplicates dropped} or {ok: False, field, message} naming the item."""
    if kind_of(items) != 'array':
        return _field_error(field, 'must be an array of email addresses')
    out = []
    index = 0
    for item in items:
        text = item.strip().lower() if kind_of(item) == 'string' else None
        if text is None or not is_email(text):
            if kind_of(item) != 'string':
                return _field_error(field, 'item ' + str(index) + ' must be a string')
            return _field_error(field, 'item ' + str(index) + ' ("' + str_head(item, 80)
                                + '") is not a plain email address like name@example.com')
        if text not in out:
            out.append(text)
        index += 1
    return {'ok': True, 'guests': out}


# --- approval previews ------------------------------------------------------------------------

def _s(value):
    if kind_of(value) == 'string':
        return value
    return ''


def _short(value):
    text = _s(value)
    if str_len(text) > FIELD_CAP:
        return str_head(text, FIELD_CAP) + '…'
    return text


def _shown(value):
    text = _short(value)
    return '(empty)' if len(text) == 0 else text


def guest_emails(snapshot):
    emails = []
    guests = get_key(snapshot, 'guests', [])
    if kind_of(guests) != 'array':
        return emails
    for g in guests:
        email = _s(get_key(g, 'email', ''))
        if len(email) > 0:
            emails.append(email)
    return emails


def _or_none(items):
    return items if len(items) > 0 else '(none)'


def _emails_choice(send_updates):
    return 'Send' if send_updates is True else 'Don\'t send'


def when_text(start, end, all_day):
    a = _s(start)
    b = _s(end)
    if len(a) == 0:
        return '(unknown)'
    if all_day is True:
        return a if len(b) == 0 or a == b else a + ' to ' + b + ' (all day)'
    return a + ' to ' + b if len(b) > 0 else a


UPDATE_FIELDS = [['title', 'Title'], ['start', 'Start'], ['end', 'End'], ['location', 'Location'],
                 ['description', 'Description']]


def changed_fields(snapshot, args):
    """[[key, label, before, after]] for fields in args that differ from the event now."""
    rows = []
    for pair in UPDATE_FIELDS:
        key = pair[0]
        if not has_key(args, key) or kind_of(args[key]) != 'string':
            continue
        before = _s(get_key(snapshot, key, ''))
        after = args[key]
        if key == 'start' or key == 'end':
            p = parse_iso(after)
            if p['ok']:
                after = iso_of(p)
            q = parse_iso(before)
            if q['ok']:
                before = iso_of(q)
        if before != after:
            rows.append([key, pair[1], before, after])
    return rows


def _snapshot_problem(snapshot):
    if kind_of(snapshot) != 'object' or get_key(snapshot, 'ok', True) is False:
        message = _s(get_key(snapshot, 'message', '')) if kind_of(snapshot) == 'object' else ''
        return 'The event could not be read now' + (': ' + message if len(message) > 0 else '') + \
               '. If it cannot be found, nothing will change.'
    return None


def update_preview(snapshot, args):
    """Guests first, the email choice, then each changed field as before → after."""
    problem = _snapshot_problem(snapshot)
    sections = []
    if problem is not None:
        sections.append(['Warning', problem])
    sections.append(['Guests who will see the change', _or_none(guest_emails(snapshot))])
    sections.append(['Update emails to guests', _emails_choice(get_key(args, 'send_updates', None))])
    sections.append(['Event', _shown(get_key(snapshot, 'title', ''))])
    rows = changed_fields(snapshot, args)
    if len(rows) == 0:
        sections.append(['Changes', 'none (every given field already has that value)'])
    for row in rows:
        sections.append([row[1], _shown(row[2]) + '  →  ' + _shown(row[3])])
    return build_preview(sections, PREVIEW_CAP)


def add_guests_preview(snapshot, new_guests, send_updates):
    problem = _snapshot_problem(snapshot)
    sections = []
    if problem is not None:
        sections.append(['Warning', problem])
    existing = guest_emails(snapshot)
    adding = [g for g in new_guests if g not in existing]
    sections.append(['New guests', _or_none(adding)])
    sections.append(['Invitation emails', _emails_choice(send_updates)])
    sections.append(['Guests already invited', _or_none(existing)])
    sections.append(['Event', _shown(get_key(snapshot, 'title', ''))])
    sections.append(['When', when_text(get_key(snapshot, 'start', ''), get_key(snapshot, 'end', ''),
                                       get_key(snapshot, 'all_day', False))])
    return build_preview(sections, PREVIEW_CAP)


def save_preview(editor, send_updates):
    problem = _snapshot_problem(editor)
    sections = []
    if problem is not None:
        sections.append(['Warning', 'No open event editor could be read; nothing will be saved.'])
    guests = []
    listed = get_key(editor, 'guests', None)
    if kind_of(listed) == 'array':
        for g in listed:
            if kind_of(g) == 'string':
                guests.append(g)
    sections.append(['Guests (invitations go to them)', _or_none(guests)])
    if len(guests) > 0:
        sections.append(['Invitation emails', _emails_choice(send_updates)])
    sections.append(['Title', _shown(get_key(editor, 'title', ''))])
    sections.append(['When', when_text(get_key(editor, 'start', ''), get_key(editor, 'end', ''),
                                       get_key(editor, 'all_day', False))])
    sections.append(['Location', _shown(get_key(editor, 'location', ''))])
    sections.append(['Description', _shown(get_key(editor, 'description', ''))])
    return build_preview(sections, PREVIEW_CAP)


def rsvp_preview(snapshot, response):
    problem = _snapshot_problem(snapshot)
    sections = []
    if problem is not None:
        sections.append(['Warning', problem])
    organizer = _s(get_key(snapshot, 'organizer', ''))
    sections.append(['Organizer (sees your answer)', organizer if len(organizer) > 0 else '(unknown)'])
    sections.append(['Other guests', _or_none(guest_emails(snapshot))])
    now = _s(get_key(snapshot, 'my_rsvp', ''))
    label_now = RSVP_LABELS[now] if now in RSVP_LABELS else 'Not answered'
    label_new = RSVP_LABELS[response] if kind_of(response) == 'string' and response in RSVP_LABELS else '?'
    sections.append(['Your answer', label_now + '  →  ' + label_new])
    sections.append(['Event', _shown(get_key(snapshot, 'title', ''))])
    sections.append(['When', when_text(get_key(snapshot, 'start', ''), get_key(snapshot, 'end', ''),
                                       get_key(snapshot, 'all_day', False))])
    return build_preview(sections, PREVIEW_CAP)


def delete_preview(snapshot, send_updates):
    problem = _snapshot_problem(snapshot)
    sections = []
    if problem is not None:
        sections.append(['Warning', problem])
    guests = guest_emails(snapshot)
    sections.append(['Guests (the event disappears for them)', _or_none(guests)])
    if len(guests) > 0:
        sections.append(['Cancellation emails', _emails_choice(send_updates)])
    sections.append(['Delete event', _shown(get_key(snapshot, 'title', ''))])
    sections.append(['When', when_text(get_key(snapshot, 'start', ''), get_key(snapshot, 'end', ''),
                                       get_key(snapshot, 'all_day', False))])
    return build_preview(sections, PREVIEW_CAP)


# --- reading the page's text ------------------------------------------------------------------

GUEST_WORDS = {'attending': 'yes', 'going': 'yes', 'accepted': 'yes', 'declined': 'no',
               'not attending': 'no', 'not going': 'no', 'maybe': 'maybe', 'tentative': 'maybe',
               'awaiting': 'needs_action', 'awaiting response': 'needs_action'}


def parse_guest_label(label):
    """A guest row's aria-label, 'Alice Example, Attending, Organizer' -> {name, rsvp, organizer}."""
    out = {'name': None, 'rsvp': None, 'organizer': False}
    if kind_of(label) != 'string' or len(label.strip()) == 0:
        return out
    parts = label.split(', ')
    out['name'] = parts[0].strip()
    for part in parts[1:]:
        word = part.strip().lower()
        if word in GUEST_WORDS:
            out['rsvp'] = GUEST_WORDS[word]
        elif word == 'organizer' or word == 'organiser':
            out['organizer'] = True
    return out


def strip_label(text, label):
    """Drop a leading screen-reader label line ('Description:') and surrounding blank space."""
    if kind_of(text) != 'string':
        return ''
    s = text.strip()
    if kind_of(label) == 'string' and len(label) > 0 and s.lower().startswith(label.lower()):
        s = s[len(label):].strip()
    return s


def account_email(label):
    """'Google Account: Sam Fixture (me@example.com)' -> 'me@example.com', or None."""
    if kind_of(label) != 'string':
        return None
    open_at = label.rfind('(')
    close_at = label.rfind(')')
    if open_at < 0 or close_at < open_at:
        return None
    email = label[open_at + 1:close_at].strip().lower()
    return email if is_email(email) else None
