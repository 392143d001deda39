"""The chatbot's client for the Site Agent bridge: the ES module of the npm package in dist-client/.

Exports (`__all__`; the build bundles exactly these, and the TypeScript declarations in
templates/client/siteagent-client.d.ts.j2 describe them):

- the bridge: `ping`, `isExtensionPresent`, `listTools`, `callTool` (every call resolves to an
  outcome, never throws; `callTool` reports approval progress through `onProgress`);
- the catalogue in provider formats: `toOpenAITools`, `toAnthropicTools`, `toGeminiTools`, `toMCPTools`;
- the tool loop: `runToolLoop`, with `openAIChatModel` (any OpenAI-compatible endpoint) and
  `anthropicModel` (an adapter for Anthropic's Messages format) as ready-made `model` functions.

A timeout here does not cancel the call in the extension: the loop never calls a write again after
one (core/toolloop.py), and a caller of `callTool` must check the state before retrying a write.
"""
from buildinfo import CONFIG
from core import providers, toolloop, agentloop, modelwire
from core.jsonval import kind_of, has_key
from core.reasons import CLIENT_TIMEOUT
from webapi.js import drop_key, random_id, obj_keys, to_json, from_json, attempt, now_ms
from webapi.sdk import (throw_type_error, throw_error, is_function, is_aborted, on_abort, post_json,
                        hide_runtime_members)

__all__ = ['VERSION', 'SAFETY_PROMPT', 'UNCERTAIN_REASONS', 'ping', 'isExtensionPresent', 'listTools', 'callTool',
           'toOpenAITools', 'toAnthropicTools', 'toGeminiTools', 'toMCPTools', 'runToolLoop', 'openAIChatModel',
           'anthropicModel']

VERSION = CONFIG['version']
SAFETY_PROMPT = toolloop.SAFETY_PROMPT
UNCERTAIN_REASONS = list(toolloop.UNCERTAIN_REASONS)
DEFAULT_TIMEOUT_MS = 30000
DEFAULT_APPROVAL_MS = 60000
_waiting = {}
_state = {'listening': False}

hide_runtime_members()


def _key(request_id):
    """The key of a waiting request: prefixed, so no id can name a member Transcrypt's dict hides."""
    return 'r:' + request_id


def _opt(options, key):
    """options[key] for an options object the author passed (None when absent or not an object)."""
    if kind_of(options) != 'object' or not has_key(options, key):
        return None
    return options[key]


# --- the bridge -----------------------------------------------------------------------------------

def _on_message(event):
    if event.source != window or event.origin != location.origin:
        return
    data = event.data
    if kind_of(data) != 'object' or data['source'] != CONFIG['extension_source']:
        return
    if data['type'] == 'PROGRESS':
        call_id = data['callId']
        if kind_of(call_id) == 'string' and _key(call_id) in _waiting:
            _heard_progress(_waiting[_key(call_id)], data)
        return
    request_id = data['id']
    if kind_of(request_id) == 'string' and _key(request_id) in _waiting:
        _waiting[_key(request_id)]['finish'](data['payload'])


def _heard_progress(entry, data):
    """A PROGRESS message for a waiting call: while the approval window is open the client's clock
    stops (the window has its own timeout), unless the caller asked for waitForApproval: false."""
    note = toolloop.progress_note(data)
    if note == None:
        return
    if entry['wait_for_approval']:
        clearTimeout(entry['timer'])
        budget = entry['timeout_ms']
        if note['stage'] == 'approval_waiting':
            budget = budget + (note['timeoutMs'] if 'timeoutMs' in note else DEFAULT_APPROVAL_MS)
        entry['timer'] = setTimeout(entry['expire'], budget)
    if entry['on_progress'] != None:
        attempt(entry['on_progress'], note)


def _listen():
    if not _state['listening']:
        window.addEventListener('message', _on_message)
        _state['listening'] = True


def _aborted_outcome():
    return agentloop.aborted_outcome()


