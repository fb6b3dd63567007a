import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { EventVersionError, PERSONAL_FIELDS, SEALED_KEY, type PersonalFields } from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../event-store/port.ts';
import { ForwardingEventStore } from '../event-store/forwarding.ts';
import type { PersonalKeyStore } from './key-store.ts';

/**
 * How a sealed event is stored (`metadata.sealed`, format version 1): the personal fields are
 * taken out of the data and kept here as one AES-256-GCM box under the subject's key, with the
 * event id as associated data (a box moved to another event does not open). `f` names the fields
 * sealed, so a forgotten event gets exactly those back as placeholders. `forgotten` marks an
 * event appended after its subject was forgotten: its fields were never stored at all.
 */
export interface SealedEnvelope {
  v: 1;
  /** The key store subject (a user id or a newsletter stream id: never personal data itself). */
  s: string;
  f: string[];
  iv?: string;
  tag?: string;
  box?: string;
  forgotten?: true;
}

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
/** Keys stay immutable once made, so a cache only has to forget the destroyed ones (forget()). */
const KEY_CACHE_ENTRIES = 50_000;
/**
 * How often the key store's count of destroys is compared, at most: a key another process or
 * replica destroyed stops opening here within this time even if no word of it came
 * (`dropKeys`, which the processes of one shop send each other at once). One small read a second.
 */
const RECHECK_DESTRUCTIONS_MS = 1000;

type Data = Record<string, unknown>;

/**
 * The event store with crypto-shredding: personal fields (contracts' PERSONAL_FIELDS) are sealed
 * with their person's key as they are appended and opened as they are read, so the log itself
 * never holds them in clear. Once a key is destroyed (forget), its events read with the fields'
 * forgotten placeholders, never an error. Events without an envelope were written in clear
 * (before sealing, or of types with no personal fields) and come back as written.
 *
 * Sits under UpcastingEventStore: upcasters see the data whole, in clear.
 */
export class SealingEventStore extends ForwardingEventStore {
  /** Subject → key, or null for a destroyed subject. */
  private readonly cache = new LRUCache<string, Buffer | false>({ max: KEY_CACHE_ENTRIES });
  /** Moves whenever cached keys are dropped, so a key read from the store before that is not cached after it. */
  private generation = 0;
  /** The key store's count of destroys when last compared, and when that was. */
  private destructionsSeen: number | undefined;
  private destructionsCheckedAt = Number.NEGATIVE_INFINITY;
  private readonly onDestroyedElsewhere = new Set<() => void>();
  private readonly recheckDestructionsMs: number;

  constructor(
    inner: EventStore,
    private readonly keys: PersonalKeyStore,
    private readonly registry: Readonly<Record<string, PersonalFields>> = PERSONAL_FIELDS,
    options: { recheckDestructionsMs?: number } = {},
  ) {
    super(inner);
    this.recheckDestructionsMs = options.recheckDestructionsMs ?? RECHECK_DESTRUCTIONS_MS;
  }

  /**
   * Destroys the subjects' keys: everything sealed under them reads as forgotten from now on, in
   * this process at once (the cache drops them too). Other processes: `dropKeys`, or within
   * RECHECK_DESTRUCTIONS_MS by the key store's count.
   */
  async forget(subjects: readonly string[]): Promise<void> {
    await this.keys.destroy(subjects);
    this.dropKeys(subjects);
  }

  /** Another process destroyed these subjects' keys: the cached copies go, the store's tombstones count. */
  dropKeys(subjects: readonly string[]): void {
    this.generation += 1;
    for (const subject of subjects) this.cache.delete(subject);
  }

  /**
   * Calls `listener` when this process finds that keys were destroyed elsewhere without being
   * told (the store's count moved): what it derived from opened events (decided states) must go too.
   */
  onKeysDestroyedElsewhere(listener: () => void): () => void {
    this.onDestroyedElsewhere.add(listener);
    return () => this.onDestroyedElsewhere.delete(listener);
  }

