// Runs a driver module under MicroPython 1.27 (the main thread's interpreter, from the npm
// package the site vendors) with the web/ modules, in Node: usage
//   node micropython_run.mjs MICROPYTHON_MJS IN_JSON OUT_JSON module.py... [nos/]
// Each module.py is written to / (so `import module` finds it); a directory argument (the
// engine, nos/) is written as a package of its .py files. The driver is the module named by
// MPY_DRIVER (default mpy_driver): its main(IN, OUT) reads IN and writes OUT.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const [mjs, input, output, ...modules] = process.argv.slice(2);
const driver = process.env.MPY_DRIVER || "mpy_driver";
const { loadMicroPython } = await import(mjs);
let errors = "";
// The default heap (1 MB), as PyScript 0.7.31 gives the page's MicroPython.
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => { errors += line + "\n"; },
});
for (const path of modules) {
  if (statSync(path).isDirectory()) {
    const dir = "/" + basename(path);
    mp.FS.mkdir(dir);
    for (const name of readdirSync(path)) {
      if (name.endsWith(".py")) mp.FS.writeFile(`${dir}/${name}`, readFileSync(join(path, name), "utf8"));
    }
  } else {
    mp.FS.writeFile("/" + basename(path), readFileSync(path, "utf8"));
  }
}
mp.FS.writeFile("/views.json", readFileSync(input, "utf8"));
try {
  mp.runPython(`import sys\nsys.path.insert(0, '/')\nimport ${driver}\n` +
               `${driver}.main('/views.json', '/out.json')`);
} catch (err) {
  process.stderr.write(String(err) + "\n" + errors);
  process.exit(1);
}
writeFileSync(output, mp.FS.readFile("/out.json", { encoding: "utf8" }));
