"""Bridge content script on trusted chatbot origins: page <-> service worker, same window and origin only."""
from buildinfo import CONFIG
from core.protocol import parse_request, reply, progress, APPROVAL_WAITING, APPROVAL_DECIDED
from core.outcome import failure
from core.reasons import WORKER_RESTARTED, BAD_REQUEST
from webapi.chrome import send_message, ask_worker, context_alive
from webapi.dom import listen, unlisten, post_to_window, page_origin, is_top_frame, root_theme
from webapi.js import random_id, sleep

GUARD = '__siteagentBridge'


def answer(request_id, request_type, payload):
    post_to_window(reply(CONFIG['extension_source'], request_id, request_type, payload), page_origin())


STATUS_ATTEMPTS = 4          # a worker that is still shutting down can drop the first question


async def settle_after_restart(call_id):
    """The worker died mid-call: ask the new one what became of it (it settles orphans first). The
    question is asked again (after 100, 200, 300 ms) when it gets no answer: sent while the old
    worker was still going away, it can be lost, and guessing `worker_restarted` then would report
    an approval that never ran as a call that may have run."""
    status = None
    for attempt in range(STATUS_ATTEMPTS):
        if attempt > 0:
            await sleep(100 * attempt)
        status = await send_message({'kind': 'bridge', 'callId': call_id,
                                     'request': {'type': 'CALL_STATUS', 'id': call_id}})
        if status['ok'] and status['value'] != None:
            break
    if status['ok'] and status['value'] != None and status['value']['state'] == 'done' and not status['value']['ok']:
        record = status['value']
        if record['reason'] == WORKER_RESTARTED:
            return failure(WORKER_RESTARTED, 'the extension restarted during the call; check the result before retrying', None)
        return failure(record['reason'], 'the extension restarted during this call; nothing ran (' + record['reason'] + ')', None)
    return failure(WORKER_RESTARTED, 'the extension restarted during the call; check the result before retrying', None)


def progress_relay(request_id):
    """The page hears where its call stands: a PROGRESS message per worker note (core.protocol.progress),
    with the page's request id in `callId`, never in `id`. `settle(outcome)` posts the approval_decided
    a worker that stopped mid-approval could not send, so every approval_waiting gets its decision."""
    state = {'waiting': False, 'tool': None}

    def post(note):
        message = progress(CONFIG['extension_source'], request_id, note)
        if message == None:
            return
        if message['stage'] == APPROVAL_WAITING:
            state['waiting'] = True
            state['tool'] = message['tool']
        elif message['stage'] == APPROVAL_DECIDED:
            state['waiting'] = False
        post_to_window(message, page_origin())

    def settle(outcome):
        if state['waiting']:
            post({'stage': APPROVAL_DECIDED, 'tool': state['tool'], 'allowed': outcome['ok'] == True,
                  'reason': outcome['reason'] if 'reason' in outcome else None})
    return {'post': post, 'settle': settle}


async def forward(request):
    call_id = random_id()
    relay = progress_relay(request['id']) if request['type'] == 'CALL_TOOL' else None
    sent = await ask_worker({'kind': 'bridge', 'callId': call_id, 'request': request, 'theme': root_theme()},
                            relay['post'] if relay != None else None)
    if sent['ok'] and sent['value'] != None:
        return sent['value']
    if request['type'] == 'CALL_TOOL':
        outcome = await settle_after_restart(call_id)
        relay['settle'](outcome)
        return outcome
    retry = await send_message({'kind': 'bridge', 'callId': call_id, 'request': request, 'theme': root_theme()})
    if retry['ok'] and retry['value'] != None:
        return retry['value']
    return failure(WORKER_RESTARTED, 'the extension did not answer', None)


def on_window_message(event):
    if event.source != window or event.origin != page_origin():
        return
    if not context_alive():
        unlisten(window, 'message', on_window_message)
        return
    parsed = parse_request(event.data, CONFIG['page_source'], CONFIG['max_message_bytes'])
    if parsed == None:
        return
    if not parsed['ok']:
        answer(parsed['id'], parsed['type'], failure(BAD_REQUEST, parsed['message'], None))
        return
    request = {'type': parsed['type'], 'id': parsed['id'], 'name': parsed['name'], 'args': parsed['args'],
               'token': parsed['token']}

    def deliver(payload):
        answer(parsed['id'], parsed['type'], payload)
    forward(request).then(deliver)


def install():
    previous = window[GUARD] or None
    if previous != None and previous['alive']():
        return False
    if previous != None:
        previous['stop']()
    window[GUARD] = {'alive': context_alive, 'stop': lambda: unlisten(window, 'message', on_window_message)}
    listen(window, 'message', on_window_message)
    return True


if is_top_frame():
    install()
