"""Side panel: a chat with the user's own model (or the chatbot's backend) on the page beside it,
plus the live feed of calls, pending approvals, the pause switch and the target tab.

The chat runs core/agentloop.run (the client SDK's loop too). Every tool call goes to the worker as
`panel_call` and passes the same gate as the bridge's calls (entries/worker/dispatch.call, source
'panel'): allowlist, risk and approval, signing, rate limits, taint, recipients, audit. Stop aborts
the model request, denies the pending approval (`panel_stop`) and starts no further call.
"""
from core import agentloop, modelwire, panelchat, toolloop
from core.jsonval import kind_of, has_key
from core.reasons import WORKER_RESTARTED
from sites.page.verbs import verb_of
from entries.panel import store
from entries.panel.model import make_model
from webapi.chrome import send_message, tabs_query, permission_request, permission_contains, extension_origin, \
    extension_url, tab_create
from webapi.chrome_extra import on_storage_changed, on_tabs_changed
from webapi.dom import by_id, set_text, listen, apply_theme, root_theme
from webapi.ui import h, replace_children, show, local_time, data_theme_from_query, prefers_dark, value_of, set_value, \
    focus, parse_number
from webapi.js import sleep, random_id, to_json, from_json, now_ms, attempt_async, obj_keys
from webapi.sdk import on_abort, is_aborted
from webapi.panel_io import new_abort, offer_download, current_window_id, key_of, ctrl_or_meta, stop_default, \
    scroll_to_end, iso_now

panel = {'pending': [], 'timer': None}
WATCHED = ['audit_meta', 'switches', 'approvals', 'target_tab']
VIEWS = ['chat', 'activity', 'history', 'settings']
STOP_GRACE_MS = 1500            # after Stop, how long a call's real outcome is awaited for the transcript
PANEL_PROMPT = ('You are Site Agent\'s assistant in the browser\'s side panel. Each user message comes with the '
                'current page: its URL, title and a scan of its elements, fenced as data. Act on the page with '
                'the "page" tool, using uids from the latest scan; scan again after the page changes. Answer in '
                'plain words and cite what you read on the page.')
chat = {'running': False, 'controller': None, 'record': None, 'messages': [], 'settings': None, 'key': '',
        'in_flight': None, 'cards': {}, 'bubbles': {}, 'run_from': 0, 'catalogue': None, 'runs': 0}


async def ask(message):
    reply = await send_message(message)
    return reply['value'] if reply['ok'] else None


# --- activity feed (issue 7) -----------------------------------------------------------------------

def feed_item(entry):
    risk = entry['risk'] if entry['risk'] != None else 'none'
    outcome = h('span', {'class': 'badge ' + ('out-ok' if entry['ok'] else 'out-failed')},
                ['ok' if entry['ok'] else str(entry['reason'])])
    return h('li', {'class': 'feed-item', 'data-tool': entry['tool']}, [
        h('div', {'class': 'row-head'}, [h('code', None, [entry['tool']]), outcome]),
        h('div', {'class': 'meta'}, [h('span', {'class': 'badge risk-' + risk}, [risk]) if entry['risk'] != None else None,
                                     h('span', {'class': 'muted small'}, [entry['source']]),
                                     h('span', {'class': 'spacer'}, None),
                                     h('time', {'class': 'muted small mono'}, [local_time(entry['ts'])])])])


async def refresh():
    state = await ask({'kind': 'panel_state'})
    if state == None:
        set_text(by_id('feed-status'), 'service worker not answering')
        return
    by_id('pause-switch').checked = state['paused']
    set_text(by_id('feed-status'), 'paused' if state['paused'] else 'live')
    panel['pending'] = state['pending']
    show(by_id('pending'), len(state['pending']) > 0)
    if len(state['pending']) > 0:
        set_text(by_id('pending-text'), 'Approval waiting: ' + state['pending'][0]['tool'])
        mark_waiting(True)
    else:
        mark_waiting(False)
    target = state['target']
    if target == None:
        set_text(by_id('target-current'), 'None attached: tools use the site\'s most recent tab.')
    else:
        replace_children(by_id('target-current'), [h('strong', {'class': 'ellipsis'}, [target['title'] or target['url']]),
                                                   h('div', {'class': 'muted small ellipsis url'}, [target['url']])])
    replace_children(by_id('feed'), [feed_item(e) for e in state['feed']])
    show(by_id('feed-empty'), len(state['feed']) == 0)


