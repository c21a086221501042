import path from "node:path";

import { Parser } from "@asyncapi/parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EnvSchema } from "../env";
import { EVENT_TYPES, SubscribeFilters } from "../events/filters";
import { CLOSE } from "../events/ws-auth";
import { parseSubscribe } from "../events/ws-subscribe";
import { importFile } from "../ingestion/import-file";
import { generateNewswire, writeNewswireJsonl } from "../newswire";
import { openStoryClustering } from "../stories/open-clustering";
import { tempStore } from "../testing/temp-store";
import { buildAsyncApiDocument, FEED_MESSAGES } from "./build-document";
import { MESSAGE_EXAMPLES } from "./examples";
import * as messages from "./messages";
import { EVENT_MESSAGES } from "./messages";

type Json = Record<string, unknown>;

const DAY = 86_400_000;

const doc = buildAsyncApiDocument({ version: "1.0.0" });
const components = doc.components as { schemas: Record<string, Json>; messages: Record<string, Json> };
const schemas = components.schemas;

function resolve(s: Json): Json {
  const ref = s.$ref as string | undefined;
  return ref ? resolve(schemas[ref.replace("#/components/schemas/", "")] as Json) : s;
}

/** A value satisfying a JSON Schema of the document, every optional property filled in (enough for our shapes). */
function sample(raw: Json): unknown {
  const s = resolve(raw);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.anyOf)) return sample(s.anyOf[0] as Json);
  if (Array.isArray(s.allOf)) return sample(s.allOf[0] as Json);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v)]));
    }
    case "array": {
      const n = Math.max(Number(s.minItems ?? 1), 1);
      return Array.from({ length: n }, () => sample(s.items as Json));
    }
    case "string":
      return "x".repeat(Math.max(Number(s.minLength ?? 1), 1));
    case "integer":
    case "number": {
      const min = typeof s.minimum === "number" ? s.minimum : 1;
      const max = typeof s.maximum === "number" ? s.maximum : min + 1;
      return type === "integer" ? Math.ceil(min) : (min + max) / 2;
    }
    case "boolean":
      return true;
    default:
      return null;
  }
}

const filterSchema = schemas.SubscribeFilters as {
  properties: Record<string, Json>;
  additionalProperties: unknown;
};

