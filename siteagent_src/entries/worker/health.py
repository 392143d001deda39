"""Scheduled health checks: count each adapter's selectors in its open tab (chrome.alarms).

Sites with a contract table (core/contracts.py) are checked per contract, by their tab half, which
holds the table and answers the finished report (sites/kit/tab_locate.py `site_health`): each row says
what it found, the contract's status (confirmed / partly / unconfirmed) and the tools that depend on
it, and a contract that the page's state expects but that found nothing is broken. Other sites'
selectors are counted in the tab and reported here (core/health.py). A broken selector
or contract shows on the toolbar badge, in the console's banner (the stored report) and in the
audit log (tool "health_check", source "health", arg_keys naming "adapter.key").
"""
from buildinfo import CONFIG
from core.outcome import failure
from core.reasons import ADAPTER_ERROR
from entries.worker.sites import SITES
from sites.kit.worker import check_site, health_checked
from webapi.chrome import storage_get, storage_set, set_badge
from webapi.chrome_extra import alarm_ensure, set_badge_title
from webapi.js import obj_keys, now_ms
from entries.worker import audit_store

ALARM = 'siteagent-health'
HEALTH_KEY = 'health'


async def ensure_alarm():
    return await alarm_ensure(ALARM, CONFIG['health_period_minutes'])


def is_health_alarm(alarm_name):
    return alarm_name == ALARM or alarm_name.startswith(ALARM + '-')


async def run_check(trigger):
    """Check every adapter with selectors; store the result, set the badge, audit each failure."""
    reports = []
    broken = []
    for site in SITES:
        if not health_checked(site):
            continue
        report = await check_site(site)
        reports.append(report)
        if report['ok'] == False:
            keys = {}
            for row in report['selectors']:
                if row['key'] in report['broken']:
                    item = {'adapter': report['adapter'], 'key': row['key'], 'selector': row['selector']}
                    if 'status' in row:
                        item['status'] = row['status']
                        item['used_by'] = row['used_by']
                    broken.append(item)
                    keys[report['adapter'] + '.' + row['key']] = True
            what = ', '.join([k for k in obj_keys(keys)])
            await audit_store.record('health_check', 'health',
                                     failure(ADAPTER_ERROR, 'selectors found nothing: ' + what, None), keys)
    state = {'ts': now_ms(), 'trigger': trigger, 'reports': reports, 'broken': broken}
    await storage_set('local', HEALTH_KEY, state)
    show_badge(broken)
    return state


def show_badge(broken):
    if len(broken) > 0:
        set_badge(str(len(broken)), '#b3261e')
        first = broken[0]
        set_badge_title('Site Agent: ' + first['adapter'] + ' selector ' + first['key'] + ' ('
                        + str(first['selector']) + ') found nothing')
    else:
        set_badge('', None)
        set_badge_title(CONFIG['name'] + ' console')


async def last_state():
    return await storage_get('local', HEALTH_KEY, None)


async def restore_badge():
    state = await last_state()
    if state != None:
        show_badge(state['broken'])
