// The report site is rendered from a precomputed Report; see DESIGN.md §5.
import { defineConfig } from "astro/config";
import react from "@astrojs/react";

export default defineConfig({
  integrations: [react()],
  output: "static",
});
