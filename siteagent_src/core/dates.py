"""Civil dates and times, pure: the proleptic Gregorian calendar, ISO 8601 in and out, 12-hour
times and English long dates. Integers only (no Date object), so CPython and JS agree exactly.

Parsed values are `{ok, all_day, y, m, d, hh, mi, ss, offset}`; offset is minutes east of UTC, or
None for a wall time in the site's own time zone.
"""
from core.jsonval import kind_of, all_digits

MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
          'October', 'November', 'December']
ISO_HINT = 'YYYY-MM-DD for an all-day date, or YYYY-MM-DDTHH:MM[:SS] with an optional Z or +HH:MM offset'


def pad(n, width):
    text = str(n)
    while len(text) < width:
        text = '0' + text
    return text


def int_of_digits(text):
    """The value of a string of ASCII digits (callers check all_digits first)."""
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
    y = int_of_digits(ys)
    m = int_of_digits(ms)
    d = int_of_digits(ds)
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
    hh = int_of_digits(rest[0:2])
    mi = int_of_digits(rest[3:5])
    ss = 0
    rest = rest[5:]
    if len(rest) >= 3 and rest[0] == ':':
        if not all_digits(rest[1:3]):
            return _bad('must be ' + ISO_HINT)
        ss = int_of_digits(rest[1:3])
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
        offset = int_of_digits(body[0:2]) * 60 + int_of_digits(body[3:5])
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


def minutes_of(p):
    """Minutes since 1970 of the wall time (offset not applied)."""
    return (days_from_civil(p['y'], p['m'], p['d']) * 24 + p['hh']) * 60 + p['mi']


def from_minutes(total, ss, offset):
    days = total // 1440
    left = total - days * 1440
    ymd = civil_from_days(days)
    return {'ok': True, 'all_day': False, 'y': ymd[0], 'm': ymd[1], 'd': ymd[2], 'hh': left // 60,
            'mi': left % 60, 'ss': ss, 'offset': offset}


def to_utc(p):
    if p['all_day'] or p['offset'] is None:
        return p
    return from_minutes(minutes_of(p) - p['offset'], p['ss'], 0)


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
    hh = int_of_digits(parts[0])
    mi = 0
    if len(parts) == 2:
        if not all_digits(parts[1]) or len(parts[1]) != 2:
            return None
        mi = int_of_digits(parts[1])
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


def month_number(word):
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
    m = month_number(words[0])
    if m == 0 or not all_digits(words[1]) or not all_digits(words[2]) or len(words[2]) != 4:
        return None
    y = int_of_digits(words[2])
    d = int_of_digits(words[1])
    if d < 1 or d > days_in_month(y, m):
        return None
    return date_text(y, m, d)
