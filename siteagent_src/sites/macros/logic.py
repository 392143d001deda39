"""Macros as data: schema validation with field-level errors, parameter binding, overall risk.

A macro: `{name, description?, params: [names], steps: [{tool, args, bind?: {arg: param}}]}`.
`args` hold the recorded values; `bind` says which arguments come from a parameter instead
(a parameter that is not given keeps the recorded value). An export file:
`{format: "siteagent-macros", version: 1, macros: [macro, ...]}`.
"""
from core.jsonval import kind_of, has_key, own_keys, obj_keys, str_len, is_integral, list_has
from core.protocol import is_tool_name
from core.schema import validate
from core.catalogue import find_tool

MACROS_KEY = 'macros'
FILE_FORMAT = 'siteagent-macros'
RISK_ORDER = ['read', 'write', 'irreversible']
MACRO_TOOLS = ['macro_list', 'macro_run']
MAX_STEPS = 50

NAME_SCHEMA = {'type': 'string', 'minLength': 1, 'maxLength': 64, 'format': 'name'}
STEP_SCHEMA = {
    'type': 'object', 'required': ['tool', 'args'], 'additionalProperties': False,
    'properties': {'tool': NAME_SCHEMA, 'args': {'type': 'object'},
                   'bind': {'type': 'object', 'additionalProperties': NAME_SCHEMA}},
}
MACRO_SCHEMA = {
    'type': 'object', 'required': ['name', 'steps'], 'additionalProperties': False,
    'properties': {
        'name': NAME_SCHEMA,
        'description': {'type': 'string', 'maxLength': 500},
        'params': {'type': 'array', 'maxItems': 20, 'items': NAME_SCHEMA},
        'steps': {'type': 'array', 'minItems': 1, 'maxItems': MAX_STEPS, 'items': STEP_SCHEMA},
    },
}
FILE_SCHEMA = {
    'type': 'object', 'required': ['format', 'version', 'macros'], 'additionalProperties': False,
    'properties': {
        'format': {'type': 'string', 'enum': [FILE_FORMAT]},
        'version': {'type': 'integer', 'enum': [1]},
        'macros': {'type': 'array', 'maxItems': 100, 'items': MACRO_SCHEMA},
    },
}

# The file's own fields; each macro is then checked on its own, so one bad macro does not hide the others.
_FILE_TOP = {
    'type': 'object', 'required': ['format', 'version', 'macros'], 'additionalProperties': False,
    'properties': {'format': FILE_SCHEMA['properties']['format'], 'version': FILE_SCHEMA['properties']['version'],
                   'macros': {'type': 'array', 'maxItems': 100}},
}

_KINDS = {'string': 'a string', 'integer': 'an integer', 'number': 'a number', 'boolean': 'true or false',
          'array': 'an array', 'object': 'an object'}


def _join(path, key):
    if path == '':
        return str(key)
    return path + '.' + str(key)


def _err(errors, path, message):
    errors.append({'field': path if path != '' else '(file)', 'message': message})


def _kind_ok(type_name, value):
    kind = kind_of(value)
    if type_name == 'integer':
        return kind == 'number' and is_integral(value)
    if type_name == 'boolean':
        return kind == 'bool'
    return kind == type_name


