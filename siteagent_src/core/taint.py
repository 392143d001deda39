"""Taint: addresses and URLs that came from untrusted read results (mail bodies, event
descriptions, chat), and the flags shown when one of them turns up in a send.

A tool result opts in with `untrusted: True`. Inside it, an object with a string `from` (or
`sender`, `organizer`, `author`) names where the text below it came from.
"""
from core.jsonval import kind_of, has_key, own_keys, run_end, run_start
from core.emails import normalize_address
from core.preview import clean_text

SOURCE_KEYS = ['from', 'sender', 'organizer', 'author']
MAX_DEPTH = 24
MAX_TOKENS = 500
_STOP = ' \t\r\n"\'<>()[]{},;`|\\^'
_ADDR_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789.!#$%&*+/=?_{|}~-'
_DOMAIN_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789.-'
KIND_WORDS = {'email': 'an email', 'event': 'a calendar event', 'chat': 'a chat message'}


def _field(obj, key, default):
    if has_key(obj, key):
        return obj[key]
    return default


def _trim_dots(text):
    """text without its leading and trailing dots and hyphens ('' when it has nothing else)."""
    return text[run_end(text, 0, '.-', True):run_start(text, len(text), '.-')]


def _add(out, seen, token):
    key = '=' + token
    if key not in seen:
        seen[key] = True
        out.append(token)


def _emails_in(lower, out, seen):
    at = lower.find('@')
    while at >= 0 and len(out) < MAX_TOKENS:
        start = run_start(lower, at, _ADDR_CHARS)
        end = run_end(lower, at + 1, _DOMAIN_CHARS, True)
        local = _trim_dots(lower[start:at])
        domain = _trim_dots(lower[at + 1:end])
        candidate = normalize_address(local + '@' + domain) if len(local) > 0 else None
        if candidate is not None:
            _add(out, seen, candidate)
        at = lower.find('@', at + 1)


def _urls_in(lower, out, seen):
    for scheme in ['https://', 'http://']:
        at = lower.find(scheme)
        while at >= 0 and len(out) < MAX_TOKENS:
            end = run_end(lower, at + len(scheme), _STOP, False)
            url = lower[at:run_start(lower, end, '.,:;!?')]     # never past the scheme's '//'
            if len(url) > len(scheme):
                _add(out, seen, url)
            at = lower.find(scheme, end)
    _shown_hrefs_in(lower, out, seen)


def _shown_hrefs_in(lower, out, seen):
    """The page tool's scan shows an href as ` <host/path>` without its scheme, as an address bar does
    (sites/page/formatting/scan_format.short_href): such a link is read as both its https:// and http:// URL, so
    the taint and leak notes see the links a scan lists."""
    at = lower.find(' <')
    while at >= 0 and len(out) < MAX_TOKENS:
        start = at + 2
        end = run_end(lower, start, _STOP, False)
        host_end = run_end(lower, start, _DOMAIN_CHARS, True)
        shown = lower[start:end]
        if (end < len(lower) and lower[end] == '>' and host_end > start and lower[start:host_end].find('.') > 0
                and (host_end == end or '/?#:\u2026'.find(lower[host_end]) >= 0) and shown.find('://') < 0):
            _add(out, seen, 'https://' + shown)
            _add(out, seen, 'http://' + shown)
        at = lower.find(' <', start)


MEMO_MIN = 20000              # a text this long is remembered with its tokens (a repeat scan is the same text)
_memo = {'text': None, 'tokens': None}


def remembered(memo, text, compute):
    """compute(text), a list; for a text of MEMO_MIN characters or more, the last one's answer is kept
    in memo ({text, tokens}) and a copy of it returned while the text stays the same."""
    if len(text) < MEMO_MIN:
        return compute(text)
    if memo['text'] != text:
        memo['tokens'] = compute(text)
        memo['text'] = text
    return list(memo['tokens'])


def tokens_in(text):
    """Lower-cased email addresses and http(s) URLs found in text, in order, without repeats."""
    if kind_of(text) != 'string' or len(text) == 0:
        return []
    return remembered(_memo, text, _tokens)


def _tokens(text):
    out = []
    lower = text.lower()
    seen = {}
    _urls_in(lower, out, seen)
    _emails_in(lower, out, seen)
    return out


def _describe(kind, source, tool):
    what = KIND_WORDS[kind] if kind_of(kind) == 'string' and has_key(KIND_WORDS, kind) else 'a result'
    if source is not None:
        return what + ' from ' + clean_text(source)[:120] + ' (' + tool + ')'
    return what + ' read by ' + tool


def _source_text(value):
    """Who wrote it: a string, or `{name, email}` as `Name <email>` (None when neither)."""
    k = kind_of(value)
    if k == 'string':
        return value if len(value) > 0 else None
    if k == 'object' and has_key(value, 'email') and kind_of(value['email']) == 'string' and len(value['email']) > 0:
        if has_key(value, 'name') and kind_of(value['name']) == 'string' and len(value['name']) > 0:
            return value['name'] + ' <' + value['email'] + '>'
        return value['email']
    return None


