"""Model APIs on the wire, as pure functions: request bodies, server-sent-event streams, token usage
and the local-model doctor. Used by the side panel's chat (entries/sidepanel.py) and the client SDK.

The conversation is kept in OpenAI chat form (`{role, content, tool_calls?}` / `{role: "tool",
tool_call_id, content}`); a Gemini tool call also carries `thought_signature`, which Gemini 3
requires echoed back verbatim in the next request. The shapes, and where each is documented:

- OpenAI Chat Completions streaming: `chat.completion.chunk` objects, one per `data:` line, then
  `data: [DONE]`; `choices[0].delta` holds `content` and `tool_calls[{index, id?, function:
  {name?, arguments?}}]` pieces; with `stream_options.include_usage` a last chunk has `usage`
  (openai/openai-openapi, components.schemas.CreateChatCompletionStreamResponse,
  ChatCompletionMessageToolCallChunk, CompletionUsage).
- Anthropic Messages streaming: `event:` names message_start (usage.input_tokens),
  content_block_start (a text or tool_use block), content_block_delta (text_delta | input_json_delta
  partial_json), content_block_stop, message_delta (stop_reason, usage.output_tokens), message_stop,
  ping, error (anthropic-sdk-typescript, src/resources/messages/messages.ts RawMessageStreamEvent;
  docs.anthropic.com "Streaming Messages").
- Gemini `streamGenerateContent?alt=sse`: each `data:` line one GenerateContentResponse,
  `candidates[0].content.parts[]` with `text` or `functionCall{name, args, id?}` and
  `thoughtSignature`, and `usageMetadata{promptTokenCount, candidatesTokenCount}` (googleapis/js-genai,
  src/types.ts GenerateContentResponse, Part, FunctionCall, UsageMetadata).

Functions that must read JSON text take `parse(text) -> {ok, value, error?}` from the caller (JSON.parse
in the extension, json.loads in tests), so this module stays pure.
"""
from core.jsonval import kind_of, has_key, list_has, plain_object
from core.canonical import canonical_json
from core.origins import host_of
from core import providers

PROVIDERS = ['openai', 'anthropic', 'gemini', 'backend']
ANTHROPIC_VERSION = '2023-06-01'
DEFAULT_BASES = {'openai': 'https://api.openai.com/v1', 'anthropic': 'https://api.anthropic.com',
                 'gemini': 'https://generativelanguage.googleapis.com/v1beta', 'backend': ''}
DEFAULT_MAX_TOKENS = 4096
LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]', '0.0.0.0']
NO_TOOLS_MARKS = ['does not support tools', 'tools is not supported', 'tool use is not supported',
                  'does not support function calling', 'function calling is not enabled', '"tools" is not supported',
                  'tool_choice is not supported', 'auto" tool choice requires']


def _text(obj, key):
    return obj[key] if kind_of(obj) == 'object' and has_key(obj, key) and kind_of(obj[key]) == 'string' else None


def _num(obj, key):
    return obj[key] if kind_of(obj) == 'object' and has_key(obj, key) and kind_of(obj[key]) == 'number' else 0


def _trimmed_base(base):
    url = base if kind_of(base) == 'string' else ''
    while url.endswith('/'):
        url = url[:len(url) - 1]
    return url


# --- endpoints ------------------------------------------------------------------------------------

def endpoint(provider, base, model):
    """The URL a turn is POSTed to (streaming), or None for an unknown provider."""
    url = _trimmed_base(base if kind_of(base) == 'string' and len(base) > 0 else
                        (DEFAULT_BASES[provider] if list_has(PROVIDERS, provider) else ''))
    if provider == 'openai':
        return url + '/chat/completions'
    if provider == 'anthropic':
        return url + '/v1/messages'
    if provider == 'gemini':
        return url + '/models/' + str(model) + ':streamGenerateContent?alt=sse'
    if provider == 'backend':
        return url
    return None


