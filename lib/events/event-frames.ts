import type { LiveEvent } from "./bus";
import { embeddingJson, isArticleEvent, type EmbeddingMatch } from "./embedding-filters";

/** A complete, unmasked WebSocket text frame (header and payload), ready to write to any client socket. */
export class WireFrame {
  constructor(readonly bytes: Buffer) {}

  static text(payload: Buffer): WireFrame {
    const n = payload.length;
    const header = n < 126 ? Buffer.alloc(2) : n < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
    header[0] = 0x81; // FIN + text opcode
    if (n < 126) header[1] = n;
    else if (n < 65536) {
      header[1] = 126;
      header.writeUInt16BE(n, 2);
    } else {
      header[1] = 127;
      header.writeBigUInt64BE(BigInt(n), 2);
    }
    return new WireFrame(Buffer.concat([header, payload]));
  }
}

/**
 * The serialised forms of one event, built once and shared by every subscriber: the broadcast message as
 * logged, and the same with the article embedding, each as a finished WebSocket frame. Only per-subscriber
 * fields (`similarity`, `matched_filter`) cost a string per subscriber, and only for subscribers with embedding
 * filters.
 */
export class EventFrames {
  private plainJson?: string;
  private plainFrame?: WireFrame;
  private embeddedJson?: string;
  private embeddedFrame?: WireFrame;

  constructor(readonly event: LiveEvent) {}

  /** The message for one subscriber: a shared frame, or a string when it carries per-subscriber fields. */
  frame(includeEmbeddings: boolean, match: EmbeddingMatch | undefined): WireFrame | string {
    const withEmbedding = includeEmbeddings && isArticleEvent(this.event.type);
    if (!match) {
      if (withEmbedding) return (this.embeddedFrame ??= WireFrame.text(Buffer.from(this.embedded())));
      return (this.plainFrame ??= WireFrame.text(Buffer.from(this.plain())));
    }
    const json = withEmbedding ? this.embedded() : this.plain();
    const extra = `"similarity":${JSON.stringify(match.similarity)},"matched_filter":${JSON.stringify(match.label)}`;
    return `${json.slice(0, -1)}${json.length > 2 ? "," : ""}${extra}}`;
  }

  private plain(): string {
    this.plainJson ??= this.event.payloadJson ?? JSON.stringify(this.event.payload ?? {});
    return this.plainJson;
  }

  private embedded(): string {
    if (this.embeddedJson === undefined) {
      const v = this.event.vector;
      // An article without a stored vector yet gets `null`, as REST does for one not computed (contract §6.15).
      const fields = `"embedding":${v ? JSON.stringify(embeddingJson(v.vector)) : "null"},"embedding_model":${JSON.stringify(v?.model ?? null)}`;
      const json = this.plain();
      this.embeddedJson = `${json.slice(0, -1)}${json.length > 2 ? "," : ""}${fields}}`;
    }
    return this.embeddedJson;
  }
}
