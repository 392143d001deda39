"""The chatbot's client for the Site Agent bridge (an ES module: import {callTool} from ...).

A timeout here does not cancel the call in the extension: check state before retrying a write.
"""
from buildinfo import CONFIG
from webapi.js import drop_key, random_id, obj_keys

DEFAULT_TIMEOUT_MS = 30000
_waiting = {}
_state = {'listening': False}


def _on_message(event):
    if event.source != window or event.origin != location.origin:
        return
    data = event.data
    if data == None or data['source'] != CONFIG['extension_source']:
        return
    request_id = data['id']
    if request_id in _waiting:
        entry = _waiting[request_id]
        drop_key(_waiting, request_id)
        clearTimeout(entry['timer'])
        entry['resolve'](data['payload'])


def _listen():
    if not _state['listening']:
        window.addEventListener('message', _on_message)
        _state['listening'] = True


def request(request_type, fields, timeout_ms):
    """Send one request; resolves with the reply payload, or a `client_timeout` outcome."""
    _listen()
    request_id = random_id()

    def start(resolve):
        def expire():
            if request_id in _waiting:
                drop_key(_waiting, request_id)
                resolve({'ok': False, 'reason': 'client_timeout',
                         'message': 'no reply within ' + str(timeout_ms) + ' ms (the call may still run)'})
        _waiting[request_id] = {'resolve': resolve, 'timer': setTimeout(expire, timeout_ms)}
        message = {'source': CONFIG['page_source'], 'id': request_id, 'type': request_type}
        if fields != None:
            for key in obj_keys(fields):
                message[key] = fields[key]
        window.postMessage(message, location.origin)
    return __new__(Promise(start))


def _timeout_of(options):
    if options != None and options['timeoutMs'] != None and options['timeoutMs'] > 0:
        return options['timeoutMs']
    return DEFAULT_TIMEOUT_MS


async def ping(options):
    return await request('PING', None, _timeout_of(options) if options != None else 1500)


async def isExtensionPresent(options):
    reply = await ping(options)
    return reply['ok'] == True and reply['apiVersion'] != None


async def listTools(options):
    return await request('LIST_TOOLS', None, _timeout_of(options))


async def callTool(name, args, options):
    return await request('CALL_TOOL', {'name': name, 'args': args if args != None else {}}, _timeout_of(options))
