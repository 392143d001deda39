"""The side panel's `model` for core/agentloop.run: one streamed request to the user's provider,
pieces of text shown as they arrive, the answer as an assistant message with the tokens reported.

The key goes only into its provider's header (core/modelwire.headers_for) of a request to the
endpoint built from the user's own settings; errors say what to do (the local-model doctor) and
never carry the key, even when a server echoes it.
"""
from core import modelwire, panelchat
from core.jsonval import kind_of
from webapi.js import to_json, from_json
from webapi.panel_io import stream_post


class ModelError(Exception):
    def __init__(self, message):
        Exception.__init__(self, message)
        self.detail = message


def make_model(settings, key_text, extension_origin, on_text, on_doctor):
    """settings: {provider, base, model}. on_text(step, piece) shows streamed text; on_doctor(text)
    shows advice about an answer that is not usable as it is (a tool call written as text)."""
    provider = settings['provider']
    url = modelwire.endpoint(provider, settings['base'], settings['model'])
    headers = modelwire.headers_for(provider, key_text)

    async def model(turn):
        body = modelwire.request_body(provider, settings['model'], turn['messages'], turn['catalogue'], from_json)
        events = modelwire.sse_start()
        acc = modelwire.turn_start()
        step = turn['step']

        def heard(chunk):
            for event in modelwire.sse_feed(events, chunk):
                piece = modelwire.turn_feed(provider, acc, event, from_json)
                if len(piece) > 0:
                    on_text(step, piece)
        answer = await stream_post(url, headers, to_json(body), turn['signal'], heard)
        if 'aborted' in answer and answer['aborted']:
            return {'role': 'assistant', 'content': acc['text'] if len(acc['text']) > 0 else None}
        if not answer['ok']:
            advice = modelwire.diagnose(provider, url, answer['status'], answer['error'], extension_origin)
            raise ModelError(panelchat.redact(advice, key_text))
        for event in modelwire.sse_end(events):
            piece = modelwire.turn_feed(provider, acc, event, from_json)
            if len(piece) > 0:
                on_text(step, piece)
        if acc['error'] != None:
            raise ModelError(panelchat.redact('The model reported an error: ' + str(acc['error']), key_text))
        message = modelwire.turn_message(acc, 'call_' + str(step) + '_')
        message['usage'] = acc['usage']
        advice = modelwire.context_advice(url, acc['usage']['input'])
        if advice != None:
            on_doctor(advice)
        if 'tool_calls' not in message and modelwire.tool_json_in_text(message['content'], turn['catalogue']):
            on_doctor(modelwire.TOOL_JSON_ADVICE)
        if kind_of(message['content']) == 'string' and modelwire.no_tools_text(message['content']):
            on_doctor(modelwire.diagnose(provider, url, 400, message['content'], extension_origin))
        return message
    return model
