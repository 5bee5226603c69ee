// A consumer of the installed wirechat npm package from CommonJS: require("wirechat") loads the ES module
// on Node.js 20.19+ / 22.12+; on a Node.js that cannot, it throws an error that says what to do instead.
// The second check runs this file again with require(esm) switched off and expects that error.
const { spawnSync } = require("node:child_process");
const { VERSION, decode, messageText } = require("wirechat");

const request = decode(
  '{"model": "gpt-4.1", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}]}',
  "ChatRequest",
);
const checks = [["decode a ChatRequest through require()", messageText(request.messages[0]) === "Weather?"]];
checks.push(["VERSION is the package's version", VERSION === require("wirechat/package.json").version]);
if (process.argv[2] !== "--child") {
  const child = spawnSync(process.execPath, ["--no-experimental-require-module", __filename, "--child"], { encoding: "utf8" });
  const refused = child.status !== 0 && child.stderr.includes('use import { decode } from "wirechat"');
  checks.push(["without require(esm), require() fails saying to use import", refused]);
  if (!refused) console.error(child.stderr);
}
const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
for (const name of failed) console.error(`consumer check failed: ${name}`);
console.log(`wirechat ${VERSION} (CommonJS require): ${checks.length - failed.length}/${checks.length} checks`);
process.exitCode = failed.length ? 1 : 0;
