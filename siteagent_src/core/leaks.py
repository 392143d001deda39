"""Leaks: the distinctive tokens of untrusted text, and where a call would carry them.

A token read in an untrusted result (a page scan, a mail, a chat) is noted with the origin it was read
on; a call whose outbound text carries it to another origin waits for approval (the worker's gate,
entries/worker/session_rules.py). Only hashes of what this module returns are stored.

The tokeniser (decided on the 35 real pages of ../shared/corpus/real-pages, docs/SECURITY.md):
- text is cut into chunks: runs of ASCII letters and digits; every other character separates;
- chunks that each hold a digit and are separated by exactly one space or hyphen form a group; every
  run of 2 to MAX_JOINED neighbouring chunks of a group is also a candidate, joined without the
  separators ("1234 5678" and "a1b2c-3d4e5" are the codes "12345678" and "a1b2c3d4e5");
- a candidate (such a join, each chunk, and each run of 6+ digits inside a chunk) is distinctive
  when it has at least MIN_LEN characters and either MIN_DIGITS digits, or MIN_MIXED_DIGITS digits
  with MIN_MIXED_LETTERS letters (codes, long numbers, dates, phone and account numbers, keys);
  a letters-only chunk is distinctive when it has at least MIN_CASE_LEN letters, MIN_CASE_CHANGES
  changes between upper and lower case inside it, and a change at 45% of its letters or more (random
  mixed-case keys; CamelCase words and names change at about a third);
- e-mail addresses are distinctive too (normalised as core/taint.py does);
- tokens are case-folded (lower-cased) after the decision; at most MAX_TOKENS per text.
Plain words, names and phrases are not tokens: they are everyday search terms (docs/SECURITY.md).

Outbound URLs are percent-decoded (twice at most, `+` as space in the query) and cut into parts:
each path segment, each query value (with its name) and the fragment; each part alone and each
two neighbouring parts joined are tokenised, so a code split over two neighbouring parameters is
still found.
"""
from core.jsonval import kind_of, has_key, str_head
from core.taint import tokens_in, strings_of, remembered
from core.urlcode import percent_decode, elide_query
from core.origins import origin_of, host_of, trim_c0

MIN_LEN = 6
MIN_DIGITS = 6
MIN_MIXED_DIGITS = 2
MIN_MIXED_LETTERS = 2
MIN_CASE_LEN = 12
MIN_CASE_CHANGES = 5
MAX_TOKENS = 400
MAX_DECODE = 2
MAX_JOINED = 4
HREF_SHOWN = 36        # sites/page/formatting/scan_format.HREF_CAP: a scan shows this many code points of an href
_JOINERS = ' -'


def _is_digit(ch):
    return ch >= '0' and ch <= '9'


def _is_upper(ch):
    return ch >= 'A' and ch <= 'Z'


def _counts(text):
    """[digits, letters, case changes] of an ASCII letters/digits string (not counting the change after
    its first letter)."""
    digits = 0
    letters = 0
    changes = 0
    last = ''
    for ch in text:
        if _is_digit(ch):
            digits += 1
            last = ''
            continue
        letters += 1
        kind = 'u' if _is_upper(ch) else 'l'
        if last != '' and kind != last and letters > 2:       # a capital first letter is no change
            changes += 1
        last = kind
    return [digits, letters, changes]


def distinctive(candidate):
    """Whether a run of ASCII letters/digits (original case) identifies a secret (rule above)."""
    if kind_of(candidate) != 'string' or len(candidate) < MIN_LEN:
        return False
    counted = _counts(candidate)
    digits = counted[0]
    letters = counted[1]
    if digits >= MIN_DIGITS:
        return True
    if digits >= MIN_MIXED_DIGITS and letters >= MIN_MIXED_LETTERS:
        return True
    changes = counted[2]
    return digits == 0 and letters >= MIN_CASE_LEN and changes >= MIN_CASE_CHANGES and changes * 20 >= letters * 9


def _digit_runs(chunk):
    """The runs of MIN_DIGITS or more digits inside a chunk that also holds letters."""
    out = []
    start = -1
    for index in range(len(chunk) + 1):
        if index < len(chunk) and _is_digit(chunk[index]):
            if start < 0:
                start = index
            continue
        if start >= 0 and index - start >= MIN_DIGITS and index - start < len(chunk):
            out.append(chunk[start:index])
        start = -1
    return out


def _offer(out, seen, candidate):
    """Add candidate, lower-cased, to out when it is distinctive and new (seen None: out only needs to
    say whether there is any, so no repeats are looked for)."""
    if len(out) < MAX_TOKENS and distinctive(candidate):
        token = candidate.lower()
        if seen is None:
            out.append(token)
        elif not has_key(seen, '=' + token):
            seen['=' + token] = True
            out.append(token)


