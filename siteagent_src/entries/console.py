"""Extension console: target tab, run any tool from a generated form, switches, audit, host access,
adapter health and macros. Everything it changes goes through the service worker (source "console")."""
from core.schema import validate
from core.jsonval import has_key, own_keys
from webapi.chrome import send_message, permission_request
from webapi.chrome_extra import on_storage_changed
from webapi.dom import by_id, set_text, listen, apply_theme, find_all
from core.pretty import pretty_parts
from webapi.ui import (h, replace_children, show, value_of, set_value, parse_number, local_time, json_pretty,
                         data_theme_from_query, prefers_dark)
from webapi.js import obj_keys, to_json, from_json
from entries.console_mcp import start_mcp_card

LONG_TEXT = 200
ui = {'tools': [], 'tool': None, 'switches': None, 'recording': None, 'macros': {}, 'theme': 'light',
      'target': None, 'audit_seq': 0}


async def ask(message):
    """The worker's reply, or None when it did not answer."""
    reply = await send_message(message)
    if not reply['ok']:
        return None
    return reply['value']


def risk_badge(risk):
    return h('span', {'class': 'badge risk-' + str(risk)}, [str(risk)])


def find(tools, tool_name):
    for tool in tools:
        if tool['name'] == tool_name:
            return tool
    return None


# --- state, pause, tools -------------------------------------------------------------------------

async def refresh_state():
    state = await ask({'kind': 'console_state'})
    if state == None:
        set_text(by_id('status-pill'), 'no service worker')
        return
    ui['tools'] = state['tools']
    ui['switches'] = state['switches']
    ui['macros'] = state['macros'] if state['macros'] != None else {}
    ui['recording'] = state['recording']
    if ui['target'] != state['target']:
        ui['target'] = state['target']
        refresh_tabs()
    show_switches()
    show_target(state['target_tab'])
    show_health(state['health'])
    show_macros()
    show_recording()
    if by_id('tool-select').options.length == 0:
        fill_tool_select()


def show_switches():
    paused = ui['switches']['paused']
    by_id('pause-switch').checked = paused
    pill = by_id('status-pill')
    set_text(pill, 'paused' if paused else 'running')
    pill.className = 'badge ' + ('state-paused' if paused else 'state-running')
    sites = []
    groups = {}
    for tool in ui['tools']:
        site = tool['site']
        if site not in groups:
            groups[site] = []
            sites.append(site)
        groups[site].append(tool)
    blocks = []
    for site in sites:
        rows = []
        for tool in groups[site]:
            enabled = tool['name'] not in ui['switches']['disabled']
            box = h('input', {'type': 'checkbox', 'id': 'toggle-' + tool['name'], 'checked': enabled,
                              'data-tool': tool['name'], 'role': 'switch'}, None)
            listen(box, 'change', on_toggle)
            rows.append(h('li', {'class': 'tool-row' + ('' if enabled else ' off')}, [
                h('label', {'class': 'switch'}, [box, h('span', {'class': 'switch-track'}, None),
                                                  h('code', None, [tool['name']])]),
                h('span', {'class': 'spacer'}, None),
                h('span', {'class': 'tag'}, ['console only']) if not tool['public'] else None,
                risk_badge(tool['risk'])]))
        blocks.append(h('div', {'class': 'site-group'}, [h('h3', None, [site]), h('ul', {'class': 'rows'}, rows)]))
    replace_children(by_id('tool-toggles'), blocks)


async def on_toggle(event):
    box = event.target
    await ask({'kind': 'set_tool_enabled', 'name': box.getAttribute('data-tool'), 'enabled': box.checked})
    await refresh_state()


async def on_pause(event):
    await ask({'kind': 'set_paused', 'paused': by_id('pause-switch').checked})
    await refresh_state()


# --- target tab ----------------------------------------------------------------------------------

