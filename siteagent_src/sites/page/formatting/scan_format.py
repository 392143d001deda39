"""The page tool's scan text: rows from the DOM walker become fixed-format lines (docs/PROTOCOL.md).

A row is a JSON array; its first item says what it is:
  ['E', depth, code, uid, name, value|None, [states], href|None]   actionable element
  ['H', depth, level, name]                                         heading (no uid)
  ['S', depth, kind, name|None]                                     section opening: [main], [form:login]
  ['P', depth, uid, text_head, total_chars]                         prose: in full when short (no uid),
                                                                    else summarised with its uid for `read`
  ['X', depth, src]                                                 cross-origin iframe not scanned
  ['Z', depth, tag]                                                 closed shadow root
Pure: runs under CPython and as JS (parity-tested).
"""
from core.jsonval import kind_of, str_len, str_head, squeeze, has_key
from core.urlcode import elide_query

CODES = ['L', 'B', 'T', 'S', 'C', 'R', 'M', 'TB', 'O', 'SL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']
STATES = ['checked', 'mixed', 'disabled', 'expanded', 'collapsed', 'required', 'selected', 'readonly', 'pressed']
NAME_CAP = 300
VALUE_CAP = 200
HREF_CAP = 36
FRAME_SRC_CAP = 64
PROSE_FULL = 48
PROSE_HEAD = 32
DEFAULT_MAX_CHARS = 20000
MIN_MAX_CHARS = 200
# A scan of this many rows or more is formatted in the tab, so one string crosses to the worker
# instead of its rows (a smaller one costs less to send as rows than the tab's formatter, new with each
# page and not yet optimised by the JS engine, costs to run there).
FORMAT_IN_TAB_ROWS = 1000


def clean(text):
    """Collapse whitespace runs to one space, drop controls and bidi overrides (they could disguise a
    name), trim. Non-strings give ''."""
    if kind_of(text) != 'string':
        return ''
    return squeeze(text)


def cap(text, limit):
    """text, or its first `limit` code points and '…'."""
    if len(text) <= limit:
        return text
    head = str_head(text, limit)
    return text if len(head) == len(text) else head + '…'


