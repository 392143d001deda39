"""What both halves of the console's generic tools name: the site (id, hosts); it has no steps. The tab half
imports this module and nothing else of the declarations: the tools, their names included, are
declared in tools.py, which only the worker imports; a tool that runs in the tab has its handler in the
tab half under the tool's own name (`@tab_tool`).
"""
from core.tooling import name_site

SITE = name_site('console', [])
