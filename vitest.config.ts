import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // Outside Next's bundler the server-only marker throws on import; in tests it is an empty module.
      "server-only": fileURLToPath(new URL("./bin/empty-module.mjs", import.meta.url)),
    },
  },
  test: {
    include: ["{lib,app,cli,bench}/**/*.test.ts", "server.test.ts", "clients/typescript/test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
  },
});
