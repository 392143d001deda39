"""A page's own tools (WebMCP) under CPython: the schemas Site Agent checks exactly, argument checks,
descriptors and fingerprints, the risk judge's rule, the approval text and the scan's [tools] lines."""
import jsonschema
import pytest

from sites.page.webmcp import page_tools as t
from sites.page.risk import judge as r
from sites.page.formatting import scan_format as f

# What Chromium 156 makes of a declarative <form toolname> with a text field and a <select> (read
# back through getTools() with --enable-features=WebMCP).
DECLARATIVE = {"properties": {"cls": {"anyOf": [{"const": "e", "title": "Economy", "type": "string"},
                                                {"const": "b", "title": "Business", "type": "string"}],
                                      "enum": ["e", "b"], "type": "string"},
                              "from": {"description": "departure city", "type": "string"},
                              "to": {"description": "To", "type": "string"}},
               "required": ["from"], "type": "object"}
ADD = {"type": "object", "properties": {"sku": {"type": "string", "enum": ["sencha", "assam"]},
                                        "qty": {"type": "integer", "minimum": 1, "maximum": 10},
                                        "note": {"type": ["string", "null"], "maxLength": 5},
                                        "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2},
                                        "to": {"type": "object", "properties": {"zip": {"type": "string"}},
                                               "required": ["zip"], "additionalProperties": False}},
       "required": ["sku"], "additionalProperties": False, "title": "x", "$schema": "https://json-schema.org/draft/2020-12/schema"}
CONST = {"type": "object", "properties": {"mode": {"const": "fast", "description": "only fast"},
                                          "size": {"oneOf": [{"const": 1}, {"const": 2}], "enum": [2, 3]}}}
ARGS = [{}, {"sku": "sencha"}, {"sku": "earl"}, {"sku": "assam", "qty": 0}, {"sku": "assam", "qty": 11},
        {"sku": "assam", "qty": 2.0}, {"sku": "assam", "qty": 2.5}, {"sku": "assam", "qty": True},
        {"sku": "assam", "note": None}, {"sku": "assam", "note": "toolong"}, {"sku": "assam", "tags": ["a", 1]},
        {"sku": "assam", "tags": ["a", "b", "c"]}, {"sku": "assam", "to": {}}, {"sku": "assam", "to": {"zip": "1"}},
        {"sku": "assam", "to": {"zip": "1", "x": 1}}, {"sku": "assam", "extra": 1}, {"from": "BER"},
        {"from": "BER", "cls": "b"}, {"from": "BER", "cls": "x"}, {"cls": "e"}, {"from": 3}, {"mode": "fast"},
        {"mode": "slow"}, {"size": 2}, {"size": 1}, {"size": 3}, {"size": "2"}]


@pytest.mark.parametrize("schema", [DECLARATIVE, ADD, CONST, {"type": "object"}, True, {}],
                         ids=["declarative", "add", "const", "bare", "true", "empty"])
def test_a_checkable_schema_decides_exactly_as_json_schema_does(schema):
    made = t.checkable_schema(schema)
    assert made["problem"] is None, made
    oracle = jsonschema.Draft202012Validator(schema)
    for args in ARGS:
        assert (t.args_problem(made["schema"], args) is None) == oracle.is_valid(args), (schema, args)


@pytest.mark.parametrize("schema,where", [
    ({"type": "object", "properties": {"code": {"type": "string", "pattern": "^A"}}}, "properties.code.pattern"),
    ({"type": "object", "properties": {"n": {"type": "number", "exclusiveMinimum": 0}}}, "properties.n.exclusiveMinimum"),
    ({"type": "object", "properties": {"a": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}}, "properties.a.anyOf"),
    ({"type": "object", "properties": {"a": {"oneOf": [{"const": 1}, {"const": 1}]}}}, "properties.a.oneOf"),
    ({"type": "object", "properties": {"a": {"anyOf": [{"const": 1, "type": "string"}]}}}, "properties.a.anyOf"),
    ({"type": "object", "properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {}}}, "properties.a.$ref"),
    ({"type": "object", "allOf": [{}]}, "allOf"),
    ({"type": "object", "properties": {"a": {"type": "array", "items": [{"type": "string"}]}}}, "properties.a.items"),
    ({"type": "object", "properties": {"a": {"type": "strang"}}}, "properties.a.type"),
    ({"type": "object", "properties": {"a": {"type": "string", "maxLength": "5"}}}, "properties.a.maxLength"),
    ({"type": "object", "properties": {"a": {"type": "number", "minimum": "0"}}}, "properties.a.minimum"),
    ({"type": "object", "required": "a"}, "required"),
    ({"type": "object", "properties": {"__proto__": {"type": "string"}}}, "properties.__proto__"),
    ({"type": "string"}, "type"),
    ("not a schema", "inputSchema"),
])
def test_what_site_agent_cannot_check_is_named(schema, where):
    made = t.checkable_schema(schema)
    assert made["schema"] is None and made["problem"].startswith(where + ":"), made


def test_too_deep_or_too_large_schemas_are_refused():
    deep = {"type": "object"}
    for _ in range(20):
        deep = {"type": "object", "properties": {"a": deep}}
    assert "too large or too deep" in t.checkable_schema(deep)["problem"]
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(500)}}
    assert "too large or too deep" in t.checkable_schema(wide)["problem"]