def schedule():
    # Storage events come in bursts (audit + journal per call): refresh once per burst.
    if panel['timer'] != None:
        return

    def run():
        panel['timer'] = None
        refresh()
    panel['timer'] = setTimeout(run, 60)


def on_changed(area, keys):
    for key in keys:
        if key in WATCHED:
            schedule()
            return


async def on_pause(event):
    await ask({'kind': 'set_paused', 'paused': by_id('pause-switch').checked})
    await refresh()


async def on_focus(event):
    if len(panel['pending']) > 0:
        await ask({'kind': 'focus_approval', 'id': panel['pending'][0]['id']})


def is_web(tab):
    return tab['url'] != None and (tab['url'].startswith('https://') or tab['url'].startswith('http://'))


async def web_tab():
    """The active web page of the window the panel is in (the most recent one when the active tab is not a page)."""
    tabs = await tabs_query({'windowId': await current_window_id()})
    best = None
    for tab in tabs:
        if not is_web(tab):
            continue
        if tab['active']:
            return tab
        if best == None or tab['lastAccessed'] > best['lastAccessed']:
            best = tab
    return best


async def on_use_tab(event):
    best = await web_tab()
    if best == None:
        set_text(by_id('target-current'), 'This window has no web page to attach.')
        return
    await ask({'kind': 'attach_tab', 'tabId': best['id']})
    await refresh()


# --- views -------------------------------------------------------------------------------------------

def show_view(name):
    for view in VIEWS:
        show(by_id('view-' + view), view == name)
        by_id('tab-' + view).setAttribute('aria-selected', 'true' if view == name else 'false')
    if name == 'history':
        render_history()
    if name == 'settings':
        fill_settings()


# --- the transcript ----------------------------------------------------------------------------------

def transcript():
    return by_id('transcript')


def add_item(item, element):
    chat['record']['items'].append(item)
    transcript().appendChild(element)
    scroll_to_end(transcript())
    show(by_id('chat-empty'), False)


def render_item(item):
    kind = item['kind']
    if kind == 'user':
        return h('li', {'class': 'msg msg-user'}, [h('div', {'class': 'who'}, ['You']), h('div', {'class': 'text'}, [item['text']])])
    if kind == 'assistant':
        return h('li', {'class': 'msg msg-assistant'}, [h('div', {'class': 'who'}, ['Assistant']),
                                                        h('div', {'class': 'text'}, [item['text']])])
    if kind == 'tool':
        return tool_card(item)
    if kind == 'usage':
        return h('li', {'class': 'usage muted small'}, [usage_text(item)])
    return h('li', {'class': 'note ' + (item['level'] if 'level' in item else 'info'), 'role': 'status'}, [item['text']])


def usage_text(item):
    return ('Step ' + str(item['step']) + ': ' + str(item['input']) + ' tokens in, ' + str(item['output']) + ' out')


def note(text, level):
    item = {'kind': 'note', 'text': text, 'level': level, 'ts': iso_now()}
    element = render_item(item)
    add_item(item, element)
    return element


