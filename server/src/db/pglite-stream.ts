import { Duplex } from 'node:stream';
import type { PgliteThread } from './pglite-thread';

/** AuthenticationOk, then ReadyForQuery (idle): the whole answer to a startup message. */
const STARTED = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]);
/** The answer to an SSLRequest: no TLS between two threads of one process. */
const NO_SSL = Buffer.from('N');
const SSL_REQUEST_CODE = 80_877_103;
/** Frontend messages after which the backend answers: Sync, Query, Flush, CopyDone, CopyFail. */
const ANSWERED = new Set([...'SQHcf'].map((char) => char.charCodeAt(0)));
const TERMINATE = 'X'.charCodeAt(0);

/**
 * The socket node-postgres talks through to reach the embedded database thread: what pg writes
 * is cut into whole messages and sent in batches up to each point where a server answers (a
 * Sync, a simple query); the thread's answer is what pg reads. So the embedded database is
 * driven by the same driver, with the same type parsing and transactions, as PostgreSQL.
 *
 * There is no login: the startup message is answered here. Each new connection first rolls
 * back anything a previous one left open.
 */
export class PgliteStream extends Duplex {
  private started = false;
  private pending: Buffer = Buffer.alloc(0);
  private answered: Promise<unknown> = Promise.resolve();

  constructor(private readonly thread: PgliteThread) {
    super();
  }

  // What pg calls on a net.Socket.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    this.sendWholeMessages();
    done();
  }

  override _final(done: () => void): void {
    void this.answered.then(() => this.push(null));
    done();
  }

  /** Sends every batch of whole messages that ends where the backend answers. */
  private sendWholeMessages(): void {
    let end = 0;
    for (;;) {
      const length = this.messageLength(end);
      if (length === null || end + length > this.pending.length) break;
      const type = this.pending[end]!;
      end += length;
      if (!this.started) {
        this.start(this.pending.readInt32BE(4) === SSL_REQUEST_CODE);
      } else if (type === TERMINATE) {
        this.answer(Promise.resolve(null));
      } else if (ANSWERED.has(type)) {
        // Copied: the batch's memory is handed over to the other thread.
        this.answer(this.thread.exec(new Uint8Array(this.pending.subarray(0, end))));
      } else {
        continue;
      }
      this.pending = this.pending.subarray(end);
      end = 0;
    }
  }

  /** The length of the message at `at`: a startup message has no type byte before it. */
  private messageLength(at: number): number | null {
    if (!this.started) return this.pending.length >= 4 ? this.pending.readInt32BE(0) : null;
    return this.pending.length >= at + 5 ? 1 + this.pending.readInt32BE(at + 1) : null;
  }

  private start(sslRequest: boolean): void {
    if (sslRequest) {
      this.answer(Promise.resolve(NO_SSL));
      return;
    }
    this.started = true;
    this.answer(this.thread.reset().then(() => STARTED));
  }

  /** Answers reach pg in the order its messages were sent; a failure ends the connection. */
  private answer(bytes: Promise<Uint8Array | null>): void {
    this.answered = this.answered
      .then(() => bytes)
      .then(
        (answer) => {
          if (answer && answer.length > 0) this.push(answer);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
  }
}