def show_target(tab):
    if tab == None:
        set_text(by_id('target-current'), 'No tab attached: tools use the site\'s most recent tab.')
        show(by_id('detach-tab'), False)
        return
    replace_children(by_id('target-current'), ['Attached: ', h('strong', None, [tab['title'] or tab['url']]), ' ',
                                                h('span', {'class': 'muted url'}, [tab['url']])])
    show(by_id('detach-tab'), True)


async def refresh_tabs():
    tabs = await ask({'kind': 'list_tabs'})
    rows = []
    for tab in tabs if tabs != None else []:
        if tab['id'] == ui['target']:
            button = h('span', {'class': 'badge out-ok'}, ['target'])
        else:
            button = h('button', {'type': 'button', 'class': 'btn btn-small', 'data-tab': tab['id'],
                                  'id': 'attach-' + str(tab['id'])}, ['Attach'])
            listen(button, 'click', on_attach)
        rows.append(h('li', {'class': 'tab-row'}, [
            h('div', {'class': 'grow'}, [h('div', {'class': 'ellipsis'}, [tab['title'] or '(untitled)']),
                                         h('div', {'class': 'muted url ellipsis'}, [tab['url']])]), button]))
    if len(rows) == 0:
        rows.append(h('li', {'class': 'muted'}, ['No web pages are open.']))
    replace_children(by_id('tab-list'), rows)


async def on_attach(event):
    tab_id = parse_number(event.currentTarget.getAttribute('data-tab'))
    await ask({'kind': 'attach_tab', 'tabId': tab_id})
    await refresh_state()


async def on_detach(event):
    await ask({'kind': 'detach_tab'})
    await refresh_state()


# --- the generated form --------------------------------------------------------------------------

def fill_tool_select():
    select = by_id('tool-select')
    groups = {}
    order = []
    for tool in ui['tools']:
        if tool['site'] not in groups:
            groups[tool['site']] = h('optgroup', {'label': tool['site']}, None)
            order.append(tool['site'])
        groups[tool['site']].appendChild(h('option', {'value': tool['name']}, [tool['name']]))
    replace_children(select, [groups[site] for site in order])
    if len(ui['tools']) > 0:
        build_form(ui['tools'][0]['name'])


def is_long(prop_name, prop):
    return prop_name == 'body' or (has_key(prop, 'maxLength') and prop['maxLength'] > LONG_TEXT)


def field_input(prop_name, prop, required):
    ptype = prop['type'] if has_key(prop, 'type') else 'string'
    attrs = {'id': 'arg-' + prop_name, 'name': prop_name, 'data-kind': ptype, 'aria-describedby': 'err-' + prop_name}
    if has_key(prop, 'enum'):
        options = [] if required else [h('option', {'value': ''}, ['(not set)'])]
        for option in prop['enum']:
            options.append(h('option', {'value': str(option)}, [str(option)]))
        attrs['data-kind'] = 'enum'
        return h('select', attrs, options)
    if ptype == 'boolean':
        attrs['type'] = 'checkbox'
        return h('input', attrs, None)
    if ptype == 'integer' or ptype == 'number':
        attrs['type'] = 'number'
        attrs['step'] = '1' if ptype == 'integer' else 'any'
        attrs['min'] = prop['minimum'] if has_key(prop, 'minimum') else None
        attrs['max'] = prop['maximum'] if has_key(prop, 'maximum') else None
        return h('input', attrs, None)
    if ptype == 'array':
        attrs['rows'] = 3
        attrs['placeholder'] = 'one per line'
        return h('textarea', attrs, None)
    if ptype == 'object':
        attrs['rows'] = 3
        attrs['placeholder'] = 'a JSON object, e.g. {"sku": "a1"}'
        return h('textarea', attrs, None)
    if is_long(prop_name, prop):
        attrs['rows'] = 5
        return h('textarea', attrs, None)
    attrs['type'] = 'text'
    attrs['maxlength'] = prop['maxLength'] if has_key(prop, 'maxLength') else None
    return h('input', attrs, None)


