/**
 * Runs last in `npm run build`: stamps the build with the digest of its inputs (scripts/build-inputs.mjs),
 * so `npm start` serves it without building again until an input changes. `npm start` passes the digest
 * it took before building (MENTORA_BUILD_DIGEST): an edit made during the build then still counts.
 *
 *   node scripts/build-stamp.mjs
 */
import { buildDirOf, inputDigest, writeStamp } from "./build-inputs.mjs";

writeStamp(buildDirOf(), process.env.MENTORA_BUILD_DIGEST || inputDigest());
