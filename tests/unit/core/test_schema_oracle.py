"""Differential tests: core.schema against jsonschema (Draft 2020-12), on CPython and in JS."""
import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core import schema

ASTRAL = "\U0001F600"
SAFE_INT = 2 ** 53
texts = st.text(alphabet=st.sampled_from(["a", "b", "é", ASTRAL, " ", "\n", "\uffff"]), max_size=8)
ints = st.integers(-SAFE_INT, SAFE_INT)
floats = st.floats(allow_nan=False, allow_infinity=False, width=64)
counts = st.integers(0, 6)
names = st.sampled_from(["a", "b", "text", "count", "tags", "x_1"])


def _prop_schema():
    def string():
        return st.fixed_dictionaries({"type": st.just("string")}, optional={
            "minLength": counts, "maxLength": counts, "enum": st.lists(texts, min_size=1, max_size=3, unique=True)})

    def number(kind):
        num = ints if kind == "integer" else st.one_of(ints, floats)
        return st.fixed_dictionaries({"type": st.just(kind)}, optional={
            "minimum": num, "maximum": num, "enum": st.lists(ints, min_size=1, max_size=3, unique=True)})

    def array():
        items = st.fixed_dictionaries({"type": st.just("string")}, optional={"maxLength": counts})
        return st.fixed_dictionaries({"type": st.just("array"), "items": items},
                                     optional={"maxItems": counts, "minItems": counts})
    return st.one_of(string(), number("integer"), number("number"), st.just({"type": "boolean"}), array())


@st.composite
def schemas(draw):
    props = draw(st.dictionaries(names, _prop_schema(), max_size=4))
    out = {"type": "object", "properties": props}
    if draw(st.booleans()):
        out["additionalProperties"] = False
    required = draw(st.lists(st.sampled_from(sorted(props) + ["zz"]) if props else st.just("zz"),
                             max_size=3, unique=True))
    if required:
        out["required"] = required
    return out


values = st.recursive(
    st.one_of(st.none(), st.booleans(), ints, floats, texts),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=3)),
    max_leaves=6)


@st.composite
def instances(draw, sch):
    props = sch["properties"]
    out = {}
    for key, sub in props.items():
        if draw(st.integers(0, 3)) == 0:
            continue
        t = sub["type"]
        choice = draw(st.integers(0, 4))
        if choice == 0:
            out[key] = draw(values)
        elif t == "string":
            out[key] = draw(st.one_of(texts, st.sampled_from(sub.get("enum", ["a"]))))
        elif t in ("integer", "number"):
            out[key] = draw(st.one_of(ints, floats, st.sampled_from([1.0, -0.0, True]),
                                      st.sampled_from(sub.get("enum", [0]))))
        elif t == "boolean":
            out[key] = draw(st.sampled_from([True, False, 0, 1]))
        else:
            out[key] = draw(st.lists(st.one_of(texts, values), max_size=7))
    if draw(st.integers(0, 3)) == 0:
        out[draw(st.sampled_from(["extra", "zz", "a"]))] = draw(values)
    if draw(st.integers(0, 10)) == 0:
        return draw(values)
    return out


@st.composite
def pairs(draw):
    sch = draw(schemas())
    return sch, draw(instances(sch))


def oracle(sch, value) -> bool:
    return jsonschema.Draft202012Validator(sch).is_valid(value)


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(pairs())
def test_validate_agrees_with_jsonschema(pair):
    sch, value = pair
    errors = schema.validate(sch, value)
    assert (errors == []) == oracle(sch, value), (sch, value, errors)


def test_js_validator_agrees_too():
    """300 generated pairs through the parity harness (one Node batch): JS == CPython == jsonschema."""
    from tests.parity import harness
    from tests.parity.harness import Case
    drawn = []

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(pairs())
    def collect(pair):
        drawn.append(pair)
    collect()
    cases = [Case("schema", "validate", (json.loads(json.dumps(s)), json.loads(json.dumps(v)))) for s, v in drawn]
    results = harness.run_cases(cases)
    bad = [r.describe() for r in results if not r.ok]
    assert bad == [], "\n".join(bad[:5])
    for (sch, value), r in zip(drawn, results):
        assert (r.js["value"] == []) == oracle(sch, value), r.describe()


def _all_tools():
    """Every tool of the test build (the largest catalogue), from the sites' declarations."""
    from buildtool.sites import catalogue
    return catalogue(Path(schema.__file__).parents[1], True)


@pytest.mark.parametrize("tool", _all_tools(), ids=lambda t: t["name"])
def test_tool_schemas_metaschema(tool):
    jsonschema.Draft202012Validator.check_schema(tool["inputSchema"])
    assert schema.check_tool_schema(tool["inputSchema"]) == []
    assert tool["risk"] in ("read", "write", "irreversible")
    assert isinstance(tool["public"], bool) and isinstance(tool["site"], str)
    assert len(tool["description"]) >= 40
    if tool["name"] in ("test_read", "test_write", "test_irreversible", "browser_health", "generic_click_text"):
        assert len(tool["description"]) >= 80
