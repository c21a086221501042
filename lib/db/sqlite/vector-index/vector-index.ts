import type { HnswParams, HnswSet } from "./hnsw-set";
import { loadIndex, saveIndex } from "./index-files";
import { IndexGraphs } from "./index-graphs";
import type { SourceHead, VectorSource } from "./vector-source";

export interface VectorIndexOptions {
  /** Directory of the index files; null keeps the index in memory only (in-memory databases). */
  dir: string | null;
  params: HnswParams;
  /** A second graph over the rows of the last `recentMs` (by time), searched by windows inside it; null for none. */
  recentMs: number | null;
  /** A backlog of up to this many changes is applied before answering; a bigger one in the background. */
  inlineLimit: number;
  /** Background work per event-loop turn; rows per page read and per usearch call. */
  sliceMs: number;
  batch: number;
  /** Save after this many applied changes (at most once per `saveIntervalMs`), and after every rebuild. */
  saveEvery: number;
  saveIntervalMs: number;
  /** Log entries kept behind a saved index, so a process whose index lags less than that can still replay them. */
  logKeep: number;
  now: () => number;
  log: (msg: string, fields?: Record<string, unknown>) => void;
}

/** The recent graph is moved forward once its start lags this far behind `now − recentMs`. */
const RECENT_STEP_MS = 86_400_000;
const PROGRESS_EVERY_MS = 15_000;
/** After a failed build, queries search exactly for this long before the index is tried again. */
const RETRY_MS = 60_000;

/**
 * One kind's approximate index (articles or stories), kept in step with SQLite, the source of truth. It replays the
 * change log (any process's writes) before answering; it is rebuilt from SQLite when its files are missing or
 * cannot be trusted, in slices in the background, during which `ready()` says no and callers search exactly.
 */
export class VectorIndex {
  private state: "cold" | "ready" | "busy" = "cold";
  /** How the graphs in use came to be: read from the files, or rebuilt from SQLite. */
  origin: "none" | "loaded" | "rebuilt" = "none";
  private graphs: IndexGraphs;
  private seq = 0;
  private maxRowid = 0;
  private dirty = 0;
  private lastSave = 0;
  private saveQueued = false;
  /** Whether the graphs differ from the files (a rebuild, or changes applied since the last save). */
  private unsaved = false;
  private job: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  private retryAt = 0;

  constructor(
    private readonly src: VectorSource & { alive(): boolean },
    private readonly opts: VectorIndexOptions,
  ) {
    this.graphs = IndexGraphs.empty(opts.params, null);
  }

  /**
   * Whether the index can answer now. Catches up first when the backlog is small; a big one (or a rebuild) goes on
   * in the background and this says false meanwhile.
   */
  ready(): boolean {
    if (this.state === "busy") return false;
    if (this.state === "cold") return this.opts.now() >= this.retryAt && this.guard(() => this.open());
    if (this.opts.recentMs !== null) {
      const from = this.opts.now() - this.opts.recentMs;
      if (from - this.graphs.recentFrom >= RECENT_STEP_MS) {
        this.graphs.advanceRecent(from);
        this.dirty++;
        this.unsaved = true;
      }
    }
    return this.guard(() => this.catchUp());
  }

  /** After this process wrote vectors: an index already in use catches up now rather than at the next query. */
  refreshIfOpen(): void {
    if (this.state === "ready") this.ready();
  }

  /** The graph holding every indexed row with time ≥ `since`, and how many such rows there are. */
  window(since: number): { set: HnswSet; rows: number } {
    return this.graphs.window(since);
  }

  timeOf(id: number): number {
    return this.graphs.times.get(id);
  }

  get size(): number {
    return this.graphs.size;
  }

