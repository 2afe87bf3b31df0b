// Compile wheels and zips to bytecode with the site's own Python (hotellab publish; the
// Python side is bytecode.py beside this file).
//
//   node bytecode.js CORE_DIR JOBS_JSON
//
// CORE_DIR: an unpacked Pyodide core (pyodide.mjs, pyodide.asm.wasm, python_stdlib.zip,
// pyodide-lock.json). JOBS_JSON: a file with [{"in": path, "out": path, "sourceless": bool,
// "stdlib": bool}, ...]; each archive "in" is compiled and written to "out". Prints one JSON
// line {"python", "site_packages", "stdlib_zip"}, then one per job ({"in", "out", "compiled",
// "kept_source", "files"}). Exit status 1 on any error, 2 on bad arguments.
//
// Plain .js that runs as a CommonJS script or as a module (only dynamic import(), no
// top-level await): it ships as hotellab's package data, with or without a package.json above.
async function main() {
  const { readFileSync, writeFileSync } = await import("node:fs");
  const { dirname, join, resolve } = await import("node:path");
  const { pathToFileURL } = await import("node:url");
  const [coreDir, jobsFile] = process.argv.slice(2);
  if (!coreDir || !jobsFile) {
    console.error("usage: node bytecode.js CORE_DIR JOBS_JSON");
    process.exit(2);
  }
  const here = dirname(resolve(process.argv[1]));
  const { loadPyodide } = await import(pathToFileURL(join(resolve(coreDir), "pyodide.mjs")).href);
  const py = await loadPyodide({ indexURL: resolve(coreDir) + "/", stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.mkdirTree("/hotellab_bytecode");
  py.FS.writeFile("/hotellab_bytecode/bytecode.py", readFileSync(join(here, "bytecode.py")));
  py.runPython(`
import sys, sysconfig
sys.path.insert(0, "/hotellab_bytecode")
import bytecode
SITE = sysconfig.get_paths()["purelib"]
STDLIB_ZIP = next((p for p in sys.path if p.endswith(".zip")), "")
`);
  const g = py.globals;
  console.log(JSON.stringify({ python: py.runPython("sys.version.split()[0]"), site_packages: g.get("SITE"),
                               stdlib_zip: g.get("STDLIB_ZIP") }));
  const run = py.runPython(`
def run(src, name, sourceless, stdlib):
    with open(src, "rb") as f:
        data = f.read()
    out, counts = bytecode.compile_archive(data, name, sourceless=sourceless, prefix=STDLIB_ZIP if stdlib else SITE)
    with open(src + ".out", "wb") as f:
        f.write(out)
    return counts["compiled"], counts["kept_source"], counts["files"]
run
`);
  for (const job of JSON.parse(readFileSync(jobsFile, "utf8"))) {
    const name = job.in.split("/").pop();
    const src = "/hotellab_bytecode/" + name;
    py.FS.writeFile(src, readFileSync(job.in));
    const res = run(src, name, !!job.sourceless, !!job.stdlib).toJs();
    writeFileSync(job.out, py.FS.readFile(src + ".out"));
    py.FS.unlink(src);
    py.FS.unlink(src + ".out");
    console.log(JSON.stringify({ in: job.in, out: job.out, compiled: res[0], kept_source: res[1], files: res[2] }));
  }
}

main().catch((err) => {
  // the message only: Pyodide's errors can carry its whole minified source
  console.error(String((err && err.message) || err).slice(-2000));
  process.exit(1);
});
