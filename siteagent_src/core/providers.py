"""The catalogue (`LIST_TOOLS`) in the tool formats of the major model APIs.

Each converter takes the array `listTools()` resolved to, `[{name, description, risk, inputSchema,
annotations}]`, and returns new objects (the input is never shared or changed):

- OpenAI Chat Completions `tools`: `{type: "function", function: {name, description, parameters}}`
  (openai/openai-openapi, components.schemas.ChatCompletionTool and FunctionObject);
- Anthropic Messages `tools`: `{name, description, input_schema}` (anthropic-sdk-typescript, `Tool`);
- Gemini `tools`: one `{functionDeclarations: [{name, description, parameters?}]}`, the parameters
  in Gemini's OpenAPI subset (js-genai, `FunctionDeclaration` and `Schema`): upper-case types,
  int64 bounds as strings, no additionalProperties; a tool without parameters has none;
- MCP `tools/list`: `{name, description, inputSchema, annotations}` (MCP schema 2025-11-25, `Tool`).
"""
from core.jsonval import kind_of, has_key, own_keys, list_has, is_integral, plain_object
from core.canonical import number_text
from core.catalogue import annotations_of

# JSON Schema types; Gemini's Type enum is the same names in upper case
_JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']
# Gemini keeps these as they are (numbers); the *Length/*Items/*Properties bounds are int64 strings
_GEMINI_NUMBERS = ['minimum', 'maximum']
_GEMINI_INT64 = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']
_GEMINI_TEXT = ['description', 'title', 'format', 'pattern']


def copy_json(value):
    """A deep copy of a JSON value (plain objects and arrays); other values are returned as they are.
    A `__proto__` key is left out (assigning it would set a JS object's prototype)."""
    kind = kind_of(value)
    if kind == 'array':
        return [copy_json(item) for item in value]
    if kind == 'object':
        out = plain_object()
        for key in own_keys(value):
            if key != '__proto__':
                out[key] = copy_json(value[key])
        return out
    return value


def _text(tool, key):
    value = tool[key] if has_key(tool, key) else None
    return value if kind_of(value) == 'string' else ''


def _schema(tool):
    value = tool['inputSchema'] if has_key(tool, 'inputSchema') else None
    if kind_of(value) == 'object':
        return copy_json(value)
    return {'type': 'object', 'properties': {}}


def tools_problem(tools):
    """Why `tools` is not a catalogue (a failed listTools() outcome, a tool without a name), or None."""
    kind = kind_of(tools)
    if kind == 'object' and has_key(tools, 'reason'):
        return ('tools is a failed outcome (' + str(tools['reason']) + '), not the array of tools '
                'listTools() resolves to when it succeeds')
    if kind != 'array':
        return 'tools must be the array listTools() resolved to, not ' + kind
    index = 0
    for tool in tools:
        if kind_of(tool) != 'object' or not has_key(tool, 'name') or kind_of(tool['name']) != 'string':
            return 'tools[' + str(index) + '] is not a tool: it needs a string name'
        index += 1
    return None


def _valid(tools):
    """The tools that have a string name ([] for anything but an array); the client checks first."""
    if kind_of(tools) != 'array':
        return []
    return [t for t in tools if kind_of(t) == 'object' and has_key(t, 'name') and kind_of(t['name']) == 'string']


def to_openai_tools(tools):
    out = []
    for tool in _valid(tools):
        out.append({'type': 'function', 'function': {'name': tool['name'], 'description': _text(tool, 'description'),
                                                    'parameters': _schema(tool)}})
    return out


def to_anthropic_tools(tools):
    out = []
    for tool in _valid(tools):
        out.append({'name': tool['name'], 'description': _text(tool, 'description'), 'input_schema': _schema(tool)})
    return out


def to_mcp_tools(tools):
    """MCP `Tool`s. Annotations come from the listing; a listing without them (an older extension)
    gets them derived from the risk, as the extension does."""
    out = []
    for tool in _valid(tools):
        notes = tool['annotations'] if has_key(tool, 'annotations') else None
        if kind_of(notes) != 'object':
            notes = annotations_of(tool)
        out.append({'name': tool['name'], 'description': _text(tool, 'description'), 'inputSchema': _schema(tool),
                    'annotations': copy_json(notes)})
    return out


