import { closeCodes } from "./close-codes";
import { asyncApiSchemas } from "./components";
import { MESSAGE_EXAMPLES } from "./examples";

type Json = Record<string, unknown>;

export interface AsyncApiInfo {
  version: string;
}

/** Message component name → the `type` it carries, the schema of its payload and a one-line summary. */
export const FEED_MESSAGES = {
  subscribe: { type: "subscribe", schema: "SubscribeMessage", summary: "Subscribe, or replace the filters" },
  ping: { type: "ping", schema: "PingMessage", summary: "Application-level ping (for browsers)" },
  subscribed: { type: "subscribed", schema: "SubscribedMessage", summary: "The subscription is active" },
  error: { type: "error", schema: "ErrorMessage", summary: "A refused message or connection" },
  pong: { type: "pong", schema: "PongMessage", summary: "The answer to a ping message" },
  itemNew: { type: "item.new", schema: "ItemNewMessage", summary: "A new article" },
  itemEnriched: { type: "item.enriched", schema: "ItemEnrichedMessage", summary: "An enriched article" },
  storyDevelopment: {
    type: "story.development",
    schema: "StoryDevelopmentMessage",
    summary: "A story developed",
  },
  storyPriorityChanged: {
    type: "story.priority_changed",
    schema: "PriorityChangedMessage",
    summary: "A story's priority changed",
  },
  clusterEvent: {
    type: "cluster.event",
    schema: "ClusterEventMessage",
    summary: "A story was created, merged or split",
  },
  clustersRanked: {
    type: "clusters.ranked",
    schema: "ClustersRankedMessage",
    summary: "The top stories changed",
  },
  tickerNews: {
    type: "ticker.news",
    schema: "TickerNewsMessage",
    summary: "Securities a story affects (pro)",
  },
} as const;

type MessageName = keyof typeof FEED_MESSAGES;

const EVENT_MESSAGE_NAMES: MessageName[] = [
  "itemNew",
  "itemEnriched",
  "storyDevelopment",
  "storyPriorityChanged",
  "clusterEvent",
  "clustersRanked",
  "tickerNews",
];

const channelMessage = (name: MessageName) => ({ $ref: `#/channels/feed/messages/${name}` });

function message(name: MessageName): Json {
  const m = FEED_MESSAGES[name];
  const examples = MESSAGE_EXAMPLES[name];
  return {
    name: m.type,
    title: m.type,
    summary: m.summary,
    contentType: "application/json",
    payload: { $ref: `#/components/schemas/${m.schema}` },
    ...(examples ? { examples: examples.map((payload) => ({ payload })) } : {}),
  };
}

function closeCodeTable(): string {
  const rows = closeCodes().map((c) => `| ${c.code} | ${c.meaning} | ${c.reconnect} |`);
  return ["| Close code | Meaning | Reconnect? |", "|---|---|---|", ...rows].join("\n");
}

const CHANNEL_DESCRIPTION = `The live feed. Authenticate with \`?token=<key>\` (browsers) or an \`Authorization: Bearer\`
header on the upgrade; the key needs a paid plan (starter or above) and the \`ws:connect\` scope. A refused connection
is accepted, sent one \`error\` message, then closed with a code below. Nothing is sent before the first \`subscribe\`;
each \`subscribe\` replaces the previous filters, and the server keeps no subscription across connections, so a
reconnecting client re-sends it. Add \`since_id=<last event id seen>\` to receive, after the first \`subscribe\`, the
missed events that match (at most 1,000, oldest first) before live ones; a larger gap gets an \`error\` with code
\`resume_gap_too_large\`.

Heartbeat: the server sends a ping frame every 30 s and closes a connection silent for 90 s (4008); clients send ping
frames, or \`{"type":"ping"}\` messages where frames are unavailable. Reconnect with a backoff of 1 s × 2^attempt,
capped at 30 s, plus 0–25 % jitter.

${closeCodeTable()}`;

/** The AsyncAPI 3.0 document of /ws, generated from the zod schemas the gateway parses with (contract §8, §9). */
export function buildAsyncApiDocument(info: AsyncApiInfo): Json {
  const messages = Object.fromEntries(
    (Object.keys(FEED_MESSAGES) as MessageName[]).map((n) => [n, { $ref: `#/components/messages/${n}` }]),
  );
  return {
    asyncapi: "3.0.0",
    info: {
      title: "Lede realtime feed",
      version: info.version,
      description:
        "Live news events over WebSocket: new and enriched articles, story developments, priority changes, story " +
        "lifecycle, rankings and ticker news, filtered per subscription. REST is described at /v1/openapi.json.",
      license: { name: "Apache-2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" },
    },
    defaultContentType: "application/json",
    servers: {
      production: {
        host: "{host}",
        protocol: "wss",
        description: "A Lede deployment behind TLS",
        variables: { host: { default: "localhost:3000", description: "host and port of the deployment" } },
        security: [
          { $ref: "#/components/securitySchemes/token" },
          { $ref: "#/components/securitySchemes/bearer" },
        ],
      },
      development: {
        host: "localhost:3000",
        protocol: "ws",
        description: "`lede start` on this machine",
        security: [
          { $ref: "#/components/securitySchemes/token" },
          { $ref: "#/components/securitySchemes/bearer" },
        ],
      },
    },
    channels: {
      feed: {
        address: "/ws",
        title: "Live feed",
        description: CHANNEL_DESCRIPTION,
        messages,
        bindings: {
          ws: {
            method: "GET",
            query: {
              type: "object",
              properties: {
                token: {
                  type: "string",
                  description: "the API key",
                  pattern: "^lede_(live|test)_[0-9a-f]{64}$",
                },
                since_id: {
                  type: "string",
                  pattern: "^[0-9]+$",
                  description: "the id of the last event seen: resume after it",
                },
              },
            },
            headers: {
              type: "object",
              properties: {
                Authorization: {
                  type: "string",
                  description: "`Bearer <key>`, instead of ?token= (non-browser clients)",
                },
              },
            },
            bindingVersion: "0.1.0",
          },
        },
        "x-close-codes": closeCodes(),
      },
    },
    operations: {
      subscribe: {
        action: "send",
        channel: { $ref: "#/channels/feed" },
        summary: "Subscribe with filters; each subscribe replaces the previous one (at most 10 a minute)",
        messages: [channelMessage("subscribe")],
        reply: {
          channel: { $ref: "#/channels/feed" },
          messages: [channelMessage("subscribed"), channelMessage("error")],
        },
      },
      ping: {
        action: "send",
        channel: { $ref: "#/channels/feed" },
        summary: "Keep the connection alive where ping frames are unavailable",
        messages: [channelMessage("ping")],
        reply: { channel: { $ref: "#/channels/feed" }, messages: [channelMessage("pong")] },
      },
      receiveEvents: {
        action: "receive",
        channel: { $ref: "#/channels/feed" },
        summary: "Events matching the current subscription",
        messages: EVENT_MESSAGE_NAMES.map(channelMessage),
      },
      receiveErrors: {
        action: "receive",
        channel: { $ref: "#/channels/feed" },
        summary: "Errors: refused messages, refused connections (before the close), resume gaps",
        messages: [channelMessage("error")],
      },
    },
    components: {
      schemas: asyncApiSchemas(),
      messages: Object.fromEntries((Object.keys(FEED_MESSAGES) as MessageName[]).map((n) => [n, message(n)])),
      securitySchemes: {
        token: { type: "httpApiKey", name: "token", in: "query", description: "The API key as ?token=" },
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The API key as a Bearer token on the upgrade",
        },
      },
    },
  };
}
