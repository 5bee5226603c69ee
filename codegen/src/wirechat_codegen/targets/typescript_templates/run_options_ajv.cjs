/*
 * Compiles the adapters' provider-options schemas with ajv's standalone compiler for wirechat-codegen's
 * typescript-tables target (decision 034). ajv is loaded from the typescript/ package's node_modules,
 * whose version package-lock.json pins, so the output is a function of the schemas and the lock file.
 *
 * Usage: node run_options_ajv.cjs <typescript package dir> <request.json>
 * The request holds {schemas: {export name: schema}, ajvOptions}; the answer, on stdout, is JSON
 * {validators, version}. Everything the output looks like is decided by the Python side.
 */
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");

const load = createRequire(path.join(path.resolve(process.argv[2]), "package.json"));
const request = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const Ajv2020 = load("ajv/dist/2020").default;
const standaloneCode = load("ajv/dist/standalone").default;
const ajv = new Ajv2020({ ...request.ajvOptions, code: { source: true, esm: true, lines: true } });
const refs = {};
for (const [name, schema] of Object.entries(request.schemas)) {
  try {
    ajv.addSchema(schema, `options:${name}`);
    ajv.getSchema(`options:${name}`);
  } catch (error) {
    process.stderr.write(`the options schema of ${name} does not compile: ${error.message}\n`);
    process.exit(1);
  }
  refs[name] = `options:${name}`;
}
const validators = standaloneCode(ajv, refs);
process.stdout.write(JSON.stringify({ validators, version: load("ajv/package.json").version }));
