"""A JSON Schema (Draft 2020-12) subset validator for tool arguments, identical on CPython and JS.

Subset: top-level `type: "object"` with `properties`, `required`, `additionalProperties: false`;
property types string / integer / number / boolean / array (items of type string) / object (no
keywords: its contents are the handler's to check, e.g. the page tool's `args`); keywords enum,
minLength/maxLength (code points, like jsonschema), minimum/maximum, minItems/maxItems.
Like jsonschema, "integer" accepts 1.0, booleans are not numbers, and a keyword only applies to
values of its kind. Nested objects, type lists and boolean subschemas also validate correctly,
but `check_tool_schema` keeps tool schemas flat.
"""
from core.jsonval import kind_of, has_key, own_keys, obj_keys, str_len, is_integral, list_has
from core.canonical import canonical_json, number_text
from core.protocol import is_tool_name

ARGS_FIELD = '(args)'
PROPERTY_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object']
_TYPE_PHRASES = {
    'string': 'a string', 'integer': 'an integer', 'number': 'a number', 'boolean': 'true or false',
    'array': 'an array', 'object': 'an object', 'null': 'null',
}


def _type_ok(type_name, value):
    kind = kind_of(value)
    if type_name == 'string':
        return kind == 'string'
    if type_name == 'number':
        return kind == 'number'
    if type_name == 'integer':
        return kind == 'number' and is_integral(value)
    if type_name == 'boolean':
        return kind == 'bool'
    if type_name == 'array':
        return kind == 'array'
    if type_name == 'object':
        return kind == 'object'
    if type_name == 'null':
        return kind == 'null'
    return False


def _phrase(type_name):
    if kind_of(type_name) == 'string' and has_key(_TYPE_PHRASES, type_name):
        return _TYPE_PHRASES[type_name]
    return 'of type ' + str(type_name)


def _num(value):
    text = number_text(value)
    if text is None:
        return str(value)
    return text


def _type_error(expected, value):
    kind = kind_of(expected)
    if kind == 'string':
        if _type_ok(expected, value):
            return None
        return 'must be ' + _phrase(expected)
    if kind == 'array':
        phrases = []
        for item in expected:
            if _type_ok(item, value):
                return None
            phrases.append(_phrase(item))
        return 'must be ' + ' or '.join(phrases)
    return None


def _enum_error(options, value):
    if kind_of(options) != 'array':
        return None
    mine = canonical_json(value)
    texts = []
    for option in options:
        text = canonical_json(option)
        if mine is not None and text is not None and text == mine:
            return None
        texts.append(text if text is not None else '?')
    return 'must be one of: ' + ', '.join(texts)


def _kw(schema, key):
    if has_key(schema, key):
        return schema[key]
    return None


def _first_error(schema, value):
    """The first problem of value against a property-level schema, or None."""
    skind = kind_of(schema)
    if skind == 'bool':
        return None if schema else 'is not allowed'
    if skind != 'object':
        return None
    if has_key(schema, 'type'):
        msg = _type_error(schema['type'], value)
        if msg is not None:
            return msg
    if has_key(schema, 'enum'):
        msg = _enum_error(schema['enum'], value)
        if msg is not None:
            return msg
    kind = kind_of(value)
    if kind == 'string':
        limit = _kw(schema, 'minLength')
        if kind_of(limit) == 'number' and str_len(value) < limit:
            return 'must be at least ' + _num(limit) + ' characters long'
        limit = _kw(schema, 'maxLength')
        if kind_of(limit) == 'number' and str_len(value) > limit:
            return 'must be at most ' + _num(limit) + ' characters long'
    elif kind == 'number':
        limit = _kw(schema, 'minimum')
        if kind_of(limit) == 'number' and value < limit:
            return 'must be at least ' + _num(limit)
        limit = _kw(schema, 'maximum')
        if kind_of(limit) == 'number' and value > limit:
            return 'must be at most ' + _num(limit)
    elif kind == 'array':
        limit = _kw(schema, 'minItems')
        if kind_of(limit) == 'number' and len(value) < limit:
            return 'must have at least ' + _num(limit) + ' items'
        limit = _kw(schema, 'maxItems')
        if kind_of(limit) == 'number' and len(value) > limit:
            return 'must have at most ' + _num(limit) + ' items'
        if has_key(schema, 'items'):
            index = 0
            for item in value:
                msg = _first_error(schema['items'], item)
                if msg is not None:
                    return 'item ' + str(index) + ' ' + msg
                index += 1
    elif kind == 'object':
        errors = _object_errors(schema, value)
        if len(errors) > 0:
            return errors[0]['field'] + ' ' + errors[0]['message']
    return None


