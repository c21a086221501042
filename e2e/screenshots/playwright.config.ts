import { defineConfig } from "@playwright/test";

import base from "../../playwright.config";

// The documentation's screenshots (`npm run screenshots`): the main config's browser and launch flags, apart from
// the e2e run (which ignores this folder) so the normal suite is not slowed by the extra import and full-page shots.
export default defineConfig({
  ...base,
  testDir: ".",
  testIgnore: [],
  outputDir: "../../test-results/screenshots",
  timeout: 180_000,
});
