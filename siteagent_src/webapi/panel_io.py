"""Platform primitives of the side panel's chat: a streamed POST, a file download, the panel's window,
storage by area, and keyboard events."""
from webapi.js import attempt_async, obj_keys


def _headers(headers):
    out = __new__(Headers())
    for key in obj_keys(headers):
        out.append(key, str(headers[key]))
    return out


def _is_abort(error):
    return error != None and error.name == 'AbortError'


async def stream_post(url, headers, body, signal, on_text):
    """POST body (JSON text) and hand each decoded piece of the answer to on_text(text) as it arrives.
    Resolves to {ok: true, status} when a 2xx answer ended, {ok: false, status, error} otherwise
    (status 0: no HTTP answer; `error` is the start of the answer's body, never the request's
    headers), or {ok: false, status: 0, aborted: true} when signal aborted it."""
    init = {'method': 'POST', 'headers': _headers(headers), 'body': body, 'signal': signal,
            'credentials': 'omit', 'cache': 'no-store', 'referrerPolicy': 'no-referrer'}
    sent = await attempt_async(lambda u: fetch(u, init), url)
    if not sent['ok']:
        if _is_abort(sent['thrown']):
            return {'ok': False, 'status': 0, 'aborted': True, 'error': 'stopped'}
        return {'ok': False, 'status': 0, 'error': sent['error']}
    response = sent['value']
    if not response.ok:
        text = await attempt_async(lambda r: r.text(), response)
        return {'ok': False, 'status': response.status, 'error': text['value'][:600] if text['ok'] else ''}
    reader = response.body.getReader()
    decoder = __new__(TextDecoder())
    while True:
        part = await attempt_async(lambda r: r.read(), reader)
        if not part['ok']:
            if _is_abort(part['thrown']):
                return {'ok': False, 'status': 0, 'aborted': True, 'error': 'stopped'}
            return {'ok': False, 'status': response.status, 'error': 'the answer stopped midway: ' + part['error']}
        if part['value'].done:
            break
        on_text(decoder.decode(part['value'].value, {'stream': True}))
    rest = decoder.decode()
    if len(rest) > 0:
        on_text(rest)
    return {'ok': True, 'status': response.status}


def new_abort():
    return __new__(AbortController())


def offer_download(link, filename, text, mime):
    """Point the <a download> element `link` at a file holding text, and click it."""
    __pragma__('js', '{}', '''
    if (link.href && link.href.indexOf("blob:") === 0) { URL.revokeObjectURL(link.href); }
    link.href = URL.createObjectURL(new Blob([text], {type: mime}));
    link.download = filename;
    link.click();''')


async def current_window_id():
    found = await chrome.windows.getCurrent()
    return found.id


def key_of(event):
    return event.key


def ctrl_or_meta(event):
    return event.ctrlKey or event.metaKey


def stop_default(event):
    event.preventDefault()


def scroll_to_end(element):
    element.scrollTop = element.scrollHeight


def iso_now():
    __pragma__('js', '{}', '''return new Date().toISOString();''')