def headers_for(provider, key):
    """The request headers; the key goes only into its provider's own header."""
    out = {'Content-Type': 'application/json', 'Accept': 'text/event-stream'}
    has = kind_of(key) == 'string' and len(key) > 0
    if provider == 'openai' and has:
        out['Authorization'] = 'Bearer ' + key
    if provider == 'anthropic':
        out['anthropic-version'] = ANTHROPIC_VERSION
        # required for calls made from a browser (docs: "CORS support", simonwillison.net 2024-08-23)
        out['anthropic-dangerous-direct-browser-access'] = 'true'
        if has:
            out['x-api-key'] = key
    if provider == 'gemini' and has:
        out['x-goog-api-key'] = key
    return out


def settings_problem(settings):
    """Why a model setting cannot be used, or None. settings: {provider, base, model}."""
    if kind_of(settings) != 'object':
        return 'choose a model first'
    provider = _text(settings, 'provider')
    if not list_has(PROVIDERS, provider):
        return 'choose a provider: OpenAI-compatible, Anthropic, Gemini or the chatbot\'s backend'
    base = _text(settings, 'base')
    if base is None:
        base = ''
    if provider == 'backend' and len(base) == 0:
        return 'this build names no chatbot backend; choose another provider'
    if len(base) > 0 and not (base.startswith('https://') or base.startswith('http://')):
        return 'the base URL must start with https:// or http://'
    if provider != 'backend' and (_text(settings, 'model') is None or len(settings['model']) == 0):
        return 'name the model (for example gpt-4o-mini, claude-sonnet-4-5, gemini-2.5-flash, llama3.1)'
    return None


def origin_pattern(url):
    """The host permission pattern for an endpoint URL (`https://host/*`), or None."""
    if kind_of(url) != 'string':
        return None
    host = host_of(url)
    if kind_of(host) != 'string' or len(host) == 0:
        return None
    scheme = 'https' if url.startswith('https://') else ('http' if url.startswith('http://') else None)
    if scheme is None:
        return None
    return scheme + '://' + host + '/*'


# --- request bodies -------------------------------------------------------------------------------

def _call_args(call, parse):
    """A tool call's arguments as an object ({} when they are not one)."""
    fn = call['function'] if kind_of(call) == 'object' and has_key(call, 'function') else None
    raw = fn['arguments'] if kind_of(fn) == 'object' and has_key(fn, 'arguments') else None
    if kind_of(raw) == 'object':
        return raw
    if kind_of(raw) != 'string' or len(raw.strip()) == 0:
        return {}
    parsed = parse(raw)
    if parsed['ok'] and kind_of(parsed['value']) == 'object':
        return parsed['value']
    return {}


def openai_messages(messages):
    """The messages as OpenAI expects them: only its own fields (no thought_signature, no usage)."""
    out = []
    for message in messages:
        if kind_of(message) != 'object':
            continue
        role = _text(message, 'role')
        if role == 'tool':
            out.append({'role': 'tool', 'tool_call_id': message['tool_call_id'], 'content': message['content']})
            continue
        item = {'role': role, 'content': message['content'] if has_key(message, 'content') else None}
        if role == 'assistant' and has_key(message, 'tool_calls') and kind_of(message['tool_calls']) == 'array' \
                and len(message['tool_calls']) > 0:
            item['tool_calls'] = [{'id': c['id'], 'type': 'function',
                                   'function': {'name': c['function']['name'], 'arguments': c['function']['arguments']}}
                                  for c in message['tool_calls']]
        out.append(item)
    return out


def openai_body(model, messages, catalogue, stream):
    body = {'messages': openai_messages(messages)}
    if kind_of(model) == 'string' and len(model) > 0:
        body['model'] = model
    tools = providers.to_openai_tools(catalogue)
    if len(tools) > 0:
        body['tools'] = tools
    if stream:
        body['stream'] = True
        body['stream_options'] = {'include_usage': True}
    return body


