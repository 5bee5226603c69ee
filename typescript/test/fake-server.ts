/**
 * Test support: the Python `wirechat serve-fake` server, started on a free port with a script of turns.
 * The executable is `$WIRECHAT_BIN`, else the repository's `.venv-dev/bin/wirechat` or `.nox/pytest/bin/wirechat`,
 * else `wirechat` on PATH; `fakeServerMissing()` says why the client tests are skipped when none exists.
 */

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./support.js";

function findBinary(): string | undefined {
  const candidates = [process.env["WIRECHAT_BIN"], join(repoRoot(), ".venv-dev", "bin", "wirechat"), join(repoRoot(), ".nox", "pytest", "bin", "wirechat")];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  const found = spawnSync("wirechat", ["--help"], { stdio: "ignore" });
  return found.status === 0 ? "wirechat" : undefined;
}

export const WIRECHAT_BIN = findBinary();

/** Why the server tests cannot run, or false. */
export function fakeServerMissing(): string | false {
  return WIRECHAT_BIN === undefined ? "no wirechat executable: set WIRECHAT_BIN, or run ./dev pytest once to make .nox/pytest" : false;
}

export interface FakeServer {
  url: string;
  stop(): Promise<void>;
}

/** Start `serve-fake PROVIDER` with `turns` (one per request) and extra arguments; resolves with its URL. */
export async function startFake(provider: string, turns: unknown[], extra: string[] = []): Promise<FakeServer> {
  const dir = mkdtempSync(join(tmpdir(), "wirechat-ts-"));
  const script = join(dir, "turns.json");
  writeFileSync(script, JSON.stringify(turns));
  const child: ChildProcess = spawn(WIRECHAT_BIN!, ["serve-fake", provider, "--port", "0", "--script", script, ...extra], { stdio: ["ignore", "pipe", "pipe"] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const onData = (data: Buffer) => {
      seen += data.toString();
      const found = /listening on (http:\/\/\S+)/.exec(seen);
      if (found) resolve(found[1]!.replace(/\/+$/, ""));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`serve-fake exited with ${code} before listening: ${seen}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
