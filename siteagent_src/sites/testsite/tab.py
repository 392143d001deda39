"""The test tab site's tab half (on the Gmail fixture's host)."""
from sites.kit.tab import tab_tool
from webapi.dom import page_path, page_host, page_title
from webapi.js import sleep


@tab_tool
def test_tab_info(args):
    return {'title': page_title(), 'host': page_host(), 'path': page_path()}


@tab_tool
async def test_tab_sleep(args):
    await sleep(args['ms'])
    return {'slept': args['ms']}
