import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkReport, frameChunkGroup } from "./scripts/client-chunks.ts";
import { productionReactRouter } from "./scripts/production-react-router.ts";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [productionReactRouter(), tailwindcss(), reactRouter(), chunkReport(process.env.CHUNK_REPORT)],
  build: {
    chunkSizeWarningLimit: 700,
    // The browser's files: one frame chunk for what every page loads (scripts/client-chunks.ts).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [frameChunkGroup(import.meta.dirname)] } } },
  },
}));