def schema_errors(schema, value, path, errors):
    """Append `{field, message}` for value against one of the schemas above (dotted field paths)."""
    type_name = schema['type']
    if not _kind_ok(type_name, value):
        _err(errors, path, 'must be ' + _KINDS[type_name])
        return errors
    if has_key(schema, 'enum') and not list_has(schema['enum'], value):
        _err(errors, path, 'must be ' + str(schema['enum'][0]))
        return errors
    if type_name == 'string':
        if has_key(schema, 'minLength') and str_len(value) < schema['minLength']:
            _err(errors, path, 'must not be empty')
        elif has_key(schema, 'maxLength') and str_len(value) > schema['maxLength']:
            _err(errors, path, 'must be at most ' + str(schema['maxLength']) + ' characters long')
        elif has_key(schema, 'format') and not is_tool_name(value):
            _err(errors, path, 'must match ^[a-z][a-z0-9_]*$')
    elif type_name == 'array':
        if has_key(schema, 'minItems') and len(value) < schema['minItems']:
            _err(errors, path, 'must have at least ' + str(schema['minItems']) + ' item(s)')
        elif has_key(schema, 'maxItems') and len(value) > schema['maxItems']:
            _err(errors, path, 'must have at most ' + str(schema['maxItems']) + ' items')
        elif has_key(schema, 'items'):
            index = 0
            for item in value:
                schema_errors(schema['items'], item, _join(path, index), errors)
                index += 1
    elif type_name == 'object':
        props = schema['properties'] if has_key(schema, 'properties') else {}
        if has_key(schema, 'required'):
            for key in schema['required']:
                if not has_key(value, key):
                    _err(errors, _join(path, key), 'is required')
        for key in own_keys(value):
            if has_key(props, key):
                schema_errors(props[key], value[key], _join(path, key), errors)
            elif has_key(schema, 'additionalProperties'):
                extra = schema['additionalProperties']
                if extra is False:
                    _err(errors, _join(path, key), 'is not an allowed field')
                elif kind_of(extra) == 'object':
                    schema_errors(extra, value[key], _join(path, key), errors)
    return errors


def _params_of(macro):
    if has_key(macro, 'params') and kind_of(macro['params']) == 'array':
        return macro['params']
    return []


def check_macro(macro, tools, path):
    """Every problem of one macro: its shape, then its tools, bindings and recorded arguments."""
    errors = schema_errors(MACRO_SCHEMA, macro, path, [])
    if len(errors) > 0:
        return errors
    params = _params_of(macro)
    used = []
    seen = []
    index = 0
    for pname in params:
        if list_has(seen, pname):
            _err(errors, _join(path, 'params.' + str(index)), 'lists ' + pname + ' twice')
        seen.append(pname)
        index += 1
    index = 0
    for step in macro['steps']:
        where = _join(path, 'steps.' + str(index))
        index += 1
        tool = find_tool(tools, step['tool'])
        if list_has(MACRO_TOOLS, step['tool']):
            _err(errors, where + '.tool', 'a macro cannot call ' + step['tool'])
            continue
        if tool is None:
            _err(errors, where + '.tool', 'there is no tool named ' + step['tool'])
            continue
        props = tool['inputSchema']['properties'] if has_key(tool['inputSchema'], 'properties') else {}
        bind = step['bind'] if has_key(step, 'bind') else {}
        for arg in own_keys(bind):
            if not has_key(props, arg):
                _err(errors, where + '.bind.' + arg, tool['name'] + ' has no argument ' + arg)
            elif not list_has(params, bind[arg]):
                _err(errors, where + '.bind.' + arg, bind[arg] + ' is not one of the macro\'s params')
            elif not list_has(used, bind[arg]):
                used.append(bind[arg])
        for problem in validate(tool['inputSchema'], step['args']):
            _err(errors, where + '.args.' + problem['field'], problem['message'])
    index = 0
    for pname in params:
        if not list_has(used, pname):
            _err(errors, _join(path, 'params.' + str(index)), pname + ' is not bound to any step argument')
        index += 1
    return errors


def check_file(data, tools):
    """Problems of an import file as `[{field, message}]`; [] means every macro may be stored."""
    errors = schema_errors(_FILE_TOP, data, '', [])
    if len(errors) > 0:
        return errors
    names = []
    index = 0
    for macro in data['macros']:
        where = 'macros.' + str(index)
        for problem in check_macro(macro, tools, where):
            errors.append(problem)
        if kind_of(macro) == 'object' and has_key(macro, 'name') and list_has(names, macro['name']):
            _err(errors, where + '.name', 'another macro in the file is named ' + macro['name'])
        if kind_of(macro) == 'object' and has_key(macro, 'name'):
            names.append(macro['name'])
        index += 1
    return errors


def export_file(macros):
    """The export document for a list of macros."""
    return {'format': FILE_FORMAT, 'version': 1, 'macros': macros}


def risk_rank(risk):
    index = 0
    for known in RISK_ORDER:
        if known == risk:
            return index
        index += 1
    return len(RISK_ORDER) - 1


