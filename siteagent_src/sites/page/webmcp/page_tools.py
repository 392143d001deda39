"""A page's own tools (WebMCP), as the page tool sees them: one descriptor per tool, its name
qualified by frame, a fingerprint that binds a call to the tool that was judged, and the input
schemas Site Agent can check exactly with core.schema's validator. Pure: CPython and JS (parity-tested).

Everything in a descriptor but `frame` is the page's words: untrusted.
"""
from core.jsonval import kind_of, has_key, own_keys, is_integral, list_has, squeeze
from core.canonical import canonical_json
from core.schema import validate
from core.preview import build_preview, cap_text

HINTS = ['readOnlyHint', 'consequentialHint', 'untrustedContentHint']
SCHEMA_DEPTH = 12
SCHEMA_NODES = 400
# Keywords core.schema.validate enforces exactly as JSON Schema (2020-12) does; `const`, and an
# anyOf/oneOf whose branches are only constants (what Chromium makes of a declarative form's
# <select>), are turned into `enum` first.
ENFORCED = ['type', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'items',
            'properties', 'required', 'additionalProperties']
# Keywords that never make a value invalid (annotations; `format` only annotates by default in 2020-12).
NOTES = ['title', 'description', 'default', 'examples', '$schema', '$comment', '$id', 'deprecated', 'readOnly',
         'writeOnly', 'format']
TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']
COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems']
BOUNDS = ['minimum', 'maximum']
CONST_BRANCH = ['const', 'title', 'description', 'type']
RESERVED = ['__proto__', 'constructor', 'prototype']
NO_ARGS = {'type': 'object', 'properties': {}, 'additionalProperties': False}


def _text(raw, key):
    return raw[key] if has_key(raw, key) and kind_of(raw[key]) == 'string' else ''


def qualified(frame, name):
    """The name a caller uses: the tool's own name in the top document, `f<k>:name` in a same-origin frame."""
    if kind_of(frame) != 'string' or len(frame) == 0:
        return name
    return frame + ':' + name


def descriptor(raw):
    """A tool as listed, from the tab's plain copy of a RegisteredTool ({frame, url, name, title,
    description, inputSchema, annotations, origin, form}): {name (qualified), local, frame, title,
    description, inputSchema (None: the page declared none), annotations (the three hints, booleans),
    origin, url (a frame's address, else None), form ({autosubmit, action} for a declarative form)}."""
    if kind_of(raw) != 'object':
        raw = {}
    frame = _text(raw, 'frame')
    local = _text(raw, 'name')
    annotations = {}
    given = raw['annotations'] if has_key(raw, 'annotations') and kind_of(raw['annotations']) == 'object' else {}
    for hint in HINTS:
        annotations[hint] = has_key(given, hint) and given[hint] is True
    schema = raw['inputSchema'] if has_key(raw, 'inputSchema') else None
    if kind_of(schema) != 'object' and kind_of(schema) != 'bool':
        schema = None
    form = None
    if has_key(raw, 'form') and kind_of(raw['form']) == 'object':
        form = {'autosubmit': has_key(raw['form'], 'autosubmit') and raw['form']['autosubmit'] is True,
                'action': _text(raw['form'], 'action')}
    url = raw['url'] if len(frame) > 0 and has_key(raw, 'url') and kind_of(raw['url']) == 'string' else None
    return {'name': qualified(frame, local), 'local': local, 'frame': frame, 'title': _text(raw, 'title'),
            'description': _text(raw, 'description'), 'inputSchema': schema, 'annotations': annotations,
            'origin': _text(raw, 'origin'), 'url': url, 'form': form}


def fingerprint(desc):
    """The text a call is bound to: a tool whose name, words, schema, hints, origin, frame or form
    changed is another tool. None when desc is not a descriptor."""
    if kind_of(desc) != 'object':
        return None
    parts = []
    for key in ['name', 'frame', 'title', 'description', 'inputSchema', 'annotations', 'origin', 'url', 'form']:
        parts.append(desc[key] if has_key(desc, key) else None)
    return canonical_json(parts)


def _problem(path, text):
    return {'schema': None, 'problem': (path + ': ' if len(path) > 0 else '') + text}


