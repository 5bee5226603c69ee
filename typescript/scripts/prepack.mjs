/**
 * prepack (npm pack, npm publish): build dist/ with tsc, a dev dependency. On a fresh clone where
 * `npm ci` has not run, say so instead of the shell's "tsc: not found". Copies the repository's LICENSE
 * in (npm packs only files inside the package folder; typescript/LICENSE is ignored by git).
 */

import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const tsc = join(packageDir, "node_modules", "typescript", "bin", "tsc");
if (!existsSync(tsc)) {
  console.error(
    `wirechat: npm pack builds dist/ with the TypeScript compiler, a dev dependency that is not installed ` +
      `(${tsc} is missing): run \`npm ci\` in ${packageDir} first, then npm pack again`,
  );
  process.exit(1);
}
execFileSync(process.execPath, [tsc, "-p", join(packageDir, "tsconfig.json")], { cwd: packageDir, stdio: "inherit" });
copyFileSync(join(packageDir, "..", "LICENSE"), join(packageDir, "LICENSE"));
