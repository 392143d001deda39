"""What both halves of the macros name: the site (id, hosts). The macros have no tab half and no
tab tools or steps; the service worker's declarations of their tools are in tools.py.
"""
from core.tooling import name_site

SITE = name_site('macros', [])
