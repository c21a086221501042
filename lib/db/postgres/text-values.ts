// What PostgreSQL cannot hold that SQLite can, at the boundary of the repositories.
//
// U+0000: PostgreSQL text never contains it ("invalid byte sequence for encoding UTF8: 0x00" fails the whole
// statement), while SQLite stores and compares it like any character. A request's slug, url_hash, category or query
// can carry one (percent-encoded %00); on SQLite it matches nothing, or is a separator to the search tokenizer. Every
// text parameter of the PostgreSQL store therefore has its U+0000 replaced by U+FFFD, the replacement character: a
// lookup still matches nothing, a search query still splits there, and a write stores what it can instead of failing.
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from "kysely";

const NUL = "\u0000";

/** The value with every U+0000 of a string (also inside arrays) replaced by U+FFFD; anything else as it is. */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return (value.includes(NUL) ? value.replaceAll(NUL, "\ufffd") : value) as T;
  if (Array.isArray(value)) {
    const out = value.map(withoutNul);
    return (out.some((v, i) => v !== value[i]) ? out : value) as T;
  }
  return value;
}

class NulTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = withoutNul(node.values);
    return values === node.values ? node : { ...node, values };
  }
}

/** The Kysely plugin doing it for every query of the store. */
export class NoNulTextPlugin implements KyselyPlugin {
  readonly #transformer = new NulTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Whether a bigint id column can hold `id`: a request's id may be any number (1e30), SQLite simply finds no row. */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id);
}
