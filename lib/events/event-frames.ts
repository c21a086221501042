import type { LiveEvent } from "./bus";
import { embeddingJson, isArticleEvent, type EmbeddingMatch } from "./embedding-filters";

/**
 * The serialised forms of one event, built once and shared by every subscriber: the broadcast message as
 * logged, and the same with the article embedding. Only per-subscriber fields (`similarity`, `matched_filter`)
 * cost a string per subscriber, and only for subscribers with embedding filters.
 */
export class EventFrames {
  private plainJson?: string;
  private plainBuf?: Buffer;
  private embeddedJson?: string;
  private embeddedBuf?: Buffer;

  constructor(readonly event: LiveEvent) {}

  /** The message for one subscriber: a shared Buffer, or a string when it carries per-subscriber fields. */
  frame(includeEmbeddings: boolean, match: EmbeddingMatch | undefined): Buffer | string {
    const withEmbedding = includeEmbeddings && isArticleEvent(this.event.type);
    if (!match) return withEmbedding ? this.embeddedBuffer() : this.plainBuffer();
    const json = withEmbedding ? this.embedded() : this.plain();
    const extra = `"similarity":${JSON.stringify(match.similarity)},"matched_filter":${JSON.stringify(match.label)}`;
    return `${json.slice(0, -1)}${json.length > 2 ? "," : ""}${extra}}`;
  }

  private plain(): string {
    this.plainJson ??= JSON.stringify(this.event.payload ?? {});
    return this.plainJson;
  }

  private plainBuffer(): Buffer {
    this.plainBuf ??= Buffer.from(this.plain());
    return this.plainBuf;
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

  private embeddedBuffer(): Buffer {
    this.embeddedBuf ??= Buffer.from(this.embedded());
    return this.embeddedBuf;
  }
}