def tool_card(item):
    state = item['state']
    badge = h('span', {'class': 'badge out-' + state, 'data-role': 'outcome'},
              [state if item['reason'] == None else state + ': ' + item['reason']])
    audit = h('button', {'type': 'button', 'class': 'link small', 'data-role': 'audit', 'data-call': item['call']},
              ['Audit entry']) if item['call'] != None else None
    if audit != None:
        listen(audit, 'click', lambda e: show_audit(e.currentTarget))
    return h('li', {'class': 'tool-card card', 'data-tool': item['tool'], 'data-state': state, 'data-call': item['call'] or ''}, [
        h('div', {'class': 'row-head'}, [h('code', None, [item['tool']]),
                                         h('span', {'class': 'badge risk-' + item['risk'], 'data-role': 'risk'}, [item['risk']]),
                                         h('span', {'class': 'spacer'}, None), badge]),
        h('div', {'class': 'muted small summary'}, [item['summary']]),
        h('div', {'class': 'muted small detail', 'data-role': 'detail'}, [item['detail'] if 'detail' in item else '']),
        audit,
        h('div', {'class': 'muted small mono audit-line', 'data-role': 'audit-line', 'hidden': True}, None)])


async def show_audit(button):
    """The audit log's entry for this call (the worker keeps the panel's call id in it)."""
    call_id = button.getAttribute('data-call')
    line = button.parentNode.querySelector('[data-role="audit-line"]')
    entries = await ask({'kind': 'audit', 'count': 200, 'filters': {'source': 'panel'}})
    found = None
    for entry in entries if entries != None else []:
        if has_key(entry, 'call') and entry['call'] == call_id:
            found = entry
    show(line, True)
    if found == None:
        set_text(line, 'No audit entry for this call (it never reached the extension).')
        return
    set_text(line, 'Audit ' + local_time(found['ts']) + ' · ' + found['tool'] + ' · source ' + found['source'] + ' · '
             + ('ok' if found['ok'] else str(found['reason'])) + ' · argument names: ' + ', '.join(found['arg_keys']))


def card_of(call_id):
    return chat['cards'][call_id] if call_id in chat['cards'] else None


def update_card(call_id, item):
    element = card_of(call_id)
    if element == None:
        return
    fresh = tool_card(item)
    element.replaceWith(fresh)
    chat['cards'][call_id] = fresh


def mark_waiting(waiting):
    worker_id = chat['in_flight']
    if worker_id == None or worker_id not in chat['model_of']:
        return
    call_id = chat['model_of'][worker_id]
    item = chat['card_items'][call_id]
    if waiting and item['state'] == 'running':
        item['state'] = 'waiting'
        item['risk'] = 'irreversible'
        item['detail'] = 'Waiting for your answer in the approval window.'
        update_card(call_id, item)


def bubble_text(step, piece):
    """A piece of streamed text: into this step's assistant bubble (made on the first piece)."""
    key = 's' + str(step)
    if key not in chat['bubbles']:
        item = {'kind': 'assistant', 'text': '', 'ts': iso_now()}
        element = render_item(item)
        element.classList.add('streaming')
        add_item(item, element)
        chat['bubbles'][key] = {'item': item, 'element': element}
    entry = chat['bubbles'][key]
    entry['item']['text'] = entry['item']['text'] + piece
    set_text(entry['element'].querySelector('.text'), entry['item']['text'])
    scroll_to_end(transcript())


def card_risk(name, args):
    listed = toolloop.risk_of(chat['catalogue'], name)
    tool = toolloop.tool_named(chat['catalogue'], name)
    if tool != None and name == 'page' and kind_of(args) == 'object' and has_key(args, 'method'):
        # the page tool's risk is judged per call in the worker; the card shows its verb's risk, and
        # turns irreversible when the approval window opens for it
        row = verb_of(args['method']) if kind_of(args['method']) == 'string' else None
        return row['risk'] if row != None else 'irreversible'
    return listed


