"""A site's health report: how many elements each of its selectors finds in its open tab."""
from core.jsonval import kind_of, has_key, obj_keys, sort_strings


def _field(obj, key, default):
    if has_key(obj, key):
        return obj[key]
    return default


def health_report(adapter, results):
    """`{adapter, ok, selectors: [{key, selector, found}], broken: [keys]}` from `{key: count}`.
    adapter is the descriptor (its selectors are all reported; a key without a count is broken)
    or just its id (then only the keys in results, selector None). Keys sorted."""
    selectors = {}
    adapter_id = adapter
    if kind_of(adapter) == 'object':
        adapter_id = _field(adapter, 'id', None)
        selectors = _field(adapter, 'selectors', {})
    names = obj_keys(selectors)
    for key in obj_keys(results):
        if not has_key(selectors, key):
            names.append(key)
    names = sort_strings(names)
    rows = []
    broken = []
    for key in names:
        count = _field(results, key, 0)
        if kind_of(count) != 'number' or count - count != 0 or count < 0:
            count = 0
        selector = _field(selectors, key, None)
        rows.append({'key': key, 'selector': selector, 'found': count})
        if count == 0:
            broken.append(key)
    return {'adapter': adapter_id, 'ok': len(broken) == 0, 'selectors': rows, 'broken': broken}
