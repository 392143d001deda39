"""chrome.* calls the page tool needs beyond webapi/chrome.py: tab groups, back, close, frames."""
# __pragma__ ('noalias', 'update')
# __pragma__ ('noalias', 'get')
from webapi.js import attempt_async, with_timeout

GROUP_TITLE = 'Site Agent'


async def tab_remove(tab_id):
    return await attempt_async(lambda t: chrome.tabs.remove(t), tab_id)


async def tab_back(tab_id):
    """history.back() in the page (chrome.tabs.goBack skips entries made without a user gesture)."""
    return await attempt_async(lambda t: chrome.scripting.executeScript({'target': {'tabId': t, 'frameIds': [0]},
                                                                         'func': _history_back}), tab_id)


def _history_back():
    history.back()
    return True


async def tab_in_group(tab_id, group_id):
    """Put the tab into group_id (or a new "Site Agent" group when None); {ok, value: group id}."""
    async def run(t):
        if group_id != None:
            found = await attempt_async(lambda g: chrome.tabGroups.get(g), group_id)
            if found['ok']:
                return await chrome.tabs.group({'tabIds': [t], 'groupId': group_id})
        made = await chrome.tabs.group({'tabIds': [t]})
        await attempt_async(lambda g: chrome.tabGroups.update(g, {'title': GROUP_TITLE, 'color': 'blue'}), made)
        return made
    return await attempt_async(run, tab_id)


async def list_frames(tab_id, timeout_ms):
    """{ok, value: [{frameId, url}]} for the tab's frames the extension may script. injectImmediately:
    frames that never finish loading (lazy, dead hosts) would otherwise keep executeScript waiting."""
    async def run(t):
        probe = await chrome.scripting.executeScript({'target': {'tabId': t, 'allFrames': True},
                                                      'func': _frame_url, 'injectImmediately': True})
        return [{'frameId': r['frameId'], 'url': r['result']} for r in probe if r['result'] != None]
    return await with_timeout(attempt_async(run, tab_id), timeout_ms, lambda: {'ok': False, 'error': 'timeout'})


def _frame_url():
    return location.href


async def document_now(tab_id, timeout_ms):
    """{ok, value: [timeOrigin, url, parsing, has_tab_half]} of the document the tab holds now, at once
    (`parsing`: its root element exists and its DOM is still being parsed, or is parsed; `has_tab_half`:
    content.js is loaded in it). Injected immediately, so it runs
    in whatever document the tab holds: the caller compares timeOrigin with when it started the load. An
    old document that goes away fails the call."""
    call = attempt_async(lambda t: chrome.scripting.executeScript({'target': {'tabId': t, 'frameIds': [0]},
                                                                   'func': _document_now, 'injectImmediately': True}),
                         tab_id)
    done = await with_timeout(call, timeout_ms, lambda: {'ok': False, 'error': 'timeout'})
    if not done['ok'] or len(done['value']) == 0 or done['value'][0]['result'] == None:
        return {'ok': False, 'error': done['error'] if 'error' in done else 'no result'}
    return {'ok': True, 'value': done['value'][0]['result']}


def _document_now():
    # runs in the page (serialised by executeScript): no runtime helpers, only what the page has; in the
    # extension's isolated world, where the tab half marks itself (entries/content.py GUARD)
    return [performance.timeOrigin, location.href, document.documentElement != None,
            window['__siteagentContent'] != None]


async def inject_top_now(tab_id, files):
    """content.js into the top document at once (its DOM parsed; the page may still be loading)."""
    call = attempt_async(lambda f: chrome.scripting.executeScript({'target': {'tabId': tab_id, 'frameIds': [0]},
                                                                   'files': f, 'injectImmediately': True}), files)
    return await with_timeout(call, 3000, lambda: {'ok': False, 'error': 'timeout'})


async def register_at_start(script_id, pattern, files):
    """{ok}: from now on Chrome loads files into the top document of any tab's page at pattern the moment
    that document exists (before the page's own scripts run), until unregister_at_start; not kept over a
    browser restart."""
    return await attempt_async(lambda p: chrome.scripting.registerContentScripts([{
        'id': script_id, 'matches': [p], 'js': files, 'runAt': 'document_start', 'allFrames': False,
        'persistAcrossSessions': False}]), pattern)


async def unregister_at_start(script_ids):
    return await attempt_async(lambda i: chrome.scripting.unregisterContentScripts({'ids': i}), script_ids)


async def registered_with_prefix(prefix):
    """{ok, value: [id]} of the registered content scripts whose id starts with prefix."""
    async def run(p):
        scripts = await chrome.scripting.getRegisteredContentScripts()
        return [s['id'] for s in scripts if s['id'].startswith(p)]
    return await attempt_async(run, prefix)


async def inject_frame(tab_id, frame_id, files, timeout_ms):
    """content.js into one frame (frame ids come from chrome.runtime.getFrameId in the parent)."""
    call = attempt_async(lambda f: chrome.scripting.executeScript({'target': {'tabId': tab_id, 'frameIds': [frame_id]},
                                                                   'files': f}), files)
    return await with_timeout(call, timeout_ms, lambda: {'ok': False, 'error': 'timeout'})


async def inject_top(tab_id, files):
    call = attempt_async(lambda f: chrome.scripting.executeScript({'target': {'tabId': tab_id, 'frameIds': [0]},
                                                                   'files': f}), files)
    return await with_timeout(call, 3000, lambda: {'ok': False, 'error': 'timeout'})


async def origin_granted(pattern):
    return await attempt_async(lambda p: chrome.permissions.contains({'origins': [p]}), pattern)


def on_tab_loaded(handler):
    """handler(tab_id, url) whenever a tab finishes loading a page."""
    def listener(tab_id, info, tab):
        if info.status == 'complete':
            handler(tab_id, tab.url)
    chrome.tabs.onUpdated.addListener(listener)


def on_tab_half_here(handler):
    """handler(tab_id, time_origin, url) when content.js starts in a tab's top document while its page
    loads (its word: entries/content.py); url is the one Chrome gives for the sender. Nothing is
    answered (the worker's own listener answers content scripts)."""
    def listener(message, sender, send):
        if message != None and message['kind'] == 'tab_half_here' and sender['id'] == chrome.runtime.id and \
                sender['tab'] != None and sender['frameId'] == 0:
            handler(sender['tab']['id'], message['time_origin'], sender['url'])
        return False
    chrome.runtime.onMessage.addListener(listener)
