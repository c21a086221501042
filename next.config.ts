import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native addons and their loaders must stay outside the bundle: they resolve .node files at run time.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "usearch", "pino", "feedsmith", "pg", "kysely"],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm run check` type-checks the whole project (app, lib, benches, tests) before the build in every test run;
  // the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
