"""The tool shapes each provider documents, written down as JSON Schemas (Draft 2020-12) from their
public sources; tests/client/test_providers.py validates the converters' output of the real catalogue
against them. Only what the sources state is required; fields they do not define are refused, so a
converter that adds a stray key fails.

Sources (read in these commits):
- OpenAI: openai/openai-openapi, openapi.yaml @ f85dbe223d40e1a31cba812ab2d755c7e98a92a3,
  components.schemas ChatCompletionTool (type "function", function required), FunctionObject (name
  required: "a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64";
  description; parameters = FunctionParameters, an object; strict), ChatCompletionRequestToolMessage
  (role "tool", content, tool_call_id, all required), ChatCompletionMessageToolCall (id, type
  "function", function {name, arguments: string}, all required).
- Anthropic: anthropics/anthropic-sdk-typescript, src/resources/messages/messages.ts
  @ bfa9197f0182084941052be9752c948638421601: `interface Tool` (input_schema and name required;
  description and a few optional fields; `Tool.InputSchema` has `type: 'object'`), `ToolUseBlockParam`
  (id, input, name, type "tool_use"), `ToolResultBlockParam` (tool_use_id, type "tool_result",
  content?: string | blocks, is_error?), `TextBlockParam` (text, type "text"), `MessageParam`
  (content, role), MessageCreateParams.system (string | TextBlockParam[]).
- Gemini: googleapis/js-genai, src/types.ts @ 6e9b35c45e21f0d37179a24d29dca01ebed698e6: `enum Type`
  (STRING NUMBER INTEGER BOOLEAN ARRAY OBJECT NULL), `interface Schema` (its fields; maxItems,
  maxLength, minItems, minLength, maxProperties, minProperties are `string`: int64 in proto JSON),
  `interface FunctionDeclaration` (name: "Must start with a letter or an underscore. Must be a-z, A-Z,
  0-9, or contain underscores, dots, colons and dashes, with a maximum length of 128"; description;
  parameters: Schema, "Parameter names must start with a letter or an underscore and must only contain
  chars a-z, A-Z, 0-9, or underscores with a maximum length of 64"), `interface Tool`
  (functionDeclarations).
- MCP: modelcontextprotocol/modelcontextprotocol, schema/2025-11-25/schema.json
  @ b0f60ba5409db7a6582440a7b473cc0398890f15: $defs.Tool (required name and inputSchema; inputSchema
  an object with type const "object"), $defs.ToolAnnotations (title, readOnlyHint, destructiveHint,
  idempotentHint, openWorldHint: booleans).
"""

OPENAI_NAME = r"^[a-zA-Z0-9_-]{1,64}$"

OPENAI_TOOL = {
    "type": "object",
    "required": ["type", "function"],
    "additionalProperties": False,
    "properties": {
        "type": {"const": "function"},
        "function": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string", "pattern": OPENAI_NAME},
                "description": {"type": "string"},
                "parameters": {"type": "object"},
                "strict": {"type": ["boolean", "null"]},
            },
        },
    },
}

OPENAI_TOOL_CALL = {
    "type": "object",
    "required": ["id", "type", "function"],
    "properties": {
        "id": {"type": "string"},
        "type": {"const": "function"},
        "function": {"type": "object", "required": ["name", "arguments"],
                     "properties": {"name": {"type": "string"}, "arguments": {"type": "string"}}},
    },
}

OPENAI_MESSAGE = {
    "oneOf": [
        {"type": "object", "required": ["role", "content"], "properties": {"role": {"const": "system"}, "content": {"type": "string"}}},
        {"type": "object", "required": ["role", "content"], "properties": {"role": {"const": "user"}}},
        {"type": "object", "required": ["role"], "properties": {
            "role": {"const": "assistant"}, "content": {"type": ["string", "null"]},
            "tool_calls": {"type": "array", "items": OPENAI_TOOL_CALL}}},
        {"type": "object", "required": ["role", "content", "tool_call_id"], "additionalProperties": False,
         "properties": {"role": {"const": "tool"}, "content": {"type": "string"}, "tool_call_id": {"type": "string"}}},
    ]
}