def _const_enum(branches, path, unique):
    """The values of an anyOf/oneOf made only of constants, or a problem."""
    if kind_of(branches) != 'array' or len(branches) == 0:
        return _problem(path, 'must be a non-empty array')
    values = []
    texts = []
    for branch in branches:
        if kind_of(branch) != 'object' or not has_key(branch, 'const'):
            return _problem(path, 'only a list of constant values (const) can be checked')
        for key in own_keys(branch):
            if not list_has(CONST_BRANCH, key):
                return _problem(path, 'only a list of constant values (const) can be checked, not ' + key)
        if has_key(branch, 'type') and len(validate({'type': branch['type']}, branch['const'])) > 0:
            return _problem(path, 'a constant does not have its own type')
        text = canonical_json(branch['const'])
        if text is None:
            return _problem(path, 'a constant is not plain JSON')
        if list_has(texts, text):
            if unique:
                return _problem(path, 'oneOf lists a constant twice')
            continue
        texts.append(text)
        values.append(branch['const'])
    return {'schema': values, 'problem': None}


def _intersect(options, values):
    """options (an enum) ∩ values, in options' order."""
    texts = [canonical_json(v) for v in values]
    return [o for o in options if list_has(texts, canonical_json(o))]


def _convert(node, path, depth, budget):
    """{schema, problem}: node as a schema core.schema.validate checks exactly, or the first
    keyword it could not check (path: where, e.g. properties.sku.pattern)."""
    budget['nodes'] += 1
    if budget['nodes'] > SCHEMA_NODES or depth > SCHEMA_DEPTH:
        return _problem(path, 'the schema is too large or too deep')
    if kind_of(node) == 'bool':
        return {'schema': node, 'problem': None}
    if kind_of(node) != 'object':
        return _problem(path, 'not a schema')
    out = {}
    enums = []
    for key in own_keys(node):
        where = path + '.' + key if len(path) > 0 else key
        value = node[key]
        if list_has(NOTES, key):
            continue
        if key == 'const':
            if canonical_json(value) is None:
                return _problem(where, 'not plain JSON')
            enums.append([value])
        elif key == 'anyOf' or key == 'oneOf':
            made = _const_enum(value, where, key == 'oneOf')
            if made['problem'] is not None:
                return made
            enums.append(made['schema'])
        elif not list_has(ENFORCED, key):
            return _problem(where, 'Site Agent cannot check the keyword ' + key)
        elif key == 'type':
            names = value if kind_of(value) == 'array' else [value]
            if len(names) == 0:
                return _problem(where, 'must name a type')
            for name in names:
                if kind_of(name) != 'string' or not list_has(TYPES, name):
                    return _problem(where, 'unknown type ' + str(canonical_json(name)))
            out[key] = value
        elif key == 'enum':
            if kind_of(value) != 'array' or canonical_json(value) is None:
                return _problem(where, 'must be an array of plain JSON values')
            enums.append(value)
        elif list_has(COUNTS, key):
            if not (is_integral(value) and value >= 0):
                return _problem(where, 'must be a non-negative integer')
            out[key] = value
        elif list_has(BOUNDS, key):
            if kind_of(value) != 'number':
                return _problem(where, 'must be a number')
            out[key] = value
        elif key == 'required':
            if kind_of(value) != 'array':
                return _problem(where, 'must be an array of names')
            for name in value:
                if kind_of(name) != 'string':
                    return _problem(where, 'must be an array of names')
            out[key] = value
        elif key == 'properties':
            if kind_of(value) != 'object':
                return _problem(where, 'must be an object')
            props = {}
            for pname in own_keys(value):
                if list_has(RESERVED, pname):
                    return _problem(where + '.' + pname, 'a property cannot be called ' + pname)
                made = _convert(value[pname], where + '.' + pname, depth + 1, budget)
                if made['problem'] is not None:
                    return made
                props[pname] = made['schema']
            out[key] = props
        else:       # items, additionalProperties: one schema each
            if key == 'items' and kind_of(value) == 'array':
                return _problem(where, 'a list of item schemas cannot be checked')
            made = _convert(value, where, depth + 1, budget)
            if made['problem'] is not None:
                return made
            out[key] = made['schema']
    if len(enums) > 0:
        allowed = enums[0]
        for more in enums[1:]:
            allowed = _intersect(allowed, more)
        out['enum'] = allowed
    return {'schema': out, 'problem': None}


