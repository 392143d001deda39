"""The console site's worker half: browser_health over every site the worker serves."""
from sites.console.tools import BROWSER_HEALTH
from sites.kit.worker import worker_handler, check_site, health_checked


@worker_handler(BROWSER_HEALTH)
async def browser_health(args, ctx):
    """Each site's selectors, counted in its open tab (the scheduled check's code; a tab the
    extension has no access to is reported as not checked, not as broken)."""
    reports = []
    for site in ctx['sites']:
        if not health_checked(site):
            continue
        reports.append(await check_site(site))
    return {'adapters': reports}