def _joined_text(content):
    kind = kind_of(content)
    if kind == 'string':
        return content
    if kind == 'array':
        return ''.join([p['text'] for p in content if kind_of(p) == 'object' and kind_of(_text(p, 'text')) == 'string'])
    return None


def _system_and_rest(messages):
    system = []
    rest = []
    for message in messages:
        if kind_of(message) == 'object' and _text(message, 'role') == 'system':
            text = _joined_text(message['content'])
            if text is not None and len(text) > 0:
                system.append(text)
        elif kind_of(message) == 'object':
            rest.append(message)
    return [system, rest]


def anthropic_body(model, messages, catalogue, parse, max_tokens, stream):
    """An Anthropic Messages request: system text apart, tool results as tool_result blocks in the
    next user turn, consecutive turns of one role merged (the API wants them alternating)."""
    split = _system_and_rest(messages)
    turns = []
    for message in split[1]:
        role = message['role']
        blocks = []
        if role == 'tool':
            role = 'user'
            blocks.append({'type': 'tool_result', 'tool_use_id': message['tool_call_id'],
                           'content': _joined_text(message['content']) or ''})
        else:
            text = _joined_text(message['content'] if has_key(message, 'content') else None)
            if text is not None and len(text) > 0:
                blocks.append({'type': 'text', 'text': text})
            if role == 'assistant' and has_key(message, 'tool_calls') and kind_of(message['tool_calls']) == 'array':
                for call in message['tool_calls']:
                    blocks.append({'type': 'tool_use', 'id': call['id'], 'name': call['function']['name'],
                                   'input': _call_args(call, parse)})
        if len(blocks) == 0 or not list_has(['user', 'assistant'], role):
            continue
        last = turns[len(turns) - 1] if len(turns) > 0 else None
        if last is not None and last['role'] == role:
            for block in blocks:
                last['content'].append(block)
        else:
            turns.append({'role': role, 'content': blocks})
    body = {'messages': turns, 'tools': providers.to_anthropic_tools(catalogue),
            'max_tokens': max_tokens if kind_of(max_tokens) == 'number' and max_tokens > 0 else DEFAULT_MAX_TOKENS}
    if kind_of(model) == 'string' and len(model) > 0:
        body['model'] = model
    if len(split[0]) > 0:
        body['system'] = '\n\n'.join(split[0])
    if stream:
        body['stream'] = True
    return body


def gemini_body(messages, catalogue, parse):
    """A Gemini generateContent request: `systemInstruction`, `contents` with roles user/model,
    tool calls as functionCall parts (their thoughtSignature echoed verbatim) and results as
    functionResponse parts in a user turn."""
    split = _system_and_rest(messages)
    names = {}
    contents = []
    for message in split[1]:
        role = message['role']
        parts = []
        if role == 'tool':
            role = 'user'
            call_id = message['tool_call_id']
            name = names[call_id] if has_key(names, call_id) else 'tool'
            parts.append({'functionResponse': {'name': name, 'response': {'content': _joined_text(message['content']) or ''}}})
        else:
            text = _joined_text(message['content'] if has_key(message, 'content') else None)
            if text is not None and len(text) > 0:
                parts.append({'text': text})
            if role == 'assistant' and has_key(message, 'tool_calls') and kind_of(message['tool_calls']) == 'array':
                for call in message['tool_calls']:
                    names[call['id']] = call['function']['name']
                    part = {'functionCall': {'name': call['function']['name'], 'args': _call_args(call, parse)}}
                    if _text(call, 'thought_signature') is not None:
                        part['thoughtSignature'] = call['thought_signature']
                    parts.append(part)
        gemini_role = 'model' if role == 'assistant' else 'user'
        if len(parts) == 0 or not list_has(['user', 'assistant'], role):
            continue
        last = contents[len(contents) - 1] if len(contents) > 0 else None
        if last is not None and last['role'] == gemini_role:
            for part in parts:
                last['parts'].append(part)
        else:
            contents.append({'role': gemini_role, 'parts': parts})
    body = {'contents': contents}
    tools = providers.to_gemini_tools(catalogue)
    if len(tools) > 0:
        body['tools'] = tools
    if len(split[0]) > 0:
        body['systemInstruction'] = {'parts': [{'text': '\n\n'.join(split[0])}]}
    return body


