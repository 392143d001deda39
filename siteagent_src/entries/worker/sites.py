"""The sites the service worker serves, in catalogue order. Importing a site's worker half
registers its handlers and hooks (sites/kit/worker.py); the catalogue is derived from the sites'
declarations. `siteagent check` proves that every folder in sites/ is listed here and in
entries/content.py (buildtool/sites.py)."""
from buildinfo import CONFIG
from core.tooling import catalogue_of, site_by_id
from sites.console import tools as console, worker as console_worker  # noqa: F401 (the worker half registers)
from sites.gmail import tools as gmail, worker as gmail_worker  # noqa: F401 (the worker half registers)
from sites.calendar import tools as calendar, worker as calendar_worker  # noqa: F401 (the worker half registers)
from sites.meet import tools as meet, worker as meet_worker  # noqa: F401 (the worker half registers)
from sites.page import tools as page, worker as page_worker  # noqa: F401 (the worker half registers)
from sites.macros import tools as macros, worker as macros_worker  # noqa: F401 (the worker half registers)

# Importing a worker half registers its handlers and hooks; its declarations come from its tools
# module (a Transcrypt module exports only the names it defines, not the ones it imports).
SITES = [console.SITE, gmail.SITE, calendar.SITE, meet.SITE, page.SITE, macros.SITE]
# The test sites: compiled into builds whose profile sets test_adapter only (a build switch, SA413);
# other builds do not contain their code at all.
if __pragma__('defined', 'test_adapter'):
    from sites.testsite import tools as testsite, worker as testsite_worker  # noqa: F401 (the worker half registers)
    SITES.append(testsite.SITE)
    SITES.append(testsite.TAB_SITE)

_CATALOGUE = catalogue_of(SITES, CONFIG['test_adapter'])


def catalogue():
    """Every tool definition of this build, in catalogue order."""
    return _CATALOGUE


def site_of(site_id):
    return site_by_id(SITES, site_id)
