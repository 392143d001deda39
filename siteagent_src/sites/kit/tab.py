"""The tab half of the site kit: handlers register here, and content.js runs them by name.

    @tab_handler(STATUS)            # STATUS: a declaration from the site's tools.py
    def status(args): ...           # returns a plain result, or raises ToolError

A site registered with its contract table (sites/kit/tab_locate.py `register_site`) is refused with
`unsupported_locale` on a page whose language its label table does not cover, before any handler runs.

A tab answers the worker with one envelope: `{result}` or `{failure: outcome}` (a ToolError
raised by the handler, turned into its outcome here, at the message boundary). Native JS errors
are not caught: the message channel reports them and the worker says which tool failed.
"""
from core.outcome import ToolError, failure
from core.reasons import UNKNOWN_TOOL
from sites.kit.tab_locate import SITES, locale_problem

HANDLERS = {}
SITE_OF = {}        # handler name -> its site's id


def tab_handler(declaration):
    """Register the decorated function as the tab-half handler of a declared tool or step."""
    def register(fn):
        HANDLERS[declaration['name']] = fn
        SITE_OF[declaration['name']] = declaration['site']
        return fn
    return register


async def run(name, args):
    """`{result}` or `{failure}` for one call of a registered handler."""
    if name not in HANDLERS:
        return {'failure': failure(UNKNOWN_TOOL, 'this page has no tool ' + str(name), None)}
    site_id = SITE_OF[name]
    if site_id in SITES:
        refused = locale_problem(SITES[site_id]['site'])     # a page in a language the labels do not cover
        if refused != None:
            return {'failure': refused.outcome()}
    try:
        return {'result': await HANDLERS[name](args)}
    except ToolError as err:
        return {'failure': err.outcome()}