def request_body(provider, model, messages, catalogue, parse):
    """The streaming request body for a provider ('backend' speaks OpenAI's format)."""
    if provider == 'anthropic':
        return anthropic_body(model, messages, catalogue, parse, DEFAULT_MAX_TOKENS, True)
    if provider == 'gemini':
        return gemini_body(messages, catalogue, parse)
    return openai_body(model, messages, catalogue, True)


# --- server-sent events ---------------------------------------------------------------------------

def sse_start():
    return {'buf': '', 'event': None, 'data': []}


def _sse_line(state, line, out):
    if line.endswith('\r'):
        line = line[:len(line) - 1]
    if len(line) == 0:
        if len(state['data']) > 0:
            out.append({'event': state['event'] if state['event'] is not None else 'message',
                        'data': '\n'.join(state['data'])})
        state['event'] = None
        state['data'] = []
        return
    if line.startswith(':'):
        return
    colon = line.find(':')
    field = line if colon < 0 else line[:colon]
    value = '' if colon < 0 else line[colon + 1:]
    if value.startswith(' '):
        value = value[1:]
    if field == 'event':
        state['event'] = value
    elif field == 'data':
        state['data'].append(value)


def sse_feed(state, chunk):
    """The complete events in state's buffer plus chunk: [{event, data}] (WHATWG EventSource parsing:
    `event:` and `data:` fields, blank line ends an event, `:` lines are comments)."""
    out = []
    text = state['buf'] + (chunk if kind_of(chunk) == 'string' else '')
    start = 0
    index = text.find('\n', start)
    while index >= 0:
        _sse_line(state, text[start:index], out)
        start = index + 1
        index = text.find('\n', start)
    state['buf'] = text[start:]
    return out


def sse_end(state):
    """Events left when the stream closes (a last event without its blank line)."""
    out = []
    if len(state['buf']) > 0:
        _sse_line(state, state['buf'], out)
        state['buf'] = ''
    _sse_line(state, '', out)
    return out


# --- accumulating a streamed answer ---------------------------------------------------------------

def turn_start():
    return {'text': '', 'calls': [], 'blocks': plain_object(), 'usage': {'input': 0, 'output': 0},
            'stop': None, 'error': None, 'done': False}


def _call_at(acc, index):
    while len(acc['calls']) <= index:
        acc['calls'].append({'id': None, 'name': '', 'args': '', 'signature': None})
    return acc['calls'][index]


def _openai_chunk(acc, data):
    if has_key(data, 'error') and kind_of(data['error']) == 'object':
        acc['error'] = _text(data['error'], 'message') or 'the model reported an error'
        return ''
    usage = data['usage'] if has_key(data, 'usage') else None
    if kind_of(usage) == 'object':
        acc['usage']['input'] = _num(usage, 'prompt_tokens')
        acc['usage']['output'] = _num(usage, 'completion_tokens')
    choices = data['choices'] if has_key(data, 'choices') else None
    if kind_of(choices) != 'array' or len(choices) == 0 or kind_of(choices[0]) != 'object':
        return ''
    choice = choices[0]
    if _text(choice, 'finish_reason') is not None:
        acc['stop'] = choice['finish_reason']
    delta = choice['delta'] if has_key(choice, 'delta') else (choice['message'] if has_key(choice, 'message') else None)
    if kind_of(delta) != 'object':
        return ''
    piece = _text(delta, 'content') or ''
    acc['text'] = acc['text'] + piece
    calls = delta['tool_calls'] if has_key(delta, 'tool_calls') else None
    if kind_of(calls) == 'array':
        position = 0
        for part in calls:
            if kind_of(part) != 'object':
                continue
            index = part['index'] if has_key(part, 'index') and kind_of(part['index']) == 'number' else position
            call = _call_at(acc, index)
            if _text(part, 'id') is not None:
                call['id'] = part['id']
            fn = part['function'] if has_key(part, 'function') else None
            if kind_of(fn) == 'object':
                if _text(fn, 'name') is not None:
                    call['name'] = call['name'] + fn['name']
                if has_key(fn, 'arguments'):
                    # Ollama's native API sends the arguments as an object, the /v1 API as text
                    raw = fn['arguments']
                    call['args'] = call['args'] + (raw if kind_of(raw) == 'string' else canonical_json(raw))
            position += 1
    return piece


