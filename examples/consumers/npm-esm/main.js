// A consumer of the installed wirechat npm package, as an ES module (the README's install steps run it).
import { VERSION, decode, encode, messageText, WireError } from "wirechat";
import { createRequire } from "node:module";

const installed = createRequire(import.meta.url)("wirechat/package.json").version;
const request = decode(
  '{"model": "gpt-4.1", "messages": [{"role": "user", "parts": [{"type": "text", "text": "Weather?"}]}]}',
  "ChatRequest",
);
const checks = [
  ["decode a ChatRequest", messageText(request.messages[0]) === "Weather?"],
  ["encode it back", encode(request, "ChatRequest").includes('"model":"gpt-4.1"')],
  ["VERSION is the package's version", VERSION === installed],
];
try {
  decode('{"role": "robot", "parts": []}', "Message");
  checks.push(["an invalid Message is refused", false]);
} catch (error) {
  checks.push(["an invalid Message is refused, naming /role", error instanceof WireError && String(error.message).includes("/role")]);
}
const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
for (const name of failed) console.error(`consumer check failed: ${name}`);
console.log(`wirechat ${VERSION} (ESM import): ${checks.length - failed.length}/${checks.length} checks`);
process.exitCode = failed.length ? 1 : 0;
