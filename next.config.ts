import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native addons and their loaders must stay outside the bundle: they resolve .node files at run time.
  serverExternalPackages: ["better-sqlite3", "sqlite-vec", "usearch", "pino", "feedsmith"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