def checkable_schema(schema):
    """{schema, problem}: the page's input schema as one core.schema.validate checks exactly (no
    schema: the tool takes no arguments), or problem: the first thing Site Agent cannot check."""
    if schema is None:
        return {'schema': NO_ARGS, 'problem': None}
    if kind_of(schema) == 'bool':
        return {'schema': schema, 'problem': None}
    if kind_of(schema) != 'object':
        return _problem('inputSchema', 'not a schema')
    if has_key(schema, 'type') and schema['type'] != 'object':
        return _problem('type', 'the tool\'s input must be an object')
    return _convert(schema, '', 0, {'nodes': 0})


def args_problem(schema, args):
    """None when args fit the checkable schema, else {field, message}: field is `args` or `args.<name>`."""
    if kind_of(args) != 'object':
        return {'field': 'args', 'message': 'args: must be an object'}
    errors = validate(schema, args)
    if len(errors) == 0:
        return None
    first = errors[0]
    field = 'args' if first['field'] == '(args)' else 'args.' + first['field']
    return {'field': field, 'message': field + ': ' + first['message']}


def find(tools, name):
    """{tool} for the one listed tool called name; {count: 0} when none is, {count: n} when several are."""
    found = []
    if kind_of(tools) == 'array':
        for tool in tools:
            if kind_of(tool) == 'object' and has_key(tool, 'name') and tool['name'] == name:
                found.append(tool)
    if len(found) == 1:
        return {'tool': found[0], 'count': 1}
    return {'tool': None, 'count': len(found)}


def _line(obj, key, cap):
    """The page's text on one line (a newline in it could pose as a line of ours), capped."""
    return cap_text(squeeze(_text(obj, key)), cap)


def preview(tool, args, reasons):
    """The approval window's text for a call of a page's own tool: the page, the tool (its name,
    title and description marked as the page's words, each on one line), the arguments, and why
    approval is needed."""
    if kind_of(tool) != 'object':
        tool = {}
    url = _line(tool, 'url', 200)
    sections = [['Action', 'Run a tool that the page itself offers (WebMCP)'],
                ['Page', _line(tool, 'origin', 200) + (' (in the frame ' + url + ')' if len(url) > 0 else '')]]
    title = _line(tool, 'title', 150)
    sections.append(['Tool (the page\'s words)', _line(tool, 'name', 150) + (' "' + title + '"' if len(title) > 0 else '')])
    text = canonical_json(args)
    sections.append(['Arguments', cap_text(text if text is not None else '?', 500)])
    form = tool['form'] if has_key(tool, 'form') and kind_of(tool['form']) == 'object' else None
    if form is not None:
        sections.append(['Form', 'fills in (and submits) the page\'s form → ' + _line(form, 'action', 200)])
    description = _line(tool, 'description', 400)
    sections.append(['Description (the page\'s words)', '"' + description + '"' if len(description) > 0 else '(none given)'])
    if kind_of(reasons) == 'array' and len(reasons) > 0:
        sections.append(['Why approval', reasons])
    sections.append(['Note', 'The page wrote the name and description; what the tool really does is up to the page.'])
    return build_preview(sections, None)


def listing(tool, risk):
    """A tool as the `tools` verb lists it: {name, title, description, risk, inputSchema, annotations,
    frame? (a frame's address), form? ({autosubmit, action}), callable: false and why_not when its
    schema is outside what Site Agent can check}."""
    if kind_of(tool) != 'object':
        tool = descriptor(None)
    out = {'name': _text(tool, 'name'), 'title': _text(tool, 'title'), 'description': _text(tool, 'description'),
           'risk': risk, 'inputSchema': tool['inputSchema'] if has_key(tool, 'inputSchema') else None,
           'annotations': tool['annotations'] if has_key(tool, 'annotations') else {}, 'callable': True}
    if has_key(tool, 'url') and kind_of(tool['url']) == 'string':
        out['frame'] = tool['url']
    if has_key(tool, 'form') and kind_of(tool['form']) == 'object':
        out['form'] = tool['form']
    checkable = checkable_schema(out['inputSchema'])
    if checkable['problem'] is not None:
        out['callable'] = False
        out['why_not'] = 'its input schema is outside what Site Agent can check: ' + checkable['problem']
    return out
