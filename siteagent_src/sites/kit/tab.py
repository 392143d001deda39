"""The tab half of the site kit: content.js runs a site's tab tools and steps here, by name.

A tool that runs in the tab (declared in the site's tools.py with runs='tab') has its handler in the
site's tab half: a top-level function named as the tool, marked so a reader sees what it is:

    @tab_tool
    def gmail_status(args): ...     # returns a plain result, or raises ToolError

The build derives the tab's table of tools from the declarations (the generated module `tabtools`:
each tab tool's name to its site and this function), and entries/content.py passes it to `run`; the
verifier (buildtool/sites.py) proves every declared tab tool has exactly one such function in its
site's tab half and every `@tab_tool` function is a declared tab tool of its own site. A step (a
tab-half function the worker half runs, named in the site's ids.py) registers by its symbol:

    @tab_handler(WAIT_LIST)
    async def wait_list(args): ...

A site registered with its contract table (sites/kit/tab_locate.py `register_site`) is refused with
`unsupported_locale` on a page whose language its label table does not cover, before any handler runs.

A tab answers the worker with one envelope: `{result}` or `{failure: outcome}` (a ToolError
raised by the handler, turned into its outcome here, at the message boundary). Native JS errors
are not caught: the message channel reports them and the worker says which tool failed.
"""
from core.outcome import ToolError, failure
from core.reasons import UNKNOWN_TOOL
from sites.kit.tab_locate import SITES, locale_problem

HANDLERS = {}       # step name -> its handler
SITE_OF = {}        # step name -> its site's id


def tab_tool(fn):
    """Marks the tab-half handler of the tab tool its name names (the build puts it in the tab's table)."""
    return fn


def tab_handler(step):
    """Register the decorated function as the tab-half handler of a step named in the site's ids.py."""
    def register(fn):
        HANDLERS[step['name']] = fn
        SITE_OF[step['name']] = step['site']
        return fn
    return register


async def run(name, args, tools):
    """`{result}` or `{failure}` for one call of a tab tool of `tools` (the build's table: name ->
    [site id, handler]) or of a registered step."""
    if name in tools:
        site_id = tools[name][0]
        handler = tools[name][1]
    elif name in HANDLERS:
        site_id = SITE_OF[name]
        handler = HANDLERS[name]
    else:
        return {'failure': failure(UNKNOWN_TOOL, 'this page has no tool ' + str(name), None)}
    if site_id in SITES:
        refused = locale_problem(SITES[site_id]['site'])     # a page in a language the labels do not cover
        if refused != None:
            return {'failure': refused.outcome()}
    try:
        return {'result': await handler(args)}
    except ToolError as err:
        return {'failure': err.outcome()}