def on_event(event):
    kind = event['type']
    if kind == 'assistant':
        key = 's' + str(event['step'])
        if key in chat['bubbles']:
            chat['bubbles'][key]['element'].classList.remove('streaming')
        return
    if kind == 'tool_call':
        item = {'kind': 'tool', 'tool': event['name'], 'summary': panelchat.args_summary(event['args']),
                'risk': card_risk(event['name'], event['args']), 'state': 'running', 'reason': None, 'call': None,
                'step': event['step'], 'ts': iso_now(), 'model_id': event['id']}
        chat['card_items'][event['id']] = item
        element = tool_card(item)
        chat['cards'][event['id']] = element
        add_item(item, element)
        return
    if kind == 'tool_result':
        if event['id'] not in chat['card_items']:
            return
        item = chat['card_items'][event['id']]
        outcome = event['outcome']
        item['state'] = panelchat.outcome_state(outcome, event['called'])
        item['reason'] = outcome['reason'] if kind_of(outcome) == 'object' and has_key(outcome, 'reason') else None
        item['detail'] = outcome['message'] if kind_of(outcome) == 'object' and has_key(outcome, 'message') \
            and kind_of(outcome['message']) == 'string' else ''
        if not event['called'] and item['call'] == None:
            item['detail'] = 'Not run: ' + item['detail']
        update_card(event['id'], item)
        return
    if kind == 'usage':
        item = {'kind': 'usage', 'step': event['step'], 'input': event['input'], 'output': event['output'], 'ts': iso_now()}
        add_item(item, render_item(item))
        record = chat['record']
        record['usage'] = {'input': event['totalInput'], 'output': event['totalOutput']}
        set_text(by_id('run-tokens'), str(event['totalInput']) + ' in · ' + str(event['totalOutput']) + ' out')


# --- tool calls through the worker's gate ---------------------------------------------------------------

def worker_lost(error):
    return {'ok': False, 'reason': WORKER_RESTARTED,
            'message': 'the extension\'s service worker stopped during the call (' + error + '); the call may or may '
                       'not have taken effect'}


async def call_tool(name, args, options):
    """One call through the worker's gate (source 'panel'); resolves early, as client_aborted, when
    the user stops (the worker is told to deny a waiting approval)."""
    model_id = options['callId']
    worker_id = random_id()
    chat['in_flight'] = worker_id
    if model_id in chat['card_items']:
        chat['card_items'][model_id]['call'] = worker_id
        chat['model_of'][worker_id] = model_id
        update_card(model_id, chat['card_items'][model_id])
    signal = options['signal']
    message = {'kind': 'panel_call', 'name': name, 'args': args, 'callId': worker_id, 'theme': root_theme(),
               'windowId': chat['window']}

    def stopped(resolve):
        on_abort(signal, lambda: resolve({'ok': False, 'aborted': True}))
    sent = send_message(message)
    reply = await Promise.race([sent, __new__(Promise(stopped))])
    if 'aborted' in reply and reply['aborted']:
        # Stop told the worker to deny a waiting approval: its real answer usually follows at once
        settled = await Promise.race([sent, sleep(STOP_GRACE_MS)])
        chat['in_flight'] = None
        if settled != None and settled['ok'] and kind_of(settled['value']) == 'object':
            return settled['value']
        return agentloop.aborted_outcome()
    chat['in_flight'] = None
    if not reply['ok']:
        return worker_lost(reply['error'])
    if kind_of(reply['value']) != 'object':
        return worker_lost('no answer')
    return reply['value']


async def page_context():
    """URL, title and a budgeted scan of the page beside the panel (attached for the page tool)."""
    tab = await web_tab()
    if tab == None:
        return panelchat.page_context(None, '', None, 'this window shows no web page')
    await ask({'kind': 'attach_tab', 'tabId': tab['id']})
    scanned = await ask({'kind': 'panel_call', 'name': 'page', 'args': {'method': 'scan', 'max_chars': panelchat.CONTEXT_CHARS},
                         'callId': random_id(), 'theme': root_theme(), 'windowId': chat['window']})
    if scanned != None and scanned['ok'] and has_key(scanned['result'], 'text'):
        return panelchat.page_context(tab['url'], tab['title'], scanned['result']['text'], None)
    why = scanned['message'] if scanned != None and has_key(scanned, 'message') else 'the page could not be read'
    if scanned != None and scanned['reason'] == 'permission_required':
        offer_host(modelwire.origin_pattern(tab['url']))
    return panelchat.page_context(tab['url'], tab['title'], None, why)