def _object_errors(schema, value):
    errors = []
    props = _kw(schema, 'properties')
    if kind_of(props) != 'object':
        props = {}
    required = _kw(schema, 'required')
    if kind_of(required) != 'array':
        required = []
    prop_names = own_keys(props)
    for pname in prop_names:
        if has_key(value, pname):
            msg = _first_error(props[pname], value[pname])
            if msg is not None:
                errors.append({'field': pname, 'message': msg})
        elif list_has(required, pname):
            errors.append({'field': pname, 'message': 'is required'})
    seen = []
    for rname in required:
        if kind_of(rname) == 'string' and not has_key(props, rname) and not list_has(seen, rname):
            seen.append(rname)
            if not has_key(value, rname):
                errors.append({'field': rname, 'message': 'is required'})
    if has_key(schema, 'additionalProperties'):
        extra = schema['additionalProperties']
        for key in obj_keys(value):
            if not has_key(props, key):
                if kind_of(extra) == 'bool':
                    if not extra:
                        errors.append({'field': key, 'message': 'is not an allowed argument'})
                else:
                    msg = _first_error(extra, value[key])
                    if msg is not None:
                        errors.append({'field': key, 'message': msg})
    return errors


def validate(schema, value):
    """Problems of value against schema as `[{field, message}]` (field is a property name or
    "(args)"), in property order, first problem per field; [] means valid."""
    skind = kind_of(schema)
    if skind == 'bool':
        if schema:
            return []
        return [{'field': ARGS_FIELD, 'message': 'no arguments are allowed'}]
    if skind != 'object':
        return []
    if has_key(schema, 'type'):
        msg = _type_error(schema['type'], value)
        if msg is not None:
            return [{'field': ARGS_FIELD, 'message': msg}]
    if has_key(schema, 'enum'):
        msg = _enum_error(schema['enum'], value)
        if msg is not None:
            return [{'field': ARGS_FIELD, 'message': msg}]
    if kind_of(value) == 'object':
        return _object_errors(schema, value)
    msg = _first_error(schema, value)
    if msg is not None:
        return [{'field': ARGS_FIELD, 'message': msg}]
    return []


# --- schema checks (tool definitions) -------------------------------------------------------

_TOP_KEYS = ['type', 'properties', 'required', 'additionalProperties', 'description', 'title', '$schema']
_COMMON_KEYS = ['type', 'description', 'title', 'enum']
_TYPE_KEYS = {
    'string': ['minLength', 'maxLength'],
    'integer': ['minimum', 'maximum'],
    'number': ['minimum', 'maximum'],
    'boolean': [],
    'array': ['items', 'minItems', 'maxItems'],
    'object': [],
}
_ITEM_KEYS = ['type', 'description', 'enum', 'minLength', 'maxLength']


def _count_ok(value):
    return kind_of(value) == 'number' and is_integral(value) and value >= 0


def _check_enum(where, options, type_name, problems):
    if kind_of(options) != 'array' or len(options) == 0:
        problems.append(where + '.enum: must be a non-empty array')
        return
    texts = []
    for option in options:
        if not _type_ok(type_name, option):
            problems.append(where + '.enum: every value must be ' + _phrase(type_name))
            return
        text = canonical_json(option)
        if list_has(texts, text):
            problems.append(where + '.enum: values must be unique')
            return
        texts.append(text)


def _check_lengths(where, schema, low_key, high_key, problems):
    low = _kw(schema, low_key)
    high = _kw(schema, high_key)
    if has_key(schema, low_key) and not _count_ok(low):
        problems.append(where + '.' + low_key + ': must be a non-negative integer')
    if has_key(schema, high_key) and not _count_ok(high):
        problems.append(where + '.' + high_key + ': must be a non-negative integer')
    if _count_ok(low) and _count_ok(high) and low > high:
        problems.append(where + ': ' + low_key + ' is greater than ' + high_key)