describe("AsyncAPI document of /ws", () => {
  it("validates with the AsyncAPI parser (no errors or warnings)", async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    const problems = diagnostics
      .filter((d) => d.severity <= 1)
      .map((d) => `${d.code}: ${d.message} at ${d.path.join(".")}`);
    expect(problems).toEqual([]);
    expect(document?.version()).toBe("3.0.0");
    expect(document?.channels().get("feed")?.address()).toBe("/ws");
    expect(document?.messages().length).toBe(Object.keys(FEED_MESSAGES).length);
  });

  it("describes every event type the gateway accepts, plus the control messages", () => {
    const accepted = SubscribeFilters.shape.types.unwrap().element.options;
    expect([...accepted].sort()).toEqual([...EVENT_TYPES, "ticker.news"].sort());
    const names = Object.values(components.messages).map((m) => m.name);
    for (const t of [...accepted, "subscribe", "ping", "subscribed", "error", "pong"])
      expect(names).toContain(t);
    const receive = (doc.operations as Record<string, { messages: Array<{ $ref: string }> }>).receiveEvents;
    const received = receive?.messages.map(
      (m) => FEED_MESSAGES[m.$ref.split("/").pop() as keyof typeof FEED_MESSAGES].type,
    );
    expect(received?.sort()).toEqual([...accepted].sort());
  });

  it("lists every filter field the gateway parses, with its bounds, and no other", () => {
    expect(Object.keys(filterSchema.properties).sort()).toEqual(Object.keys(SubscribeFilters.shape).sort());
    expect(filterSchema.additionalProperties).toBe(false);
    const topics = filterSchema.properties.topics as { items: { enum: string[] } };
    expect(topics.items.enum).toEqual(["articles", "stories", "tickers"]);
  });

  it("a subscribe message built from the document's schema is accepted by the gateway's schema", async () => {
    const msg = sample(schemas.SubscribeMessage as Json) as { type: string; filters: Json };
    expect(msg.type).toBe("subscribe");
    expect(Object.keys(msg.filters).sort()).toEqual(Object.keys(SubscribeFilters.shape).sort());
    expect(messages.SubscribeMessage.safeParse(msg).success).toBe(true);
    const outcome = await parseSubscribe(tempStoreless, "pro", msg.filters);
    expect(outcome).toMatchObject({ ok: true, reply: { type: "subscribed" } });
    // Each field alone, too.
    for (const [k, v] of Object.entries(msg.filters))
      expect((await parseSubscribe(tempStoreless, "pro", { [k]: v })).ok, k).toBe(true);
  });

  it("the gateway rejects what the document's bounds rule out", async () => {
    const valid = sample(schemas.SubscribeMessage as Json) as { filters: Record<string, unknown> };
    let checked = 0;
    for (const [name, prop] of Object.entries(filterSchema.properties)) {
      const p = resolve(prop);
      if (typeof p.maxItems === "number") {
        const one = (valid.filters[name] as unknown[])[0];
        const tooMany = Array.from({ length: p.maxItems + 1 }, () => one);
        expect((await parseSubscribe(tempStoreless, "pro", { [name]: tooMany })).ok, name).toBe(false);
        checked++;
      }
    }
    expect((await parseSubscribe(tempStoreless, "pro", { unknown_field: 1 })).ok).toBe(false);
    const filter = resolve((filterSchema.properties.embedding_filters as { items: Json }).items) as {
      properties: { threshold: { minimum: number } };
    };
    const below = {
      ...(valid.filters.embedding_filters as Json[])[0],
      threshold: filter.properties.threshold.minimum - 0.01,
    };
    expect((await parseSubscribe(tempStoreless, "pro", { embedding_filters: [below] })).ok).toBe(false);
    expect(checked).toBe(8);
  });

  it("documents every close code the gateway uses", () => {
    const channel = (doc.channels as Record<string, Json>).feed as {
      description: string;
      "x-close-codes": Array<{ code: number }>;
    };
    expect(channel["x-close-codes"].map((c) => c.code).sort()).toEqual(Object.values(CLOSE).sort());
    for (const code of Object.values(CLOSE)) expect(channel.description).toContain(`| ${code} |`);
  });

  it("every message example satisfies its message schema", () => {
    const byName: Record<string, { safeParse(v: unknown): { success: boolean } }> = {
      subscribe: messages.SubscribeMessage,
      ping: messages.PingMessage,
      subscribed: messages.SubscribedMessage,
      error: messages.ErrorMessage,
      pong: messages.PongMessage,
      ...Object.fromEntries(
        Object.entries(FEED_MESSAGES)
          .filter(([, m]) => m.type in EVENT_MESSAGES)
          .map(([n, m]) => [n, EVENT_MESSAGES[m.type as keyof typeof EVENT_MESSAGES]]),
      ),
    };
    for (const name of Object.keys(FEED_MESSAGES)) {
      const examples = MESSAGE_EXAMPLES[name] ?? [];
      expect(examples.length, name).toBeGreaterThan(0);
      for (const e of examples) expect(byName[name]?.safeParse(e).success, name).toBe(true);
    }
  });
});

// parseSubscribe takes the store for future lookups; the filters themselves need none.
const tempStoreless = {} as Parameters<typeof parseSubscribe>[0];

describe("event payloads the pipeline logs", () => {
  const store = tempStore();
  const seen = new Map<string, number>();

  beforeAll(async () => {
    // A whole simulated day ending yesterday, busy enough that every one of the six event types occurs.
    const start = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
    const nw = generateNewswire({ seed: "asyncapi", start, days: 1, eventsPerDay: 90 });
    const file = path.join(store.dir, "news.jsonl");
    writeNewswireJsonl(file, nw);
    const env = EnvSchema.parse({ LEDE_DATA_DIR: store.dir, LEDE_WORD_VECTORS: "false" });
    await importFile(store, file, { clustering: await openStoryClustering(store, env) });
  }, 120_000);
  afterAll(() => store.cleanup());

  it("match the document's message schemas, for every event type the pipeline emits", async () => {
    const events = await store.events.after(0, 100_000);
    for (const e of events) {
      const schema = EVENT_MESSAGES[e.type as keyof typeof EVENT_MESSAGES];
      const parsed = schema.safeParse(e.payload);
      if (!parsed.success)
        throw new Error(
          `${e.type} #${e.id}: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`,
        );
      seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
    }
    // ticker.news too: the simulated day's crypto stories name real cryptoassets, which the ticker module tags.
    for (const t of [...EVENT_TYPES, "ticker.news"]) expect(seen.get(t), t).toBeGreaterThan(0);
  });
});
