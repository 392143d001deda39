"""`siteagent check`: reject Python that Transcrypt 3.9.5 compiles into wrong JavaScript.

An AST pass (CPython `ast`) over `siteagent_src/`. Every rule here was verified by transpiling a
sample with `transcrypt -b -n` and running it under node (see tests/buildtool/test_checker.py and
docs/SUBSET.md). The checker assumes Transcrypt runs WITHOUT -o/--opov, -t/--tconv, -k/--kwargs,
-da/--dassert, -i/--iconv, -kc/--keycheck, -jk; turning those on changes what is safe.
"""
from __future__ import annotations

import ast
import io
import tokenize
import functools
import re
import string
import textwrap
from dataclasses import dataclass
from pathlib import Path

# A file's layer comes from where it sits (its role), not only from its first folder:
#   core/**                       core     pure logic, also runs under CPython
#   webapi/**                     webapi   thin wrappers over chrome.* and the DOM (raw JS lives here only)
#   sites/<site>/worker.py, worker_*.py   worker   a site's service-worker half
#   sites/<site>/tab.py, tab_*.py         tab      a site's content-script half
#   sites/<site>/<room>/.../tab.py, .../tab/**   tab   a room's tab half (a room is a package in a site,
#                                         e.g. sites/page/scan/: its pure rules, and scan/tab/ the walk);
#                                         in general the first part of the path below sites/<site>/ that
#                                         is named worker or tab (or worker_*, tab_*), folder or file
#   sites/<site>/<other>.py, <room>/<other>.py   core   a site's pure logic and its tool declarations
#   entries/background.py, entries/worker/**   worker   the service worker program
#   entries/content.py            tab      the content script in site tabs
#   entries/<other>.py            page     the bridge and the extension's own pages
#   client/**                     client   the chatbot page's SDK
# The layering keeps each bundle to its own half: a worker module never reaches tab code, and the
# other way round, because neither may import the other and core/webapi may import neither.
LAYERS = ("core", "webapi", "worker", "tab", "page", "client")
FOLDERS = ("core", "webapi", "sites", "entries", "client")
KIT = "kit"                     # sites/kit/: what every site shares (not a site)
# A site's declaration files that only some layers may import (SA506): tools.py is the worker's (the tab
# half imports ids.py for names), evidence.py no bundle's (the docs and tests read it under CPython).
WORKER_ONLY_DECLARATIONS = {"tools": ("worker",), "evidence": ()}

# Which layers each layer may import.
LAYER_IMPORTS = {
    "core": {"core"},
    "webapi": {"core", "webapi"},
    "worker": {"core", "webapi", "worker"},
    "tab": {"core", "webapi", "tab"},
    "page": {"core", "webapi", "page"},
    "client": {"core", "webapi", "client"},
}


def _half(stem: str) -> str | None:
    for half in ("worker", "tab"):
        if stem == half or stem.startswith(half + "_"):
            return half
    return None


def layer_of_parts(parts: list[str]) -> str | None:
    """The layer of a module given its dotted path parts (`['sites', 'gmail', 'tab']` -> 'tab'),
    or None when it is not inside a known folder."""
    if not parts:
        return None
    first = parts[0]
    if len(parts) == 1:
        return "core"                       # a module at the source root (e.g. buildinfo)
    if first in ("core", "webapi", "client"):
        return first
    if first == "sites":
        if len(parts) < 3:
            return None
        for part in parts[2:]:              # sites/<site>/tab.py, sites/<site>/<room>/tab/walker.py
            half = _half(part)
            if half is not None:
                return half
        return "core"
    if first == "entries":
        if parts[1] == "worker" or parts[1:] == ["background"]:
            return "worker"
        if parts[1:] == ["content"]:
            return "tab"
        return "page"
    return None


# Transcrypt-bundled modules verified to import and work in node (also present in CPython).
# Modules generated at the source root by `siteagent build`: buildinfo (build constants, every layer) and
# tabtools (the tab's table of tools, derived from the declarations: the tab layer only).
GENERATED_MODULES = {"buildinfo", "tabtools"}
TAB_GENERATED_MODULES = {"tabtools"}    # the tab's table of tools (buildtool/sites.py): tab code, only the tab imports it

# Build switches: Transcrypt symbols the build defines per profile (buildtool/build.py `build_symbols`).
# `if __pragma__('defined', 'test_adapter'):` at module level in entries/ compiles its body (imports
# included) only into builds whose profile sets test_adapter; other builds never see that code (SA413).
BUILD_SYMBOLS = ("test_adapter",)

BUNDLED_MODULES = {"math", "re", "random", "time", "itertools", "copy", "datetime", "unicodedata"}

# Transcrypt's predefined alias table (compiler.py, "predef_aliases"): these identifiers are
# emitted as py_<name> (type -> py_metatype) in every position, attributes included.
RENAMED = {
    "arguments", "case", "clear", "default", "enumerate", "false", "get", "Infinity", "isNaN",
    "iter", "items", "keys", "name", "NaN", "new", "next", "pop", "popitem", "replace", "selector",
    "sort", "split", "switch", "type", "TypeError", "update", "copy", "deepcopy", "values",
    "fromkeys", "reversed", "setdefault", "true", "undefined",
}

# Browser / JS globals. Core may not touch them; renamed methods called on them crash.
JS_GLOBALS = {
    "chrome", "browser", "document", "window", "navigator", "globalThis", "location", "history",
    "localStorage", "sessionStorage", "indexedDB", "crypto", "performance", "console", "fetch",
    "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask",
    "requestAnimationFrame", "structuredClone", "atob", "btoa", "alert", "confirm", "prompt",
    "getComputedStyle", "Object", "JSON", "Array", "Promise", "Reflect", "Math", "Date", "Map",
    "Set", "WeakMap", "WeakSet", "Symbol", "Number", "String", "Boolean", "RegExp", "Error", "Intl", "URL",
    "URLSearchParams", "Element", "HTMLElement", "Node", "NodeFilter", "Event", "CustomEvent",
    "MutationObserver", "IntersectionObserver", "ResizeObserver", "AbortController", "Response",
    "Request", "Headers", "TextEncoder", "TextDecoder", "Blob", "FileReader", "WebSocket",
    "XMLHttpRequest", "CSS", "DOMParser", "__new__",
    "WeakRef", "PointerEvent", "KeyboardEvent", "MouseEvent", "InputEvent", "HTMLInputElement",
    "HTMLTextAreaElement", "HTMLSelectElement", "FocusEvent",
}