def _anthropic_event(acc, name, data):
    kind = _text(data, 'type') or name
    if kind == 'error':
        acc['error'] = _text(data['error'], 'message') if has_key(data, 'error') else 'the model reported an error'
        if acc['error'] is None:
            acc['error'] = 'the model reported an error'
        return ''
    if kind == 'message_start' and has_key(data, 'message') and kind_of(data['message']) == 'object':
        usage = data['message']['usage'] if has_key(data['message'], 'usage') else None
        acc['usage']['input'] = _num(usage, 'input_tokens')
        acc['usage']['output'] = _num(usage, 'output_tokens')
        return ''
    if kind == 'content_block_start' and has_key(data, 'content_block'):
        block = data['content_block']
        index = data['index'] if kind_of(data['index']) == 'number' else 0
        if _text(block, 'type') == 'tool_use':
            call = _call_at(acc, len(acc['calls']))
            call['id'] = _text(block, 'id')
            call['name'] = _text(block, 'name') or ''
            acc['blocks']['b' + str(index)] = len(acc['calls']) - 1
        elif _text(block, 'type') == 'text' and _text(block, 'text') is not None:
            acc['text'] = acc['text'] + block['text']
            return block['text']
        return ''
    if kind == 'content_block_delta' and has_key(data, 'delta') and kind_of(data['delta']) == 'object':
        delta = data['delta']
        if _text(delta, 'type') == 'text_delta':
            piece = _text(delta, 'text') or ''
            acc['text'] = acc['text'] + piece
            return piece
        if _text(delta, 'type') == 'input_json_delta':
            key = 'b' + str(data['index'])
            if has_key(acc['blocks'], key):
                call = acc['calls'][acc['blocks'][key]]
                call['args'] = call['args'] + (_text(delta, 'partial_json') or '')
        return ''
    if kind == 'message_delta':
        if has_key(data, 'delta') and _text(data['delta'], 'stop_reason') is not None:
            acc['stop'] = data['delta']['stop_reason']
        if has_key(data, 'usage') and kind_of(data['usage']) == 'object':
            acc['usage']['output'] = _num(data['usage'], 'output_tokens')
            if _num(data['usage'], 'input_tokens') > 0:
                acc['usage']['input'] = data['usage']['input_tokens']
        return ''
    if kind == 'message_stop':
        acc['done'] = True
    return ''


