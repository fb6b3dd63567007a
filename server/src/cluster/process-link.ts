import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ForwardingEventStore, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '@shop/platform';

/**
 * What the processes of one shop (WORKERS > 1) tell each other through the primary. SQLite gives
 * every process the same data, but no word of a change: without these, the process running the
 * projections would find another process's append only at its next idle re-read (a second), and
 * a process waiting for a checkpoint only at its next poll.
 */
export type ShopMessage = { shop: 'appended'; position: string } | { shop: 'projected' };

/**
 * A question one process puts to every other (through the primary, which gathers their answers):
 * the work only the holder of the projector lease may do (a rebuild), and news every process
 * must have taken in before the asker goes on (a destroyed key). `topic` names the handler.
 */
export type ShopQuestion =
  /** A worker's link listens: questions asked before this would be lost on it. */
  | { shop: 'linked' }
  | { shop: 'ask'; id: string; topic: string; body: unknown }
  | { shop: 'answer'; id: string; answer: unknown }
  | { shop: 'answers'; id: string; answers: unknown[] };

export function isShopMessage(message: unknown): message is ShopMessage {
  const shop = (message as { shop?: unknown } | null)?.shop;
  return shop === 'appended' || shop === 'projected';
}

export function isShopQuestion(message: unknown): message is ShopQuestion {
  const shop = (message as { shop?: unknown } | null)?.shop;
  return shop === 'linked' || shop === 'ask' || shop === 'answer' || shop === 'answers';
}

/** Answers a process gives to a topic's questions (JSON-safe); `undefined` when it has nothing to say. */
export type Answerer = (body: unknown) => unknown;

/**
 * This process's end of the link. Words are coalesced per turn of the event loop (one message
 * carrying the newest position, however many appends the turn committed), so under load the
 * link costs a message per group commit, not per command.
 */
export class ProcessLink {
  private readonly emitter = new EventEmitter();
  private pendingAppend: bigint | null = null;
  private pendingProjected = false;
  private scheduled = false;
  private readonly answerers = new Map<string, Answerer>();
  private readonly asked = new Map<string, (answers: unknown[]) => void>();

  /** `send` says false when the message could not go (no primary any more). */
  constructor(private readonly send: (message: ShopMessage | ShopQuestion) => boolean | void) {
    this.emitter.setMaxListeners(0);
  }

  /** The link of a cluster worker: messages go to the primary, which passes them to the others. */
  static ofClusterWorker(): ProcessLink {
    const link = new ProcessLink((message) => {
      // A worker whose primary is gone is about to exit: nothing to tell.
      if (!process.connected || !process.send) return false;
      process.send(message);
      return true;
    });
    process.on('message', (message: unknown) => {
      if (isShopMessage(message)) link.received(message);
      else if (isShopQuestion(message)) void link.receivedQuestion(message);
    });
    link.send({ shop: 'linked' });
    return link;
  }

  /**
   * Puts a question to every other process of the shop and resolves with their answers (those
   * that had one), once each has answered, died, or let the primary's patience run out.
   */
  ask(topic: string, body: unknown): Promise<unknown[]> {
    const id = randomUUID();
    return new Promise((resolve) => {
      this.asked.set(id, resolve);
      if (this.send({ shop: 'ask', id, topic, body }) === false) {
        this.asked.delete(id);
        resolve([]);
      }
    });
  }

  /** How this process answers the questions of `topic` (one answerer per topic). */
  answer(topic: string, answerer: Answerer): void {
    this.answerers.set(topic, answerer);
  }

  /** A question from another process, or the answers to one of ours. */
  async receivedQuestion(message: ShopQuestion): Promise<void> {
    if (message.shop === 'answers') {
      const resolve = this.asked.get(message.id);
      this.asked.delete(message.id);
      resolve?.(message.answers.filter((answer) => answer !== null && answer !== undefined));
      return;
    }
    if (message.shop !== 'ask') return;
    let answer: unknown = null;
    try {
      answer = (await this.answerers.get(message.topic)?.(message.body)) ?? null;
    } catch {
      // An answerer that fails has nothing to say; the asker decides what no answer means.
    }
    this.send({ shop: 'answer', id: message.id, answer });
  }

  /** This process appended up to `position`. */
  appended(position: bigint): void {
    if (this.pendingAppend === null || position > this.pendingAppend) this.pendingAppend = position;
    this.schedule();
  }

  /** This process committed a batch of projections (new checkpoints). */
  projected(): void {
    this.pendingProjected = true;
    this.schedule();
  }

  onAppendedElsewhere(listener: (position: bigint) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  onProjectedElsewhere(listener: () => void): () => void {
    this.emitter.on('projected', listener);
    return () => this.emitter.off('projected', listener);
  }

  /** A word from another process. */
  received(message: ShopMessage): void {
    if (message.shop === 'appended') this.emitter.emit('appended', BigInt(message.position));
    else this.emitter.emit('projected');
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.pendingAppend !== null) this.send({ shop: 'appended', position: this.pendingAppend.toString() });
      if (this.pendingProjected) this.send({ shop: 'projected' });
      this.pendingAppend = null;
      this.pendingProjected = false;
    });
  }
}

/**
 * The event log as a process sharing it sees it: its own appends are told to the others, and
 * theirs wake this process's listeners (the projection runner, the mail desk) as its own do.
 */
export class SharedLogEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly link: ProcessLink,
  ) {
    super(inner);
  }

  override async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.inner.append(streamId, events, expected);
    this.link.appended(result.position);
    return result;
  }

  override onAppended(listener: (position: bigint) => void): () => void {
    const own = this.inner.onAppended(listener);
    const others = this.link.onAppendedElsewhere(listener);
    return () => {
      own();
      others();
    };
  }
}