# Builtins Transcrypt's runtime provides (exports of org.transcrypt.__runtime__ plus names the
# compiler handles itself). Any other CPython builtin is a ReferenceError in JS.
TRANSCRYPT_BUILTINS = {
    "abs", "all", "any", "bin", "bool", "bytearray", "bytes", "callable", "chr", "classmethod",
    "delattr", "dict", "dir", "divmod", "enumerate", "filter", "float", "getattr", "hasattr",
    "hex", "input", "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min",
    "next", "object", "oct", "ord", "pow", "print", "property", "range", "repr", "reversed",
    "round", "set", "setattr", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type",
    "zip", "True", "False", "None",
    "AssertionError", "AttributeError", "BaseException", "DeprecationWarning", "Exception",
    "IndexError", "KeyError", "NotImplementedError", "RuntimeWarning", "StopIteration",
    "UserWarning", "ValueError", "Warning", "TypeError",
}

# str/list/set methods the runtime lacks ("x is not a function" in JS).
MISSING_METHODS = {
    "casefold", "center", "count", "encode", "expandtabs", "format_map", "isascii",
    "isidentifier", "isprintable", "istitle", "ljust", "maketrans", "partition", "removeprefix",
    "removesuffix", "rindex", "rjust", "rpartition", "swapcase", "title", "translate", "zfill",
    "difference_update", "intersection_update", "symmetric_difference_update",
}

# Dunders that only operator overloading (-o) would call: without it they are dead code.
OPERATOR_DUNDERS = {
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__radd__",
    "__iadd__", "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__", "__imul__",
    "__truediv__", "__floordiv__", "__mod__", "__pow__", "__matmul__", "__neg__", "__pos__",
    "__and__", "__or__", "__xor__", "__invert__", "__lshift__", "__rshift__", "__getitem__",
    "__setitem__", "__delitem__", "__call__", "__bool__", "__hash__",
}

# JS reserved words that Transcrypt does NOT rename: as identifiers they make a JS SyntaxError.
JS_RESERVED = {
    "this", "var", "let", "const", "function", "typeof", "instanceof", "void", "delete", "null",
    "do", "catch", "throw", "extends", "export", "enum", "implements", "interface", "package",
    "private", "protected", "public", "static", "debugger", "eval",
}

# Keyword arguments the runtime functions really accept (everything else is dropped).
KEYWORD_ALLOWLIST = {
    ("sorted", "key"), ("sorted", "reverse"), (".sort", "key"), (".sort", "reverse"),
    ("min", "key"), ("min", "default"), ("max", "key"), ("max", "default"),
    ("print", "sep"), ("print", "end"),
}

# Raw JavaScript (`__pragma__('js', ...)`, and the executable-comment primitives of core/jsonval.py)
# is what the checker, the parity harness and the source maps cannot see: keep it small.
RAW_JS_BLOCK_MAX = 30           # lines of one block (SA412)
RAW_JS_TOTAL_MAX = 300          # lines in all of siteagent_src/ (SA505)
HOT_MARKER = re.compile(r"^\s*#\s*siteagent:\s*hot\s*$", re.M)
HOT_BUILTINS = {"isinstance", "enumerate", "zip", "min", "max"}
HOT_STR_METHODS = {"startswith", "endswith"}

CONTAINERS = {"list", "dict", "set", "tuple"}
SEQUENCES = {"list", "tuple", "str"}