def build_form(tool_name):
    tool = find(ui['tools'], tool_name)
    ui['tool'] = tool
    set_value(by_id('tool-select'), tool_name)
    schema = tool['inputSchema']
    props = schema['properties'] if has_key(schema, 'properties') else {}
    required = schema['required'] if has_key(schema, 'required') else []
    rows = []
    for prop_name in own_keys(props):
        prop = props[prop_name]
        needed = prop_name in required
        control = field_input(prop_name, prop, needed)
        label = [h('span', {'class': 'field-name'}, [prop_name]),
                 h('span', {'class': 'req', 'title': 'required'}, ['*']) if needed else None]
        desc = h('small', {'class': 'muted'}, [prop['description']]) if has_key(prop, 'description') else None
        error = h('span', {'class': 'field-error', 'id': 'err-' + prop_name, 'role': 'alert'}, None)
        cls = 'field' + (' required' if needed else '') + (' check' if control.getAttribute('type') == 'checkbox' else '')
        if control.getAttribute('type') == 'checkbox':
            rows.append(h('div', {'class': cls, 'data-field': prop_name}, [
                h('label', {'class': 'inline'}, [control, h('span', None, label)]), desc, error]))
        else:
            rows.append(h('div', {'class': cls, 'data-field': prop_name}, [
                h('label', {'for': 'arg-' + prop_name}, label), control, desc, error]))
    if len(rows) == 0:
        rows.append(h('p', {'class': 'muted'}, ['This tool takes no arguments.']))
    replace_children(by_id('tool-fields'), rows)
    risk = risk_badge(tool['risk'])
    replace_children(by_id('tool-desc'), [risk, ' ', h('span', {'class': 'tag'}, ['console only']) if not tool['public'] else None,
                                          ' ', tool['description']])
    set_text(by_id('run-status'), '')


def collect_args(tool):
    args = {}
    schema = tool['inputSchema']
    props = schema['properties'] if has_key(schema, 'properties') else {}
    for prop_name in own_keys(props):
        control = by_id('arg-' + prop_name)
        kind = control.getAttribute('data-kind')
        if kind == 'boolean':
            # A checkbox always has a value: what the person sees is what is sent.
            args[prop_name] = control.checked == True
            continue
        text = value_of(control)
        if kind == 'integer' or kind == 'number':
            if control.validity.badInput:
                args[prop_name] = text if len(text) > 0 else 'not a number'
                continue
            if len(text) == 0:
                continue
            number = parse_number(text)
            args[prop_name] = number if number != None else text
        elif kind == 'array':
            items = [line.strip() for line in text.split('\n')]
            items = [line for line in items if len(line) > 0]
            if len(items) > 0:
                args[prop_name] = items
        elif kind == 'object':
            if len(text) > 0:
                parsed = from_json(text)        # not JSON: sent as text, and the schema says so
                args[prop_name] = parsed['value'] if parsed['ok'] else text
        elif kind == 'enum':
            if len(text) == 0:
                continue
            options = props[prop_name]['enum']
            chosen = text
            for option in options:
                if str(option) == text:
                    chosen = option
            args[prop_name] = chosen
        elif len(text) > 0:
            args[prop_name] = text
    return args


def clear_errors():
    for element in find_all(None, '#tool-fields .field-error'):
        set_text(element, '')
    for element in find_all(None, '#tool-fields .field.invalid'):
        element.classList.remove('invalid')


def show_field_error(field, message):
    error = by_id('err-' + field)
    if error == None:
        return False
    set_text(error, message)
    error.parentElement.classList.add('invalid')
    return True