def _quote(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


MAX_INDENT = 40
_INDENTS = ['']
for _level in range(MAX_INDENT):
    _INDENTS.append(_INDENTS[_level] + '  ')


def indent(depth):
    if kind_of(depth) != 'number' or depth < 1:
        return ''
    if depth >= MAX_INDENT:
        return _INDENTS[MAX_INDENT]
    return _INDENTS[int(depth)]


def summarise_prose(text, total):
    """'P' row text: in full when short, else `<first words>… (N chars)`."""
    body = clean(text)
    count = total if kind_of(total) == 'number' and total >= str_len(body) else str_len(body)
    if count <= PROSE_FULL:
        return body
    head = str_head(body, PROSE_HEAD)
    cut = head.rfind(' ')
    if cut > PROSE_HEAD // 2:
        head = head[0:cut]
    return head + '… (' + str(count) + ' chars)'


def _states_text(states):
    if kind_of(states) != 'array':
        return ''
    shown = []
    for state in states:
        if kind_of(state) == 'string' and state in STATES and state not in shown:
            shown.append(state)
    if len(shown) == 0:
        return ''
    return ' [' + ', '.join(shown) + ']'


def element_line(depth, code, uid, name, value, states, href):
    line = indent(depth) + str(code) + ' ' + str(uid)
    shown = cap(clean(name), NAME_CAP)
    if len(shown) > 0:
        line += ' ' + shown
    if kind_of(value) == 'string':
        line += ' value=' + _quote(cap(clean(value), VALUE_CAP))
    line += _states_text(states)
    if kind_of(href) == 'string' and len(href) > 0:
        line += ' <' + short_href(href) + '>'
    return line


def short_href(href):
    """The href as shown: a query string (tracking params) elided to `?…`, a bare trailing `#` dropped,
    capped at HREF_CAP, then its `https://` or `http://` dropped, as a browser's address bar shows it
    (the cap counts the scheme, so what is shown of the host and path is what it was with it)."""
    text = cap(elide_query(clean(href)), HREF_CAP)
    low = text[0:8].lower()
    if low.startswith('https://') and len(text) > 8:
        return text[8:]
    if low.startswith('http://') and len(text) > 7:
        return text[7:]
    return text


def _row_name(row):
    """The cleaned name of an element or heading row, else None."""
    if kind_of(row) != 'array':
        return None
    if len(row) >= 8 and row[0] == 'E':
        return clean(row[4])
    if len(row) >= 4 and row[0] == 'H':
        return clean(row[3])
    return None


def _complete(row):
    """A prose row that carries its whole text (not only a head)."""
    return kind_of(row[4]) == 'number' and kind_of(row[3]) == 'string' and str_len(clean(row[3])) >= row[4] - 2


def _repeats_a_name(rows, index, text):
    """A short prose text that only repeats the name of the element or heading next to it."""
    for at in [index - 1, index + 1]:
        if at >= 0 and at < len(rows):
            name = _row_name(rows[at])
            if name is not None and len(text) > 0 and text in name:
                return True
    return False


def section_line(depth, kind, name):
    label = kind if kind_of(kind) == 'string' else 'region'
    shown = cap(clean(name), 80)
    if len(shown) > 0 and (label == 'form' or label == 'dialog' or label == 'region'):
        label += ':' + shown
    return indent(depth) + '[' + label + ']'


def format_row(row):
    """One scan line for a row, or None for a row that is not understood."""
    if kind_of(row) != 'array' or len(row) < 2:
        return None
    tag = row[0]
    depth = row[1]
    if tag == 'E' and len(row) >= 8:
        return element_line(depth, row[2], row[3], row[4], row[5], row[6], row[7])
    if tag == 'H' and len(row) >= 4:
        level = row[2] if kind_of(row[2]) == 'number' and row[2] >= 1 and row[2] <= 6 else 2
        return indent(depth) + 'H' + str(level) + ' ' + cap(clean(row[3]), NAME_CAP)
    if tag == 'S' and len(row) >= 4:
        return section_line(depth, row[2], row[3])
    if tag == 'P' and len(row) >= 5:
        text = summarise_prose(row[3], row[4])
        if text.endswith(' chars)'):
            return indent(depth) + 'P ' + str(row[2]) + ' ' + text
        return indent(depth) + 'P ' + text
    if tag == 'X' and len(row) >= 3:
        return indent(depth) + '- iframe#cross-origin ' + cap(clean(row[2]), FRAME_SRC_CAP)
    if tag == 'Z' and len(row) >= 3:
        return indent(depth) + '- shadow#closed ' + clean(row[2])
    return None


def header(url, title, count):
    return '# ' + cap(clean(url), 500) + ' | ' + cap(clean(title), 200) + ' | ' + str(count) + ' nodes'


def format_rows(rows):
    return format_body(rows)['lines']


def format_body(rows):
    """{lines, frame_lines}: the body lines of rows, and for each 'X' row (in order) the index of the
    line that shows it, so a scanned frame's lines can be put under it (see insert_after)."""
    lines = []
    frame_lines = []
    if kind_of(rows) != 'array':
        return {'lines': lines, 'frame_lines': frame_lines}
    index = 0
    for row in rows:
        line = format_row(row)
        if line is not None and row[0] == 'P' and (not line.endswith(' chars)') or _complete(row)) and \
                _repeats_a_name(rows, index, clean(row[3])):
            line = None
        if line is not None and (len(lines) == 0 or lines[len(lines) - 1] != line):
            lines.append(line)
        if line is not None and row[0] == 'X':
            frame_lines.append(len(lines) - 1)
        index += 1
    return {'lines': lines, 'frame_lines': frame_lines}


def join_body(lines):
    """Body lines as one string (no line holds a newline: every part is cleaned)."""
    return '\n'.join(lines)


def split_body(text):
    if kind_of(text) != 'string' or len(text) == 0:
        return []
    return text.split('\n')


def insert_after(lines, inserts):
    """lines with inserts[i] (a list of lines) put after line i, for each key 'i<n>'."""
    out = []
    index = 0
    for line in lines:
        out.append(line)
        key = 'i' + str(index)
        if key in inserts:
            out.extend(inserts[key])
        index += 1
    return out


def paginate(lines, max_chars, cursor):
    """{text, next_cursor|None, shown, total}: body lines from `cursor` (a line index) that fit in
    max_chars (newlines counted), cut at a line boundary with a continuation line."""
    budget = max_chars if kind_of(max_chars) == 'number' and max_chars >= MIN_MAX_CHARS else DEFAULT_MAX_CHARS
    start = cursor if kind_of(cursor) == 'number' and cursor >= 0 else 0
    total = len(lines)
    if start > total:
        start = total
    out = []
    used = 0
    index = start
    # everything fits (the usual case): one length count instead of one per line, and none when even
    # len() (UTF-16 units in JS, never fewer than the code points str_len counts) fits
    if start == 0 and total > 0:
        whole = join_body(lines)
        if len(whole) + 1 <= budget - 60 or str_len(whole) + 1 <= budget - 60:
            return {'text': whole, 'next_cursor': None, 'shown': total, 'total': total}
    while index < total:
        size = str_len(lines[index]) + 1
        if used + size > budget - 60 and len(out) > 0:
            break
        out.append(lines[index])
        used += size
        index += 1
    next_cursor = None
    if index < total:
        next_cursor = index
        out.append('… truncated, continue with cursor=' + str(index))
    return {'text': '\n'.join(out), 'next_cursor': next_cursor, 'shown': index - start, 'total': total}


def diff_lines(old, new):
    """Lines of `new` not in `old` as '+ line', lines of `old` gone from `new` as '- line'
    (multiset comparison: order-insensitive, counts matter). Removals first."""
    counts = {}
    for line in old:
        key = '=' + line
        counts[key] = (counts[key] if key in counts else 0) + 1
    added = []
    for line in new:
        key = '=' + line
        if key in counts and counts[key] > 0:
            counts[key] = counts[key] - 1
        else:
            added.append('+ ' + line)
    removed = []
    for line in old:
        key = '=' + line
        if key in counts and counts[key] > 0:
            counts[key] = counts[key] - 1
            removed.append('- ' + line)
    out = []
    out.extend(removed)
    out.extend(added)
    return out


def render(url, title, count, rows, max_chars, cursor, previous):
    """The scan result: {text, lines (body, for the next diff), next_cursor, total_lines}.
    previous: the body lines of this tab's last scan for a diff, else None."""
    return render_lines(url, title, count, format_rows(rows), max_chars, cursor, previous)


def render_lines(url, title, count, body, max_chars, cursor, previous):
    """render, from body lines already formatted (a large scan is formatted in the tab)."""
    if kind_of(body) != 'array':
        body = []
    shown = body
    head = header(url, title, count)
    if kind_of(previous) == 'array':
        shown = diff_lines(previous, body)
        head += ' | diff: ' + str(len(shown)) + ' changed lines'
        if len(shown) == 0:
            shown = ['(no change since the last scan)']
    page = paginate(shown, (max_chars if kind_of(max_chars) == 'number' else DEFAULT_MAX_CHARS) - str_len(head) - 1,
                    cursor)
    text = head + '\n' + page['text'] if len(page['text']) > 0 else head
    return {'text': text, 'lines': body, 'next_cursor': page['next_cursor'], 'total_lines': page['total']}


# --- the page's own tools (WebMCP) ----------------------------------------------------------------
TOOLS_IN_SCAN = 30
TOOL_NAME_CAP = 100
TOOL_TITLE_CAP = 80
TOOL_DESCRIPTION_CAP = 120


def tool_line(name, risk, title, description):
    """`  <name> [<risk>] <title>: <description, one line>` (the title, or the description, left
    out when empty; the title when it only repeats the name)."""
    line = '  ' + cap(clean(name), TOOL_NAME_CAP) + ' [' + clean(risk) + ']'
    shown = cap(clean(title), TOOL_TITLE_CAP)
    if len(shown) > 0 and shown != clean(name):
        line += ' ' + shown
    text = cap(clean(description), TOOL_DESCRIPTION_CAP)
    if len(text) > 0:
        line += (': ' if len(shown) > 0 and shown != clean(name) else ' ') + text
    return line


def tools_section(tools):
    """The scan's [tools] lines for the page's own tools ([{name, risk, title, description}], names
    already frame-qualified), at most TOOLS_IN_SCAN of them; [] for none."""
    if kind_of(tools) != 'array' or len(tools) == 0:
        return []
    lines = ['[tools]']
    for tool in tools[0:TOOLS_IN_SCAN]:
        if kind_of(tool) == 'object':
            fields = [tool[key] if has_key(tool, key) else '' for key in ['name', 'risk', 'title', 'description']]
            lines.append(tool_line(fields[0], fields[1], fields[2], fields[3]))
    if len(tools) > TOOLS_IN_SCAN:
        lines.append('  … ' + str(len(tools) - TOOLS_IN_SCAN) + ' more: method "tools" lists them all')
    return lines