def offer_host(pattern):
    if pattern == None:
        return
    button = h('button', {'type': 'button', 'class': 'btn btn-small'}, ['Allow Site Agent on ' + pattern])

    async def grant(event):
        answer = await permission_request(pattern)
        set_text(button, 'Allowed: ask again' if answer['ok'] and answer['value'] else 'Not allowed')
    listen(button, 'click', grant)
    item = {'kind': 'note', 'text': 'Site Agent may not read this site yet.', 'level': 'warn', 'ts': iso_now()}
    element = render_item(item)
    element.appendChild(button)
    add_item(item, element)


# --- a run ------------------------------------------------------------------------------------------------

def new_record():
    return {'id': random_id(), 'title': 'Conversation', 'created': iso_now(), 'updated': iso_now(),
            'provider': '', 'model': '', 'items': [], 'usage': {'input': 0, 'output': 0}, 'steps': 0, 'messages': []}


def set_running(running):
    chat['running'] = running
    show(by_id('stop'), running)
    by_id('send').disabled = running
    set_text(by_id('run-status'), 'Working…' if running else '')
    document.documentElement.dataset.panelRunning = '1' if running else '0'
    if not running:
        chat['runs'] = chat['runs'] + 1
        document.documentElement.dataset.panelRuns = str(chat['runs'])


async def ensure_host(url):
    """Host access to the model endpoint, asked for on demand (the click on Send is the gesture)."""
    pattern = modelwire.origin_pattern(url)
    if pattern == None:
        return False
    if await permission_contains(pattern):
        return True
    answer = await permission_request(pattern)
    return answer['ok'] and answer['value'] == True


async def on_send(event):
    if event != None:
        stop_default(event)
    if chat['running']:
        return
    text = value_of(by_id('prompt')).strip()
    if len(text) == 0:
        focus(by_id('prompt'))
        return
    settings = chat['settings']
    model_settings = store.model_settings(settings)
    problem = modelwire.settings_problem(model_settings)
    if chat['record'] == None:
        chat['record'] = new_record()
    if problem != None:
        note('Model settings: ' + problem + '.', 'error')
        return
    url = modelwire.endpoint(model_settings['provider'], model_settings['base'], model_settings['model'])
    if not await ensure_host(url):
        note('Site Agent needs access to ' + str(modelwire.origin_pattern(url)) + ' to reach the model. Allow it when '
             'Chrome asks (Send again).', 'error')
        return
    set_value(by_id('prompt'), '')
    set_running(True)
    ran = await attempt_async(lambda t: run_turn(t, settings, model_settings), text)
    if not ran['ok']:
        note(panelchat.redact('The chat failed: ' + ran['error'], chat['key']), 'error')
    set_running(False)
    saved = await attempt_async(lambda ignored: save_record(), None)
    if not saved['ok']:
        note('This conversation could not be kept in history: ' + saved['error'], 'warn')