def _gemini_chunk(acc, data):
    if has_key(data, 'error') and kind_of(data['error']) == 'object':
        acc['error'] = _text(data['error'], 'message') or 'the model reported an error'
        return ''
    meta = data['usageMetadata'] if has_key(data, 'usageMetadata') else None
    if kind_of(meta) == 'object':
        acc['usage']['input'] = _num(meta, 'promptTokenCount')
        acc['usage']['output'] = _num(meta, 'candidatesTokenCount') + _num(meta, 'thoughtsTokenCount')
    candidates = data['candidates'] if has_key(data, 'candidates') else None
    if kind_of(candidates) != 'array' or len(candidates) == 0 or kind_of(candidates[0]) != 'object':
        return ''
    candidate = candidates[0]
    if _text(candidate, 'finishReason') is not None:
        acc['stop'] = candidate['finishReason']
    content = candidate['content'] if has_key(candidate, 'content') else None
    parts = content['parts'] if kind_of(content) == 'object' and has_key(content, 'parts') else None
    if kind_of(parts) != 'array':
        return ''
    shown = ''
    for part in parts:
        if kind_of(part) != 'object':
            continue
        if has_key(part, 'thought') and part['thought'] is True:
            continue
        if has_key(part, 'functionCall') and kind_of(part['functionCall']) == 'object':
            fc = part['functionCall']
            call = _call_at(acc, len(acc['calls']))
            call['id'] = _text(fc, 'id')
            call['name'] = _text(fc, 'name') or ''
            call['args'] = canonical_json(fc['args']) if has_key(fc, 'args') and kind_of(fc['args']) == 'object' else '{}'
            if _text(part, 'thoughtSignature') is not None:
                call['signature'] = part['thoughtSignature']
        elif _text(part, 'text') is not None:
            shown = shown + part['text']
    acc['text'] = acc['text'] + shown
    return shown


def turn_feed(provider, acc, event, parse):
    """Add one SSE event to the answer; returns the text it adds (to show as it arrives)."""
    data_text = event['data'] if kind_of(event) == 'object' else None
    if kind_of(data_text) != 'string':
        return ''
    if data_text.strip() == '[DONE]':
        acc['done'] = True
        return ''
    parsed = parse(data_text)
    if not parsed['ok'] or kind_of(parsed['value']) != 'object':
        acc['error'] = 'the model sent a stream event that is not JSON: ' + data_text[:120]
        return ''
    if provider == 'anthropic':
        return _anthropic_event(acc, event['event'], parsed['value'])
    if provider == 'gemini':
        return _gemini_chunk(acc, parsed['value'])
    return _openai_chunk(acc, parsed['value'])


def turn_message(acc, id_prefix):
    """The streamed answer as an assistant message {role, content, tool_calls?} (ids made up from
    id_prefix where the provider sent none, as Gemini and Ollama may)."""
    out = {'role': 'assistant', 'content': acc['text'] if len(acc['text']) > 0 else None}
    calls = []
    index = 0
    for call in acc['calls']:
        item = {'id': call['id'] if kind_of(call['id']) == 'string' and len(call['id']) > 0 else id_prefix + str(index),
                'type': 'function', 'function': {'name': call['name'], 'arguments': call['args']}}
        if call['signature'] is not None:
            item['thought_signature'] = call['signature']
        calls.append(item)
        index += 1
    if len(calls) > 0:
        out['tool_calls'] = calls
    return out


def usage_of(raw):
    """{input, output} token counts from any provider's usage object (zeros when absent)."""
    if kind_of(raw) != 'object':
        return {'input': 0, 'output': 0}
    if has_key(raw, 'input') or has_key(raw, 'output'):
        return {'input': _num(raw, 'input'), 'output': _num(raw, 'output')}
    if has_key(raw, 'prompt_tokens') or has_key(raw, 'completion_tokens'):
        return {'input': _num(raw, 'prompt_tokens'), 'output': _num(raw, 'completion_tokens')}
    if has_key(raw, 'input_tokens') or has_key(raw, 'output_tokens'):
        return {'input': _num(raw, 'input_tokens'), 'output': _num(raw, 'output_tokens')}
    return {'input': _num(raw, 'promptTokenCount'), 'output': _num(raw, 'candidatesTokenCount')}


# --- the local-model doctor -----------------------------------------------------------------------

def is_local(url):
    host = host_of(url) if kind_of(url) == 'string' else None
    if kind_of(host) != 'string':
        return False
    bare = host.split(':')[0] if not host.startswith('[') else host.split(']')[0] + ']'
    return list_has(LOCAL_HOSTS, bare)


def _lower(text):
    return text.lower() if kind_of(text) == 'string' else ''


def no_tools_text(body):
    low = _lower(body)
    for mark in NO_TOOLS_MARKS:
        if low.find(mark) >= 0:
            return True
    return False


