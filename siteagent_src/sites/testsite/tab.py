"""The test tab site's tab half (on the Gmail fixture's host)."""
from sites.testsite.ids import TAB_INFO, TAB_SLEEP
from sites.kit.tab import tab_handler
from webapi.dom import page_path, page_host, page_title
from webapi.js import sleep


@tab_handler(TAB_INFO)
def page_info(args):
    return {'title': page_title(), 'host': page_host(), 'path': page_path()}


@tab_handler(TAB_SLEEP)
async def sleep_then_answer(args):
    await sleep(args['ms'])
    return {'slept': args['ms']}