def _gemini_type(schema):
    """(Gemini type or None, nullable) from a JSON Schema `type` (a name or a list of names)."""
    declared = schema['type'] if has_key(schema, 'type') else None
    if list_has(_JSON_TYPES, declared):
        return [declared.upper(), False]
    if kind_of(declared) == 'array':
        nullable = list_has(declared, 'null')
        rest = [t for t in declared if t != 'null']
        if len(rest) == 1 and list_has(_JSON_TYPES, rest[0]):
            return [rest[0].upper(), nullable]
        return [None, nullable]
    return [None, False]


def _enum_text(value):
    if kind_of(value) == 'string':
        return value
    if kind_of(value) == 'number':
        return number_text(value)
    if kind_of(value) == 'bool':
        return 'true' if value else 'false'
    return None


def gemini_schema(schema):
    """A JSON Schema as Gemini's `Schema` (an OpenAPI 3.0 subset). Keywords Gemini lacks are left out
    (additionalProperties, $schema, const becomes enum, oneOf becomes anyOf); bounds that Gemini
    types as int64 are written as strings."""
    if kind_of(schema) != 'object':
        return {}
    out = {}
    typed = _gemini_type(schema)
    if typed[0] is not None:
        out['type'] = typed[0]
    if typed[1]:
        out['nullable'] = True
    if typed[0] is None and has_key(schema, 'type') and kind_of(schema['type']) == 'array':
        several = [t.upper() for t in schema['type'] if t != 'null' and list_has(_JSON_TYPES, t)]
        if len(several) > 1:
            out['anyOf'] = [{'type': t} for t in several]
    if has_key(schema, 'nullable') and schema['nullable'] is True:
        out['nullable'] = True
    for key in _GEMINI_TEXT:
        if has_key(schema, key) and kind_of(schema[key]) == 'string':
            out[key] = schema[key]
    for key in _GEMINI_NUMBERS:
        if has_key(schema, key) and kind_of(schema[key]) == 'number':
            out[key] = schema[key]
    for key in _GEMINI_INT64:
        if has_key(schema, key) and is_integral(schema[key]) and schema[key] >= 0:
            out[key] = number_text(schema[key])
    values = None
    if has_key(schema, 'enum') and kind_of(schema['enum']) == 'array':
        values = schema['enum']
    elif has_key(schema, 'const'):
        values = [schema['const']]
    if values is not None:
        texts = [_enum_text(v) for v in values if _enum_text(v) is not None]
        if len(texts) > 0:
            out['enum'] = texts
            if not has_key(out, 'format'):
                out['format'] = 'enum'
            if not has_key(out, 'type'):
                out['type'] = 'STRING'
    if has_key(schema, 'properties') and kind_of(schema['properties']) == 'object':
        props = plain_object()
        for key in own_keys(schema['properties']):
            if key != '__proto__':
                props[key] = gemini_schema(schema['properties'][key])
        out['properties'] = props
    if has_key(schema, 'required') and kind_of(schema['required']) == 'array':
        required = [r for r in schema['required'] if kind_of(r) == 'string']
        if len(required) > 0:
            out['required'] = required
    if has_key(schema, 'items') and kind_of(schema['items']) == 'object':
        out['items'] = gemini_schema(schema['items'])
    for key in ['anyOf', 'oneOf']:
        if has_key(schema, key) and kind_of(schema[key]) == 'array' and not has_key(out, 'anyOf'):
            out['anyOf'] = [gemini_schema(s) for s in schema[key] if kind_of(s) == 'object']
    if has_key(schema, 'default'):
        out['default'] = copy_json(schema['default'])
    return out


def _has_parameters(schema):
    props = schema['properties'] if has_key(schema, 'properties') else None
    return kind_of(props) == 'object' and len(own_keys(props)) > 0


def to_gemini_tools(tools):
    """`[{functionDeclarations}]`, or [] for an empty catalogue (Gemini refuses an empty declaration
    list). A tool without parameters gets no `parameters` (Gemini refuses an OBJECT without properties)."""
    declarations = []
    for tool in _valid(tools):
        declaration = {'name': tool['name'], 'description': _text(tool, 'description')}
        schema = _schema(tool)
        if _has_parameters(schema):
            declaration['parameters'] = gemini_schema(schema)
        declarations.append(declaration)
    if len(declarations) == 0:
        return []
    return [{'functionDeclarations': declarations}]