def diagnose(provider, url, status, body, extension_origin):
    """A failed model request as a message that says what to do (never the key: the caller passes
    no headers). status 0 means no HTTP answer at all."""
    host = host_of(url) if kind_of(url) == 'string' else None
    shown = host if kind_of(host) == 'string' else 'the model endpoint'
    local = is_local(url)
    if status == 403 and local:
        return ('The local model server at ' + shown + ' refused this extension\'s origin (HTTP 403). If it is Ollama, '
                'allow the extension and restart Ollama: OLLAMA_ORIGINS=' + extension_origin + ' ollama serve '
                '(macOS app: launchctl setenv OLLAMA_ORIGINS "' + extension_origin + '", then quit and reopen '
                'Ollama; Windows: set OLLAMA_ORIGINS as a user environment variable, then restart Ollama).')
    if no_tools_text(body):
        return ('The model at ' + shown + ' does not support tool calls, so it cannot act on pages. Choose a model '
                'with tool support (for Ollama, one tagged "tools", such as llama3.1 or qwen2.5).')
    if status == 0 and local:
        return ('No answer from ' + shown + '. Is the local model server running (for Ollama: ollama serve), and is '
                'the port right?')
    if status == 0:
        return 'No answer from ' + shown + ': check the base URL and your connection.'
    if status == 401 or status == 403:
        return shown + ' refused the request (HTTP ' + str(status) + '): check the API key in the model settings.'
    if status == 404:
        return shown + ' has no such endpoint or model (HTTP 404): check the base URL and the model name.'
    if status == 429:
        return shown + ' is rate limiting or out of quota (HTTP 429): wait, or check your plan.'
    detail = body[:300] if kind_of(body) == 'string' else ''
    return shown + ' answered HTTP ' + str(status) + (': ' + detail if len(detail) > 0 else '')


def tool_json_in_text(text, catalogue):
    """True when a plain-text answer is really a tool call written out as JSON (a server without a
    tool-call parser for this model): it is a JSON-looking object naming an offered tool."""
    if kind_of(text) != 'string':
        return False
    body = text.strip()
    if body.startswith('```'):
        body = body.replace('```json', '').replace('```', '').strip()
    if not body.startswith('{') or not body.endswith('}'):
        return False
    if body.find('"name"') < 0 or (body.find('"arguments"') < 0 and body.find('"parameters"') < 0):
        return False
    for tool in catalogue if kind_of(catalogue) == 'array' else []:
        if kind_of(tool) == 'object' and _text(tool, 'name') is not None and body.find('"' + tool['name'] + '"') >= 0:
            return True
    return False


OLLAMA_DEFAULT_CONTEXT = 4096


def context_advice(url, input_tokens):
    """Advice when a local server reports a prompt of about Ollama's default context (4,096 tokens):
    Ollama then cuts the prompt silently (its FAQ: num_ctx, OLLAMA_CONTEXT_LENGTH). None otherwise."""
    if not is_local(url) or kind_of(input_tokens) != 'number':
        return None
    if input_tokens < OLLAMA_DEFAULT_CONTEXT - 96 or input_tokens > OLLAMA_DEFAULT_CONTEXT:
        return None
    return ('The local model read ' + str(input_tokens) + ' tokens, about Ollama\'s default context of 4,096: the '
            'start of the conversation (the instructions, the tools) was probably cut. Start Ollama with a larger '
            'context (OLLAMA_CONTEXT_LENGTH=32768 ollama serve), or tick "Offer the model only the page tool".')


TOOL_JSON_ADVICE = ('The model wrote a tool call as plain text instead of calling the tool, so nothing ran. Its '
                    'server has no tool-call parser for this model: choose a model with tool support, or start the '
                    'server with its tool-calling template (llama.cpp: llama-server --jinja; vLLM: '
                    '--enable-auto-tool-choice with a --tool-call-parser).')

