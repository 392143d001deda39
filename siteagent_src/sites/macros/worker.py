"""Macros' worker half. Steps run through the rules engine one by one (ctx['call'], given by
dispatch), so every gate applies to every step and each irreversible step asks for approval."""
from core.outcome import ToolError, invalid_arg
from sites.macros.logic import MACROS_KEY, summarize, parse_parameters, bind_steps, risk_rank
from sites.macros.tools import MACRO_LIST, MACRO_RUN
from sites.kit.worker import worker_handler
from webapi.chrome import storage_get
from webapi.js import obj_keys, drop_key


async def stored():
    return await storage_get('local', MACROS_KEY, {})


@worker_handler(MACRO_LIST)
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


@worker_handler(MACRO_RUN)
async def macro_run(args, ctx):
    macros = await stored()
    name = args['name']
    if name not in macros:
        raise invalid_arg('name', 'there is no macro named ' + name)
    macro = macros[name]
    parsed = parse_parameters(args['parameters'] if 'parameters' in args else None)
    if not parsed['ok']:
        raise invalid_arg('parameters', parsed['errors'][0]['message'])
    bound = bind_steps(macro, parsed['values'], ctx['catalogue'])
    if not bound['ok']:
        raise invalid_arg('parameters', bound['errors'][0]['message'])
    done = []
    index = 0
    for step in bound['steps']:
        index += 1
        outcome = await ctx['call']({'name': step['tool'], 'args': step['args']}, step_ctx(ctx, index))
        if not outcome['ok']:
            extra = {'step': index, 'step_tool': step['tool'], 'completed': done}
            if 'field' in outcome:
                extra['field'] = outcome['field']
            raise ToolError(outcome['reason'], 'step ' + str(index) + ' (' + step['tool'] + ') failed: '
                            + outcome['message'], extra)
        done.append({'step': index, 'tool': step['tool'], 'result': outcome['result']})
    return {'macro': name, 'steps': done}
