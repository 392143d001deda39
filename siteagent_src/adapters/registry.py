"""Every adapter the build includes, and the catalogue of tools they offer."""
from buildinfo import CONFIG
from core.testtools import TEST_ADAPTER, CONSOLE_TOOLS

ADAPTERS = []
if CONFIG['test_adapter']:
    ADAPTERS.append(TEST_ADAPTER)


def catalogue():
    tools = []
    for adapter in ADAPTERS:
        for tool in adapter['tools']:
            tools.append(tool)
    for tool in CONSOLE_TOOLS:
        tools.append(tool)
    return tools


def adapter_by_id(adapter_id):
    for adapter in ADAPTERS:
        if adapter['id'] == adapter_id:
            return adapter
    return None