RULES: dict[str, tuple[str, str]] = {
    # code: (message, hint)
    "SA001": ("syntax error: {detail}", "fix the Python syntax"),
    "SA002": ("file is outside the known layers ({detail})",
              "put it under siteagent_src/{core,webapi,entries,client}/ or in a site's folder sites/<site>/"),
    "SA101": ("`async for` compiles to broken JS", "loop with `while True:` and `await it.__anext__()`"),
    "SA102": ("`async with` compiles to broken JS", "use try/finally with explicit `await` enter/exit calls"),
    "SA103": ("`match` statement compiles to broken JS", "use an if/elif chain"),
    "SA104": ("walrus operator `:=` compiles to broken JS", "assign on a separate line first"),
    "SA105": ("positional-only parameters (`/`) compile to broken JS", "drop the `/` marker"),
    "SA106": ("`except*` compiles to broken JS", "use a plain `except` clause"),
    "SA107": ("starred assignment target (`a, *b = xs`) is not supported by Transcrypt",
              "index and slice explicitly: `a = xs[0]; b = xs[1:]`"),
    "SA108": ("`assert` is removed from the JS build (no -da), so it only checks under CPython",
              "write `if not cond: raise ValueError(...)`"),
    "SA109": ("relative import does not resolve in Transcrypt",
              "import from the source root: `from core.x import y`"),
    "SA110": ("identifier `{detail}` is a JS reserved word (JS SyntaxError)", "rename it"),
    "SA112": ("`{detail}` on an awaited value compiles to `await x{detail}`: the {detail} applies before the await",
              "assign the awaited value first: `v = await x` then `v[...]` / `v.y` / `v()`"),
    "SA113": ("`await` inside a comprehension compiles to a non-async function (a JS SyntaxError at bundling)",
              "build the list with a `for` loop"),
    "SA111": ("starred item in a list/tuple/set display (`[*xs, 1]`) nests instead of unpacking in JS",
              "copy and extend: `out = list(xs); out.append(1)` (`f(*xs)` in calls is fine)"),
    "SA201": ("keyword argument `{detail}=` at a call site is silently dropped in JS",
              "pass it positionally (only sorted/sort/min/max key=, reverse=, default= and print sep=, end= work)"),
    "SA202": ("{detail} needs Transcrypt's kwargs mode, which the build does not use",
              "use positional parameters, or pass a dict"),
    "SA203": ("lambda default argument is dropped in JS (the parameter is undefined)",
              "use a nested `def` or functools-style closure factory"),
    "SA204": ("mutable default argument: CPython shares it between calls, JS builds a new one",
              "default to None and create the container inside the function"),
    "SA301": ("negative index `{detail}` is undefined in JS", "use `xs[len(xs) - 1]` (negative slices like xs[-2:] are fine)"),
    "SA302": ("sequence repetition with `*` ({detail}) is numeric multiplication in JS (NaN/0)",
              "build it with a loop, a comprehension, or `''.join(...)`"),
    "SA303": ("list/tuple concatenation with `+` ({detail}) is string concatenation in JS",
              "copy and extend: `out = list(xs); out.extend(ys)`"),
    "SA304": ("`{detail}` on a list/dict/set/tuple compares identity in JS",
              "compare lengths and elements explicitly (e.g. `len(xs) == 0`, a loop, or a core helper)"),
    "SA305": ("set/dict operator `{detail}` is a bitwise/numeric operator in JS",
              "use .union()/.intersection()/.difference()/.symmetric_difference() or dict.update()"),
    "SA306": ("truth test on a list/dict/set/tuple: empty containers are TRUE in JS",
              "test `len(x) > 0` (or `len(x) == 0`, or `bool(x)`)"),
    "SA307": ("`%` string formatting is numeric modulo in JS", "use an f-string without format spec or str.format with `{}`"),
    "SA308": ("format spec / conversion `{detail}` is ignored in JS",
              "format explicitly (e.g. a core helper, str(round(x, 2)), pad with a loop)"),
    "SA309": ("`del` of a list item or slice leaves a hole / does nothing in JS",
              "use `xs.pop(i)` or slice assignment `xs[i:j] = []` (`del d[key]` on dicts is fine)"),
    "SA310": ("iterating a dict directly ({detail}) crashes in JS (dicts are not iterable)",
              "iterate `d.keys()` / `d.items()`"),
    "SA311": ("dict key {detail}: JS object keys are strings and integer-like keys iterate first",
              "use non-numeric string keys"),
    "SA312": ("`{detail}` compiles to `=== null`/`!== null`: a missing key or property (undefined) is not None in JS",
              "use `== None` / `!= None`, which match both null and undefined"),
    "SA401": ("member `.{detail}` is renamed by Transcrypt (py_ prefix): wrong on JS objects and in JSON",
              "use subscript `x['{detail}']` for data, rename the field, or a webapi helper"),
    "SA402": ("`.{detail}()` on a JS global object is renamed by Transcrypt (py_ prefix) and does not exist",
              "call it through a webapi helper"),
    "SA403": ("`{detail}`: the js_ prefix is a Transcrypt naming workaround, allowed only in webapi/",
              "move this access into a webapi helper"),
    "SA404": ("{detail} with a renamed member name reads a different attribute in JS",
              "use subscript on dicts, or a webapi helper"),
    "SA405": ("`__pragma__({detail})` is allowed only in webapi/ (raw JS and naming workarounds live there alone)",
              "move the JS-specific code into a webapi helper"),
    "SA406": ("method `.{detail}()` does not exist in Transcrypt's runtime (TypeError in JS)",
              "rewrite with supported methods (find, split, join, slicing, a loop)"),
    "SA407": ("`.{detail}(chars)`: the chars argument is ignored in JS", "strip characters with a loop or slicing"),
    "SA408": ("builtin `{detail}` does not exist in Transcrypt's runtime (ReferenceError in JS)",
              "use a supported builtin or a core helper; for exceptions use ValueError/KeyError/TypeError/Exception subclasses"),
    "SA409": ("`{detail}` is never called without operator overloading", "use an explicit method (e.g. `equals()`, `at()`)"),
    "SA410": ("comment-form pragma ({detail}) in core outside core/jsonval.py: JS-only code that CPython never runs",
              "add a JS primitive with a CPython twin to core/jsonval.py (parity-tested), or move the code to webapi/"),
    "SA411": ("parameter `{detail}` is renamed by Transcrypt (py_{detail}), but the raw JS here reads `{detail}`",
              "rename the parameter (e.g. `port_name`)"),
    "SA412": (f"raw-JS block of {{detail}} lines: a block holds at most {RAW_JS_BLOCK_MAX}",
              "split it into small webapi primitives and write the logic in Python"),
    "SA413": ("build switch `__pragma__('defined', ...)`: {detail}",
              "use it only as `if __pragma__('defined', '" + "' | '".join(BUILD_SYMBOLS) + "'):` at module level in "
              "entries/, without else/elif (Transcrypt drops an else): code only some builds carry"),
    "SA501": ("import of `{detail}` is not available to Transcrypt",
              "import only siteagent_src modules (core., webapi., ...) or math, re, random, time, itertools, copy, datetime, unicodedata"),
    "SA502": ("layering: {detail}",
              "core <- webapi <- (worker | tab | page | client); a site's worker and tab halves never import each other"),
    "SA503": ("browser/JS global `{detail}` used in core (core must run under CPython)",
              "pass the value in from webapi/, or call a webapi helper from an outer layer"),
    "SA504": ("`{detail}`: that module only imports the name; a Transcrypt module exports only what it defines "
              "(undefined in JS, fine under CPython)",
              "import the name from the module that defines it"),
    "SA505": (f"{{detail}} lines of raw JS in siteagent_src/ in all: at most {RAW_JS_TOTAL_MAX}",
              "move logic out of __pragma__('js') blocks into Python (webapi/, or the layer that uses it)"),
    "SA506": ("{detail}",
              "a tab half imports its site's ids.py (the names both halves use) and contracts.py (locators); tools.py "
              "(descriptions, schemas, risk) is the worker's, and evidence.py (citations) is in no bundle: a constant "
              "both halves need belongs in the site's ids.py or logic.py (docs/ADAPTERS.md)"),
    "SA601": ("`except {detail}` does not catch native JS errors (JSON, DOM, chrome.*)",
              "use a bare `except:` for catch-alls outside core"),
    # hot modules (`# siteagent: hot`): constructs that compile to costly runtime helpers
    # (figures: bench/subset/costs.py, docs/SUBSET.md "Hot modules")
    "SA800": ("`# siteagent: hot` in a core module: the hot forms are JavaScript, and core also runs under CPython",
              "keep core as it is; mark the tab, worker or webapi module that runs the hot loop"),
    "SA801": ("{detail} in a function of a hot module: Transcrypt's dict() defines 17 methods on every new one (~3 µs)",
              "a plain object (`webapi.jsobj.record()`, then attributes), a list, or build it outside the hot module"),
    "SA802": ("`{detail}` in a hot module compiles to the runtime's __in__ (a type dispatch, then a linear search)",
              "`.has(x)` on a JS Set (`webapi.jsobj.set_of`), a `webapi.jsobj.lookup_table` subscript, `==` tests, `.indexOf()`"),
    "SA803": ("{detail} in a hot module compiles to the runtime's str.format (~1 µs)", "concatenate with `+` and `str()`"),
    "SA804": ("class `{detail}` in a hot module: every method read binds a new closure, every instance costs ~1 µs",
              "module functions over plain objects (`webapi.jsobj.record()`)"),
    "SA805": ("parameter default in a hot module: each call tests the argument for Transcrypt's kwargs marker",
              "no defaults: callers pass every argument (None for none)"),
    "SA806": ("`{detail}()` in a hot module is a runtime helper (iterables, varargs, type dispatch)",
              "`Math.min`/`Math.max`, an index loop, `webapi.jsobj.is_instance`, `typeof` tests in webapi"),
    "SA807": ("`.{detail}()` in a hot module is the runtime's (startswith searches the whole string)",
              "`.startsWith()` / `.endsWith()`"),
}



@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    col: int
    code: str
    message: str
    hint: str

    def format(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.code} {self.message} (hint: {self.hint})"


