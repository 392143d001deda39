"""chrome.* used by the console, side panel and health checks: alarms, badge, storage events, side panel."""
# __pragma__ ('noalias', 'get')
# __pragma__ ('noalias', 'name')
# __pragma__ ('noalias', 'keys')


async def alarm_ensure(alarm_name, period_minutes):
    """Create the periodic alarm unless one with the same period exists (alarms outlive the worker)."""
    found = await chrome.alarms.get(alarm_name)
    if found != None and found.periodInMinutes == period_minutes:
        return False
    await chrome.alarms.create(alarm_name, {'periodInMinutes': period_minutes, 'delayInMinutes': period_minutes})
    return True


def on_alarm(handler):
    """handler(alarm_name)."""
    chrome.alarms.onAlarm.addListener(lambda alarm: handler(alarm.name))


def set_badge_title(title):
    chrome.action.setTitle({'title': title})


def on_storage_changed(handler):
    """handler(area_name, [changed keys])."""
    def listener(changes, area):
        handler(area, Object.keys(changes))
    chrome.storage.onChanged.addListener(listener)


def manifest_hosts():
    """The manifest's required host_permissions (these cannot be removed at run time)."""
    found = chrome.runtime.getManifest().host_permissions
    return found if found != None else []


def on_tabs_changed(handler):
    chrome.tabs.onActivated.addListener(lambda info: handler())
    chrome.tabs.onUpdated.addListener(lambda tab_id, info, tab: handler())
    chrome.tabs.onRemoved.addListener(lambda tab_id, info: handler())