async def run_turn(text, settings, model_settings):
    record = chat['record']
    if len(record['items']) == 0:
        record['title'] = panelchat.title_of(text)
    record['provider'] = model_settings['provider']
    record['model'] = model_settings['model']
    chat['run_from'] = len(record['items'])
    chat['bubbles'] = {}
    add_item({'kind': 'user', 'text': text, 'ts': iso_now()}, render_item({'kind': 'user', 'text': text}))
    controller = new_abort()
    chat['controller'] = controller
    chat['window'] = await current_window_id()
    tools = await ask({'kind': 'panel_tools'})
    if kind_of(tools) != 'array':
        note('The extension did not list its tools; is it paused or restarting? Try again.', 'error')
        return
    if settings['page_only']:
        tools = panelchat.page_tools_only(tools)
    chat['catalogue'] = tools
    context = await page_context()
    if is_aborted(controller.signal):
        note('Stopped by you. Nothing ran in this run.', 'info')
        return
    env = {'model': make_model(model_settings, chat['key'], extension_origin(), bubble_text, lambda t: note(t, 'warn')),
           'call': call_tool, 'emit': on_event, 'aborted': lambda: is_aborted(controller.signal), 'now': now_ms,
           'new_id': random_id, 'to_json': to_json, 'parse': from_json,
           'normal': lambda reply: agentloop.plain_reply(reply, random_id)}
    user_message = {'role': 'user', 'content': text + '\n\n' + agentloop.fenced_context(env,
        'The current page (its URL, title and a scan of its elements)', context)}
    budgets = settings['budgets']
    messages = list(chat['messages'])
    messages.append(user_message)
    loop = {'messages': messages, 'tools': tools, 'offered': None,
            'max_steps': budgets['steps'], 'timeout_ms': 600000, 'prompt': toolloop.SAFETY_PROMPT + '\n\n' + PANEL_PROMPT,
            'signal': controller.signal, 'max_failures': agentloop.DEFAULT_MAX_FAILURES,
            'max_tokens': budgets['tokens'], 'max_ms': budgets['seconds'] * 1000}
    ran = await attempt_async(lambda s: agentloop.run(s, env), loop)
    if not ran['ok']:
        thrown = ran['thrown']
        message = thrown.detail if thrown != None and hasattr(thrown, 'detail') else ran['error']
        note(panelchat.redact(message, chat['key']), 'error')
        if is_aborted(controller.signal):
            note('Stopped by you. ' + panelchat.ran_summary(record['items'], chat['run_from']), 'info')
        return
    result = ran['value']
    chat['messages'] = result['messages']
    record['steps'] = record['steps'] + result['steps']
    stop = result['stopReason']
    if stop == 'answer':
        key = 's' + str(result['steps'])
        if key not in chat['bubbles'] and len(result['answer']) > 0:
            bubble_text(result['steps'], result['answer'])
        return
    if stop == 'aborted':
        note('Stopped by you. ' + panelchat.ran_summary(record['items'], chat['run_from']), 'info')
        return
    note(panelchat.stop_text(stop, budgets, result['detail']) + ' ' + panelchat.ran_summary(record['items'], chat['run_from']),
         'warn')


def on_stop(event):
    if not chat['running'] or chat['controller'] == None:
        return
    chat['controller'].abort()
    if chat['in_flight'] != None:
        send_message({'kind': 'panel_stop', 'callId': chat['in_flight']})


def on_prompt_key(event):
    if key_of(event) == 'Enter' and ctrl_or_meta(event):
        on_send(event)
    elif key_of(event) == 'Escape' and chat['running']:
        on_stop(event)


def on_new_chat(event):
    if chat['running']:
        return
    chat['record'] = None
    chat['messages'] = []
    chat['cards'] = {}
    chat['card_items'] = {}
    chat['model_of'] = {}
    replace_children(transcript(), [])
    show(by_id('chat-empty'), True)
    set_text(by_id('run-tokens'), '')
    focus(by_id('prompt'))


# --- history ----------------------------------------------------------------------------------------------

async def save_record():
    record = chat['record']
    if record == None or len(record['items']) == 0:
        return
    record['updated'] = iso_now()
    record['messages'] = panelchat.kept_messages(chat['messages'])
    keep = chat['settings']['keep_history']
    await store.save_history(keep, panelchat.history_put(await store.load_history(keep), record))


async def render_history():
    history = await store.load_history(chat['settings']['keep_history'])
    rows = []
    for row in panelchat.listed(history):
        rows.append(history_row(row, history))
    replace_children(by_id('history-list'), rows)
    show(by_id('history-empty'), len(rows) == 0)
    set_text(by_id('history-where'), 'Kept on this device (storage.local).' if chat['settings']['keep_history']
             else 'Kept until the browser closes (storage.session).')


