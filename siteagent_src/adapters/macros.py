"""Macros as public tools. Steps run through the rules engine one by one (ctx['call'], given by
dispatch), so every gate applies to every step and each irreversible step asks for approval."""
from core.macro_logic import MACROS_KEY, summarize, parse_parameters, bind_steps, risk_rank
from core.outcome import failure
from core.reasons import INVALID_ARGS
from webapi.chrome import storage_get
from webapi.js import obj_keys, drop_key

MACRO_LIST = {
    'name': 'macro_list',
    'description': ('Use to see which recorded macros the user saved. Returns {"macros": [{name, description, '
                    'params: [names], risk, steps: [tool names]}]}; risk is the highest risk of its steps. '
                    '`max_risk` keeps only macros up to that risk; `brief` true leaves the steps out. '
                    'It runs nothing.'),
    'risk': 'read', 'site': 'macros', 'public': True, 'open_world': False,   # reads the extension's storage only
    'inputSchema': {'type': 'object', 'additionalProperties': False, 'properties': {
        'max_risk': {'type': 'string', 'enum': ['read', 'write', 'irreversible'],
                     'description': 'Only macros whose overall risk is at most this.'},
        'brief': {'type': 'boolean', 'description': 'Leave out each macro\'s steps (default false).'}}},
}

MACRO_RUN = {
    'name': 'macro_run',
    'description': ('Use to replay a saved macro (see macro_list). `parameters` are "name=value" strings for '
                    'the macro\'s params; a param you leave out keeps its recorded value. Steps run in order '
                    'with the same rules as separate calls: every irreversible step asks the user in an '
                    'approval window. Returns {"macro", "steps": [{step, tool, result}]}; the first failing '
                    'step stops the run and the failure names that step and carries its reason.'),
    'risk': 'write', 'site': 'macros', 'public': True,
    'inputSchema': {'type': 'object', 'required': ['name'], 'additionalProperties': False, 'properties': {
        'name': {'type': 'string', 'minLength': 1, 'maxLength': 64, 'description': 'The macro\'s name.'},
        'parameters': {'type': 'array', 'maxItems': 20, 'items': {'type': 'string', 'maxLength': 2000},
                       'description': 'Values for the macro\'s params, each "name=value".'}}},
}

ADAPTER = {'id': 'macros', 'hosts': [], 'selectors': {}, 'tools': [MACRO_LIST, MACRO_RUN]}


async def stored():
    return await storage_get('local', MACROS_KEY, {})


async def macro_list(args, ctx):
    macros = await stored()
    limit = risk_rank(args['max_risk']) if 'max_risk' in args else 2
    out = []
    for name in obj_keys(macros):
        item = summarize(macros[name], ctx['catalogue'])
        if risk_rank(item['risk']) > limit:
            continue
        if 'brief' in args and args['brief'] == True:
            drop_key(item, 'steps')
        out.append(item)
    return {'macros': out}


def step_ctx(ctx, index):
    out = {}
    for key in obj_keys(ctx):
        out[key] = ctx[key]
    out['call_id'] = ctx['call_id'] + '/' + str(index)
    return out


async def macro_run(args, ctx):
    macros = await stored()
    name = args['name']
    if name not in macros:
        return failure(INVALID_ARGS, 'name: there is no macro named ' + name, {'field': 'name'})
    macro = macros[name]
    parsed = parse_parameters(args['parameters'] if 'parameters' in args else None)
    if not parsed['ok']:
        return failure(INVALID_ARGS, 'parameters: ' + parsed['errors'][0]['message'], {'field': 'parameters'})
    bound = bind_steps(macro, parsed['values'], ctx['catalogue'])
    if not bound['ok']:
        return failure(INVALID_ARGS, 'parameters: ' + bound['errors'][0]['message'], {'field': 'parameters'})
    done = []
    index = 0
    for step in bound['steps']:
        index += 1
        outcome = await ctx['call']({'name': step['tool'], 'args': step['args']}, step_ctx(ctx, index))
        if not outcome['ok']:
            extra = {'step': index, 'step_tool': step['tool'], 'completed': done}
            if 'field' in outcome:
                extra['field'] = outcome['field']
            return failure(outcome['reason'], 'step ' + str(index) + ' (' + step['tool'] + ') failed: '
                           + outcome['message'], extra)
        done.append({'step': index, 'tool': step['tool'], 'result': outcome['result']})
    return {'macro': name, 'steps': done}


SITE = {'adapter': ADAPTER, 'preview': None,
        'worker_tools': {'macro_list': macro_list, 'macro_run': macro_run}, 'tab_tools': {}}
