import json

import pytest

from core import jsonval as jv
from core.canonical import canonical_json, json_size, number_text, TOO_BIG, INVALID

ASTRAL = "\U0001F600"


def test_kind_of():
    assert [jv.kind_of(v) for v in [None, True, 0, 1.5, "", [], (), {}, set(), object()]] == \
        ["null", "bool", "number", "number", "string", "array", "array", "object", "other", "other"]


def test_keys_and_lookup():
    obj = {"b": 1, "a": 2, "\uffff": 3, ASTRAL: 4}
    assert jv.obj_keys(obj) == ["a", "b", "\uffff", ASTRAL]
    assert jv.obj_keys([1]) == [] and jv.obj_keys(None) == []
    assert jv.has_key(obj, "a") and not jv.has_key(obj, "zz") and not jv.has_key([1], 0)
    assert jv.get_key(obj, "zz", 7) == 7


def test_strings():
    assert jv.str_len("a" + ASTRAL) == 2
    assert jv.str_head("ab" + ASTRAL + "c", 3) == "ab" + ASTRAL
    assert jv.sort_strings(["b", "a", ASTRAL, "\uffff", "B"]) == sorted(["b", "a", ASTRAL, "\uffff", "B"])
    assert jv.list_has([1, "1"], "1") and not jv.list_has([1], True)
    assert jv.is_integral(1.0) and not jv.is_integral(1.5) and not jv.is_integral(True)


@pytest.mark.parametrize("value", [
    None, True, False, 0, 1, -5, "", "héllo", "\"\\\n\r\t\b\f\x00\x1f\x7f\u2028", [], {}, [1, [2, [3]]],
    {"b": 1, "a": [None, {"d": "x", "c": False}]}, {"é": 1, "e": 2, ASTRAL: 3, "\uffff": 4}, 9007199254740992,
])
def test_canonical_matches_json_dumps(value):
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical_json(value) == expected
    assert json_size(value, 10 ** 6, 64) == len(expected.encode("utf-8"))


@pytest.mark.parametrize("value,text", [
    (1.0, "1"), (-0.0, "0"), (1e16, "10000000000000000"), (1e21, "1e+21"), (1.5e-7, "1.5e-7"),
    (1e-6, "0.000001"), (0.1 + 0.2, "0.30000000000000004"), (5e-324, "5e-324"), (2 ** 64, "18446744073709552000"),
    (123.456, "123.456"), (1.7976931348623157e308, "1.7976931348623157e+308"),
])
def test_numbers_print_like_js(value, text):
    assert number_text(value) == text
    assert canonical_json([value]) == "[" + text + "]"


def test_rejects():
    assert canonical_json(float("nan")) is None
    assert canonical_json([float("inf")]) is None
    assert canonical_json({1: 2}) is None
    assert canonical_json({"a": {1, 2}}) is None
    deep = []
    for _ in range(63):
        deep = [deep]
    assert canonical_json(deep) is not None          # 64 nested containers
    assert canonical_json([deep]) is None            # 65
    assert json_size([deep], 10 ** 6, 64) == INVALID
    assert canonical_json("\ud800") == '"\\ud800"'   # lone surrogate escaped like JSON.stringify


class _Trap(str):
    """A string that fails the test if the size walker reads more than `allowed` characters of it."""
    allowed = 1200

    def __iter__(self):
        for i, ch in enumerate(str.__iter__(self)):
            if i > self.allowed:
                raise AssertionError("json_size walked past its budget")
            yield ch


class _Poison:
    """Never inspected by a walker that stops at its budget (it would make the value INVALID)."""


def test_size_walker_exits_early():
    # 50 MB is refused by length alone, without walking it
    assert json_size({"a": "x" * 50_000_000}, 1000, 32) == TOO_BIG
    assert json_size(list(range(10 ** 6)), 1000, 32) == TOO_BIG
    # within the length check, the walk stops as soon as the budget is spent
    assert json_size(_Trap("y" * 990), 1000, 32) == 992
    assert json_size(["x" * 600, "x" * 600, _Poison(), _Poison()], 1000, 32) == TOO_BIG
    assert json_size({"a": "x" * 600, "b": "x" * 600, "c": _Poison()}, 1000, 32) == TOO_BIG
    assert json_size(["x" * 10, _Poison()], 1000, 32) == INVALID        # the poison is real
    assert json_size("ab", 4, 32) == 4 and json_size("abc", 4, 32) == TOO_BIG
