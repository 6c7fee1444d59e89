// Runs tests/mpy_driver.py under MicroPython 1.27 (the main thread's interpreter, from the
// npm package the site vendors) with the web/ modules, in Node: usage
//   node micropython_run.mjs MICROPYTHON_MJS IN_JSON OUT_JSON module.py...
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const [mjs, input, output, ...modules] = process.argv.slice(2);
const { loadMicroPython } = await import(mjs);
let errors = "";
// The default heap (1 MB), as PyScript 0.7.31 gives the page's MicroPython.
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => { errors += line + "\n"; },
});
for (const path of modules) mp.FS.writeFile("/" + basename(path), readFileSync(path, "utf8"));
mp.FS.writeFile("/views.json", readFileSync(input, "utf8"));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\nimport mpy_driver\n" +
               "mpy_driver.main('/views.json', '/out.json')");
} catch (err) {
  process.stderr.write(String(err) + "\n" + errors);
  process.exit(1);
}
writeFileSync(output, mp.FS.readFile("/out.json", { encoding: "utf8" }));