def _violation(path: str, node_or_pos, code: str, detail: str = "") -> Violation:
    if isinstance(node_or_pos, tuple):
        line, col = node_or_pos
    else:
        line, col = node_or_pos.lineno, node_or_pos.col_offset + 1
    message, hint = RULES[code]
    return Violation(path, line, col, code, message.replace("{detail}", detail),
                     hint.replace("{detail}", detail))


# ---------------------------------------------------------------- light type inference

_CALL_KINDS = {"list": "list", "dict": "dict", "set": "set", "tuple": "tuple", "sorted": "list",
               "str": "str", "frozenset": "set"}
_METHOD_KINDS = {"split": "list", "rsplit": "list", "keys": "list", "values": "list",
                 "items": "list", "splitlines": "list", "join": "str", "strip": "str",
                 "lstrip": "str", "rstrip": "str", "lower": "str", "upper": "str",
                 "format": "str", "replace": "str"}
_ANNOT_KINDS = {"list": "list", "List": "list", "Sequence": "list", "dict": "dict", "Dict": "dict",
                "Mapping": "dict", "set": "set", "Set": "set", "frozenset": "set", "tuple": "tuple",
                "Tuple": "tuple", "str": "str"}


def _annotation_kind(node) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return _annotation_kind(ast.parse(node.value, mode="eval").body)
        except SyntaxError:
            return None
    if isinstance(node, ast.Name):
        return _ANNOT_KINDS.get(node.id)
    if isinstance(node, ast.Attribute):
        return _ANNOT_KINDS.get(node.attr)
    if isinstance(node, ast.Subscript):
        base = node.value
        base_name = base.id if isinstance(base, ast.Name) else getattr(base, "attr", None)
        if base_name == "Optional":
            return _annotation_kind(node.slice)
        return _annotation_kind(base)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # list[int] | None
        return _annotation_kind(node.left) or _annotation_kind(node.right)
    return None