async def on_run(event):
    event.preventDefault()
    tool = ui['tool']
    if tool == None:
        return
    clear_errors()
    args = collect_args(tool)
    errors = validate(tool['inputSchema'], args)
    if len(errors) > 0:
        for err in errors:
            show_field_error(err['field'], err['field'] + ' ' + err['message'])
        set_text(by_id('run-status'), 'Fix the marked fields; nothing was sent.')
        return
    set_text(by_id('run-status'), 'Running ' + tool['name'] + '…')
    by_id('run-tool').disabled = True
    outcome = await ask({'kind': 'console_call', 'name': tool['name'], 'args': args, 'theme': ui['theme']})
    by_id('run-tool').disabled = False
    if outcome == None:
        set_text(by_id('run-status'), 'The service worker did not answer.')
        return
    if not outcome['ok'] and outcome['reason'] == 'invalid_args' and has_key(outcome, 'field'):
        show_field_error(outcome['field'], outcome['message'])
    set_text(by_id('run-status'), 'Done.' if outcome['ok'] else 'Failed: ' + outcome['reason'])
    show_result(outcome)


def show_result(outcome):
    nodes = []
    for part in pretty_parts(outcome):
        if part['untrusted']:
            nodes.append(h('span', {'class': 'fence', 'data-label': 'untrusted content: written by others, not instructions'},
                           [part['text']]))
        else:
            nodes.append(part['text'])
    pre = by_id('tool-result')
    pre.className = 'result ' + ('ok' if outcome['ok'] else 'failed')
    replace_children(pre, nodes)
    show(pre, True)


def on_tool_change(event):
    build_form(value_of(by_id('tool-select')))
    show(by_id('tool-result'), False)


# --- audit ---------------------------------------------------------------------------------------

async def refresh_audit():
    ui['audit_seq'] = ui['audit_seq'] + 1
    seq = ui['audit_seq']
    filters = {}
    tool = value_of(by_id('audit-tool'))
    outcome = value_of(by_id('audit-outcome'))
    source = value_of(by_id('audit-source'))
    if len(tool) > 0:
        filters['tool'] = tool
    if len(outcome) > 0:
        filters['ok'] = outcome == 'ok'
    if len(source) > 0:
        filters['source'] = source
    entries = await ask({'kind': 'audit', 'count': 50, 'filters': filters})
    everything = await ask({'kind': 'audit', 'count': 200, 'filters': {}})
    if seq != ui['audit_seq']:
        return              # a newer refresh (other filters, a newer entry) is under way
    names = [t['name'] for t in ui['tools']]
    for entry in everything if everything != None else []:
        if entry['tool'] not in names:
            names.append(entry['tool'])
    names.sort()
    select = by_id('audit-tool')
    options = [h('option', {'value': ''}, ['All tools'])]
    for name in names:
        options.append(h('option', {'value': name, 'selected': name == tool}, [name]))
    replace_children(select, options)
    set_value(select, tool)
    rows = []
    for entry in entries if entries != None else []:
        verdict = h('span', {'class': 'badge ' + ('out-ok' if entry['ok'] else 'out-failed')},
                    ['ok' if entry['ok'] else str(entry['reason'])])
        rows.append(h('tr', {'class': 'audit-row'}, [
            h('td', {'class': 'mono'}, [local_time(entry['ts'])]), h('td', None, [h('code', None, [entry['tool']])]),
            h('td', None, [entry['source']]), h('td', None, [verdict]),
            h('td', {'class': 'muted mono'}, [', '.join(entry['arg_keys']) if len(entry['arg_keys']) > 0 else '—'])]))
    replace_children(by_id('audit-rows'), rows)
    show(by_id('audit-empty'), len(rows) == 0)


# --- host access ---------------------------------------------------------------------------------

def is_site_pattern(pattern):
    return not pattern.startswith('https://*') and not pattern.startswith('http://*')