def _walk(value, source, depth, kind, tool, found):
    if depth > MAX_DEPTH or len(found) >= MAX_TOKENS:
        return
    k = kind_of(value)
    if k == 'string':
        tokens = tokens_in(value)
        origin = _describe(kind, source, tool) if len(tokens) > 0 else None
        for token in tokens:
            found.append([token, origin])
    elif k == 'array':
        for item in value:
            _walk(item, source, depth + 1, kind, tool, found)
    elif k == 'object':
        here = source
        for key in SOURCE_KEYS:
            if has_key(value, key):
                named = _source_text(value[key])
                if named is not None:
                    here = named
                    break
        for key in own_keys(value):
            _walk(value[key], here, depth + 1, kind, tool, found)


def is_untrusted(result):
    return kind_of(result) == 'object' and has_key(result, 'untrusted') and result['untrusted'] is True


def collect(result, tool):
    """`[[token, origin text]]` for an untrusted result (`[]` otherwise); the first origin wins.
    tool: the tool definition (its optional `untrusted_kind`: 'email' | 'event' | 'chat')."""
    if not is_untrusted(result):
        return []
    found = []
    _walk(result, None, 0, _field(tool, 'untrusted_kind', None), _field(tool, 'name', '?'), found)
    out = []
    seen = {}
    for pair in found:
        key = '=' + pair[0]
        if key not in seen:
            seen[key] = True
            out.append(pair)
    return out


def _strings(value, depth, out):
    if depth > MAX_DEPTH:
        return
    k = kind_of(value)
    if k == 'string':
        out.append(value)
    elif k == 'array':
        for item in value:
            _strings(item, depth + 1, out)
    elif k == 'object':
        for key in own_keys(value):
            _strings(value[key], depth + 1, out)


def strings_of(value):
    """Every string inside a JSON value, in order (to MAX_DEPTH)."""
    out = []
    _strings(value, 0, out)
    return out


def args_tokens(args):
    """Every address and URL anywhere in the arguments (recipients and bodies alike)."""
    texts = strings_of(args)
    out = []
    seen = {}
    for text in texts:
        for token in tokens_in(text):
            _add(out, seen, token)
    return out


def _seq(value):
    return value if kind_of(value) == 'number' else 0


def _count_below(stored, keys, limit):
    count = 0
    for key in keys:
        if _seq(stored[key]) < limit:
            count += 1
    return count


def _new_keys(stored, fresh, cap):
    """The keys of `fresh` that `stored` lacks, once each, in order; the last `cap` of them."""
    new = []
    seen = {}
    for key in fresh:
        if not has_key(stored, key) and not has_key(seen, key):
            seen[key] = True
            new.append(key)
    return new[len(new) - cap:] if len(new) > cap else new


def admit(stored, fresh, cap):
    """A new taint map: `stored` (`{key: sequence number}`) with the `fresh` keys it lacks added after
    it, the lowest numbers dropped to keep at most `cap`. None when every fresh key is stored.
    (Numbers, not key order: chrome.storage gives objects back with their keys sorted.)"""
    new = _new_keys(stored, fresh, cap)
    if len(new) == 0:
        return None
    old = own_keys(stored)
    top = 0
    for key in old:
        if _seq(stored[key]) > top:
            top = _seq(stored[key])
    drop = len(old) + len(new) - cap
    limit = 0
    if drop > 0:
        # the lowest limit with at least `drop` numbers below it
        low = 0
        high = top + 1
        while low < high:
            middle = (low + high) // 2
            if _count_below(stored, old, middle) >= drop:
                high = middle
            else:
                low = middle + 1
        limit = low
    out = {}
    for key in old:
        if _seq(stored[key]) >= limit:
            out[key] = stored[key]
    for index in range(len(new)):
        out[new[index]] = top + 1 + index
    return out


def admit_chunk(index, known, fresh, cap):
    """The next write of a taint map kept as chunks, so that a note writes what it adds, not the whole
    map (entries/worker/taint_store.py). `index` is `{next: id, chunks: [[id, count], ...]}`, oldest
    first (None: nothing stored); `known` holds every stored key (an object); `fresh` are a note's keys.
    None when every fresh key is known. Otherwise `{id, keys, index, drop}`: the new chunk's id and its
    keys (the fresh keys not known, in order; the last `cap` when there are more), the new index, and
    the ids of the oldest chunks it forgets. The newest `cap` keys are always kept: an old chunk is
    dropped only while what is left still holds `cap` keys, so a map holds fewer than `cap` plus its
    oldest chunk."""
    new = _new_keys(known, fresh, cap)
    if len(new) == 0:
        return None
    ident = index['next'] if index is not None else 1
    kept = []
    total = 0
    if index is not None:
        for chunk in index['chunks']:
            kept.append([chunk[0], chunk[1]])
            total += chunk[1]
    kept.append([ident, len(new)])
    total += len(new)
    drop = []
    while len(kept) > 1 and total - kept[0][1] >= cap:
        total -= kept[0][1]
        drop.append(kept[0][0])
        kept = kept[1:]
    return {'id': ident, 'keys': new, 'index': {'next': ident + 1, 'chunks': kept}, 'drop': drop}


def flag_lines(flags):
    """Preview lines for `[{token, origin}]`; a None token flags the call as a whole (origin says why)."""
    lines = []
    for flag in flags:
        if flag['token'] is None:
            lines.append('\u26a0 ' + flag['origin'])
            continue
        word = 'address' if flag['token'].find('://') < 0 else 'link'
        lines.append('\u26a0 ' + flag['token'] + ': this ' + word + ' appeared in ' + flag['origin'])
    return lines