def _flush(out, seen, group):
    count = len(group)
    for start in range(count):
        last = start + MAX_JOINED if start + MAX_JOINED < count else count
        for end in range(start + 2, last + 1):
            _offer(out, seen, ''.join(group[start:end]))
    for chunk in group:
        _offer(out, seen, chunk)
        for run in _digit_runs(chunk):
            _offer(out, seen, run)


def _code_tokens(text, out, seen):
    """Offer the candidates of text in one pass over it: chunks (runs of ASCII letters and digits),
    groups of chunks with digits, letters-only chunks long enough for the mixed-case rule."""
    group = []
    last_end = -2
    start = -1
    digit = False
    n = len(text)
    for index in range(n + 1):
        ch = text[index] if index < n else ' '
        if ch >= '0' and ch <= '9':
            if start < 0:
                start = index
            digit = True
            continue
        if (ch >= 'a' and ch <= 'z') or (ch >= 'A' and ch <= 'Z'):
            if start < 0:
                start = index
            continue
        if start < 0:
            continue
        if digit:
            if len(group) > 0 and not (start == last_end + 1 and _JOINERS.find(text[last_end]) >= 0):
                _flush(out, seen, group)
                group = []
            group.append(text[start:index])
            last_end = index
        else:
            if len(group) > 0:          # (a word ends no group most of the time: nothing to flush)
                _flush(out, seen, group)
                group = []
            last_end = -2
            if index - start >= MIN_CASE_LEN:
                _offer(out, seen, text[start:index])
        start = -1
        digit = False
    _flush(out, seen, group)


_memo = {'text': None, 'tokens': None}        # the last long text's tokens (core/taint.py `remembered`)


def tokens_of(text):
    """The distinctive tokens of text (lower-cased, in order, without repeats): codes and numbers,
    then e-mail addresses."""
    if kind_of(text) != 'string' or len(text) == 0:
        return []
    return remembered(_memo, text, _tokens_of)


def _tokens_of(text):
    out = []
    seen = {}
    _code_tokens(text, out, seen)
    for token in tokens_in(text):
        if token.find('://') < 0 and len(out) < MAX_TOKENS and not has_key(seen, '=' + token):
            seen['=' + token] = True
            out.append(token)
    return out


def _shows_token(url):
    """Whether tokens_of(url) has any token, without collecting them: a distinctive candidate, or an
    e-mail address inside it (tokens_in finds nothing else without '://' and without an '@')."""
    out = []
    _code_tokens(url, out, None)
    if len(out) > 0:
        return True
    if url.find('@') < 0:
        return False
    for token in tokens_in(url):
        if token.find('://') < 0:
            return True
    return False


def _link_base(url):
    """A URL without its query and fragment, lower-cased."""
    end = len(url)
    for stop in ['?', '#']:
        at = url.find(stop)
        if at >= 0 and at < end:
            end = at
    return url[0:end].lower()


def _link_full(url):
    """A URL lower-cased, without a trailing '?', '#' or elided query ('?…')."""
    text = url.lower()
    if text.endswith('?\u2026') or text.endswith('?...'):
        text = text[0:text.find('?')]
    while text.endswith('?') or text.endswith('#'):
        text = text[0:len(text) - 1]
    return text


def _shown(url):
    """A URL lower-cased as a scan shows an href (sites/page/formatting/scan_format.short_href): a query elided to
    '?…', then cut to HREF_SHOWN code points and '…'."""
    text = elide_query(url.lower())
    head = str_head(text, HREF_SHOWN)
    return text if len(head) == len(text) else head + '\u2026'


def read_marks(value):
    """What an untrusted result shows, for the taint notes: `{tokens, links, hosts}`.
    tokens: distinctive tokens; links: ['l' + a listed URL as compared (_link_full), 'p' + its
    address without query] for each http(s) URL that shows a token, or ['c' + the URL as shown] when
    a scan cut it ('…'); hosts: the hosts of those URLs and addresses."""
    tokens = []
    links = []
    hosts = []
    seen = {}
    for text in strings_of(value):
        for token in tokens_of(text):
            if not has_key(seen, 't' + token) and len(tokens) < MAX_TOKENS:
                seen['t' + token] = True
                tokens.append(token)
        for found in tokens_in(text):
            host = None
            if found.find('://') >= 0:
                cut = found.endswith('\u2026') and not found.endswith('?\u2026')
                # only a link that shows a token needs a mark (its tokens are checked when it is followed)
                marks = [] if not _shows_token(found) else (['c' + found] if cut else
                                                              ['l' + _link_full(found), 'p' + _link_base(found)])
                for mark in marks:
                    if not has_key(seen, mark):
                        seen[mark] = True
                        links.append(mark)
                host = host_of(found)
            else:
                host = found[found.find('@') + 1:]
            if host is not None and len(host) > 0 and not has_key(seen, 'h' + host):
                seen['h' + host] = True
                hosts.append(host)
    return {'tokens': tokens, 'links': links, 'hosts': hosts}


