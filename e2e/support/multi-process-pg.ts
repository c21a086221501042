// A shared PostgreSQL with pgvector for the multi-process e2e: PGlite (in memory, with the extensions Lede's
// migrations need) served over TCP by @electric-sql/pglite-socket. Run as a child process so the database works
// off the test's own event loop: `node bin/run-ts.mjs e2e/support/multi-process-pg.ts <port>`; it prints
// `listening <port>` once it accepts connections and stops on SIGTERM.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (n: number) => void;
  reject: (e: Error) => void;
}

/** Frontend messages after which the connection's protocol cycle is over (Sync, simple Query, Terminate). */
const CYCLE_ENDS = new Set(["S", "Q", "X"]);
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * The socket server's query queue, one message at a time into PGlite's single backend, with one change:
 * pglite-socket 0.2.17 keeps a connection's messages together only inside an explicit transaction, so between
 * one connection's Parse and its Sync another connection's Parse could replace the unnamed statement or portal
 * ("unnamed prepared statement does not exist", "bind message supplies 1 parameters…"). Here a connection keeps
 * the backend from its first message to the end of its extended-query cycle, and through any transaction.
 */
class CycleQueue {
  private queue: Queued[] = [];
  private processing = false;
  /** The connection whose cycle or transaction is open, which alone may send next. */
  private owner: number | null = null;
  /** Connections closed (handler ids are never reused). */
  private gone = new Set<number>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const i = this.owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.owner);
        if (i === -1) break;
        const [q] = this.queue.splice(i, 1);
        if (!q) break;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(q.message, {
              onRawData: (data) => {
                bytes += data.length;
                q.onData(data);
              },
            }),
          );
        } catch (e) {
          q.reject(e as Error);
          continue;
        }
        // A startup packet has no type byte (its first byte is the length's, 0).
        const type = q.message[0] ? String.fromCharCode(q.message[0]) : "X";
        this.owner = !CYCLE_ENDS.has(type) || this.db.isInTransaction() ? q.handlerId : null;
        q.resolve(bytes);
        // Closed while its message ran: nobody else would ever end its cycle.
        if (this.owner !== null && this.gone.has(this.owner)) await this.endCycle();
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection gone mid-cycle or mid-transaction: end its cycle, roll its transaction back, free the backend. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    this.gone.add(handlerId);
    // While a message runs, `process` checks `gone` when it ends.
    if (this.owner !== handlerId || this.processing) return;
    await this.endCycle();
    await this.process();
  }

  private async endCycle(): Promise<void> {
    await this.db.runExclusive(async () => {
      await this.db.execProtocolRaw(SYNC);
      if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    });
    this.owner = null;
  }
}

const db = await PGlite.create({ extensions: { vector, pg_trgm, unaccent } });
const port = Number(process.argv[2] ?? 0);
const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 100 });
// Every connection's handler takes the server's queue when it is accepted.
(server as unknown as { queryQueue: CycleQueue }).queryQueue = new CycleQueue(db);
await server.start();
process.stdout.write(`listening ${port}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server
    .stop()
    .then(() => db.close())
    .finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