def _check_items(where, items, problems):
    if kind_of(items) != 'object':
        problems.append(where + ': must be an object')
        return
    for key in obj_keys(items):
        if not list_has(_ITEM_KEYS, key):
            problems.append(where + ': keyword ' + key + ' is outside the subset')
    if _kw(items, 'type') != 'string' or kind_of(_kw(items, 'type')) != 'string':
        problems.append(where + '.type: must be "string"')
        return
    if has_key(items, 'enum'):
        _check_enum(where, items['enum'], 'string', problems)
    _check_lengths(where, items, 'minLength', 'maxLength', problems)


def _check_property(pname, prop, problems):
    where = 'properties.' + pname
    if kind_of(prop) != 'object':
        problems.append(where + ': must be an object')
        return
    ptype = _kw(prop, 'type')
    if kind_of(ptype) != 'string' or not list_has(PROPERTY_TYPES, ptype):
        problems.append(where + '.type: must be one of ' + ', '.join(PROPERTY_TYPES))
        return
    allowed = _TYPE_KEYS[ptype]
    for key in obj_keys(prop):
        if not list_has(_COMMON_KEYS, key) and not list_has(allowed, key):
            problems.append(where + ': keyword ' + key + ' is outside the subset for type ' + ptype)
    if has_key(prop, 'description') and kind_of(prop['description']) != 'string':
        problems.append(where + '.description: must be a string')
    if has_key(prop, 'title') and kind_of(prop['title']) != 'string':
        problems.append(where + '.title: must be a string')
    if has_key(prop, 'enum'):
        _check_enum(where, prop['enum'], ptype, problems)
    if ptype == 'string':
        _check_lengths(where, prop, 'minLength', 'maxLength', problems)
    elif ptype == 'array':
        _check_lengths(where, prop, 'minItems', 'maxItems', problems)
        if has_key(prop, 'items'):
            _check_items(where + '.items', prop['items'], problems)
        else:
            problems.append(where + '.items: is required for arrays')
    elif ptype == 'integer' or ptype == 'number':
        low = _kw(prop, 'minimum')
        high = _kw(prop, 'maximum')
        if has_key(prop, 'minimum') and kind_of(low) != 'number':
            problems.append(where + '.minimum: must be a number')
        if has_key(prop, 'maximum') and kind_of(high) != 'number':
            problems.append(where + '.maximum: must be a number')
        if kind_of(low) == 'number' and kind_of(high) == 'number' and low > high:
            problems.append(where + ': minimum is greater than maximum')


def check_tool_schema(schema):
    """Problems (strings) that keep schema from being a flat tool input schema in the subset."""
    problems = []
    if kind_of(schema) != 'object':
        return ['schema: must be an object']
    for key in obj_keys(schema):
        if not list_has(_TOP_KEYS, key):
            problems.append('schema: keyword ' + key + ' is outside the subset')
    if _kw(schema, 'type') != 'object' or kind_of(_kw(schema, 'type')) != 'string':
        problems.append('type: must be "object"')
    if not has_key(schema, 'additionalProperties') or _kw(schema, 'additionalProperties') is not False:
        problems.append('additionalProperties: must be false')
    props = {}
    if has_key(schema, 'properties'):
        props = schema['properties']
        if kind_of(props) != 'object':
            problems.append('properties: must be an object')
            props = {}
    for pname in own_keys(props):
        if not is_tool_name(pname):
            problems.append('properties.' + pname + ': names must match ^[a-z][a-z0-9_]*$')
        else:
            _check_property(pname, props[pname], problems)
    if has_key(schema, 'required'):
        required = schema['required']
        if kind_of(required) != 'array':
            problems.append('required: must be an array')
        else:
            seen = []
            for rname in required:
                if kind_of(rname) != 'string':
                    problems.append('required: entries must be strings')
                elif list_has(seen, rname):
                    problems.append('required: ' + rname + ' is listed twice')
                elif not has_key(props, rname):
                    problems.append('required: ' + rname + ' is not a property')
                else:
                    seen.append(rname)
    return problems