ANTHROPIC_TOOL = {
    "type": "object",
    "required": ["name", "input_schema"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "description": {"type": "string"},
        "input_schema": {"type": "object", "required": ["type"], "properties": {
            "type": {"const": "object"}, "properties": {"type": ["object", "null"]},
            "required": {"type": ["array", "null"], "items": {"type": "string"}}}},
        "cache_control": {"type": ["object", "null"]},
        "strict": {"type": "boolean"},
        "type": {"enum": ["custom", None]},
    },
}

_TEXT_BLOCK = {"type": "object", "required": ["type", "text"], "additionalProperties": False,
               "properties": {"type": {"const": "text"}, "text": {"type": "string"}}}
_TOOL_USE_BLOCK = {"type": "object", "required": ["id", "input", "name", "type"], "additionalProperties": False,
                   "properties": {"type": {"const": "tool_use"}, "id": {"type": "string"}, "name": {"type": "string"},
                                  "input": {"type": "object"}}}
_TOOL_RESULT_BLOCK = {"type": "object", "required": ["tool_use_id", "type"], "additionalProperties": False,
                      "properties": {"type": {"const": "tool_result"}, "tool_use_id": {"type": "string"},
                                     "content": {"type": "string"}, "is_error": {"type": "boolean"}}}

ANTHROPIC_REQUEST = {
    "type": "object",
    "required": ["messages", "tools"],
    "additionalProperties": False,
    "properties": {
        "system": {"type": "string"},
        "tools": {"type": "array", "items": ANTHROPIC_TOOL},
        "messages": {"type": "array", "items": {
            "type": "object", "required": ["role", "content"], "additionalProperties": False,
            "properties": {"role": {"enum": ["user", "assistant"]},
                           "content": {"type": "array", "minItems": 1,
                                       "items": {"oneOf": [_TEXT_BLOCK, _TOOL_USE_BLOCK, _TOOL_RESULT_BLOCK]}}}}},
    },
}

GEMINI_TYPES = ["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]
_INT64 = {"type": "string", "pattern": r"^(0|[1-9][0-9]*)$"}

GEMINI_SCHEMA = {
    "$id": "gemini-schema",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "anyOf": {"type": "array", "items": {"$ref": "gemini-schema"}},
        "default": True,
        "description": {"type": "string"},
        "enum": {"type": "array", "items": {"type": "string"}},
        "example": True,
        "format": {"type": "string"},
        "items": {"$ref": "gemini-schema"},
        "maxItems": _INT64, "maxLength": _INT64, "maxProperties": _INT64,
        "minItems": _INT64, "minLength": _INT64, "minProperties": _INT64,
        "maximum": {"type": "number"}, "minimum": {"type": "number"},
        "nullable": {"type": "boolean"},
        "pattern": {"type": "string"},
        "properties": {"type": "object", "additionalProperties": {"$ref": "gemini-schema"},
                       "propertyNames": {"pattern": r"^[A-Za-z_][A-Za-z0-9_]{0,63}$"}},
        "propertyOrdering": {"type": "array", "items": {"type": "string"}},
        "required": {"type": "array", "items": {"type": "string"}},
        "title": {"type": "string"},
        "type": {"enum": GEMINI_TYPES},
    },
}

GEMINI_TOOL = {
    "type": "object",
    "required": ["functionDeclarations"],
    "additionalProperties": False,
    "properties": {
        "functionDeclarations": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$"},
                "description": {"type": "string"},
                "parameters": {"allOf": [{"$ref": "gemini-schema"}, {"required": ["type", "properties"],
                                                                     "properties": {"type": {"const": "OBJECT"},
                                                                                    "properties": {"minProperties": 1}}}]},
            },
        }},
    },
}

MCP_TOOL = {
    "type": "object",
    "required": ["name", "inputSchema"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string"},
        "title": {"type": "string"},
        "description": {"type": "string"},
        "inputSchema": {"type": "object", "required": ["type"], "properties": {
            "type": {"const": "object"}, "properties": {"type": "object", "additionalProperties": {"type": "object"}},
            "required": {"type": "array", "items": {"type": "string"}}, "$schema": {"type": "string"}}},
        "annotations": {"type": "object", "additionalProperties": False, "properties": {
            "title": {"type": "string"}, "readOnlyHint": {"type": "boolean"}, "destructiveHint": {"type": "boolean"},
            "idempotentHint": {"type": "boolean"}, "openWorldHint": {"type": "boolean"}}},
        "_meta": {"type": "object"},
    },
}
