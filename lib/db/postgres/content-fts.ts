// FTS5 match expressions (as lib/search builds them) → PostgreSQL tsquery text for to_tsquery('lede_search', …).
//
// The expressions lib/search writes: double-quoted strings (inner quotes doubled) standing for a phrase of the
// words in them, an optional `*` after a string (its last word a prefix), `title :` (a column filter), AND, OR,
// NOT (binary: and not) and parentheses. Words are cut as unicode61 cuts them (runs of letters and digits), as
// lede_search_words cuts the stored text (migration 20), and each word is passed to to_tsquery single-quoted, so it
// is normalised (unaccented, stemmed) by the same configuration as the stored text and never read as syntax.

/** Column weights of the search vector (migration 20). */
const COLUMN_WEIGHT: Record<string, string> = { title: "A", excerpt: "B", body: "C" };

type Node =
  | { kind: "phrase"; words: string[]; prefix: boolean }
  | { kind: "and" | "or"; items: Node[] }
  | { kind: "not"; left: Node; right: Node }
  | { kind: "column"; weight: string; node: Node };

type Token = { t: "str"; text: string } | { t: "op"; op: "AND" | "OR" | "NOT" | "(" | ")" | ":" | "*" };

const WORD = /[\p{L}\p{N}]+/gu;

function tokenize(expr: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"') {
      let text = "";
      i++;
      for (;;) {
        if (i >= expr.length) throw new Error(`unterminated string in search expression: ${expr}`);
        if (expr[i] === '"') {
          if (expr[i + 1] === '"') {
            text += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += expr[i++];
      }
      out.push({ t: "str", text });
    } else if (c === "(" || c === ")" || c === ":" || c === "*") {
      out.push({ t: "op", op: c });
      i++;
    } else {
      // A bareword: letters, digits, underscores and non-ASCII characters (FTS5's bareword alphabet).
      const m = /^[\p{L}\p{N}_\u0080-\uffff]+/u.exec(expr.slice(i));
      if (!m) throw new Error(`unexpected ${JSON.stringify(c)} in search expression: ${expr}`);
      const word = m[0];
      if (word === "AND" || word === "OR" || word === "NOT") out.push({ t: "op", op: word });
      else out.push({ t: "str", text: word });
      i += word.length;
    }
  }
  return out;
}

function parse(expr: string): Node {
  const toks = tokenize(expr);
  let p = 0;
  const peek = () => toks[p];
  const isOp = (op: string) => {
    const t = peek();
    return t?.t === "op" && t.op === op;
  };
  const orExpr = (): Node => {
    const items = [andExpr()];
    while (isOp("OR")) {
      p++;
      items.push(andExpr());
    }
    return items.length === 1 ? items[0]! : { kind: "or", items };
  };
  const andExpr = (): Node => {
    const items = [notExpr()];
    for (;;) {
      if (isOp("AND")) {
        p++;
        items.push(notExpr());
        continue;
      }
      const t = peek();
      // Juxtaposition is an implicit AND.
      if (t && (t.t === "str" || (t.t === "op" && t.op === "("))) {
        items.push(notExpr());
        continue;
      }
      break;
    }
    return items.length === 1 ? items[0]! : { kind: "and", items };
  };
  const notExpr = (): Node => {
    let left = primary();
    while (isOp("NOT")) {
      p++;
      left = { kind: "not", left, right: primary() };
    }
    return left;
  };
  const primary = (): Node => {
    const t = toks[p++];
    if (!t) throw new Error(`search expression ends early: ${expr}`);
    if (t.t === "op" && t.op === "(") {
      const node = orExpr();
      if (!isOp(")")) throw new Error(`unbalanced parenthesis in search expression: ${expr}`);
      p++;
      return node;
    }
    if (t.t !== "str") throw new Error(`unexpected ${t.op} in search expression: ${expr}`);
    if (isOp(":")) {
      p++;
      const weight = COLUMN_WEIGHT[t.text];
      if (!weight) throw new Error(`unknown column ${t.text} in search expression: ${expr}`);
      return { kind: "column", weight, node: primary() };
    }
    const prefix = isOp("*");
    if (prefix) p++;
    return { kind: "phrase", words: t.text.match(WORD) ?? [], prefix };
  };
  const node = orExpr();
  if (p !== toks.length) throw new Error(`unexpected text in search expression: ${expr}`);
  return node;
}

/** tsquery text of a node; null for a node that can match nothing (a string without words). */
function emit(n: Node, weight: string): string | null {
  switch (n.kind) {
    case "phrase": {
      if (n.words.length === 0) return null;
      const last = n.words.length - 1;
      const parts = n.words.map((w, i) => {
        const flags = (i === last && n.prefix ? "*" : "") + weight;
        return `'${w}'${flags ? `:${flags}` : ""}`;
      });
      return parts.length === 1 ? parts[0]! : `(${parts.join(" <-> ")})`;
    }
    case "column":
      return emit(n.node, n.weight);
    case "and": {
      const items = n.items.map((x) => emit(x, weight));
      return items.some((x) => x === null) ? null : `(${items.join(" & ")})`;
    }
    case "or": {
      const items = n.items.map((x) => emit(x, weight)).filter((x): x is string => x !== null);
      return items.length === 0 ? null : items.length === 1 ? items[0]! : `(${items.join(" | ")})`;
    }
    case "not": {
      const left = emit(n.left, weight);
      if (left === null) return null;
      const right = emit(n.right, weight);
      return right === null ? left : `(${left} & !${right})`;
    }
  }
}

/**
 * The tsquery text (for `to_tsquery('lede_search', $1)`) of an FTS5 expression lib/search built; null when it can
 * match nothing. Throws on text that is not such an expression.
 */
export function ftsToTsquery(expr: string): string | null {
  return emit(parse(expr), "");
}