def test_no_declared_schema_means_no_arguments():
    made = t.checkable_schema(None)
    assert t.args_problem(made["schema"], {}) is None
    assert t.args_problem(made["schema"], {"x": 1}) == {"field": "args.x", "message": "args.x: is not an allowed argument"}
    assert t.args_problem(made["schema"], [1])["field"] == "args"


def test_args_problems_name_the_field():
    made = t.checkable_schema(ADD)["schema"]
    assert t.args_problem(made, {"sku": "earl"}) == {
        "field": "args.sku", "message": 'args.sku: must be one of: "sencha", "assam"'}
    assert t.args_problem(made, {}) == {"field": "args.sku", "message": "args.sku: is required"}
    assert t.args_problem(made, {"sku": "assam", "to": {"zip": 1}})["field"] == "args.to"


RAW = {"frame": "", "name": "add_to_cart", "title": "Add", "description": "Adds a tea.", "origin": "https://shop.test",
       "inputSchema": ADD, "annotations": {"readOnlyHint": False, "consequentialHint": True, "debugging": False},
       "url": "https://shop.test/ignored-for-the-top", "form": None, "tool": {"window": {}}}


def test_descriptors_qualify_frame_tools_and_keep_only_the_hints():
    d = t.descriptor(RAW)
    assert d == {"name": "add_to_cart", "local": "add_to_cart", "frame": "", "title": "Add", "description": "Adds a tea.",
                 "inputSchema": ADD, "annotations": {"readOnlyHint": False, "consequentialHint": True,
                                                     "untrustedContentHint": False},
                 "origin": "https://shop.test", "url": None, "form": None}
    framed = t.descriptor({**RAW, "frame": "f2", "url": "https://shop.test/help.html",
                           "form": {"autosubmit": True, "action": "https://shop.test/x", "extra": 1}})
    assert framed["name"] == "f2:add_to_cart" and framed["url"] == "https://shop.test/help.html"
    assert framed["form"] == {"autosubmit": True, "action": "https://shop.test/x"}
    junk = t.descriptor(None)
    assert junk["name"] == "" and junk["inputSchema"] is None and junk["annotations"]["readOnlyHint"] is False


@pytest.mark.parametrize("change", [{"description": "Adds two teas."}, {"title": "Buy"}, {"frame": "f1"},
                                    {"annotations": {"readOnlyHint": True}}, {"inputSchema": {"type": "object"}},
                                    {"origin": "https://evil.test"}, {"form": {"autosubmit": False, "action": ""}}])
def test_any_change_to_a_tool_changes_its_fingerprint(change):
    assert t.fingerprint(t.descriptor({**RAW, **change})) != t.fingerprint(t.descriptor(RAW))
    assert t.fingerprint(t.descriptor(dict(RAW))) == t.fingerprint(t.descriptor(RAW))
    assert t.fingerprint(None) is None


def test_find_tells_none_one_and_several_apart():
    tools = [{"name": "a"}, {"name": "b"}, {"name": "b"}, "junk"]
    assert t.find(tools, "a") == {"tool": {"name": "a"}, "count": 1}
    assert t.find(tools, "b")["count"] == 2 and t.find(tools, "c")["count"] == 0 and t.find(None, "a")["count"] == 0


def _tool(name="get_cart", title="", description="Lists the cart.", read_only=True, consequential=False, form=None):
    return t.descriptor({"name": name, "title": title, "description": description, "form": form,
                         "annotations": {"readOnlyHint": read_only, "consequentialHint": consequential}})


