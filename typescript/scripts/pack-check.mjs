/**
 * Pack check: `npm pack` the package (which builds it), check what the tarball holds, install it into a
 * fresh temporary project made from test-consumer/, compile that project with `tsc --strict` against
 * the installed package, and run it. Needs no network: the package has no runtime dependencies.
 *
 *   npm run pack-check
 */

import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const consumerDir = join(packageDir, "test-consumer");
const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  } catch (error) {
    process.stderr.write(error.stdout ?? "");
    throw new Error(`failed: ${[command, ...args].join(" ")}`);
  }
}

const work = mkdtempSync(join(tmpdir(), "wirechat-pack-"));
try {
  const [packed] = JSON.parse(run(npm, ["pack", "--json", "--pack-destination", work], packageDir));
  const files = packed.files.map((file) => file.path).sort();
  const required = ["package.json", "README.md", "LICENSE", "cjs/index.cjs", "dist/index.js", "dist/index.d.ts", "dist/generated/types.d.ts", "dist/generated/validators.js"];
  for (const file of required) if (!files.includes(file)) throw new Error(`the tarball lacks ${file}`);
  const stray = files.filter((file) => !(file.startsWith("dist/") || ["package.json", "README.md", "LICENSE", "cjs/index.cjs"].includes(file)));
  if (stray.length > 0) throw new Error(`the tarball holds files it should not: ${stray.join(", ")}`);
  console.log(`packed ${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} KiB (${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked)`);

  const project = join(work, "consumer");
  run("mkdir", ["-p", project], work);
  for (const file of ["package.json", "tsconfig.json", "main.ts"]) copyFileSync(join(consumerDir, file), join(project, file));
  run(npm, ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(work, packed.filename)], project);
  const installed = JSON.parse(readFileSync(join(project, "node_modules", "wirechat", "package.json"), "utf8"));
  console.log(`installed wirechat ${installed.version} into a fresh project`);

  run(process.execPath, [tsc, "-p", join(project, "tsconfig.json")], project);
  console.log("the consumer compiles under tsc --strict against the packed types");
  process.stdout.write(run(process.execPath, [join(project, "dist", "main.js")], project));
} finally {
  rmSync(work, { recursive: true, force: true });
}
