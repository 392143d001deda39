"""Plain JavaScript objects, Sets and Maps for hot code (docs/SUBSET.md, "Hot modules").

A dict display compiles to Transcrypt's `dict()`, which defines seventeen methods on every new object
(microseconds each); a class instance binds a closure on every method read. Hot modules keep records
in plain objects instead (`record()`, then attributes), test membership with JS Sets (`set_of(...).has`)
and look keys up in prototype-free tables (`lookup_table`), whose missing keys read as undefined (`== None`).
`Map.get` is renamed by Transcrypt (`py_get`) as an attribute; a subscript is not renamed, so hot code
calls it as `a_map['get'](key)`.
"""


def record():
    """A new plain object: set its fields as attributes (`r = record(); r.depth = 0`)."""
    return __pragma__('js', '{{}}')


def copy_record(source):
    """A new plain object with source's own fields."""
    return Object.assign(record(), source)


def set_of(items):
    """A JS Set of the items (test with `.has(x)`)."""
    return __new__(Set(items))


def lookup_table(source):
    """A prototype-free object with the own keys of source (a dict of string keys): `table[key]` is the
    value or undefined, never something inherited such as `constructor`."""
    return Object.assign(Object.create(None), source)


def new_map():
    return __new__(Map())


def is_instance(value, js_class):
    """value instanceof js_class, false when the class does not exist in this realm (None)."""
    return js_class != None and __pragma__('js', '{}', 'value instanceof js_class')


def is_undefined(value):
    """value === undefined (`== None` also takes null)."""
    return __pragma__('js', '{}', 'value === undefined')


def as_array(items):
    """A JS array of an array-like (NodeList, HTMLCollection, ...)."""
    return Array['from'](items)
