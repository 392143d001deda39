// Parity runner: node runner.mjs TX_DIR CASES.json OUT.json
// Each case {module, func, args}: args are JSON.parse'd (plain objects, like messaging delivers);
// args === null means "read the module attribute func". Results are JSON.stringify'd with
// undefined mapped to "__undefined__" so that it cannot hide as a missing key.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [txDir, casesFile, outFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const modules = {};
const replacer = (k, v) => (v === undefined ? '__undefined__' : v);
const out = [];
for (const c of cases) {
  let text;
  try {
    if (!(c.module in modules)) {
      modules[c.module] = await import(pathToFileURL(path.join(txDir, c.module + '.js')).href);
    }
    const mod = modules[c.module];
    if (!(c.func in mod)) throw new Error('no export ' + c.func);
    const value = c.args === null ? mod[c.func] : mod[c.func](...JSON.parse(c.args));
    text = JSON.stringify({ value }, replacer);
  } catch (e) {
    text = JSON.stringify({ error: String(e && e.stack || e) });
  }
  out.push(text);
}
writeFileSync(outFile, '[' + out.join(',') + ']');
