import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// No Tailwind, no CSS: the trivial page measures the adapter and React Router's own cost, nothing of ours.
export default defineConfig({
  plugins: [reactRouter()],
  logLevel: "warn",
});
