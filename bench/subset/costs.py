"""What each Python construct costs once Transcrypt 3.9.5 has compiled it, next to what a hot module
writes instead (docs/SUBSET.md, "Hot modules", quotes these figures).

    python bench/subset/costs.py [--n 200000] [--samples 15]

Every case is a pair of small Python functions doing the same work `n` times in a loop: the construct
as plain Python writes it, and the form the checker asks for in a module marked hot (`# siteagent: hot`).
Both are transpiled by the project's Transcrypt with the build's options into one module, run in one
Node process (V8, as in Chromium), warmed up, then timed `--samples` times, the cases interleaved; the
figure is the median nanoseconds per iteration, and the ratio of the two. The loop and the work both sides share (an
accumulator, a string read) are in both figures, so a ratio understates the construct's own cost.
With --script-mode it also times the plain forms bundled as content.js is (an esbuild IIFE, a classic
script), without and with the build's "use strict" banner: in sloppy mode every call of a method the
runtime puts on String.prototype boxes its `this` (buildtool/bundle.py). Not a test.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

NODE = "/usr/bin/node"

# (checker code, or '-' for none: measured and found cheap; construct; plain Python; hot-module form). Each body runs inside `for i in range(n):` with
# `acc` (a number) to add to, `words` a list of 12 strings and `w` the one for this iteration (inputs vary, so
# the JIT cannot hoist the work out of the loop).
CASES = [
    ('SA801', "dict display `{'a': i, 'b': w}`",
     "d = {'a': i, 'b': w}\nacc += d['b'].length",
     'd = [i, w]\nacc += d[1].length'),
    ('SA801', 'dict display vs a plain object (`record()`, attributes set)',
     "d = {'a': i, 'b': w}\nacc += d['b'].length",
     'd = record()\nd.a = i\nd.b = w\nacc += d.b.length'),
    ('SA802', '`w in LIST` (12 strings)',
     'if w in LIST:\n    acc += 1',
     'if SET.has(w):\n    acc += 1'),
    ('SA802', '`w in DICT` (12 keys)',
     'if w in DICT:\n    acc += 1',
     'if SET.has(w):\n    acc += 1'),
    ('SA802', "`'a' in w` (substring)",
     "if 'a' in w:\n    acc += 1",
     "if w.indexOf('a') >= 0:\n    acc += 1"),
    ('SA802', "`w in ('mu', 'pi')` (tuple display)",
     "if w in ('mu', 'pi'):\n    acc += 1",
     "if w == 'mu' or w == 'pi':\n    acc += 1"),
    ('SA803', "f-string `f'{w}:{i}'`",
     "acc += f'{w}:{i}'.length",
     "acc += (w + ':' + str(i)).length"),
    ('SA804', 'method call `obj.get_a()`',
     'acc += OBJ.get_a()',
     'acc += get_a(REC)'),
    ('SA804', 'instance `Pair(i, w)`',
     'p = Pair(i, w)\nacc += p.b.length',
     'p = [i, w]\nacc += p[1].length'),
    ('SA805', 'call of `def f(a, b=None)` as `f(i)`',
     'acc += with_default(i)',
     'acc += no_default(i, None)'),
    ('SA805', 'call of `def f(a, b=None)` as `f(i, w)`',
     'acc += with_default(i, w).length',
     'acc += no_default(i, w).length'),
    ('SA806', '`isinstance(w, str)`',
     'if isinstance(w, str):\n    acc += 1',
     'if typeof_string(w):\n    acc += 1'),
    ('SA806', '`max(i, len(w))`',
     'acc += max(i, w.length)',
     'acc += Math.max(i, w.length)'),
    ('SA806', '`for k, x in enumerate(words)`',
     'for k, x in enumerate(words):\n    acc += k',
     'for k in range(words.length):\n    acc += k'),
    ('SA806', '`min(i, len(w))`',
     'acc += min(i, w.length)',
     'acc += Math.min(i, w.length)'),
    ('SA806', '`for x, y in zip(words, words)`',
     'for x, y in zip(words, words):\n    acc += x.length',
     'for k in range(words.length):\n    acc += words[k].length'),
    ('SA807', "`w.startswith('ga')`",
     "if w.startswith('ga'):\n    acc += 1",
     "if w.startsWith('ga'):\n    acc += 1"),
    ('SA807', '`LONG.startswith(w)` on a 10,000-character string',
     'if LONG.startswith(w):\n    acc += 1',
     'if LONG.startsWith(w):\n    acc += 1'),
    ('-', "`w.endswith('ma')`",
     "if w.endswith('ma'):\n    acc += 1",
     "if w.endsWith('ma'):\n    acc += 1"),
    ('-', '`len(w)`',
     'acc += len(w)',
     'acc += w.length'),
    ('-', '`len(xs)`',
     'acc += len(words)',
     'acc += words.length'),
    ('-', 'slice `w[1:3]`',
     'acc += w[1:3].charCodeAt(0)',
     'acc += w.slice(1, 3).charCodeAt(0)'),
    ('-', 'list comprehension over 12 words',
     'xs = [x for x in words if x != w]\nacc += xs.length',
     'xs = []\nfor x in words:\n    if x != w:\n        xs.push(x)\nacc += xs.length'),
    ('-', "`w.find('a')`",
     "acc += w.find('a')",
     "acc += w.indexOf('a')"),
    ('-', '`i % 12` (Python modulo, __mod__)',
     'acc += i % 12',
     'acc += i - 12 * Math.floor(i / 12)'),
    ('-', '`str(w)` on a string',
     'acc += str(w).length',
     'acc += w.length'),
    ('-', '`DICT.get(w, 0)` (a module-level dict)',
     'acc += DICT.get(w, 0)',
     'acc += lookup(TABLE, w, 0)'),
    ('-', "`''.join(words)`",
     "acc += ''.join(words).length",
     "acc += words.join('').length"),
    ('-', '`w.lower()`',
     'acc += w.lower().charCodeAt(0)',
     'acc += w.toLowerCase().charCodeAt(0)'),
    ('-', "`(w + ' ').strip()`",
     "acc += (w + ' ').strip().length",
     "acc += (w + ' ').trim().length"),
    ('-', "`w.split('a')` (renamed py_split)",
     "acc += w.split('a').length",
     "acc += split_on(w, 'a').length"),
    ('-', '`xs.append(i)`',
     'xs = []\nxs.append(i)\nxs.append(w)\nacc += xs.length',
     'xs = []\nxs.push(i)\nxs.push(w)\nacc += xs.length'),
    ('-', '`for x in words` (for-of) vs an index loop',
     'for x in words:\n    acc += x.length',
     'for k in range(words.length):\n    acc += words[k].length'),
    ('-', '`str(i)` on a number',
     'acc += str(i).length',
     'acc += String(i).length'),
    ('-', '`x == None` (== null) vs `x is None` (=== null)',
     'if words[i % 13] == None:\n    acc += 1',
     'if words[i % 13] is None:\n    acc += 1'),
]

PRELUDE = '''
LIST = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu']
DICT = {'alpha': 1, 'beta': 1, 'gamma': 1, 'delta': 1, 'epsilon': 1, 'zeta': 1, 'eta': 1, 'theta': 1, 'iota': 1,
        'kappa': 1, 'lambda': 1, 'mu': 1}
SET = __new__(Set(LIST))
LONG = ''.join(['x' for _ in range(10000)])
WORDS = ['gamma', 'x', 'mu', 'nu', 'beta', 'omega', 'alpha', 'pi', 'zeta', 'rho', 'mu', 'tau']


def record():
    return __pragma__('js', '{{}}')


def split_on(text, sep):
    return __pragma__('js', '{}', 'text.split (sep)')


TABLE = __pragma__('js', '{}', 'Object.assign (Object.create (null), {})', DICT)


def lookup(table, key, default):
    value = table[key]
    return default if value is None or value is js_undefined else value


def typeof_string(value):
    return __pragma__('js', '{}', 'typeof value === "string"')


def with_default(a, b=None):
    return a if b is None else b


def no_default(a, b):
    return a if b is None else b


class Holder:
    def __init__(self, a):
        self.a = a

    def get_a(self):
        return self.a


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b


OBJ = Holder(3)
REC = [3]


def get_a(rec):
    return rec[0]
'''

RUNNER = r'''
import { pathToFileURL } from 'node:url';
const [file, n, samples] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
import { createRequire } from 'node:module';
const mod = file.startsWith('script:') ? (createRequire(import.meta.url)(file.slice(7)), globalThis.COSTS)
                                       : await import(pathToFileURL(file).href);
const names = JSON.parse(process.argv[5]);
const times = {};
for (const name of names) {                               // warm up: the JIT optimises each one
  times[name] = [];
  mod[name](Math.max(1000, n / 10), mod.WORDS);
  mod[name](Math.max(1000, n / 10), mod.WORDS);
}
for (let k = 0; k < samples; k++) {                       // samples interleaved: drift hits every case alike
  for (const name of names) {
    const t = process.hrtime.bigint();
    mod[name](n, mod.WORDS);
    times[name].push(Number(process.hrtime.bigint() - t) / n);
  }
}
const out = {};
for (const name of names) {
  const sorted = times[name].sort((a, b) => a - b);
  out[name] = sorted[(sorted.length - 1) >> 1];
}
console.log(JSON.stringify(out));
'''


def case_source(index: int, which: str, body: str) -> str:
    inner = textwrap.indent(body, " " * 8)
    return (f"def case{index}_{which}(n, words):\n    acc = 0\n"
            f"    for i in range(n):\n        w = words[i % 12]\n{inner}\n    return acc\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200000)
    ap.add_argument("--samples", type=int, default=15)
    ap.add_argument("--script-mode", action="store_true",
                    help="also time the plain forms bundled as the content scripts are (an esbuild IIFE), sloppy "
                         "(no banner) and strict (the build's \"use strict\" banner)")
    opts = ap.parse_args()
    source = PRELUDE + "\n\n" + "\n\n".join(
        case_source(i, which, body) for i, (_, _, plain, hot) in enumerate(CASES)
        for which, body in (("plain", plain), ("hot", hot)))
    with tempfile.TemporaryDirectory(prefix="subset-costs-") as tmp:
        src = Path(tmp) / "costs_cases.py"
        src.write_text(source)
        from buildtool.transpile import TRANSCRYPT_OPTIONS
        proc = subprocess.run([sys.executable, "-m", "transcrypt", "-b", *TRANSCRYPT_OPTIONS, str(src)],
                              capture_output=True, text=True, cwd=tmp)
        target = Path(tmp) / "__target__"
        if proc.returncode != 0 or not (target / "costs_cases.js").is_file():
            sys.exit("transcrypt failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
        (target / "package.json").write_text('{"type": "module"}\n')
        runner = Path(tmp) / "run.mjs"
        runner.write_text(RUNNER)
        names = [f"case{i}_{w}" for i in range(len(CASES)) for w in ("plain", "hot")]
        run = subprocess.run([NODE, str(runner), str(target / "costs_cases.js"), str(opts.n), str(opts.samples),
                              json.dumps(names)], capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.exit("node failed:\n" + run.stderr[-3000:])
        ns = json.loads(run.stdout)
        modes = script_modes(Path(tmp), target, runner, opts) if opts.script_mode else None
    node = subprocess.run([NODE, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"Transcrypt {TRANSCRYPT_OPTIONS}, node {node}, n={opts.n}, median of {opts.samples} samples, ns per iteration")
    print("| code | construct | plain ns | hot form ns | plain / hot |\n|---|---|---:|---:|---:|")
    for i, (code, what, _, _) in enumerate(CASES):
        plain, hot = ns[f"case{i}_plain"], ns[f"case{i}_hot"]
        print(f"| {code} | {what} | {plain:.1f} | {hot:.1f} | {plain / hot:.1f}x |")
    if modes:
        print("\nThe plain forms in an IIFE bundle (a classic script, as content.js is): ns per iteration")
        print("| construct | sloppy | strict | sloppy / strict |\n|---|---:|---:|---:|")
        for i, (_, what, _, _) in enumerate(CASES):
            sloppy, strict = modes["sloppy"][f"case{i}_plain"], modes["strict"][f"case{i}_plain"]
            print(f"| {what} | {sloppy:.1f} | {strict:.1f} | {sloppy / strict:.1f}x |")


def script_modes(tmp: Path, target: Path, runner: Path, opts) -> dict:
    """The plain cases bundled by the project's esbuild as an IIFE, without and with the strict banner
    (buildtool/bundle.py), each run as a classic script."""
    from buildtool.bundle import STRICT_BANNER
    from buildtool.toolchain import esbuild_binary
    entry = target / "costs_entry.js"
    entry.write_text("import * as cases from './costs_cases.js';\nglobalThis.COSTS = cases;\n")
    names = [f"case{i}_plain" for i in range(len(CASES))]
    out = {}
    for mode, extra in (("sloppy", []), ("strict", ["--banner:js=" + STRICT_BANNER])):
        bundle = tmp / f"costs_{mode}.cjs"
        subprocess.run([esbuild_binary(REPO), str(entry), "--bundle", "--format=iife", f"--outfile={bundle}",
                        "--log-level=error", *extra], check=True)
        run = subprocess.run([NODE, str(runner), "script:" + str(bundle), str(opts.n), str(opts.samples),
                              json.dumps(names)], capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.exit("node failed:\n" + run.stderr[-3000:])
        out[mode] = json.loads(run.stdout)
    return out


if __name__ == "__main__":
    main()
