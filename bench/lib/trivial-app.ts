import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT_DIR } from "./servers";

/**
 * Builds bench/trivial-app (its own react-router and vite config) into bench/trivial-app/build, on every
 * run: it takes a few seconds and the figures can then never come from a stale build. The product build
 * (`react-router build` at the root) never sees this app: its appDirectory is src/web.
 */
export async function buildTrivialApp(): Promise<void> {
  const cli = path.join(ROOT_DIR, "node_modules/.bin/react-router");
  const child = spawn(cli, ["build", "bench/trivial-app"], { cwd: ROOT_DIR, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`react-router build bench/trivial-app exited with ${code}\n${output.join("").trim()}`);
}