  /** Writes the index files now (a no-op in memory or while not ready), then prunes the log behind them. */
  save(): void {
    this.saveQueued = false;
    const dir = this.opts.dir;
    if (!dir || this.state !== "ready" || !this.src.alive()) return;
    this.unsaved = false;
    const g = this.graphs;
    saveIndex(
      dir,
      { full: g.full, recent: g.recent, times: g.times },
      {
        kind: this.src.kind,
        params: this.opts.params,
        seq: this.seq,
        maxRowid: this.maxRowid,
        recentFrom: g.recent ? g.recentFrom : null,
        zeros: [...g.zeros],
      },
    );
    this.dirty = 0;
    this.lastSave = this.opts.now();
    try {
      this.src.pruneLog(this.seq - this.opts.logKeep);
    } catch {
      // A read-only or busy connection: a later save prunes.
    }
  }

  /** Resolves once the index answers (after loading, rebuilding or catching up, in the background if need be). */
  async whenReady(): Promise<void> {
    while (!this.ready()) {
      await this.job;
      if (this.failure) throw this.failure;
    }
  }

  /** Rebuilds from SQLite, whatever the files say; resolves when done. */
  async rebuild(): Promise<void> {
    if (this.state === "busy") await this.job;
    this.startRebuild();
    await this.whenReady();
  }

  /** Runs a step; a failure (say, out of memory in usearch) leaves the index cold and callers searching exactly. */
  private guard(step: () => boolean): boolean {
    try {
      return step();
    } catch (err) {
      this.fail(err);
      return false;
    }
  }

  private fail(err: unknown): void {
    this.state = "cold";
    this.failure = err;
    this.retryAt = this.opts.now() + RETRY_MS;
    if (this.src.alive()) this.opts.log("vector index: failed", { kind: this.src.kind, err: String(err) });
  }

  private open(): boolean {
    const saved = this.opts.dir ? loadIndex(this.opts.dir, this.src.kind, this.opts.params) : null;
    const head = this.src.head();
    const oldest = this.src.oldestSeq();
    // Usable when the database has not gone back in time and the log still holds everything after the file.
    const replayable = (seq: number) => seq === head.seq || (oldest !== null && oldest <= seq + 1);
    if (saved && saved.meta.seq <= head.seq && replayable(saved.meta.seq)) {
      this.graphs = IndexGraphs.fromSaved(saved);
      this.seq = saved.meta.seq;
      this.maxRowid = saved.meta.maxRowid;
      this.state = "ready";
      this.origin = "loaded";
      this.lastSave = this.opts.now();
      return this.catchUp(true);
    }
    return this.startRebuild();
  }

  /** Rebuilds from every vec0 row, inline when small, else in the background (false until it is done). */
  private startRebuild(): boolean {
    const head = this.src.head();
    const recentFrom = this.opts.recentMs === null ? null : this.opts.now() - this.opts.recentMs;
    this.graphs = IndexGraphs.empty(this.opts.params, recentFrom);
    this.state = "busy";
    const total = this.src.rowCount();
    const pages = this.rowPages(0, head.maxRowid);
    const finish = () => {
      this.seq = head.seq;
      this.maxRowid = head.maxRowid;
      this.state = "ready";
      this.origin = "rebuilt";
      this.unsaved = true;
      this.queueSave(true);
    };
    if (total <= this.opts.inlineLimit) {
      for (const ids of pages) this.apply(ids);
      finish();
      return this.catchUp(true);
    }
    const started = this.opts.now();
    this.opts.log("vector index: rebuilding from SQLite", { kind: this.src.kind, rows: total });
    this.background(pages, total, () => {
      finish();
      const ms = this.opts.now() - started;
      this.opts.log("vector index: rebuilt", { kind: this.src.kind, rows: this.size, ms });
    });
    return false;
  }