class _Scope:
    def __init__(self, parent: "_Scope | None"):
        self.parent = parent
        self.assigned: dict[str, list] = {}     # name -> value expressions / ("kind", k)

    def add(self, name: str, value) -> None:
        self.assigned.setdefault(name, []).append(value)


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str, layer: str, tree: ast.Module, root_modules=frozenset(), hot: bool = False):
        self.path = path
        self.hot = hot                  # `# siteagent: hot`: the SA80x rules apply
        self.func_depth = 0
        self.root_modules = set(root_modules) | GENERATED_MODULES
        self.layer = layer
        self.site = _site_of(path)
        self.out: list[Violation] = []
        self.seen: set[tuple] = set()
        self.module_bound = self._bound_names(tree)
        self.method_defs = {n.name for n in ast.walk(tree)
                            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.func_returns = {n.name: _annotation_kind(n.returns) for n in tree.body
                             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.scope = _Scope(None)
        self._collect(tree.body, self.scope)
        # module-level `if __pragma__('defined', ...)` tests: call node -> its if statement
        self.switches = {id(n.test): n for n in tree.body if isinstance(n, ast.If) and isinstance(n.test, ast.Call)
                         and isinstance(n.test.func, ast.Name) and n.test.func.id == "__pragma__"}

    # -- helpers
    def flag(self, node, code: str, detail: str = "") -> None:
        v = _violation(self.path, node, code, detail)
        key = (v.line, v.col, v.code)
        if key not in self.seen:
            self.seen.add(key)
            self.out.append(v)

    @staticmethod
    def _bound_names(tree) -> set[str]:
        names = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                names.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(n.name)
            elif isinstance(n, ast.arg):
                names.add(n.arg)
            elif isinstance(n, ast.alias):
                names.add((n.asname or n.name).split(".")[0])
            elif isinstance(n, ast.ExceptHandler) and n.name:
                names.add(n.name)
        return names

    def _collect(self, body, scope: _Scope) -> None:
        """Record assignments of this scope (not descending into nested functions/classes)."""
        stack = list(body)
        while stack:
            n = stack.pop()
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue
            if isinstance(n, ast.Assign):
                for t in n.targets:
                    if isinstance(t, ast.Name):
                        scope.add(t.id, n.value)
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                k = _annotation_kind(n.annotation)
                if k:
                    scope.add(n.target.id, ("kind", k))
                if n.value is not None:
                    scope.add(n.target.id, n.value)
            elif isinstance(n, ast.NamedExpr):
                scope.add(n.target.id, n.value)
            stack.extend(ast.iter_child_nodes(n))

    def _args_scope(self, args: ast.arguments) -> _Scope:
        scope = _Scope(self.scope)
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            k = _annotation_kind(a.annotation)
            scope.add(a.arg, ("kind", k) if k else ("kind", None))
        if args.vararg:
            scope.add(args.vararg.arg, ("kind", None))
        if args.kwarg:
            scope.add(args.kwarg.arg, ("kind", "dict"))
        return scope

    def kind(self, node, _depth: int = 0) -> str | None:
        if _depth > 8 or node is None:
            return None
        if isinstance(node, (ast.List, ast.ListComp)):
            return "list"
        if isinstance(node, (ast.Dict, ast.DictComp)):
            return "dict"
        if isinstance(node, (ast.Set, ast.SetComp)):
            return "set"
        if isinstance(node, ast.Tuple):
            return "tuple"
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            return "str"
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                if f.id in self.func_returns:
                    return self.func_returns[f.id]
                if f.id not in self.module_bound:
                    return _CALL_KINDS.get(f.id)
            elif isinstance(f, ast.Attribute) and f.attr in _METHOD_KINDS and f.attr not in self.method_defs:
                return _METHOD_KINDS[f.attr]
            return None
        if isinstance(node, ast.IfExp):
            return self.kind(node.body, _depth + 1) or self.kind(node.orelse, _depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return self.kind(node.left, _depth + 1) or self.kind(node.right, _depth + 1)
        if isinstance(node, ast.Name):
            scope = self.scope
            while scope is not None:
                if node.id in scope.assigned:
                    kinds = []
                    for v in scope.assigned[node.id]:
                        k = v[1] if isinstance(v, tuple) else self.kind(v, _depth + 1)
                        if k:
                            kinds.append(k)
                    containers = [k for k in kinds if k in CONTAINERS]
                    if containers:
                        return containers[0]
                    return kinds[0] if kinds else None
                scope = scope.parent
        return None

    def is_container(self, node) -> bool:
        return self.kind(node) in CONTAINERS

    def _src(self, node) -> str:
        text = ast.unparse(node)
        return text if len(text) <= 40 else text[:37] + "..."

    # -- scopes
    def _visit_function(self, node) -> None:
        args = node.args
        if args.posonlyargs:
            self.flag(args.posonlyargs[0], "SA105")
        if args.kwarg:
            self.flag(args.kwarg, "SA202", f"`**{args.kwarg.arg}`")
        if args.kwonlyargs:
            self.flag(args.kwonlyargs[0], "SA202", f"keyword-only parameter `{args.kwonlyargs[0].arg}`")
        for d in [*args.defaults, *args.kw_defaults]:
            if d is not None and (isinstance(d, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp))
                                  or (isinstance(d, ast.Call) and isinstance(d.func, ast.Name)
                                      and d.func.id in ("list", "dict", "set"))):
                self.flag(d, "SA204")
        if node.name in OPERATOR_DUNDERS:
            self.flag(node, "SA409", node.name)
        self._check_identifier(node, node.name)
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is not None:
                self._check_identifier(a, a.arg)
        self._raw_js_params(node)
        if self.hot and (args.defaults or any(d is not None for d in args.kw_defaults)):
            self.flag(node, "SA805")
        for d in node.decorator_list:
            self.visit(d)
        for d in [*args.defaults, *args.kw_defaults]:
            if d is not None:
                self.visit(d)
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            if a.annotation is not None:
                self.visit(a.annotation)
        outer = self.scope
        self.scope = self._args_scope(args)
        self._collect(node.body, self.scope)
        self.func_depth += 1
        for stmt in node.body:
            self.visit(stmt)
        self.func_depth -= 1
        self.scope = outer

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def visit_Lambda(self, node):
        if node.args.defaults or any(d is not None for d in node.args.kw_defaults):
            self.flag(node, "SA203")
        if node.args.kwarg:
            self.flag(node, "SA202", f"`**{node.args.kwarg.arg}`")
        outer = self.scope
        self.scope = self._args_scope(node.args)
        self.visit(node.body)
        self.scope = outer

    def visit_ClassDef(self, node):
        self._check_identifier(node, node.name)
        if self.hot:
            self.flag(node, "SA804", node.name)
        for kw in node.keywords:
            self.flag(kw, "SA201", kw.arg or "**")
        self.generic_visit(node)

    # -- unsupported syntax
    def visit_AsyncFor(self, node):
        self.flag(node, "SA101")
        self.generic_visit(node)

    def visit_AsyncWith(self, node):
        self.flag(node, "SA102")
        self.generic_visit(node)

    def visit_Match(self, node):
        self.flag(node, "SA103")
        self.generic_visit(node)

    def visit_NamedExpr(self, node):
        self.flag(node, "SA104")
        self.generic_visit(node)

    def visit_TryStar(self, node):
        self.flag(node, "SA106")
        self.generic_visit(node)

    def visit_Assert(self, node):
        self.flag(node, "SA108")
        self._truth(node.test)
        self.generic_visit(node)

    def _check_targets(self, targets):
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Starred):
                    self.flag(n, "SA107")

    def _displays(self, node):
        for e in node.elts:
            if isinstance(e, ast.Starred) and not isinstance(getattr(node, "ctx", None), ast.Store):
                self.flag(e, "SA111")
        self.generic_visit(node)

    def visit_List(self, node):
        self._displays(node)

    def visit_Tuple(self, node):
        self._displays(node)

    def visit_Set(self, node):
        self._displays(node)

    def visit_Assign(self, node):
        self._check_targets(node.targets)
        self.generic_visit(node)

    def visit_For(self, node):
        self._check_targets([node.target])
        self._dict_iter(node.iter, "for ... in dict")
        self.generic_visit(node)

    def _awaited(self, node, what: str):
        if isinstance(node, ast.Await):
            self.flag(node, "SA112", what)

    def _comprehension_await(self, node):
        for sub in ast.walk(node):
            if isinstance(sub, ast.Await):
                self.flag(sub, "SA113")
                return

    def visit_ListComp(self, node):
        self._comprehension_await(node)
        self.generic_visit(node)

    visit_SetComp = visit_GeneratorExp = visit_ListComp

    def visit_comprehension(self, node):
        self._check_targets([node.target])
        self._dict_iter(node.iter, "comprehension over a dict")
        for cond in node.ifs:
            self._truth(cond)
        self.generic_visit(node)

    def _check_identifier(self, node, name: str | None):
        if name in JS_RESERVED:
            self.flag(node, "SA110", name)

    # -- imports
    def _check_module(self, node, module: str, names=()):
        parts = module.split(".")
        root = parts[0]
        if root not in FOLDERS:
            if root not in BUNDLED_MODULES and root not in self.root_modules:
                self.flag(node, "SA501", module)
            elif root in TAB_GENERATED_MODULES and self.layer != "tab":
                self.flag(node, "SA502", f"{self.layer} code must not import `{module}` (the tab's table of tools: tab code)")
            return
        target = layer_of_parts(parts)
        if target is None:                  # a folder: `from sites.gmail import tab` imports modules
            for name in names or ("",):
                self._check_target(node, f"{module}.{name}" if name else module)
            return
        self._check_target(node, module)
        if root == "sites" and target == "core":
            # a room is a folder too: `from sites.page.risk import tab` imports the room's tab half
            for name in names:
                if _half(name) is not None:
                    self._check_target(node, f"{module}.{name}")

    def _check_target(self, node, module: str):
        parts = module.split(".")
        target = layer_of_parts(parts)
        if target is None:
            self.flag(node, "SA502", f"`{module}` is a folder, not a module")
        elif target not in LAYER_IMPORTS[self.layer]:
            self.flag(node, "SA502", f"{self.layer} code must not import `{module}` ({target} code)")
        elif self.site is not None and parts[0] == "entries":
            self.flag(node, "SA502", f"a site must not import `{module}`: entries wire sites together, not the other way")
        elif self.site is not None and parts[0] == "sites" and parts[1] not in (self.site, KIT):
            self.flag(node, "SA502", f"sites/{self.site}/ must not import `{module}`: a site imports only its own "
                                     "folder and sites/kit/")
        elif len(parts) == 3 and parts[0] == "sites" and parts[1] != KIT and parts[2] in WORKER_ONLY_DECLARATIONS:
            allowed = WORKER_ONLY_DECLARATIONS[parts[2]]
            if self.layer not in allowed:
                bundle = {"tab": "content.js", "worker": "background.js"}.get(self.layer, "its bundle")
                what = ("the worker's declarations of the site's tools (descriptions, input schemas, risk)" if allowed
                        else "the contracts' evidence (citations and notes), which no bundle carries")
                self.flag(node, "SA506", f"{self.layer} code imports `{module}`, {what}: {bundle} would carry it")

    def visit_Import(self, node):
        for alias in node.names:
            self._check_module(node, alias.name)
            if alias.asname:
                self._check_identifier(node, alias.asname)

    def visit_ImportFrom(self, node):
        if node.level:
            self.flag(node, "SA109")
            return
        self._check_module(node, node.module or "", tuple(a.name for a in node.names))
        for alias in node.names:
            self._check_identifier(node, alias.asname or alias.name)

    # -- exceptions
    def visit_ExceptHandler(self, node):
        if self.layer != "core" and node.type is not None:
            types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            for t in types:
                if isinstance(t, ast.Name) and t.id in ("Exception", "BaseException"):
                    self.flag(t, "SA601", t.id)
        if node.name:
            self._check_identifier(node, node.name)
        self.generic_visit(node)

    # -- truthiness
    def _truth(self, test):
        if isinstance(test, ast.BoolOp):
            for v in test.values:
                self._truth(v)
        elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            self._truth(test.operand)
        elif self.is_container(test):
            self.flag(test, "SA306")

    def visit_If(self, node):
        self._truth(node.test)
        self.generic_visit(node)

    def visit_While(self, node):
        self._truth(node.test)
        self.generic_visit(node)

    def visit_IfExp(self, node):
        self._truth(node.test)
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, ast.Not):
            self._truth(node.operand)
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        for v in node.values[:-1]:   # the last operand is returned, never truth-tested
            if self.is_container(v):
                self.flag(v, "SA306")
        self.generic_visit(node)

    # -- operators
    def _binop(self, node, op, left, right, aug: bool):
        sym = {ast.Mult: "*", ast.Add: "+", ast.BitOr: "|", ast.BitAnd: "&", ast.Sub: "-",
               ast.BitXor: "^", ast.Mod: "%"}.get(type(op))
        if sym is None:
            return
        lk, rk = self.kind(left), self.kind(right)
        opname = sym + ("=" if aug else "")
        if sym == "*" and (lk in SEQUENCES or rk in SEQUENCES):
            self.flag(node, "SA302", f"`{opname}` with a {lk if lk in SEQUENCES else rk}")
        elif sym == "+" and (lk in ("list", "tuple") or rk in ("list", "tuple")):
            self.flag(node, "SA303", f"`{opname}` with a {lk if lk in ('list', 'tuple') else rk}")
        elif sym in "|&-^" and (lk in ("set", "dict") or rk in ("set", "dict")):
            self.flag(node, "SA305", opname)
        elif sym == "%" and lk == "str":
            self.flag(node, "SA307")

    def visit_BinOp(self, node):
        self._binop(node, node.op, node.left, node.right, False)
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        self._binop(node, node.op, node.target, node.value, True)
        self.generic_visit(node)

    def visit_Compare(self, node):
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            a, b = operands[i], operands[i + 1]
            if self.hot and isinstance(op, (ast.In, ast.NotIn)):
                self.flag(node, "SA802", "in" if isinstance(op, ast.In) else "not in")
            if isinstance(op, (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                if self.is_container(a) or self.is_container(b):
                    self.flag(node, "SA304", {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=",
                                              ast.Gt: ">", ast.GtE: ">="}[type(op)])
            elif isinstance(op, (ast.In, ast.NotIn)) and self.is_container(a):
                self.flag(node, "SA304", "in" if isinstance(op, ast.In) else "not in")
            elif (isinstance(op, (ast.Is, ast.IsNot)) and self.layer != "core"
                  and any(isinstance(x, ast.Constant) and x.value is None for x in (a, b))):
                self.flag(node, "SA312", "is None" if isinstance(op, ast.Is) else "is not None")
        self.generic_visit(node)

    def visit_Subscript(self, node):
        self._awaited(node.value, "[...]")
        idx = node.slice
        neg = (isinstance(idx, ast.UnaryOp) and isinstance(idx.op, ast.USub)) or (
            isinstance(idx, ast.Constant) and isinstance(idx.value, (int, float)) and not isinstance(idx.value, bool)
            and idx.value < 0)
        if neg:
            self.flag(node, "SA301", self._src(node))
        self.generic_visit(node)

    def visit_Delete(self, node):
        for t in node.targets:
            if isinstance(t, ast.Subscript):
                key = t.slice
                int_like = isinstance(key, ast.Slice) or isinstance(key, ast.UnaryOp) or (
                    isinstance(key, ast.Constant) and isinstance(key.value, int))
                if int_like or self.kind(t.value) in ("list", "tuple"):
                    self.flag(t, "SA309")
        self.generic_visit(node)

    def _dict_iter(self, it, what: str):
        if self.kind(it) == "dict":
            self.flag(it, "SA310", what)

    def visit_DictComp(self, node):
        self._comprehension_await(node)
        if self.hot and self.func_depth > 0:
            self.flag(node, "SA801", "dict comprehension")
        self.generic_visit(node)

    def visit_Dict(self, node):
        if self.hot and self.func_depth > 0:
            self.flag(node, "SA801", "dict display")
        for k in node.keys:
            if k is None:
                continue
            if isinstance(k, ast.Constant):
                if isinstance(k.value, str):
                    if re.fullmatch(r"-?\d+", k.value):
                        self.flag(k, "SA311", f"{k.value!r} is integer-like")
                else:
                    self.flag(k, "SA311", f"{k.value!r} is not a string")
            elif isinstance(k, ast.Tuple):
                self.flag(k, "SA311", "tuple is not a string")
        self.generic_visit(node)

    def visit_JoinedStr(self, node):
        if self.hot:
            self.flag(node, "SA803", "f-string")
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                if v.conversion != -1:
                    self.flag(v, "SA308", "!" + chr(v.conversion))
                elif v.format_spec is not None:
                    self.flag(v, "SA308", ":" + ast.unparse(v.format_spec)[2:-1])
        self.generic_visit(node)

    # -- calls
    def visit_Call(self, node):
        self._awaited(node.func, "(...)")
        f = node.func
        fname = f.id if isinstance(f, ast.Name) else None
        # keywords
        for kw in node.keywords:
            if kw.arg is None:
                self.flag(kw, "SA202", "`**` unpacking at a call")
                continue
            key = ("." + f.attr) if isinstance(f, ast.Attribute) else fname
            if (key, kw.arg) not in KEYWORD_ALLOWLIST or (fname and fname in self.module_bound):
                self.flag(kw, "SA201", kw.arg)
        if self.hot:
            if fname == "dict" and self.func_depth > 0 and fname not in self.module_bound:
                self.flag(node, "SA801", "`dict()`")
            elif fname in HOT_BUILTINS and fname not in self.module_bound:
                self.flag(node, "SA806", fname)
            elif isinstance(f, ast.Attribute) and f.attr in HOT_STR_METHODS:
                self.flag(f, "SA807", f.attr)
            elif isinstance(f, ast.Attribute) and f.attr == "format":
                self.flag(f, "SA803", "`.format()`")
        if isinstance(f, ast.Attribute):
            attr = f.attr
            if attr in MISSING_METHODS and attr not in self.method_defs:
                self.flag(f, "SA406", attr)
            elif attr == "index" and self.kind(f.value) == "str":
                self.flag(f, "SA406", attr)
            if attr in ("strip", "lstrip", "rstrip") and node.args and attr not in self.method_defs:
                self.flag(f, "SA407", attr)
            if attr == "format" and isinstance(f.value, ast.Constant) and isinstance(f.value.value, str):
                try:
                    for _, field, spec, conv in string.Formatter().parse(f.value.value):
                        if field is not None and (spec or conv):
                            self.flag(f.value, "SA308", ("!" + conv) if conv else (":" + spec))
                            break
                except ValueError:
                    pass
            if attr in RENAMED and self.layer != "webapi":
                root = f.value
                while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
                    root = root.value if not isinstance(root, ast.Call) else root.func
                if isinstance(root, ast.Name) and root.id in JS_GLOBALS and root.id not in self.module_bound:
                    self.flag(f, "SA402", attr)
            if attr.startswith("js_") and self.layer != "webapi":
                self.flag(f, "SA403", "." + attr)
            # do not treat the method name itself as a data member access (SA401)
            self.visit(f.value)
        else:
            self.visit(f)
        if fname == "__pragma__":
            self._check_pragma(node)
        if fname in ("getattr", "setattr", "hasattr", "delattr") and self.layer != "webapi" \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and node.args[1].value in RENAMED:
            self.flag(node, "SA404", f"{fname}(..., {node.args[1].value!r})")
        if fname in ("list", "tuple", "set", "enumerate") and node.args and fname not in self.module_bound:
            self._dict_iter(node.args[0], f"{fname}(dict)")
        for a in node.args:
            self.visit(a)
        for kw in node.keywords:
            self.visit(kw.value)

    def _raw_js_params(self, node) -> None:
        """A parameter Transcrypt renames (`name` becomes `py_name`) is not the `name` raw JS sees."""
        params = {a.arg for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]} & RENAMED
        if not params:
            return
        for call in ast.walk(node):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "__pragma__"
                    and call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value == "js"):
                continue
            code = "".join(a.value for a in call.args[1:] if isinstance(a, ast.Constant) and isinstance(a.value, str))
            for param in sorted(params):
                if re.search(r"(?<![.\w$])" + re.escape(param) + r"\b", code):
                    self.flag(call, "SA411", param)

    def _check_pragma(self, node):
        arg = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
        if arg == "defined":
            self._check_switch(node)
            return
        if self.layer != "webapi":
            self.flag(node, "SA405", repr(arg) if arg is not None else "...")

    def _check_switch(self, node):
        """SA413: a build switch is the test of a module-level `if` in entries/, naming one build symbol,
        with no else (Transcrypt emits the body when the symbol is defined and never the else)."""
        statement = self.switches.get(id(node))
        symbols = [a.value for a in node.args[1:] if isinstance(a, ast.Constant)]
        in_entries = "entries" in self.path.replace("\\", "/").split("/")
        if statement is None:
            self.flag(node, "SA413", "not the test of a module-level `if`")
        elif not in_entries:
            self.flag(node, "SA413", f"in {self.path}, not in entries/")
        elif len(node.args) != 2 or len(symbols) != 1 or symbols[0] not in BUILD_SYMBOLS:
            self.flag(node, "SA413", "name one symbol the build defines (" + ", ".join(BUILD_SYMBOLS) + ")")
        elif statement.orelse:
            self.flag(node, "SA413", "an else/elif branch, which Transcrypt drops")

    def visit_Attribute(self, node):
        self._awaited(node.value, ".attribute")
        if self.layer != "webapi":
            if node.attr in RENAMED:
                self.flag(node, "SA401", node.attr)
            elif node.attr.startswith("js_"):
                self.flag(node, "SA403", "." + node.attr)
        self.generic_visit(node)

    def visit_Name(self, node):
        name = node.id
        self._check_identifier(node, name)
        if name == "__pragma__":
            pass  # checked in visit_Call / _check_pragma
        elif name.startswith("js_") and self.layer != "webapi":
            self.flag(node, "SA403", name)
        elif isinstance(node.ctx, ast.Load) and name not in self.module_bound:
            if self.layer == "core" and name in JS_GLOBALS:
                self.flag(node, "SA503", name)
            elif not name.startswith("__") and name in _PY_BUILTINS and name not in TRANSCRYPT_BUILTINS:
                self.flag(node, "SA408", name)

    def visit_Global(self, node):
        for n in node.names:
            self._check_identifier(node, n)

    visit_Nonlocal = visit_Global