def history_row(row, history):
    found = None
    for record in history:
        if record['id'] == row['id']:
            found = record
    buttons = [h('button', {'type': 'button', 'class': 'btn btn-small', 'data-act': 'open'}, ['Open']),
               h('button', {'type': 'button', 'class': 'btn btn-small', 'data-act': 'md'}, ['Markdown']),
               h('button', {'type': 'button', 'class': 'btn btn-small', 'data-act': 'json'}, ['JSON']),
               h('button', {'type': 'button', 'class': 'btn btn-small btn-danger', 'data-act': 'delete'}, ['Delete'])]
    listen(buttons[0], 'click', lambda e: open_record(found))
    listen(buttons[1], 'click', lambda e: export_record(found, 'md'))
    listen(buttons[2], 'click', lambda e: export_record(found, 'json'))
    listen(buttons[3], 'click', lambda e: delete_record(row['id']))
    return h('li', {'class': 'history-item', 'data-id': row['id']}, [
        h('div', {'class': 'row-head'}, [h('strong', {'class': 'ellipsis'}, [row['title']]),
                                         h('span', {'class': 'muted small'}, [str(row['calls']) + ' calls'])]),
        h('div', {'class': 'muted small'}, [row['updated']]),
        h('div', {'class': 'actions'}, buttons)])


def open_record(record):
    if chat['running'] or record == None:
        return
    on_new_chat(None)
    chat['record'] = {}
    for key in obj_keys(record):
        chat['record'][key] = record[key]
    items = chat['record']['items']
    chat['record']['items'] = []
    chat['messages'] = record['messages'] if 'messages' in record and record['messages'] != None else []
    for item in items:
        add_item(item, render_item(item))
    show_view('chat')


def export_record(record, kind):
    if record == None:
        return
    if kind == 'md':
        text = panelchat.markdown(record)
        mime = 'text/markdown'
    else:
        text = JSON.stringify(panelchat.export_record(record), None, 2)
        mime = 'application/json'
    text = panelchat.redact(text, chat['key'])
    offer_download(by_id('export-link'), 'site-agent-chat-' + record['id'][:8] + '.' + kind, text, mime)


async def delete_record(record_id):
    keep = chat['settings']['keep_history']
    await store.save_history(keep, panelchat.history_drop(await store.load_history(keep), record_id))
    if chat['record'] != None and chat['record']['id'] == record_id:
        on_new_chat(None)
    await render_history()


async def delete_all(event):
    await store.save_history(True, [])
    await store.save_history(False, [])
    on_new_chat(None)
    await render_history()


# --- settings ---------------------------------------------------------------------------------------------

def fill_settings():
    settings = chat['settings']
    backend_option = by_id('provider-backend')
    named = store.backend()
    show(backend_option, named != None)
    if named != None:
        set_text(backend_option, named['label'])
    set_value(by_id('set-provider'), settings['provider'])
    set_value(by_id('set-base'), settings['base'])
    set_value(by_id('set-model'), settings['model'])
    set_value(by_id('set-key'), '')
    by_id('set-key').placeholder = 'A key is saved (type to replace it)' if len(chat['key']) > 0 else 'Not needed for local models'
    by_id('set-remember').checked = settings['remember_key']
    by_id('set-keep').checked = settings['keep_history']
    by_id('set-page-only').checked = settings['page_only']
    set_value(by_id('set-steps'), str(settings['budgets']['steps']))
    set_value(by_id('set-seconds'), str(settings['budgets']['seconds']))
    set_value(by_id('set-tokens'), str(settings['budgets']['tokens']))
    on_provider(None)


def on_provider(event):
    provider = value_of(by_id('set-provider'))
    show(by_id('own-model'), provider != 'backend')
    hint = {'openai': 'Base URL, e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), '
                      'http://localhost:1234/v1 (LM Studio), https://openrouter.ai/api/v1',
            'anthropic': 'Base URL: leave empty for https://api.anthropic.com',
            'gemini': 'Base URL: leave empty for https://generativelanguage.googleapis.com/v1beta',
            'backend': 'No key needed: the chatbot\'s own model proxy.'}
    set_text(by_id('base-hint'), hint[provider] if provider in hint else '')


