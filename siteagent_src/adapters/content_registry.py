"""Tab-side adapter code: which tool runs how on this page."""
from core.outcome import failure
from core.reasons import UNKNOWN_TOOL, ADAPTER_ERROR
from platform.dom import query_all
from platform.js import sleep, collapse_ws, obj_keys

TAB_TOOLS = {}


def page_info(args):
    return {'title': document.title, 'host': location.host, 'path': location.pathname}


async def sleep_then_answer(args):
    await sleep(args['ms'])
    return {'slept': args['ms']}


def click_text(args):
    wanted = collapse_ws(args['text'])
    for element in query_all('button, a, [role="button"], input[type="submit"], input[type="button"]'):
        label = collapse_ws(element.innerText if element.tagName != 'INPUT' else element.value)
        if label == wanted and element.checkVisibility():
            element.click()
            return {'clicked': True, 'tag': element.tagName.lower()}
    return failure(ADAPTER_ERROR, 'no visible button or link reads "' + args['text'] + '"', None)


TAB_TOOLS['test_tab_info'] = page_info
TAB_TOOLS['test_tab_sleep'] = sleep_then_answer
TAB_TOOLS['generic_click_text'] = click_text


async def run_tool(name, args):
    if name not in TAB_TOOLS:
        return failure(UNKNOWN_TOOL, 'this page has no tool ' + name, None)
    return await TAB_TOOLS[name](args)


def health(selectors):
    """How many elements each selector finds on this page ({key: count})."""
    counts = {}
    for key in obj_keys(selectors):
        counts[key] = len(query_all(selectors[key]))
    return counts
