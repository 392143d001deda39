"""Tab-side adapter code: which tool runs how on this page."""
from core.outcome import failure
from core.reasons import UNKNOWN_TOOL
from platform.dom import query_all

TAB_TOOLS = {}


def page_info(args):
    return {'title': document.title, 'host': location.host, 'path': location.pathname}


TAB_TOOLS['test_tab_info'] = page_info


async def run_tool(name, args):
    if name not in TAB_TOOLS:
        return failure(UNKNOWN_TOOL, 'this page has no tool ' + name, None)
    return {'ok': True, 'tool': name, 'result': await TAB_TOOLS[name](args)}


def health():
    return {'ok': True, 'selectors': []}
