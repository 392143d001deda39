"""The side panel's chat as data (pure): tool-call cards, page context, budgets, the conversation
record kept in history, and its Markdown/JSON exports. No key ever enters a conversation record:
the exports are built from a record field by field (`export_record`), and `redact` removes the
current key's text wherever the user may have pasted it.
"""
from core.jsonval import kind_of, has_key, own_keys, list_has
from core.canonical import canonical_json
from core import toolloop

SUMMARY_CHARS = 90
CONTEXT_CHARS = 6000            # the page scan sent with each user turn (characters)
HISTORY_CAP = 50                # conversations kept
KEPT_MESSAGES = 60              # model messages kept with a conversation (to continue it after reopening)
DEFAULT_BUDGETS = {'steps': toolloop.DEFAULT_MAX_STEPS, 'seconds': 180, 'tokens': 200000}
RECORD_KEYS = ['id', 'title', 'created', 'updated', 'provider', 'model', 'items', 'usage', 'steps']
ITEM_KEYS = ['kind', 'text', 'tool', 'summary', 'risk', 'state', 'reason', 'call', 'step', 'input', 'output', 'ts']


def _clip(text, size):
    if kind_of(text) != 'string':
        return ''
    flat = text.replace('\n', ' ').replace('\r', ' ')
    return flat if len(flat) <= size else flat[:size - 1] + '…'


def args_summary(args):
    """A short line for a tool call's arguments: the page tool's verb first, then key=value pairs
    with short values ("click uid=u12", "type uid=u4 text="Ada Lovelace"")."""
    if kind_of(args) != 'object':
        return '(arguments are not an object)'
    parts = []
    if has_key(args, 'method') and kind_of(args['method']) == 'string':
        parts.append(args['method'])
    for key in own_keys(args):
        if key == 'method':
            continue
        value = args[key]
        if kind_of(value) == 'string':
            shown = '"' + _clip(value, 40) + '"'
        elif kind_of(value) == 'object' or kind_of(value) == 'array':
            shown = _clip(canonical_json(value), 40)
        else:
            shown = canonical_json(value)
        parts.append(key + '=' + shown)
    return _clip(' '.join(parts), SUMMARY_CHARS)


def outcome_state(outcome, called):
    """'ok' | 'failed' | 'denied' | 'refused' (the loop would not make it) | 'not_called' (the run ended
    first) | 'unknown' (its effect is unknown) for a card's badge."""
    if kind_of(outcome) != 'object':
        return 'failed'
    if has_key(outcome, 'ok') and outcome['ok'] is True:
        return 'ok'
    reason = outcome['reason'] if has_key(outcome, 'reason') else None
    if reason == 'approval_denied' or reason == 'approval_timeout':
        return 'denied'
    if not called:
        return 'refused' if list_has(['unknown_tool', 'invalid_args', 'retry_blocked'], reason) else 'not_called'
    if toolloop.is_uncertain(outcome):
        return 'unknown'
    return 'failed'


def page_context(url, title, scan_text, note):
    """The text fenced as data under a user's message: the active tab's URL, title and a scan cut
    to CONTEXT_CHARS (or the note saying why there is none)."""
    lines = ['URL: ' + (url if kind_of(url) == 'string' else '(none)'),
             'Title: ' + _clip(title, 200)]
    if kind_of(scan_text) == 'string' and len(scan_text) > 0:
        body = scan_text if len(scan_text) <= CONTEXT_CHARS else scan_text[:CONTEXT_CHARS] + '\n… (cut: scan the page for more)'
        lines.append('Scan (uids are valid for the page tool):')
        lines.append(body)
    elif kind_of(note) == 'string':
        lines.append('No scan: ' + note)
    return '\n'.join(lines)


def budgets_of(raw):
    """User budgets, each a whole number: steps >= 1, seconds >= 0, tokens >= 0 (0: none); a bad or
    missing value takes its default."""
    out = {}
    for key in own_keys(DEFAULT_BUDGETS):
        value = raw[key] if kind_of(raw) == 'object' and has_key(raw, key) else None
        lowest = 1 if key == 'steps' else 0
        checked = toolloop.positive_int(value, DEFAULT_BUDGETS[key], lowest)
        out[key] = checked if checked is not None else DEFAULT_BUDGETS[key]
    return out


STOP_TEXT = {
    'answer': None,
    'max_steps': 'Stopped: the step budget ({n}) is used up. Ask again to go on.',
    'aborted': 'Stopped by you.',
    'failures': 'Stopped: three tool calls in a row failed ({reason}).',
    'token_budget': 'Stopped: the token budget ({n}) is used up.',
    'time_budget': 'Stopped: the time budget ({n} s) is used up.',
}


def stop_text(stop, budgets, detail):
    template = STOP_TEXT[stop] if has_key(STOP_TEXT, stop) else 'Stopped (' + str(stop) + ').'
    if template is None:
        return None
    n = ''
    if stop == 'max_steps':
        n = str(budgets['steps'])
    elif stop == 'token_budget':
        n = str(budgets['tokens'])
    elif stop == 'time_budget':
        n = str(budgets['seconds'])
    return template.replace('{n}', n).replace('{reason}', str(detail) if detail is not None else 'see the cards')


