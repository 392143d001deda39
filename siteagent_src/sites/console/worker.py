"""The console site's worker half: browser_health over every site the worker serves."""
from core.jsonval import obj_keys
from sites.console.tools import BROWSER_HEALTH
from sites.kit.worker import worker_handler, check_site


@worker_handler(BROWSER_HEALTH)
async def browser_health(args, ctx):
    """Each site's selectors, counted in its open tab (the scheduled check's code; a tab the
    extension has no access to is reported as not checked, not as broken)."""
    reports = []
    for site in ctx['sites']:
        if len(site['hosts']) == 0 or len(obj_keys(site['selectors'])) == 0:
            continue
        reports.append(await check_site(site))
    return {'adapters': reports}
