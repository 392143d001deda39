"""Macros as public tools: list the saved macros, replay one (the recording and storage live in
entries/worker/macros.py, which the console drives)."""
from core.tooling import declare_site, declare_tool
from sites.macros import ids

SITE = declare_site(ids.SITE, None, {})

MACRO_LIST = declare_tool(
    SITE, 'macro_list', 'read',
    'Use to see which recorded macros the user saved. Returns {"macros": [{name, description, '
    'params: [names], risk, steps: [tool names]}]}; risk is the highest risk of its steps. '
    '`max_risk` keeps only macros up to that risk; `brief` true leaves the steps out. '
    'It runs nothing.',
    {'type': 'object', 'additionalProperties': False, 'properties': {
        'max_risk': {'type': 'string', 'enum': ['read', 'write', 'irreversible'],
                     'description': 'Only macros whose overall risk is at most this.'},
        'brief': {'type': 'boolean', 'description': 'Leave out each macro\'s steps (default false).'}}},
    'worker', {'open_world': False})        # reads the extension's storage only

MACRO_RUN = declare_tool(
    SITE, 'macro_run', 'write',
    'Use to replay a saved macro (see macro_list). `parameters` are "name=value" strings for '
    'the macro\'s params; a param you leave out keeps its recorded value. Steps run in order '
    'with the same rules as separate calls: every irreversible step asks the user in an '
    'approval window. Returns {"macro", "steps": [{step, tool, result}]}; the first failing '
    'step stops the run and the failure names that step and carries its reason.',
    {'type': 'object', 'required': ['name'], 'additionalProperties': False, 'properties': {
        'name': {'type': 'string', 'minLength': 1, 'maxLength': 64, 'description': 'The macro\'s name.'},
        'parameters': {'type': 'array', 'maxItems': 20, 'items': {'type': 'string', 'maxLength': 2000},
                       'description': 'Values for the macro\'s params, each "name=value".'}}},
    'worker')