async def refresh_permissions():
    rows = await ask({'kind': 'permissions'})
    items = []
    for row in rows if rows != None else []:
        pattern = row['pattern']
        status = h('span', {'class': 'badge ' + ('out-ok' if row['granted'] else 'out-none')},
                   ['granted' if row['granted'] else 'not granted'])
        action = None
        note = None
        if row['granted'] and not row['required']:
            action = h('button', {'type': 'button', 'class': 'btn btn-small', 'data-origin': pattern,
                                  'data-action': 'revoke'}, ['Revoke'])
            listen(action, 'click', on_revoke)
        elif not row['granted'] and is_site_pattern(pattern):
            action = h('button', {'type': 'button', 'class': 'btn btn-small btn-primary', 'data-origin': pattern,
                                  'data-action': 'grant'}, ['Grant access'])
            listen(action, 'click', on_grant)
        if row['required']:
            note = 'required by this build'
        elif not is_site_pattern(pattern):
            note = 'the page tool asks for one site at a time'
        items.append(h('li', {'class': 'perm-row', 'data-origin': pattern}, [
            h('div', {'class': 'grow'}, [h('code', None, [pattern]), h('div', {'class': 'muted small'}, [note])]),
            status, action, h('span', {'class': 'field-error perm-error'}, None)]))
    replace_children(by_id('permission-rows'), items)


def on_grant(event):
    # chrome.permissions.request must run inside the click; Chrome asks the user.
    pattern = event.currentTarget.getAttribute('data-origin')

    async def after(result):
        await refresh_permissions()
    permission_request(pattern).then(after)


async def on_revoke(event):
    button = event.currentTarget
    pattern = button.getAttribute('data-origin')
    outcome = await ask({'kind': 'revoke_permission', 'origin': pattern})
    await refresh_permissions()
    if outcome != None and not outcome['ok']:
        for row in find_all(None, '.perm-row'):
            if row.getAttribute('data-origin') == pattern:
                set_text(row.querySelector('.perm-error'), outcome['message'])


# --- health --------------------------------------------------------------------------------------

def show_health(state):
    banner = by_id('health-banner')
    if state == None:
        set_text(by_id('health-when'), 'No check has run yet.')
        replace_children(by_id('health-rows'), [])
        show(banner, False)
        return
    set_text(by_id('health-when'), 'Last check ' + local_time(state['ts']) + ' (' + state['trigger'] + ')')
    if len(state['broken']) > 0:
        items = []
        for item in state['broken']:
            what = ['Adapter ', h('strong', None, [item['adapter']]), ': selector ', h('code', None, [item['key']]),
                    ' (', h('code', None, [str(item['selector'])]), ') found nothing on its open tab.']
            if has_key(item, 'status'):      # a page contract (core/contracts.py): say how sure it was, and what needs it
                what.append(' Its evidence: ' + item['status'] + '; used by ' + ', '.join(item['used_by']) + '.')
            items.append(h('li', {'class': 'broken-item'}, what))
        replace_children(banner, [h('strong', None, ['Site markup may have changed. ']),
                                  h('ul', None, items)])
        show(banner, True)
    else:
        show(banner, False)
    blocks = []
    for report in state['reports']:
        if report['ok'] == True:
            badge = h('span', {'class': 'badge out-ok'}, ['ok'])
        elif report['ok'] == False:
            badge = h('span', {'class': 'badge out-failed'}, ['broken'])
        else:
            badge = h('span', {'class': 'badge out-none'}, [report['note'] if has_key(report, 'note') else 'not checked'])
        selectors = []
        for row in report['selectors']:
            cells = [h('code', None, [row['key']]), h('span', {'class': 'muted mono grow ellipsis'}, [str(row['selector'])])]
            if has_key(row, 'status'):
                cells.append(h('span', {'class': 'muted'}, [row['status']]))
            cells.append(h('span', {'class': 'count'}, [str(row['found'])]))
            selectors.append(h('li', {'class': 'sel-row' + (' broken' if row['key'] in report['broken'] else '')}, cells))
        blocks.append(h('div', {'class': 'health-block', 'data-adapter': report['adapter']}, [
            h('div', {'class': 'row-head'}, [h('strong', None, [report['adapter']]), badge]),
            h('ul', {'class': 'rows compact'}, selectors)]))
    replace_children(by_id('health-rows'), blocks)


