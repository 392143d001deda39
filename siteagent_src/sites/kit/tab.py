"""The tab half of the site kit: handlers register here, and content.js runs them by name.

    @tab_handler(STATUS)            # STATUS: a declaration from the site's tools.py
    def status(args): ...           # returns a plain result, or raises ToolError

A tab answers the worker with one envelope: `{result}` or `{failure: outcome}` (a ToolError
raised by the handler, turned into its outcome here, at the message boundary). Native JS errors
are not caught: the message channel reports them and the worker says which tool failed.
"""
from core.outcome import ToolError, failure
from core.reasons import UNKNOWN_TOOL

HANDLERS = {}


def tab_handler(declaration):
    """Register the decorated function as the tab-half handler of a declared tool or step."""
    def register(fn):
        HANDLERS[declaration['name']] = fn
        return fn
    return register


async def run(name, args):
    """`{result}` or `{failure}` for one call of a registered handler."""
    if name not in HANDLERS:
        return {'failure': failure(UNKNOWN_TOOL, 'this page has no tool ' + str(name), None)}
    try:
        return {'result': await HANDLERS[name](args)}
    except ToolError as err:
        return {'failure': err.outcome()}