  /** Replays what changed since the index last looked; false while a big backlog is applied in the background. */
  private catchUp(opening = false): boolean {
    const head = this.src.head();
    if (head.seq === this.seq && head.maxRowid === this.maxRowid) return true;
    const oldest = head.seq > this.seq ? this.src.oldestSeq() : null;
    // Behind a pruned log, ahead of the database (a restored file), or rows deleted without a log entry: the files
    // (saved by another process) may still serve, else a rebuild.
    if (
      head.seq < this.seq ||
      (head.seq === this.seq && head.maxRowid < this.maxRowid) ||
      (head.seq > this.seq && (oldest === null || oldest > this.seq + 1))
    ) {
      this.state = "cold";
      return opening ? this.startRebuild() : this.open();
    }
    const backlog = head.seq - this.seq + Math.max(0, head.maxRowid - this.maxRowid);
    const pages = this.changePages(head);
    const finish = () => {
      this.dirty += head.seq - this.seq;
      this.unsaved = true;
      this.seq = head.seq;
      this.maxRowid = head.maxRowid;
      this.state = "ready";
      this.queueSave(false);
    };
    if (backlog <= this.opts.inlineLimit) {
      for (const ids of pages) this.apply(ids);
      finish();
      return true;
    }
    this.opts.log("vector index: catching up in the background", { kind: this.src.kind, changes: backlog });
    this.background(pages, backlog, finish);
    return false;
  }

  /** Logged changes after `seq`, then rowids above `maxRowid` no log entry named (rows written around the log). */
  private *changePages(head: SourceHead): Generator<number[]> {
    const seen = new Set<number>();
    for (let at = this.seq; at < head.seq; ) {
      const { ids, last } = this.src.changes(at, head.seq, this.opts.batch * 8);
      for (const id of ids) seen.add(id);
      for (let i = 0; i < ids.length; i += this.opts.batch) yield ids.slice(i, i + this.opts.batch);
      at = last;
    }
    for (const ids of this.rowPages(this.maxRowid, head.maxRowid)) yield ids.filter((id) => !seen.has(id));
  }

  private *rowPages(after: number, upTo: number): Generator<number[]> {
    for (let at = after; ; ) {
      const ids = this.src.rowids(at, upTo, this.opts.batch);
      if (!ids.length) return;
      yield ids;
      at = ids[ids.length - 1]!;
    }
  }

  /**
   * Applies pages in slices of `sliceMs`, yielding to the event loop between them, then runs `finish`. Queries meet
   * `busy` meanwhile. A closed database or a failure leaves the index cold.
   */
  private background(pages: Iterable<number[]>, total: number, finish: () => void): void {
    this.state = "busy";
    this.failure = null;
    const run = async () => {
      let slice = this.opts.now();
      let progress = slice;
      let done = 0;
      for (const ids of pages) {
        if (!this.src.alive()) throw new Error("database closed");
        this.apply(ids);
        done += ids.length;
        if (this.opts.now() - slice < this.opts.sliceMs) continue;
        await new Promise((resolve) => setImmediate(resolve));
        slice = this.opts.now();
        if (slice - progress >= PROGRESS_EVERY_MS) {
          progress = slice;
          this.opts.log("vector index: progress", { kind: this.src.kind, done, of: total });
        }
      }
      if (!this.src.alive()) throw new Error("database closed");
      finish();
    };
    this.job = run().catch((err: unknown) => this.fail(err));
  }

  private apply(ids: readonly number[]): void {
    this.graphs.apply(ids, (id) => this.src.row(id));
  }

  private queueSave(force: boolean): void {
    if (!this.opts.dir || this.saveQueued || (!force && this.dirty === 0)) return;
    const due =
      force ||
      (this.dirty >= Math.max(this.opts.saveEvery, this.size / 50) &&
        this.opts.now() - this.lastSave >= this.opts.saveIntervalMs);
    if (!due) return;
    this.saveQueued = true;
    // After the current request: saving a big index blocks for a while. A failed save (disk full) only costs a
    // rebuild or a longer replay at the next start.
    setTimeout(() => {
      try {
        if (this.unsaved) this.save();
        else this.saveQueued = false;
      } catch (err) {
        this.opts.log("vector index: save failed", { kind: this.src.kind, err: String(err) });
      }
    }, 0).unref();
  }
}