import builtins as _builtins  # noqa: E402

_PY_BUILTINS = set(dir(_builtins))


def check_source(text: str, path: str, *, layer: str, root_modules=frozenset()) -> list[Violation]:
    """Check one module's source. `path` is used verbatim in the violations.

    root_modules: extra importable top-level module names (files directly in siteagent_src/);
    the modules the build generates (GENERATED_MODULES) are always known.
    """
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r}; expected one of {', '.join(LAYERS)}")
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as err:
        line = err.lineno or 1
        col = err.offset or 1
        return [_violation(path, (line, col), "SA001", err.msg)]
    hot = hot_marker(text)
    checker = _Checker(path, layer, tree, root_modules, hot is not None)
    checker.visit(tree)
    if hot is not None and layer == "core":
        checker.flag(hot, "SA800")
    for line, col, size in raw_js_blocks(text, tree):
        if size > RAW_JS_BLOCK_MAX:
            checker.flag((line, col), "SA412", str(size))
    posix = path.replace("\\", "/")
    if layer == "core" and posix != JS_PRIMITIVES_MODULE and not posix.endswith("/" + JS_PRIMITIVES_MODULE):
        checker.out.extend(_comment_pragmas(text, path))
    return sorted(checker.out, key=lambda v: (v.line, v.col, v.code))


