/** Types of build-inputs.mjs, for its test. */
export const INPUT_DIRS: string[];
export const INPUT_FILES: string[];
export function inputDigest(root?: string): string;
export function buildDirOf(root?: string, env?: Record<string, string | undefined>): string;
export function staleReason(buildDir: string, digest: string): string | null;
export function writeStamp(buildDir: string, digest: string): void;
