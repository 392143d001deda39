"""Tab-side dispatch: run a registered tab tool on this page, or count selectors for health."""
from core.outcome import failure
from core.reasons import UNKNOWN_TOOL
from webapi.dom import query_all
from webapi.js import obj_keys
from adapters.registry import tab_tool


async def run_tool(name, args):
    fn = tab_tool(name)
    if fn == None:
        return failure(UNKNOWN_TOOL, 'this page has no tool ' + name, None)
    return await fn(args)


def health(selectors):
    """How many elements each selector finds on this page ({key: count})."""
    counts = {}
    for key in obj_keys(selectors):
        counts[key] = len(query_all(selectors[key]))
    return counts
