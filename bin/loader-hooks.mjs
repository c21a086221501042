// Node module hooks for the `lede` command (see lede.mjs).
const EMPTY = new URL("./empty-module.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return next(specifier, context);
}