async def on_health_check(event):
    show_health(await ask({'kind': 'health_check_now'}))


# --- macros --------------------------------------------------------------------------------------

def show_macros():
    items = []
    for name in obj_keys(ui['macros']):
        macro = ui['macros'][name]
        risk = 'read'
        for step in macro['steps']:
            tool = find(ui['tools'], step['tool'])
            rank = ['read', 'write', 'irreversible'].indexOf(tool['risk'] if tool != None else 'irreversible')
            if rank > ['read', 'write', 'irreversible'].indexOf(risk):
                risk = tool['risk'] if tool != None else 'irreversible'
        run = h('button', {'type': 'button', 'class': 'btn btn-small', 'data-macro': name}, ['Run…'])
        listen(run, 'click', on_macro_pick)
        remove = h('button', {'type': 'button', 'class': 'btn btn-small', 'data-macro': name}, ['Delete'])
        listen(remove, 'click', on_macro_delete)
        params = macro['params'] if has_key(macro, 'params') else []
        items.append(h('li', {'class': 'macro-row', 'data-macro': name}, [
            h('div', {'class': 'grow'}, [h('code', None, [name]), ' ', risk_badge(risk),
                                         h('div', {'class': 'muted small'}, [
                                             ' → '.join([s['tool'] for s in macro['steps']]),
                                             ('  ·  params: ' + ', '.join(params)) if len(params) > 0 else ''])]),
            run, remove]))
    if len(items) == 0:
        items.append(h('li', {'class': 'muted'}, ['No macros yet: record some calls below, or import a file.']))
    replace_children(by_id('macro-list'), items)


def on_macro_pick(event):
    name = event.currentTarget.getAttribute('data-macro')
    build_form('macro_run')
    set_value(by_id('arg-name'), name)
    macro = ui['macros'][name]
    params = macro['params'] if has_key(macro, 'params') else []
    set_value(by_id('arg-parameters'), '\n'.join([p + '=' for p in params]))
    by_id('card-run').scrollIntoView()


async def on_macro_delete(event):
    await ask({'kind': 'macro_delete', 'name': event.currentTarget.getAttribute('data-macro')})
    await refresh_state()


def show_recording():
    state = ui['recording']
    active = state != None and state['active']
    show(by_id('record-start'), not active)
    show(by_id('record-stop'), active)
    calls = state['calls'] if state != None else []
    if active:
        who = 'calls made in this console' if state['source'] == 'console' else 'the chatbot\'s calls'
        left = ' (' + str(state['remaining']) + ' to go)' if state['remaining'] != None else ''
        set_text(by_id('record-status'), 'Recording ' + who + left + ': ' + str(len(calls)) + ' so far.')
    elif len(calls) > 0:
        set_text(by_id('record-status'), str(len(calls)) + ' call(s) recorded. Tick the arguments that become parameters.')
    else:
        set_text(by_id('record-status'), '')
    show(by_id('record-save'), not active and len(calls) > 0)
    steps = []
    index = 0
    for call in calls:
        args = []
        for key in own_keys(call['args']):
            mark = h('input', {'type': 'checkbox', 'class': 'mark', 'data-step': index, 'data-arg': key,
                               'id': 'mark-' + str(index) + '-' + key}, None)
            pname = h('input', {'class': 'param-name narrow', 'value': key, 'id': 'param-' + str(index) + '-' + key,
                                'aria-label': 'parameter name'}, None)
            args.append(h('li', {'class': 'arg-row'}, [
                h('code', None, [key]), h('span', {'class': 'muted mono grow ellipsis'}, [to_json(call['args'][key])]),
                h('label', {'class': 'inline small'}, [mark, ' parameter']), pname]))
        steps.append(h('li', {'class': 'step'}, [h('strong', None, [str(index + 1) + '. ']), h('code', None, [call['tool']]),
                                                 h('ul', {'class': 'rows compact'}, args)]))
        index += 1
    replace_children(by_id('record-steps'), [h('ol', {'class': 'steps'}, steps)] if len(steps) > 0 else [])


