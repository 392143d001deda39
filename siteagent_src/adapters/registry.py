"""Every site the build includes. Each adapter file exports SITE:

    SITE = {'adapter': {id, hosts, selectors, tools}, 'preview': async fn(tool_name, args) -> text | None,
            'worker_tools': {name: async fn(args, ctx)}, 'tab_tools': {name: fn(args)}}

Worker tools run in the service worker (they may navigate and call tab tools through
adapters.site_tabs); tab tools run in the site's tab, in content.js. A tool marked
`runs_in: 'tab'` without a worker tool runs its tab tool in the site's tab directly.
"""
from buildinfo import CONFIG
from adapters import console_tools, gmail, calendar, meet, generic, test_adapter
from adapters import macros

SITES = [console_tools.SITE, gmail.SITE, calendar.SITE, meet.SITE, generic.SITE]
SITES.append(macros.SITE)
if CONFIG['test_adapter']:
    SITES.append(test_adapter.SITE)
    SITES.append(test_adapter.TAB_SITE)

ADAPTERS = [site['adapter'] for site in SITES]


def catalogue():
    tools = []
    for adapter in ADAPTERS:
        for tool in adapter['tools']:
            tools.append(tool)
    return tools


def site_of(adapter_id):
    for site in SITES:
        if site['adapter']['id'] == adapter_id:
            return site
    return None


def adapter_by_id(adapter_id):
    site = site_of(adapter_id)
    return site['adapter'] if site != None else None


def tab_tool(tool_name):
    """The tab-side function for a tool, wherever it is registered (content.js)."""
    for site in SITES:
        if tool_name in site['tab_tools']:
            return site['tab_tools'][tool_name]
    return None