def _decoded(text, plus_is_space):
    out = text
    for ignored in range(MAX_DECODE):
        if out.find('%') < 0 and not (plus_is_space and out.find('+') >= 0):
            break
        out = percent_decode(out, plus_is_space)
    return out


def url_parts(url):
    """An outbound http(s) URL cut for the check: `{origin, host, full, base, path, rest}` (None when it
    is not one). path: the decoded path segments; rest: the decoded query parts ('name=value') and the
    fragment; full/base: as read_marks' links ('l…', 'p…')."""
    origin = origin_of(url)
    if origin is None:
        return None
    text = trim_c0(url)
    after = text.find('://') + 3
    slash = len(text)
    for stop in ['/', '?', '#']:
        at = text.find(stop, after)
        if at >= 0 and at < slash:
            slash = at
    tail = text[slash:]
    fragment = ''
    at = tail.find('#')
    if at >= 0:
        fragment = tail[at + 1:]
        tail = tail[0:at]
    query = ''
    at = tail.find('?')
    if at >= 0:
        query = tail[at + 1:]
        tail = tail[0:at]
    shown = _shown(text)
    cut = len(shown) - 1 if shown.endswith('\u2026') and not shown.endswith('?\u2026') else len(text)
    path = []
    beyond = []                      # the segments not wholly inside what a scan shows of this URL
    at = slash
    for seg in tail.split('/'):
        if len(seg) > 0:
            path.append(_decoded(seg, False))
            if at + len(seg) > cut:
                beyond.append(_decoded(seg, False))
        at += len(seg) + 1
    rest = [_decoded(part, True) for part in query.split('&') if len(part) > 0]
    if len(fragment) > 0:
        rest.append(_decoded(fragment, False))
    return {'origin': origin, 'host': host_of(url), 'full': 'l' + _link_full(text), 'base': 'p' + _link_base(text),
            'shown': 'c' + shown if cut < len(text) else None, 'path': path, 'beyond': beyond, 'rest': rest}


def _value_of(part):
    at = part.find('=')
    return part[at + 1:] if at >= 0 else part


def parts_tokens(parts, values):
    """The tokens of a list of URL parts: each part alone, and each two neighbours joined (values:
    join the values of `name=value` parts, not the names)."""
    out = []
    seen = {}
    for index in range(len(parts)):
        texts = [parts[index]]
        if values and parts[index].find('=') >= 0:
            texts.append(_value_of(parts[index]))        # an address after 'name='
        if index + 1 < len(parts):
            left = _value_of(parts[index]) if values else parts[index]
            right = _value_of(parts[index + 1]) if values else parts[index + 1]
            texts.append(left + right)
        for text in texts:
            for token in tokens_of(text):
                if not has_key(seen, '=' + token):
                    seen['=' + token] = True
                    out.append(token)
    return out


def outbound_url(url):
    """`{origin, host, full, base, shown, path, beyond, rest}` for an outbound URL (None when it is not
    http(s)): the marks it matches when a page listed it (read_marks: whole, without its query, or
    cut as a scan shows it: None when a scan shows it whole) and the tokens of its path, of the path
    segments past what a scan shows, and of its query and fragment."""
    parts = url_parts(url)
    if parts is None:
        return None
    return {'origin': parts['origin'], 'host': parts['host'], 'full': parts['full'], 'base': parts['base'],
            'shown': parts['shown'], 'path': parts_tokens(parts['path'], False),
            'beyond': parts_tokens(parts['beyond'], False), 'rest': parts_tokens(parts['rest'], True)}


def outbound_text(value):
    """The distinctive tokens of every string in an outbound argument (a typed text, a mail body),
    percent-decoded first when it holds escapes."""
    out = []
    seen = {}
    for text in strings_of(value):
        for variant in [text, _decoded(text, False)]:
            for token in tokens_of(variant):
                if not has_key(seen, '=' + token):
                    seen['=' + token] = True
                    out.append(token)
    return out


def shown(token):
    """A token as the approval window names it: long ones cut in the middle."""
    if len(token) <= 24:
        return token
    return token[0:10] + '\u2026' + token[len(token) - 8:]


def leak_sentence(token, read_on, destination):
    """The plain sentence of a flag: what is leaving, from where, to where."""
    return ('"' + shown(token) + '" was read on ' + read_on + ' and would be sent to ' + destination)


def url_way(url, label):
    """A way out that loads url (for a site's `outbound` hook)."""
    return {'to': origin_of(url), 'label': label, 'url': url}


def text_way(url, value, label):
    """A way out that hands value to the page at url (for a site's `outbound` hook)."""
    origin = origin_of(url)
    return {'to': origin if origin is not None else 'another site', 'label': label, 'value': value}