async def on_record_start(event):
    count = parse_number(value_of(by_id('record-count')))
    await ask({'kind': 'macro_record_start', 'source': value_of(by_id('record-source')), 'count': count})
    await refresh_state()


async def on_record_stop(event):
    await ask({'kind': 'macro_record_stop'})
    await refresh_state()


async def on_record_discard(event):
    await ask({'kind': 'macro_record_discard'})
    await refresh_state()


def show_errors(list_id, errors):
    replace_children(by_id(list_id), [h('li', {'data-field': e['field']}, [h('code', None, [e['field']]), ' ' + e['message']])
                                      for e in errors])


async def on_macro_save(event):
    marks = []
    for box in find_all(None, '#record-steps .mark'):
        if box.checked:
            step = parse_number(box.getAttribute('data-step'))
            arg = box.getAttribute('data-arg')
            marks.append({'step': step, 'arg': arg, 'param': value_of(by_id('param-' + str(step) + '-' + arg)).strip()})
    saved = await ask({'kind': 'macro_save', 'name': value_of(by_id('macro-name')).strip(),
                       'description': value_of(by_id('macro-desc')), 'marks': marks})
    if saved != None and not saved['ok']:
        show_errors('macro-save-errors', saved['errors'] if has_key(saved, 'errors') else [
            {'field': '(macro)', 'message': saved['message']}])
        return
    show_errors('macro-save-errors', [])
    await refresh_state()


async def on_export(event):
    data = await ask({'kind': 'macro_export'})
    set_value(by_id('macro-json'), json_pretty(data))
    set_text(by_id('macro-import-status'), str(len(data['macros'])) + ' macro(s) exported.')


async def on_import(event):
    result = await ask({'kind': 'macro_import', 'text': value_of(by_id('macro-json'))})
    if result == None:
        return
    if not result['ok']:
        show_errors('macro-import-errors', result['errors'] if has_key(result, 'errors') else [
            {'field': '(file)', 'message': result['message']}])
        set_text(by_id('macro-import-status'), 'Nothing was imported.')
        return
    show_errors('macro-import-errors', [])
    set_text(by_id('macro-import-status'), 'Imported ' + ', '.join(result['imported']) + '.')
    await refresh_state()


# --- wiring --------------------------------------------------------------------------------------

def on_changed(area, keys):
    if 'audit_meta' in keys:
        refresh_audit()
    if 'switches' in keys or 'macros' in keys or 'macro_recording' in keys or 'health' in keys or 'target_tab' in keys:
        refresh_state()


def start():
    theme = data_theme_from_query()
    ui['theme'] = theme if theme != None else ('dark' if prefers_dark() else 'light')
    apply_theme(ui['theme'])
    listen(by_id('pause-switch'), 'change', on_pause)
    listen(by_id('tool-select'), 'change', on_tool_change)
    listen(by_id('tool-form'), 'submit', on_run)
    listen(by_id('refresh-tabs'), 'click', lambda e: refresh_tabs())
    listen(by_id('detach-tab'), 'click', on_detach)
    for select_id in ['audit-tool', 'audit-outcome', 'audit-source']:
        listen(by_id(select_id), 'change', lambda e: refresh_audit())
    listen(by_id('health-check'), 'click', on_health_check)
    listen(by_id('record-start'), 'click', on_record_start)
    listen(by_id('record-stop'), 'click', on_record_stop)
    listen(by_id('record-discard'), 'click', on_record_discard)
    listen(by_id('macro-save'), 'click', on_macro_save)
    listen(by_id('macro-export'), 'click', on_export)
    listen(by_id('macro-import'), 'click', on_import)
    on_storage_changed(on_changed)
    refresh_state()
    refresh_tabs()
    refresh_audit()
    refresh_permissions()
    start_mcp_card()
    document.documentElement.setAttribute('data-console-ready', '1')


start()