def request(request_type, fields, timeout_ms, options):
    """Send one request; resolves with the reply payload, or a `client_timeout` / `client_aborted`
    outcome. options: {signal, onProgress, waitForApproval} (all optional)."""
    _listen()
    request_id = random_id()
    signal = _opt(options, 'signal')
    on_progress = _opt(options, 'onProgress')
    entry = {'timer': None, 'timeout_ms': timeout_ms, 'stop_listening': None,
             'on_progress': on_progress if is_function(on_progress) else None,
             'wait_for_approval': _opt(options, 'waitForApproval') != False}

    def start(resolve):
        def finish(payload):
            if _key(request_id) not in _waiting:
                return
            drop_key(_waiting, _key(request_id))
            clearTimeout(entry['timer'])
            if entry['stop_listening'] != None:
                entry['stop_listening']()
            resolve(payload)

        def expire():
            finish({'ok': False, 'reason': CLIENT_TIMEOUT,
                    'message': 'no reply within ' + str(timeout_ms) + ' ms (the call may still run)'})
        if is_aborted(signal):
            resolve(_aborted_outcome())
            return
        entry['finish'] = finish
        entry['expire'] = expire
        _waiting[_key(request_id)] = entry
        entry['timer'] = setTimeout(expire, timeout_ms)
        entry['stop_listening'] = on_abort(signal, lambda: finish(_aborted_outcome()))
        message = {'source': CONFIG['page_source'], 'id': request_id, 'type': request_type}
        if fields != None:
            for key in obj_keys(fields):
                message[key] = fields[key]
        window.postMessage(message, location.origin)
    return __new__(Promise(start))


def _timeout_of(options, default):
    value = _opt(options, 'timeoutMs')
    if kind_of(value) == 'number' and value > 0:
        return value
    return default


async def ping(options):
    return await request('PING', None, _timeout_of(options, 1500), options)


async def isExtensionPresent(options):
    reply = await ping(options)
    return kind_of(reply) == 'object' and reply['ok'] == True and reply['apiVersion'] != None


async def listTools(options):
    return await request('LIST_TOOLS', None, _timeout_of(options, DEFAULT_TIMEOUT_MS), options)


async def callTool(name, args, options):
    return await request('CALL_TOOL', {'name': name, 'args': args if args != None else {}},
                         _timeout_of(options, DEFAULT_TIMEOUT_MS), options)


# --- provider formats -----------------------------------------------------------------------------

def _checked(tools):
    problem = providers.tools_problem(tools)
    if problem != None:
        throw_type_error(problem)
    return tools


def toOpenAITools(tools):
    return providers.to_openai_tools(_checked(tools))


def toAnthropicTools(tools):
    return providers.to_anthropic_tools(_checked(tools))


def toGeminiTools(tools):
    return providers.to_gemini_tools(_checked(tools))


def toMCPTools(tools):
    return providers.to_mcp_tools(_checked(tools))


# --- messages (OpenAI chat format as the common form) ---------------------------------------------

def _text_of(content):
    """A message's text: a string as it is, the text parts of an array joined, else None."""
    kind = kind_of(content)
    if kind == 'string':
        return content
    if kind == 'array':
        parts = [p['text'] for p in content if kind_of(p) == 'object' and kind_of(p['text']) == 'string']
        return ''.join(parts)
    return None


def _assistant(reply):
    """The model's answer as {role: 'assistant', content, tool_calls?}; a TypeError when it is not one."""
    if kind_of(reply) != 'object':
        throw_type_error('the model must resolve to an assistant message {role: "assistant", content, '
                         'tool_calls?} (OpenAI chat format), not ' + kind_of(reply))
    calls = reply['tool_calls'] if has_key(reply, 'tool_calls') else None
    if calls != None and kind_of(calls) != 'array':
        throw_type_error('the model\'s tool_calls must be an array')
    out = {'role': 'assistant', 'content': _text_of(reply['content'] if has_key(reply, 'content') else None)}
    if calls != None and len(calls) > 0:
        out['tool_calls'] = [_tool_call(c) for c in calls]
    return out


def _tool_call(call):
    return agentloop.normal_call(call, random_id)


def _parse_args(text):
    return agentloop.parse_args(text, from_json)


# --- the tool loop (core/agentloop.py) ------------------------------------------------------------

def _emit(on_event, event):
    if on_event == None:
        return
    ran = attempt(on_event, event)
    if not ran['ok']:
        console.error('Site Agent runToolLoop: onEvent threw: ' + ran['error'])


def _budget(options, key, what):
    value = toolloop.positive_int(options[key], 0, 0)
    if value == None:
        throw_type_error('options.' + key + ' must be a whole number of at least 0 (' + what + '; 0: none)')
    return value