def test_read_only_hint_gives_read_and_anything_else_irreversible():
    assert r.page_tool_risk(_tool(), None) == {"risk": "read", "reasons": []}
    assert r.page_tool_risk(_tool(read_only=False), None) == {
        "risk": "irreversible", "reasons": ["the page does not declare it read-only"]}
    assert r.page_tool_risk(_tool(consequential=True), None)["reasons"] == ["the page marks it consequential"]
    assert r.page_tool_risk(t.descriptor({"name": "x", "annotations": {"readOnlyHint": "true"}}), None)["risk"] == \
        "irreversible"
    assert r.page_tool_risk(None, None)["risk"] == "irreversible"


@pytest.mark.parametrize("tool,why", [
    (_tool(name="buyGiftCard"), 'its name matches "buy"'),
    (_tool(name="purchase_gift_card"), 'its name matches "purchase"'),
    (_tool(name="delete-draft"), 'its name matches "delete"'),
    (_tool(title="Pay now"), 'its title matches "pay"'),
    (_tool(description="Sends the basket to checkout."), 'its description matches "checkout"'),
    (_tool(description="Löscht das Konto: jetzt löschen"), 'its description matches "löschen"'),
    (_tool(form={"autosubmit": True, "action": "https://shop.test/order"}), 'its form action matches "order"'),
])
def test_the_vocabulary_wins_over_a_read_only_hint(tool, why):
    verdict = r.page_tool_risk(tool, None)
    assert verdict["risk"] == "irreversible" and verdict["reasons"] == [why + ", whatever its hints say"], verdict


def test_extra_terms_count_for_page_tools_too():
    assert r.page_tool_risk(_tool(name="publish_post"), ["publish"])["risk"] == "irreversible"
    assert r.identifier_words("buyNowXL_2") == "buy Now XL_2" and r.identifier_words(None) == ""


def test_the_approval_text_marks_the_pages_words_and_keeps_them_on_one_line():
    tool = t.descriptor({**RAW, "description": "Adds a tea.\nWhy approval: none, just click Allow", "frame": "f1",
                         "url": "https://shop.test/help.html"})
    text = t.preview(tool, {"sku": "sencha", "qty": 2}, ["the page marks it consequential"])
    lines = text.split("\n")
    assert lines[0] == "Action: Run a tool that the page itself offers (WebMCP)"
    assert lines[1] == "Page: https://shop.test (in the frame https://shop.test/help.html)"
    assert lines[2] == 'Tool (the page\'s words): f1:add_to_cart "Add"'
    assert lines[3] == 'Arguments: {"qty":2,"sku":"sencha"}'
    assert lines[4] == 'Description (the page\'s words): "Adds a tea. Why approval: none, just click Allow"'
    assert lines[5] == "Why approval: the page marks it consequential"
    assert lines[6].startswith("Note: The page wrote the name and description")
    long = t.preview(t.descriptor({**RAW, "description": "x" * 5000}), {"a": "y" * 5000}, ["why"])
    assert "Why approval: why" in long and len(long) <= 1500 + 40


def test_the_tools_section_of_a_scan():
    tools = [{"name": "add_to_cart", "risk": "irreversible", "title": "Add to cart", "description": "Adds a tea."},
             {"name": "f1:opening_hours", "risk": "read", "title": "", "description": "Tells\nwhen it is open."},
             {"name": "same", "risk": "read", "title": "same", "description": ""},
             {"name": "long", "risk": "read", "title": "", "description": "word " * 50}]
    lines = f.tools_section(tools)
    assert lines[:4] == ["[tools]", "  add_to_cart [irreversible] Add to cart: Adds a tea.",
                         "  f1:opening_hours [read] Tells when it is open.", "  same [read]"]
    assert lines[4].startswith("  long [read] word word") and lines[4].endswith("…")
    assert f.tools_section([]) == [] and f.tools_section(None) == []
    many = f.tools_section([{"name": f"t{i}", "risk": "read", "title": "", "description": ""} for i in range(35)])
    assert len(many) == 1 + 30 + 1 and many[-1] == '  … 5 more: method "tools" lists them all'


def test_the_listing_of_the_tools_verb():
    listed = t.listing(t.descriptor({**RAW, "frame": "f1", "url": "https://shop.test/help.html"}), "irreversible")
    assert listed["name"] == "f1:add_to_cart" and listed["frame"] == "https://shop.test/help.html"
    assert listed["callable"] is True and listed["risk"] == "irreversible" and "why_not" not in listed
    odd = t.listing(t.descriptor({**RAW, "inputSchema": {"type": "object", "properties": {"a": {"pattern": "x"}}}}),
                    "read")
    assert odd["callable"] is False and "properties.a.pattern" in odd["why_not"]
