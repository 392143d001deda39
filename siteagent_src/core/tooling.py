"""Tool declarations: each site declares its tools once, in its folder, split by half.

`sites/<site>/ids.py` names what both halves name: the site (id, hosts) and the steps (tab-half
functions the worker half runs in the tab). The tab half imports it, and nothing else of the
declarations:

    SITE = name_site('gmail', ['mail.google.com'])
    WAIT_LIST = name_step(SITE, 'gmail__wait_list')

`sites/<site>/tools.py` declares each tool, its name written there once, for the service worker (risk,
description, input schema); only the worker imports it:

    SITE = declare_site(ids.SITE, open_url, selectors)
    STATUS = declare_tool(SITE, 'gmail_status', 'read', 'Use first to ...', object_schema({}, None), 'tab')
    SEARCH = declare_tool(SITE, 'gmail_search', 'read', 'Runs a Gmail search ...', schema, 'worker')

`runs` says which half implements the tool: 'worker' (a handler in the site's worker half,
`@worker_handler(DECL)`, sites/kit/worker.py) or 'tab' (run in the site's tab; the worker finds or
opens that tab). A tab tool's handler is a top-level function of the site's tab half named as the tool
and marked `@tab_tool` (sites/kit/tab.py):

    @tab_tool
    def gmail_status(args): ...

The catalogue (LIST_TOOLS, the console, macros), the public listing and both dispatch tables are
derived from these declarations: the worker's from `@worker_handler`, the tab's by the build (the
generated module `tabtools`: each tab tool's name, from tools.py, to its site and its `@tab_tool`
function). A step is run by its symbol (never by a string), so a typo fails at build time; steps are
not in the catalogue and register with `@tab_handler(STEP)`. The build checks that every tool and step
has exactly one handler in the right half and each name is declared once (buildtool/sites.py).
"""
from core.jsonval import kind_of, has_key, obj_keys

RISKS = ['read', 'write', 'irreversible']
HALVES = ['worker', 'tab']


def name_site(site_id, hosts):
    """What both halves name of a site (its ids.py): its id and the hostnames its tab may show (none:
    not tied to a site)."""
    return {'id': site_id, 'hosts': hosts}


def name_step(site, name):
    """A tab-half step of `site` that its worker half runs in the site's tab (not a public tool)."""
    return {'name': name, 'site': site['id'], 'step': True}


def declare_site(named, open_url, selectors):
    """The worker's declaration of a site named in its ids.py (`named`, from name_site): the page opened
    when no tab of it is open (None: never open one), and the selectors the health check counts."""
    return {'id': named['id'], 'hosts': named['hosts'], 'open_url': open_url,
            'selectors': selectors if selectors is not None else {}, 'tools': []}


def object_schema(properties, required):
    """`{type: object, properties, required?, additionalProperties: false}`; required None leaves the key out."""
    schema = {'type': 'object', 'properties': properties}
    if required is not None:
        schema['required'] = required
    schema['additionalProperties'] = False
    return schema


def declare_tool(site, name, risk, description, schema, runs, extra=None):
    """Declare a tool of `site` and return its definition (also appended to site['tools']).

    name: the tool's name, written here only (a tab tool's handler is the tab half's function of that name).

    risk: 'read' | 'write' | 'irreversible', or 'dynamic' (the site's judge decides per call; listed
    as irreversible). extra: further fields the rules engine reads (`recipients`, `sink`, `outbound`: the
    argument fields whose text goes to other people through the site (entries/worker/leak_rules.py),
    `untrusted_kind`, `public`: False for console-only tools, `test_only`: True for tools that only
    the test build lists)."""
    if risk != 'dynamic' and not _is_risk(risk):
        raise ValueError(name + ': risk must be read, write, irreversible or dynamic, not ' + str(risk))
    if not _is_half(runs):
        raise ValueError(name + ': runs must be worker or tab, not ' + str(runs))
    tool = {'name': name, 'risk': 'irreversible' if risk == 'dynamic' else risk, 'site': site['id'],
            'public': True, 'description': description, 'inputSchema': schema, 'runs_in': runs}
    if risk == 'dynamic':
        tool['risk_by'] = 'dynamic'
    if extra is not None:
        for key in obj_keys(extra):
            tool[key] = extra[key]
    site['tools'].append(tool)
    return tool


def catalogue_of(sites, with_test_tools):
    """Every tool definition of the sites, in site order; test-only tools only when asked."""
    out = []
    for site in sites:
        for tool in site['tools']:
            if with_test_tools or not (has_key(tool, 'test_only') and tool['test_only'] is True):
                out.append(tool)
    return out


def site_by_id(sites, site_id):
    for site in sites:
        if site['id'] == site_id:
            return site
    return None


def _is_risk(value):
    for risk in RISKS:
        if risk == value:
            return True
    return False


def _is_half(value):
    if kind_of(value) != 'string':
        return False
    for half in HALVES:
        if half == value:
            return True
    return False
