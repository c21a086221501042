import type { RefOperation } from "./reference-view";

export interface SnippetInput {
  baseUrl: string;
  op: Pick<RefOperation, "method" | "path" | "auth" | "params">;
  /** Parameter values as typed; empty ones are left out. */
  values: Record<string, string>;
  body: string | null;
  /** The key to write into the snippet when it is public (the demo key); otherwise the snippet reads LEDE_KEY. */
  literalKey?: string;
  /** The start of the user's own key, named in a comment so they know which key LEDE_KEY means. */
  keyHint?: string;
}

/** The request path with path parameters filled in and query parameters appended, both URL-encoded. */
export function requestPath(input: Pick<SnippetInput, "op" | "values">): string {
  let path = input.op.path;
  const query = new URLSearchParams();
  for (const p of input.op.params) {
    const v = input.values[p.name]?.trim();
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(v || `{${p.name}}`));
    else if (p.in === "query" && v) query.set(p.name, v);
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function compactJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body;
  }
}

export function curlSnippet(i: SnippetInput): string {
  const url = `${i.baseUrl}${requestPath(i)}`;
  const lines: string[] = [];
  if (i.op.auth) {
    if (i.literalKey) lines.push(`export LEDE_KEY=${i.literalKey}`);
    else if (i.keyHint) lines.push(`# LEDE_KEY holds your key ${i.keyHint}…`);
  }
  const args = [`curl${i.op.method === "POST" ? " -X POST" : ""}`];
  if (i.op.auth) args.push(`-H "Authorization: Bearer $LEDE_KEY"`);
  if (i.op.method === "POST" && i.body) {
    args.push(`-H "Content-Type: application/json"`, `-d ${shellQuote(compactJson(i.body))}`);
  }
  args.push(`"${url}"`);
  lines.push(args.join(" \\\n  "));
  return lines.join("\n");
}

export function typescriptSnippet(i: SnippetInput): string {
  const url = `${i.baseUrl}${requestPath(i)}`;
  const key = i.literalKey ? JSON.stringify(i.literalKey) : "process.env.LEDE_KEY";
  const headers: string[] = [];
  if (i.op.auth) headers.push(`Authorization: \`Bearer \${${key}}\``);
  if (i.op.method === "POST" && i.body) headers.push(`"Content-Type": "application/json"`);
  const opts = [
    i.op.method === "POST" ? `  method: "POST",` : null,
    headers.length ? `  headers: { ${headers.join(", ")} },` : null,
    i.op.method === "POST" && i.body ? `  body: JSON.stringify(${compactJson(i.body)}),` : null,
  ].filter(Boolean);
  const hint = !i.literalKey && i.keyHint && i.op.auth ? `// LEDE_KEY holds your key ${i.keyHint}…\n` : "";
  const call = opts.length
    ? `await fetch(${JSON.stringify(url)}, {\n${opts.join("\n")}\n})`
    : `await fetch(${JSON.stringify(url)})`;
  return `${hint}const res = ${call};\nif (!res.ok) throw new Error((await res.json()).error.message);\nconst data = await res.json();`;
}

export function pythonSnippet(i: SnippetInput): string {
  const url = `${i.baseUrl}${requestPath(i)}`;
  const key = i.literalKey ? JSON.stringify(i.literalKey) : 'os.environ["LEDE_KEY"]';
  const lines = [i.literalKey || !i.op.auth ? "import requests" : "import os\n\nimport requests", ""];
  if (!i.literalKey && i.keyHint && i.op.auth) lines.push(`# LEDE_KEY holds your key ${i.keyHint}…`);
  const args = [JSON.stringify(url)];
  if (i.op.auth) args.push(`headers={"Authorization": f"Bearer {${key}}"}`);
  if (i.op.method === "POST" && i.body) args.push(`json=${pythonLiteral(compactJson(i.body))}`);
  lines.push(`res = requests.${i.op.method === "POST" ? "post" : "get"}(${args.join(", ")}, timeout=30)`);
  lines.push("res.raise_for_status()", "data = res.json()");
  return lines.join("\n");
}

/** JSON text as a Python literal (true/false/null spelled the Python way). */
function pythonLiteral(json: string): string {
  try {
    const walk = (v: unknown): string =>
      v === null
        ? "None"
        : v === true
          ? "True"
          : v === false
            ? "False"
            : Array.isArray(v)
              ? `[${v.map(walk).join(", ")}]`
              : typeof v === "object"
                ? `{${Object.entries(v as Record<string, unknown>)
                    .map(([k, x]) => `${JSON.stringify(k)}: ${walk(x)}`)
                    .join(", ")}}`
                : JSON.stringify(v);
    return walk(JSON.parse(json));
  } catch {
    return json;
  }
}