def ran_summary(items, since):
    """What already ran in this run (items from index `since`): 'Already ran: page click, ...' or
    'Nothing ran.' - said when the user stops a run."""
    done = []
    index = since
    while index < len(items):
        item = items[index]
        if kind_of(item) == 'object' and has_key(item, 'kind') and item['kind'] == 'tool' and item['state'] == 'ok':
            done.append(item['tool'] + ' ' + _clip(item['summary'], 40))
        index += 1
    if len(done) == 0:
        return 'Nothing ran in this run.'
    return 'Already ran: ' + '; '.join(done) + '.'


def redact(text, secret):
    """text with every occurrence of secret (8+ characters) replaced."""
    if kind_of(text) != 'string' or kind_of(secret) != 'string' or len(secret) < 8:
        return text
    return '[redacted]'.join(text.split(secret))


def export_record(record):
    """The conversation fields an export may hold (never messages sent to the model, never settings)."""
    out = {}
    for key in RECORD_KEYS:
        if kind_of(record) == 'object' and has_key(record, key):
            out[key] = record[key]
    items = []
    for item in out['items'] if has_key(out, 'items') and kind_of(out['items']) == 'array' else []:
        kept = {}
        for key in ITEM_KEYS:
            if kind_of(item) == 'object' and has_key(item, key):
                kept[key] = item[key]
        items.append(kept)
    out['items'] = items
    return out


def markdown(record):
    """The conversation as Markdown: messages, one line per tool call (with its audit id), notes."""
    data = export_record(record)
    lines = ['# ' + _clip(data['title'] if has_key(data, 'title') else 'Conversation', 120), '']
    if has_key(data, 'created'):
        lines.append('Started: ' + str(data['created']))
    if has_key(data, 'provider'):
        lines.append('Model: ' + str(data['provider']) + ' ' + str(data['model'] if has_key(data, 'model') else ''))
    if has_key(data, 'usage') and kind_of(data['usage']) == 'object':
        lines.append('Tokens: ' + str(data['usage']['input']) + ' in, ' + str(data['usage']['output']) + ' out')
    lines.append('')
    for item in data['items']:
        kind = item['kind'] if has_key(item, 'kind') else ''
        if kind == 'user':
            lines.append('**You:** ' + str(item['text']))
        elif kind == 'assistant':
            lines.append('**Assistant:** ' + str(item['text']))
        elif kind == 'tool':
            lines.append('- `' + str(item['tool']) + '` ' + str(item['summary']) + ' (' + str(item['risk']) + '): '
                         + str(item['state']) + (' ' + str(item['reason']) if has_key(item, 'reason') and item['reason'] is not None else '')
                         + (' [audit ' + str(item['call']) + ']' if has_key(item, 'call') else ''))
        elif kind == 'usage':
            lines.append('_Tokens, step ' + str(item['step']) + ': ' + str(item['input']) + ' in, ' + str(item['output']) + ' out_')
        else:
            lines.append('> ' + str(item['text'] if has_key(item, 'text') else ''))
        lines.append('')
    return '\n'.join(lines)


def kept_messages(messages):
    """The newest KEPT_MESSAGES model messages, starting at a user message (a tool result cut from
    its call would be refused by the providers)."""
    if kind_of(messages) != 'array':
        return []
    start = len(messages) - KEPT_MESSAGES if len(messages) > KEPT_MESSAGES else 0
    while start < len(messages) and not (kind_of(messages[start]) == 'object' and has_key(messages[start], 'role')
                                         and messages[start]['role'] == 'user'):
        start += 1
    return messages[start:]


def history_put(history, record):
    """A new history list: record first (replacing the one with its id), at most HISTORY_CAP."""
    out = [record]
    for item in history if kind_of(history) == 'array' else []:
        if kind_of(item) == 'object' and has_key(item, 'id') and item['id'] != record['id'] and len(out) < HISTORY_CAP:
            out.append(item)
    return out


def history_drop(history, record_id):
    return [item for item in (history if kind_of(history) == 'array' else [])
            if kind_of(item) == 'object' and has_key(item, 'id') and item['id'] != record_id]


def listed(history):
    """[{id, title, updated, calls}] for the history view."""
    out = []
    for item in history if kind_of(history) == 'array' else []:
        if kind_of(item) != 'object':
            continue
        calls = len([i for i in item['items'] if kind_of(i) == 'object' and has_key(i, 'kind') and i['kind'] == 'tool']) \
            if has_key(item, 'items') and kind_of(item['items']) == 'array' else 0
        out.append({'id': item['id'], 'title': item['title'] if has_key(item, 'title') else '', 'updated':
                    item['updated'] if has_key(item, 'updated') else '', 'calls': calls})
    return out


def title_of(text):
    return _clip(text, 60) if kind_of(text) == 'string' and len(text.strip()) > 0 else 'Conversation'


def page_tools_only(tools):
    """Only the page tool: a prompt about 8,000 tokens smaller than the whole catalogue, for local
    models with a small context (Ollama's default is 4,096 tokens)."""
    return [t for t in (tools if kind_of(tools) == 'array' else [])
            if kind_of(t) == 'object' and has_key(t, 'name') and t['name'] == 'page']


def is_provider(name):
    return list_has(['openai', 'anthropic', 'gemini', 'backend'], name)
