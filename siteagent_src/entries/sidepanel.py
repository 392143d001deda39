"""Side panel: a live feed of calls, pending approvals, the pause switch and the target tab."""
from webapi.chrome import send_message, tabs_query
from webapi.chrome_extra import on_storage_changed, on_tabs_changed
from webapi.dom import by_id, set_text, listen, apply_theme
from webapi.ui import h, replace_children, show, local_time, data_theme_from_query, prefers_dark

panel = {'pending': [], 'timer': None}
WATCHED = ['audit_meta', 'switches', 'approvals', 'target_tab']


async def ask(message):
    reply = await send_message(message)
    return reply['value'] if reply['ok'] else None


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


async def on_use_tab(event):
    """The active web page of the window the panel is in (the most recent one when the active tab is not a page)."""
    tabs = await tabs_query({'lastFocusedWindow': True})
    best = None
    for tab in tabs:
        if not is_web(tab):
            continue
        if tab['active']:
            best = tab
            break
        if best == None or tab['lastAccessed'] > best['lastAccessed']:
            best = tab
    if best == None:
        set_text(by_id('target-current'), 'This window has no web page to attach.')
        return
    await ask({'kind': 'attach_tab', 'tabId': best['id']})
    await refresh()


def start():
    theme = data_theme_from_query()
    apply_theme(theme if theme != None else ('dark' if prefers_dark() else 'light'))
    listen(by_id('pause-switch'), 'change', on_pause)
    listen(by_id('focus-approval'), 'click', on_focus)
    listen(by_id('use-this-tab'), 'click', on_use_tab)
    on_storage_changed(on_changed)
    on_tabs_changed(schedule)
    refresh()


start()
