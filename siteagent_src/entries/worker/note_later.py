"""When the notes of a read result run: a moment after the call, or at once when a gate needs them.

A read result's taint note (session_rules.note_result) and leak note (leak_rules.note_read) tokenise
and hash what it showed, and store the hashes. Nothing needs them until a call's gates check what that
call would send (a write, or a way out to another origin), so they wait: DELAY_MS after the first of them
began, or until such a gate hurries them, whichever is first. The reply goes first, and a caller's
back-to-back calls without a way out (another scan, a click) do not share the worker with them.

While notes wait or run, storage.session holds a mark: this worker's random id, set when the first one
begins and removed when the last one ends. A worker stopped in that time lost them; the next worker
finds a mark that is not its own (`lost`), tells both note chains so, and removes the mark: every later
write and way out is then flagged, until it restarts, as after a note that failed.
"""
from webapi.chrome import storage_get, storage_set, storage_remove
from webapi.js import attempt_async, deferred, go_on, random_id, serialized

DELAY_MS = 150
MARK_KEY = 'notes-pending'
LOST = 'notes of a result read before the extension\'s worker stopped were lost'

_later = {'go': None, 'timer': None}          # go: the deferred that lets the waiting notes run
_mark = {'id': random_id(), 'n': 0}


def _issue(write):
    go_on(write, None, lambda error: console.warn('Site Agent: the notes\' mark could not be written: ' + error))


async def _check_lost(ignored):
    found = await storage_get('session', MARK_KEY, None)
    if found == None or found == _mark['id']:
        return None
    console.warn('Site Agent: ' + LOST)
    if _mark['n'] == 0:
        _issue(lambda ignored: storage_remove('session', MARK_KEY))
    return LOST


# read when the worker starts, before it writes its own mark (Chrome applies a worker's storage calls
# in the order they are sent)
_checked = attempt_async(_check_lost, None)


async def lost():
    """LOST when the worker before this one stopped with notes waiting or running (or when its mark
    could not be read: then nobody knows), else None."""
    done = await _checked
    if not done['ok']:
        return 'whether notes were lost when the extension\'s worker stopped could not be read (' + done['error'] + ')'
    return done['value']


def start(chain, notes, note, what):
    """Run note() in `chain` after every note started there before it, once the notes may run (DELAY_MS
    after the first waiting one began, or hurried); notes['last'] becomes its promise. A note that fails
    is kept in notes['failed'] (its gates then flag every later write or way out) and logged as `what`."""
    _mark['n'] += 1
    if _mark['n'] == 1:
        _issue(lambda ignored: storage_set('session', MARK_KEY, _mark['id']))
    if _later['go'] == None:
        later = deferred()
        _later['go'] = later
        _later['timer'] = setTimeout(lambda: _release(later), DELAY_MS)
    go = _later['go'].promise

    def noted(done):
        _mark['n'] -= 1
        if _mark['n'] == 0:
            _issue(lambda ignored: storage_remove('session', MARK_KEY))
        if not done['ok']:
            notes['failed'] = done['error']
            console.warn('Site Agent: ' + what + ': ' + done['error'])

    async def run(ignored):
        await go
        await note()
    notes['last'] = serialized(chain, lambda: attempt_async(run, None).then(noted))


def _release(go):
    if _later['go'] is go:
        clearTimeout(_later['timer'])
        _later['go'] = None
        _later['timer'] = None
    go.resolve(None)


def hurry():
    """Let every note begun so far run now (a gate is about to wait for them)."""
    if _later['go'] != None:
        _release(_later['go'])
