"""The console site's tab half: click a button or link by its text, in the attached tab."""
from core.outcome import ToolError
from core.reasons import ADAPTER_ERROR
from sites.kit.tab import tab_tool
from webapi.dom import find_all, is_visible, tag_of, input_value, text_of
from webapi.js import collapse_ws


@tab_tool
def generic_click_text(args):
    wanted = collapse_ws(args['text'])
    for element in find_all(None, 'button, a, [role="button"], input[type="submit"], input[type="button"]'):
        label = collapse_ws(input_value(element) if tag_of(element) == 'input' else text_of(element))
        if label == wanted and is_visible(element):
            element.click()
            return {'clicked': True, 'tag': tag_of(element)}
    raise ToolError(ADAPTER_ERROR, 'no visible button or link reads "' + args['text'] + '"', None)