def number_of(element_id):
    return parse_number(value_of(by_id(element_id)))


async def on_save_settings(event):
    stop_default(event)
    settings = {'provider': value_of(by_id('set-provider')), 'base': value_of(by_id('set-base')).strip(),
                'model': value_of(by_id('set-model')).strip(), 'remember_key': by_id('set-remember').checked,
                'keep_history': by_id('set-keep').checked, 'page_only': by_id('set-page-only').checked,
                'budgets': {'steps': number_of('set-steps'), 'seconds': number_of('set-seconds'),
                            'tokens': number_of('set-tokens')}}
    problem = modelwire.settings_problem(store.model_settings(settings))
    if problem != None:
        set_text(by_id('settings-status'), 'Not saved: ' + problem + '.')
        return
    typed = value_of(by_id('set-key'))
    url = modelwire.endpoint(settings['provider'], store.model_settings(settings)['base'], settings['model'])
    granted = await ensure_host(url)
    key_text = typed.strip() if len(typed.strip()) > 0 else chat['key']
    chat['settings'] = await store.save_settings(settings, key_text)
    chat['key'] = key_text
    set_value(by_id('set-key'), '')
    where = 'on this device (storage.local)' if settings['remember_key'] else 'until the browser closes (storage.session)'
    set_text(by_id('settings-status'), 'Saved. ' + ('Key kept ' + where + '. ' if len(key_text) > 0 else '')
             + ('' if granted else 'Host access to the model was not granted yet: Chrome asks when you send.'))
    model_line()


async def on_forget_key(event):
    await store.forget_key()
    chat['key'] = ''
    set_text(by_id('settings-status'), 'Key forgotten.')
    fill_settings()


def model_line():
    model_settings = store.model_settings(chat['settings'])
    names = {'openai': 'OpenAI-compatible', 'anthropic': 'Anthropic', 'gemini': 'Gemini'}
    named = store.backend()
    if model_settings['provider'] == 'backend':
        shown = named['label'] if named != None else 'The chatbot\'s backend'
    else:
        shown = names[model_settings['provider']] + ' · ' + (model_settings['model'] or '(no model)')
    set_text(by_id('model-line'), 'Model: ' + shown)


# --- start --------------------------------------------------------------------------------------------------

async def load():
    chat['settings'] = await store.load_settings()
    chat['key'] = await store.load_key(chat['settings'])
    model_line()
    document.documentElement.dataset.panelReady = '1'


def start():
    theme = data_theme_from_query()
    apply_theme(theme if theme != None else ('dark' if prefers_dark() else 'light'))
    chat['card_items'] = {}
    chat['model_of'] = {}
    listen(by_id('pause-switch'), 'change', on_pause)
    listen(by_id('focus-approval'), 'click', on_focus)
    listen(by_id('use-this-tab'), 'click', on_use_tab)
    listen(by_id('composer'), 'submit', on_send)
    listen(by_id('prompt'), 'keydown', on_prompt_key)
    listen(by_id('stop'), 'click', on_stop)
    listen(by_id('new-chat'), 'click', on_new_chat)
    listen(by_id('settings-form'), 'submit', on_save_settings)
    listen(by_id('set-provider'), 'change', on_provider)
    listen(by_id('forget-key'), 'click', on_forget_key)
    listen(by_id('delete-all'), 'click', delete_all)
    listen(by_id('open-console'), 'click', lambda e: tab_create({'url': extension_url('console.html')}))
    for view in VIEWS:
        listen(by_id('tab-' + view), 'click', lambda e: show_view(e.currentTarget.getAttribute('data-view')))
    on_storage_changed(on_changed)
    on_tabs_changed(schedule)
    refresh()
    load()


start()