def _loop_settings(options):
    if kind_of(options) != 'object':
        throw_type_error('runToolLoop needs an options object: {model, messages, maxSteps?, signal?, onEvent?}')
    if not is_function(options['model']):
        throw_type_error('options.model must be a function: ({messages, tools, catalogue, signal}) => '
                         'an assistant message (OpenAI chat format)')
    if kind_of(options['messages']) != 'array':
        throw_type_error('options.messages must be an array of chat messages (OpenAI chat format)')
    max_steps = toolloop.positive_int(options['maxSteps'], toolloop.DEFAULT_MAX_STEPS, 1)
    if max_steps == None:
        throw_type_error('options.maxSteps must be a whole number of at least 1')
    timeout_ms = toolloop.positive_int(options['callTimeoutMs'], toolloop.DEFAULT_CALL_TIMEOUT_MS, 1)
    if timeout_ms == None:
        throw_type_error('options.callTimeoutMs must be a whole number of milliseconds')
    max_failures = toolloop.positive_int(options['maxFailures'], agentloop.DEFAULT_MAX_FAILURES, 1)
    if max_failures == None:
        throw_type_error('options.maxFailures must be a whole number of at least 1')
    prompt = options['safetyPrompt']
    if prompt == None or prompt == True:
        prompt = SAFETY_PROMPT
    elif prompt == False:
        prompt = None
    elif kind_of(prompt) != 'string':
        throw_type_error('options.safetyPrompt must be true, false or a string')
    on_event = options['onEvent']
    call = options['callTool']
    return {'model': options['model'], 'messages': list(options['messages']), 'max_steps': max_steps,
            'timeout_ms': timeout_ms, 'prompt': prompt, 'signal': options['signal'], 'max_failures': max_failures,
            'max_tokens': _budget(options, 'maxTokens', 'tokens the provider reports, input and output'),
            'max_ms': _budget(options, 'maxMs', 'milliseconds of wall time'),
            'on_event': on_event if is_function(on_event) else None,
            'call': call if is_function(call) else callTool, 'tools': options['tools']}


async def _catalogue(settings):
    tools = settings['tools']
    if tools == None:
        tools = await listTools({'timeoutMs': DEFAULT_TIMEOUT_MS, 'signal': settings['signal']})
    problem = providers.tools_problem(tools)
    if problem != None:
        reason = tools['reason'] if kind_of(tools) == 'object' and kind_of(tools['reason']) == 'string' else 'bad_request'
        throw_error('runToolLoop has no tool catalogue: ' + problem + ' (is the Site Agent extension installed, '
                    'and is this origin one it trusts?)', reason, tools if kind_of(tools) == 'object' else None)
    return tools


def _loop_env(settings):
    on_event = settings['on_event']
    signal = settings['signal']
    return {'model': settings['model'], 'call': settings['call'], 'emit': lambda event: _emit(on_event, event),
            'aborted': lambda: is_aborted(signal), 'now': now_ms, 'new_id': random_id,
            'to_json': to_json, 'parse': from_json, 'normal': _assistant}


async def runToolLoop(options):
    """Run the model and the tools in turn (core/agentloop.py) until a plain answer, maxSteps model
    calls, maxFailures (3) failed calls in a row, a budget (maxTokens, maxMs; 0: none) or the signal.
    Resolves to {answer, stopReason: "answer" | "max_steps" | "aborted" | "failures" | "token_budget" |
    "time_budget", steps, messages, newMessages, usage: {input, output}}; rejects when the model
    rejects or the catalogue cannot be had. See docs/PROTOCOL.md."""
    settings = _loop_settings(options)
    settings['tools'] = await _catalogue(settings)
    settings['offered'] = providers.to_openai_tools(settings['tools'])
    result = await agentloop.run(settings, _loop_env(settings))
    drop_key(result, 'detail')
    return result


# --- ready-made models ----------------------------------------------------------------------------

def openAIChatModel(config):
    """A `model` for runToolLoop that POSTs to an OpenAI-compatible `/chat/completions` endpoint:
    config {baseURL, model, apiKey?, headers?, body?, fetch?}. The key is sent as a Bearer token."""
    base = _opt(config, 'baseURL')
    if kind_of(base) != 'string' or not (base.startswith('http://') or base.startswith('https://')):
        throw_type_error('openAIChatModel needs config.baseURL, an http(s) URL such as http://localhost:11434/v1')
    if kind_of(_opt(config, 'model')) != 'string' or len(config['model']) == 0:
        throw_type_error('openAIChatModel needs config.model, the model name the endpoint expects')
    url = base
    while url.endswith('/'):
        url = url[:len(url) - 1]
    url = url + '/chat/completions'

    async def model(turn):
        body = {'model': config['model'], 'messages': modelwire.openai_messages(turn['messages'])}
        if kind_of(turn['tools']) == 'array' and len(turn['tools']) > 0:
            body['tools'] = turn['tools']
        extra = _opt(config, 'body')
        if kind_of(extra) == 'object':
            for key in obj_keys(extra):
                body[key] = extra[key]
        headers = {'Content-Type': 'application/json'}
        key_text = _opt(config, 'apiKey')
        if kind_of(key_text) == 'string' and len(key_text) > 0:
            headers['Authorization'] = 'Bearer ' + key_text
        more = _opt(config, 'headers')
        if kind_of(more) == 'object':
            for key in obj_keys(more):
                headers[key] = more[key]
        answer = await post_json(_opt(config, 'fetch'), url, headers, to_json(body), turn['signal'])
        if not answer['ok']:
            throw_error('the model endpoint ' + url + ' failed'
                        + (' (HTTP ' + str(answer['status']) + ')' if answer['status'] > 0 else '')
                        + ': ' + answer['error'], 'model_error', {'status': answer['status']})
        value = answer['value']
        choices = value['choices'] if kind_of(value) == 'object' else None
        if kind_of(choices) != 'array' or len(choices) == 0 or kind_of(choices[0]) != 'object':
            throw_error('the model endpoint ' + url + ' answered without choices[0].message', 'model_error', None)
        message = choices[0]['message']
        if kind_of(message) == 'object' and has_key(value, 'usage'):
            message['usage'] = value['usage']      # the loop adds up the tokens the provider reports
        return message
    return model


