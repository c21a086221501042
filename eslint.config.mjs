import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layering rule of CONVENTIONS §1: domain code in lib/ never depends on Next, React, the app or the HTTP edge.
const domainRestrictions = {
  patterns: [
    { group: ["next", "next/*"], message: "lib/<domain> must load in a plain Node test: no Next imports." },
    { group: ["react", "react-dom", "react/*"], message: "lib/<domain> is framework-free: no React." },
    {
      group: ["@/app/*", "@/components/*", "**/app/*", "**/components/*"],
      message: "lib/ never imports app/ or components/.",
    },
    {
      group: ["@/lib/api/*", "../api/*", "../../api/*"],
      message: "lib/api depends on domains, never the reverse.",
    },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "clients/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import/no-anonymous-default-export": "off",
    },
  },
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/api/**", "lib/testing/**"],
    rules: { "no-restricted-imports": ["error", domainRestrictions] },
  },
];

export default config;
