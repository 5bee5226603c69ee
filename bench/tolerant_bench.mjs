// Tolerant against strict decoding in TypeScript, in one process (see tolerant_bench.py). On demand:
//   npm run build --prefix typescript && node bench/tolerant_bench.mjs
import { decode, decodeTolerant } from "../typescript/dist/index.js";
function doc(v11) {
  const messages = [];
  for (let i = 0; i < 50; i++) {
    const m = { role: "user", parts: [{ type: "text", text: "hello world ".repeat(10) }] };
    if (v11) { m.created_at = "2026-11-24T22:00:00Z"; m.parts.push({ type: "video", video: { source: "url", url: "https://x.test/v.mp4" } }); }
    messages.push(m);
  }
  return JSON.stringify({ model: "m", messages });
}
function best(f, n = 300) { let b = Infinity; for (let r = 0; r < 5; r++) { const t = performance.now(); for (let i = 0; i < n; i++) f(); b = Math.min(b, (performance.now() - t) / n); } return b * 1000; }
const v10 = doc(false), v11 = doc(true);
const s = best(() => decode(v10, "ChatRequest")), t10 = best(() => decodeTolerant(v10, "ChatRequest")), t11 = best(() => decodeTolerant(v11, "ChatRequest"));
console.log(`strict v1.0 ${s.toFixed(1)} us; tolerant v1.0 ${t10.toFixed(1)} us (${(t10 / s).toFixed(2)}x); tolerant v1.1 ${t11.toFixed(1)} us (${(t11 / s).toFixed(2)}x)`);