def hot_marker(text: str) -> tuple[int, int] | None:
    """(line, col) of a `# siteagent: hot` comment, or None: the module is marked hot."""
    if not HOT_MARKER.search(text):
        return None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and HOT_MARKER.match(tok.string):
                return tok.start[0], tok.start[1] + 1
    except (tokenize.TokenError, SyntaxError):
        return None
    return None


def _js_text(call: ast.Call) -> str | None:
    """The JavaScript a `__pragma__('js', template, *args)` call emits (template formatted with its
    string arguments; others count as empty), or None for another pragma."""
    if not (isinstance(call.func, ast.Name) and call.func.id == "__pragma__" and call.args
            and isinstance(call.args[0], ast.Constant) and call.args[0].value == "js"):
        return None
    parts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else "" for a in call.args[1:]]
    if not parts:
        return ""
    try:
        return parts[0].format(*parts[1:])
    except (IndexError, KeyError, ValueError):
        return "\n".join(parts)


def _pragma_blocks(tree, at: tuple[int, int] | None = None) -> list[tuple[int, int, int]]:
    """(line, col, lines) of the raw-JS pragma calls in tree, placed at `at` when given."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            code = _js_text(node)
            if code is not None:
                size = sum(1 for line in code.split("\n") if line.strip())
                out.append((*(at or (node.lineno, node.col_offset + 1)), size))
    return out


def raw_js_blocks(text: str, tree: ast.Module | None = None) -> list[tuple[int, int, int]]:
    """(line, col, non-blank lines) of every raw-JS block of a module: `__pragma__('js', ...)` calls, and
    (at the comment's own position) those inside executable comments (`\'\'\'?...?\'\'\'`, `#?...`), which only Transcrypt reads."""
    if tree is None:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return []
    out = _pragma_blocks(tree)
    if "?" not in text:
        return out
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return out
    for tok in tokens:
        body = None
        if tok.type == tokenize.COMMENT and tok.string.startswith("#?"):
            body = tok.string[2:]
        elif tok.type == tokenize.STRING:
            raw = tok.string.lstrip("rRbBuU")
            if raw[:3] in ("\'\'\'", '"""') and raw[3:4] == "?" and raw[-4:-3] == "?":
                body = raw[4:-4]
        if body is None or "__pragma__" not in body:
            continue
        source = "def _executable_comment():\n" + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
        try:
            inner = ast.parse(source)
        except SyntaxError:
            continue
        out.extend(_pragma_blocks(inner, (tok.start[0], tok.start[1] + 1)))
    return out


def raw_js_lines(text: str) -> int:
    """Non-blank lines of raw JavaScript in a module (see raw_js_blocks)."""
    return sum(size for _, _, size in raw_js_blocks(text))


JS_PRIMITIVES_MODULE = "core/jsonval.py"


def _comment_pragmas(text: str, path: str) -> list[Violation]:
    """`# __pragma__ (...)` comments and `\'\'\'?...?\'\'\'` executable comments: invisible to the AST."""
    out = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return out
    for tok in tokens:
        body = tok.string
        if tok.type == tokenize.COMMENT and ("__pragma__" in body or body.startswith("#?")):
            out.append(_violation(path, (tok.start[0], tok.start[1] + 1), "SA410", body[:40]))
        elif tok.type == tokenize.STRING and body.lstrip("rRbBuU")[3:4] == "?" and body.lstrip("rRbBuU")[:3] in ("\'\'\'", '"""'):
            out.append(_violation(path, (tok.start[0], tok.start[1] + 1), "SA410", "executable comment"))
    return out


def _site_of(path: str) -> str | None:
    """`gmail` for a file under sites/gmail/ (None outside a site folder, and for sites/kit/)."""
    parts = Path(path.replace("\\", "/")).parts
    for i in range(len(parts) - 2):
        if parts[i] == "sites":
            return parts[i + 1] if parts[i + 1] != KIT else None
    return None


def layer_of(path: Path, src_dir: Path) -> str:
    """The layer of a file from where it sits (see LAYERS); files directly in src_dir count as core.

    Raises ValueError (naming the folder) for a file outside the known folders, and for a file
    directly in sites/ (each site is a folder).
    """
    rel = Path(path).resolve().relative_to(Path(src_dir).resolve())
    parts = list(rel.with_suffix("").parts)
    layer = layer_of_parts(parts)
    if layer is None:
        raise ValueError("/".join(parts[:-1]) or parts[0])
    return layer


def check_tree(src_dir: Path, root: Path | None = None) -> list[Violation]:
    """Check every *.py under src_dir; paths in violations are relative to root (default: src_dir's parent)."""
    src_dir = Path(src_dir)
    root = Path(root) if root is not None else src_dir.parent
    out: list[Violation] = []
    root_modules = {f.stem for f in src_dir.glob("*.py")} - {"__init__"}
    sources: dict[str, tuple[str, str]] = {}        # module name -> (path for messages, text)
    for file in sorted(src_dir.rglob("*.py")):
        if any(part in ("__pycache__", "__target__") or part.startswith(".")
               for part in file.relative_to(src_dir).parts):
            continue
        try:
            rel = file.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            rel = file.as_posix()
        try:
            layer = layer_of(file, src_dir)
        except ValueError as err:
            out.append(_violation(rel, (1, 1), "SA002", str(err)))
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            out.append(_violation(rel, (1, 1), "SA001", f"not UTF-8 ({err.reason})"))
            continue
        out.extend(_check_cached(text, rel, layer, frozenset(root_modules)))
        sources[".".join(file.relative_to(src_dir).with_suffix("").parts)] = (rel, text)
    out.extend(_reexports(sources))
    total = sum(raw_js_lines(text) for _, text in sources.values())
    if total > RAW_JS_TOTAL_MAX:
        try:
            where = src_dir.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            where = src_dir.as_posix()
        out.append(_violation(where, (1, 1), "SA505", str(total)))
    return sorted(out, key=lambda v: (v.path, v.line, v.col, v.code))


def _module_names(text: str) -> tuple[set[str], set[str]] | None:
    """(names a module defines at top level, names it only imports), or None when it does not parse."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    defined: set[str] = set()
    imported: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imported.update((a.asname or a.name).split(".")[0] for a in node.names)
        else:
            for sub in ast.walk(node):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    defined.add(sub.id)
    return defined, imported - defined


def _reexports(sources: dict[str, tuple[str, str]]) -> list[Violation]:
    """SA504: `alias.NAME` where alias is a project module that only imports NAME."""
    names = {}
    for module, (_, text) in sources.items():
        parsed = _module_names(text)
        if parsed is not None:
            names[module] = parsed
    out = []
    for rel, text in sources.values():
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    target = f"{node.module}.{a.name}"
                    if target in sources:
                        aliases[a.asname or a.name] = target
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname and a.name in sources:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                target = aliases[node.value.id]
                if target in names and node.attr in names[target][1]:
                    out.append(_violation(rel, node, "SA504", f"{node.value.id}.{node.attr}"))
    return out


@functools.lru_cache(maxsize=4096)
def _check_cached(text: str, rel: str, layer: str, root_modules: frozenset) -> tuple:
    """Watch mode re-checks the whole tree on every change; unchanged files cost a dict lookup."""
    return tuple(check_source(text, rel, layer=layer, root_modules=root_modules))


def count_files(src_dir: Path) -> int:
    return sum(1 for f in Path(src_dir).rglob("*.py")
               if not any(p in ("__pycache__", "__target__") or p.startswith(".")
                          for p in f.relative_to(src_dir).parts))
