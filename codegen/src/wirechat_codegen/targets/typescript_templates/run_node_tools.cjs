/*
 * Runs the two npm tools of the TypeScript target for wirechat-codegen: json-schema-to-typescript (types)
 * and ajv's standalone compiler (validators). Both are loaded from the typescript/ package's node_modules,
 * whose versions package-lock.json pins, so the output is a function of the schema and the lock file.
 *
 * Usage: node run_node_tools.cjs <typescript package dir> <request.json>
 * The request holds {typesSchema, typesOptions, ajvSchema, ajvOptions, exports}; the answer, on stdout,
 * is JSON {types, validators, versions}. Everything the output looks like is decided by the Python side.
 */
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");

async function main() {
  const [packageDir, requestPath] = process.argv.slice(2);
  const load = createRequire(path.join(path.resolve(packageDir), "package.json"));
  const request = JSON.parse(fs.readFileSync(requestPath, "utf8"));

  const { compile } = load("json-schema-to-typescript");
  const types = await compile(request.typesSchema, request.typesSchema.title, {
    ...request.typesOptions,
    cwd: path.resolve(packageDir),
  });

  const Ajv2020 = load("ajv/dist/2020").default;
  const standaloneCode = load("ajv/dist/standalone").default;
  const ajv = new Ajv2020({ ...request.ajvOptions, code: { source: true, esm: true, lines: true } });
  ajv.addSchema(request.ajvSchema);
  const validators = standaloneCode(ajv, request.exports);

  const versions = {};
  for (const name of ["json-schema-to-typescript", "ajv"]) {
    versions[name] = load(`${name}/package.json`).version;
  }
  process.stdout.write(JSON.stringify({ types, validators, versions }));
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