def macro_risk(macro, tools):
    """The highest risk of the macro's steps; an unknown tool counts as irreversible."""
    best = 0
    for step in macro['steps']:
        tool = find_tool(tools, step['tool'])
        rank = risk_rank(tool['risk']) if tool is not None and has_key(tool, 'risk') else len(RISK_ORDER) - 1
        if rank > best:
            best = rank
    return RISK_ORDER[best]


def summarize(macro, tools):
    """What macro_list shows: `{name, description, params, risk, steps: [tool names]}`."""
    return {'name': macro['name'], 'description': macro['description'] if has_key(macro, 'description') else '',
            'params': _params_of(macro), 'risk': macro_risk(macro, tools),
            'steps': [step['tool'] for step in macro['steps']]}


def parse_parameters(items):
    """`["url=https://x", ...]` -> {ok, values} or {ok: false, errors} (field "parameters")."""
    values = {}
    errors = []
    if items is None:
        return {'ok': True, 'values': values}
    for item in items:
        cut = item.find('=') if kind_of(item) == 'string' else -1
        if cut < 1:
            _err(errors, 'parameters', 'each entry must read name=value, got ' + str(item))
            continue
        key = item[0:cut]
        if has_key(values, key):
            _err(errors, 'parameters', key + ' is given twice')
            continue
        values[key] = item[cut + 1:]
    if len(errors) > 0:
        return {'ok': False, 'errors': errors}
    return {'ok': True, 'values': values}


def coerce(prop, text):
    """A parameter's text as the type the tool's argument wants (left as text when it does not parse)."""
    ptype = prop['type'] if kind_of(prop) == 'object' and has_key(prop, 'type') else 'string'
    if ptype == 'boolean':
        if text == 'true':
            return True
        if text == 'false':
            return False
        return text
    if ptype == 'integer' or ptype == 'number':
        digits = 0
        dots = 0
        index = 0
        for ch in text:
            if ch >= '0' and ch <= '9':
                digits += 1
            elif ch == '.' and ptype == 'number':
                dots += 1
            elif not (ch == '-' and index == 0):
                return text
            index += 1
        if digits == 0 or dots > 1:
            return text
        if dots == 1:
            return float(text)
        return int(text)
    if ptype == 'array':
        return [part for part in text.split('\n') if len(part) > 0]
    return text


def bind_steps(macro, values, tools):
    """The steps to run: `{ok, steps: [{tool, args}]}`, or `{ok: false, errors}` for an unknown parameter."""
    params = _params_of(macro)
    errors = []
    for key in obj_keys(values):
        if not list_has(params, key):
            shown = ', '.join(params) if len(params) > 0 else 'none'
            _err(errors, 'parameters', key + ' is not a parameter of ' + macro['name'] + ' (it has: ' + shown + ')')
    if len(errors) > 0:
        return {'ok': False, 'errors': errors}
    steps = []
    for step in macro['steps']:
        args = {}
        for key in own_keys(step['args']):
            args[key] = step['args'][key]
        bind = step['bind'] if has_key(step, 'bind') else {}
        tool = find_tool(tools, step['tool'])
        props = {}
        if tool is not None and has_key(tool['inputSchema'], 'properties'):
            props = tool['inputSchema']['properties']
        for arg in own_keys(bind):
            if has_key(values, bind[arg]):
                args[arg] = coerce(props[arg] if has_key(props, arg) else None, values[bind[arg]])
        steps.append({'tool': step['tool'], 'args': args})
    return {'ok': True, 'steps': steps}


def make_macro(macro_name, description, recorded, marks):
    """A macro from recorded calls `[{tool, args}]` and marks `[{step, arg, param}]` (step is 0-based)."""
    steps = []
    params = []
    for call in recorded:
        args = {}
        for key in own_keys(call['args']):
            args[key] = call['args'][key]
        steps.append({'tool': call['tool'], 'args': args})
    for mark in marks:
        index = mark['step']
        if kind_of(index) != 'number' or index < 0 or index >= len(steps):
            continue
        step = steps[index]
        if not has_key(step, 'bind'):
            step['bind'] = {}
        step['bind'][mark['arg']] = mark['param']
        if not list_has(params, mark['param']):
            params.append(mark['param'])
    out = {'name': macro_name, 'params': params, 'steps': steps}
    if kind_of(description) == 'string' and len(description) > 0:
        out['description'] = description
    return out