  override async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const subjects = new Set<string>();
    for (const event of events) {
      const subject = this.subjectOf(event.type, event.data, streamId);
      if (subject) subjects.add(subject);
    }
    if (subjects.size === 0) return this.inner.append(streamId, events, expected);
    const keys = await this.keysOf([...subjects], true);
    const sealed = events.map((event) => {
      const subject = this.subjectOf(event.type, event.data, streamId);
      return subject ? this.seal(event, subject, keys.get(subject) ?? null) : event;
    });
    return this.inner.append(streamId, sealed, expected);
  }

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, options));
  }

  override async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  override async *subscribe(options: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    for await (const event of this.inner.subscribe(options)) {
      const envelope = envelopeOf(event);
      if (!envelope) yield event;
      else yield this.open(event, envelope, (await this.keysOf([envelope.s], false)).get(envelope.s) ?? null);
    }
  }

  override async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }

  /** Sealed events as stored (a bus carries them so) opened as a read opens them: forgotten fields read as forgotten. */
  override async asRead(stored: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.openAll(await super.asRead(stored));
  }

  /**
   * An event stored before sealing, as the log holds it (personal fields in clear, no envelope),
   * sealed as `append` would have sealed it: what to store instead, or null when it carries no
   * personal field in clear. The subject's key is made when missing; a destroyed one (a person
   * "forgotten" while their fields were in clear) leaves the fields out, as for an append after
   * the erasure. Used to seal an older log where it lies (seal-in-place.ts).
   */
  async sealStored(streamId: string, event: NewEvent & { metadata: EventMetadata }): Promise<{ data: unknown; metadata: EventMetadata } | null> {
    if (envelopeOf(event as RecordedEvent)) return null;
    const subject = this.subjectOf(event.type, event.data, streamId);
    if (!subject) return null;
    const keys = await this.keysOf([subject], true);
    const sealed = this.seal(event, subject, keys.get(subject) ?? null);
    return { data: sealed.data, metadata: sealed.metadata as EventMetadata };
  }

  /** The subject whose fields this event carries, when it carries any. */
  private subjectOf(type: string, data: unknown, streamId: string): string | undefined {
    const fields = this.registry[type];
    if (!fields || typeof data !== 'object' || data === null) return undefined;
    if (!Object.keys(fields.forgotten).some((field) => (data as Data)[field] !== undefined)) return undefined;
    return fields.subject(data as Data, streamId);
  }

  private seal(event: NewEvent, subject: string, key: Buffer | null): NewEvent {
    const clear: Data = { ...(event.data as Data) };
    const personal: Data = {};
    for (const field of Object.keys(this.registry[event.type]!.forgotten)) {
      if (clear[field] === undefined) continue;
      personal[field] = clear[field];
      delete clear[field];
    }
    const names = Object.keys(personal);
    let envelope: SealedEnvelope;
    if (!key) {
      // The person was forgotten: what would be theirs is not written at all.
      envelope = { v: 1, s: subject, f: names, forgotten: true };
    } else {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(CIPHER, key, iv);
      cipher.setAAD(Buffer.from(event.id, 'utf8'));
      const box = Buffer.concat([cipher.update(JSON.stringify(personal), 'utf8'), cipher.final()]);
      envelope = { v: 1, s: subject, f: names, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), box: box.toString('base64') };
    }
    return { ...event, data: clear, metadata: { ...event.metadata, [SEALED_KEY]: envelope } };
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let subjects: Set<string> | null = null;
    for (const event of events) {
      const envelope = envelopeOf(event);
      if (envelope) (subjects ??= new Set()).add(envelope.s);
    }
    if (!subjects) return events;
    const keys = await this.keysOf([...subjects], false);
    for (let i = 0; i < events.length; i += 1) {
      const envelope = envelopeOf(events[i]!);
      if (envelope) events[i] = this.open(events[i]!, envelope, keys.get(envelope.s) ?? null);
    }
    return events;
  }

  private open(event: RecordedEvent, envelope: SealedEnvelope, key: Buffer | null): RecordedEvent {
    const metadata: EventMetadata = { ...event.metadata };
    delete metadata[SEALED_KEY];
    const personal = key && envelope.box ? openBox(event.id, envelope, key) : null;
    return { ...event, data: { ...(event.data as Data), ...(personal ?? this.forgottenFields(event.type, envelope.f)) }, metadata };
  }

  private forgottenFields(type: string, fields: readonly string[]): Data {
    const placeholders = this.registry[type]?.forgotten ?? {};
    return Object.fromEntries(fields.map((field) => [field, structuredClone(placeholders[field] ?? null)]));
  }

  /** Keys from the cache, the rest from the store in one call (made there when `create`). */
  private async keysOf(subjects: string[], create: boolean): Promise<Map<string, Buffer | null>> {
    await this.followDestructions();
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const cached = this.cache.get(subject);
      if (cached === undefined) missing.push(subject);
      else found.set(subject, cached || null);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const fetched = create ? await this.keys.keysFor(missing) : await this.keys.findKeys(missing);
    for (const subject of missing) {
      const key = fetched.get(subject) ?? null;
      found.set(subject, key);
      // An unknown subject is not cached as destroyed: its key may be made by the next append.
      // Nor is a key read while keys were dropped: it may be one of them.
      if ((key || create) && generation === this.generation) this.cache.set(subject, key ?? false);
    }
    return found;
  }

  /** Drops every cached key when the key store's count of destroys moved since it was last compared. */
  private async followDestructions(): Promise<void> {
    const now = Date.now();
    if (now - this.destructionsCheckedAt < this.recheckDestructionsMs) return;
    this.destructionsCheckedAt = now;
    const count = await this.keys.destructions();
    const moved = this.destructionsSeen !== undefined && count !== this.destructionsSeen;
    this.destructionsSeen = count;
    if (!moved) return;
    this.generation += 1;
    this.cache.clear();
    for (const listener of this.onDestroyedElsewhere) listener();
  }
}

function envelopeOf(event: RecordedEvent): SealedEnvelope | undefined {
  const envelope = event.metadata[SEALED_KEY] as SealedEnvelope | undefined;
  if (envelope === undefined) return undefined;
  // Read as clear, a newer format would lose its fields without a word.
  if (envelope.v !== 1) throw new EventVersionError(`Event ${event.id} (stream ${event.streamId}) is sealed in format ${JSON.stringify(envelope.v)}, but this release reads format 1: run the release that wrote it`);
  return envelope;
}

/** The sealed fields, or null when the box does not open with this key (then they read as forgotten). */
function openBox(eventId: string, envelope: SealedEnvelope, key: Buffer): Data | null {
  try {
    const decipher = createDecipheriv(CIPHER, key, Buffer.from(envelope.iv!, 'base64'));
    decipher.setAAD(Buffer.from(eventId, 'utf8'));
    decipher.setAuthTag(Buffer.from(envelope.tag!, 'base64'));
    const clear = Buffer.concat([decipher.update(Buffer.from(envelope.box!, 'base64')), decipher.final()]);
    return JSON.parse(clear.toString('utf8')) as Data;
  } catch {
    return null;
  }
}