def _anthropic_blocks(message):
    """One OpenAI-format message as [role, Anthropic content blocks] (or None to leave it out)."""
    role = message['role'] if kind_of(message) == 'object' else None
    text = _text_of(message['content']) if kind_of(message) == 'object' else None
    if role == 'tool':
        return ['user', [{'type': 'tool_result', 'tool_use_id': message['tool_call_id'], 'content': text if text != None else ''}]]
    blocks = []
    if text != None and len(text) > 0:
        blocks.append({'type': 'text', 'text': text})
    if role == 'assistant':
        calls = message['tool_calls'] if has_key(message, 'tool_calls') and kind_of(message['tool_calls']) == 'array' else []
        for call in calls:
            normal = _tool_call(call)
            parsed = _parse_args(normal['function']['arguments'])
            blocks.append({'type': 'tool_use', 'id': normal['id'], 'name': normal['function']['name'],
                           'input': parsed['value'] if parsed['ok'] else {}})
        return ['assistant', blocks] if len(blocks) > 0 else None
    if role == 'user':
        return ['user', blocks] if len(blocks) > 0 else None
    return None


def anthropic_request(messages, catalogue):
    """OpenAI-format messages and the catalogue as an Anthropic Messages request body:
    {system, messages, tools}. System messages join `system`; tool results become tool_result blocks
    in the next user turn; consecutive turns of one role are merged, as the API requires."""
    system = []
    turns = []
    for message in messages:
        if kind_of(message) == 'object' and message['role'] == 'system':
            text = _text_of(message['content'])
            if text != None and len(text) > 0:
                system.append(text)
            continue
        converted = _anthropic_blocks(message)
        if converted == None:
            continue
        last = turns[len(turns) - 1] if len(turns) > 0 else None
        if last != None and last['role'] == converted[0]:
            last['content'].extend(converted[1])
        else:
            turns.append({'role': converted[0], 'content': converted[1]})
    out = {'messages': turns, 'tools': providers.to_anthropic_tools(catalogue)}
    if len(system) > 0:
        out['system'] = '\n\n'.join(system)
    return out


def from_anthropic(response):
    """An Anthropic Messages response (`{content: [text | tool_use blocks]}`) as an assistant message."""
    if kind_of(response) != 'object' or kind_of(response['content']) != 'array':
        throw_type_error('the Anthropic call must resolve to a message with a content array')
    texts = []
    calls = []
    for block in response['content']:
        if kind_of(block) != 'object':
            continue
        if block['type'] == 'text' and kind_of(block['text']) == 'string':
            texts.append(block['text'])
        elif block['type'] == 'tool_use':
            calls.append({'id': block['id'], 'type': 'function',
                          'function': {'name': block['name'], 'arguments': to_json(block['input'] if block['input'] != None else {})}})
    out = {'role': 'assistant', 'content': ''.join(texts) if len(texts) > 0 else None}
    if len(calls) > 0:
        out['tool_calls'] = calls
    return out


def anthropicModel(call):
    """A `model` for runToolLoop over Anthropic's Messages format: call(request, {signal}) gets
    {system?, messages, tools} (add model and max_tokens, then send it to the API, for example from
    your server) and resolves to the API's message."""
    if not is_function(call):
        throw_type_error('anthropicModel needs a function (request, {signal}) => an Anthropic Messages response')

    async def model(turn):
        response = await call(anthropic_request(turn['messages'], turn['catalogue']), {'signal': turn['signal']})
        return from_anthropic(response)
    return model
