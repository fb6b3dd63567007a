import { hkdfSync, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  AccountCommands,
  CartCommands,
  CatalogCommands,
  CatalogProducts,
  CheckoutProcess,
  StreamCommands,
  cartStream,
  deriveCodeKey,
  clusterLimiters,
  memoryLimiters,
  mongoLimiters,
  type LimiterFactory,
  type PrivacyDesk,
  EmailLookup,
  orderStream,
  OrderMailDesk,
  WriteThrottle,
  recoverCheckouts,
  RefundDesk,
  deliverySettingsFrom,
  GstInvoicing,
  gstMailAttachments,
  InvoiceDesk,
  GstRetentionDesk,
  GST_RETENTION_SWEEP_MS,
  gstSettings,
  type DeliverySettings,
  CodDesk,
  GiftCardCodes,
  GiftCardHoldDesk,
  deriveGiftCardKey,
  type CheckoutGifting,
  codByDeliveryZone,
  type CodAvailability,
  type CodSettings,
} from '@shop/command-api';
import { ConfigError, HttpError, JoseGoogleVerifier, LeasedRole, PublicUrls, SealingEventStore, ShopMetrics, TimedEventStore, TokenService, UpcastingEventStore, loadOrCreateSecret, type Config, type PersonalKeyStore, type DocumentStore, type EventStore, type FileStore, type GoogleIdentityVerifier, type Logger, type Mailer, type PaymentProvider } from '@shop/platform';
import { LocalFolderFiles, SqliteDocumentStore, SqliteEventStore, SqliteKeyStore, createKafkaBus, createMailer, createPaymentProvider } from '@shop/platform/adapters';
import {
  AuditRegistry,
  BusWriters,
  CheckpointWatcher,
  ProjectionRunner,
  ProjectionUpgrades,
  RebuildService,
  type RebuildRequests,
  accountsProjection,
  backOfficeGroup,
  gstProjection,
  cartAudit,
  catalogProjection,
  embeddedLayout,
  searchProjection,
  externalLayout,
  measureLag,
  orderAudit,
  runnerWriters,
  shopperProjection,
  type CheckpointLayout,
  type Projection,
} from '@shop/projections';
import { SessionCutoffs } from '@shop/read-api';
import { DATA_FOLDER, erasureLedgerFile } from './data-folder.ts';
import { SharedLogEventStore, type ProcessLink } from './cluster/process-link.ts';
import { LeaseHolderRebuilds } from './cluster/rebuilds.ts';
import { Forgetting } from './privacy/forgetting.ts';
import { LogSealing } from './privacy/log-sealing.ts';
import { exportReply, personalExport } from './privacy/personal-export.ts';

/** Everything the HTTP app and the command-line tools need, wired once from configuration. */
export interface Shop {
  config: Config;
  logger: Logger;
  events: EventStore;
  docs: DocumentStore;
  projections: Projection[];
  runner: ProjectionRunner;
  catalog: CatalogCommands;
  /** The one command pipeline: every feature's commands go through it (one stream cache and lock). */
  streams: StreamCommands;
  /** The catalog's products as commands price and check them (one cache for every feature). */
  products: CatalogProducts;
  cart: CartCommands;
  /** Checkout after a verified payment; the startup recovery and the routes run this one. */
  checkout: CheckoutProcess;
  tokens: TokenService;
  mailer: Mailer;
  /** Uploaded files (avatars), served at /uploads. */
  files: FileStore;
  /** Image paths in replies become URLs at PUBLIC_URL (call `listening(port)` once the server listens). */
  publicUrls: PublicUrls;
  /** Null unless GOOGLE_CLIENT_ID is set. */
  google: GoogleIdentityVerifier | null;
  accounts: AccountCommands;
  /** The card payment provider (PAYMENTS=test|razorpay). */
  payments: PaymentProvider;
  /** Makes the refunds owed (compensated checkouts, cancelled orders), every REFUND_SWEEP_MS. */
  refunds: RefundDesk;
  /**
   * Cash on delivery: the cap and fee (COD_MAX_AMOUNT, COD_FEE), whether the courier takes cash at a
   * pincode (`availability`, the delivery zones' answer), and the desk that cancels orders left
   * unconfirmed (every COD_SWEEP_MS).
   */
  cod: { settings: CodSettings; availability: CodAvailability; desk: CodDesk };
  /**
   * Gift cards (codes under a key derived from the server secret, GIFT_CARD_* amounts and hold)
   * and gift orders' wrap fee (GIFT_WRAP_FEE); the desk gives back debits of unpaid payments.
   */
  gifting: CheckoutGifting & { holdDesk: GiftCardHoldDesk };
  /** Sends the order e-mails (placed, status changed), once per event, from its own checkpoint. */
  orderMail: OrderMailDesk;
  /** Delivery zones, days, COD and fee from the shop's pincode (SHOP_PINCODE, DELIVERY_*). */
  delivery: DeliverySettings;
  /** GST: the seller, tax classes, invoice numbers (`invoicing`) and the desk that issues invoices on dispatch and credit notes. */
  gst: { invoicing: GstInvoicing; desk: InvoiceDesk; retention: GstRetentionDesk };
  /** Per-user budgets of the signed-in writes that append events (checkout, cart, My List, reviews, profile). */
  writes: WriteThrottle;
  /** The instant the dashboard's "today" is counted from (tests pin it); absent, the system clock. */
  now?: () => Date;
  /** Read-your-writes: resolves once the named projections have processed `position`. */
  awaitProjections(position: bigint, projections: string[]): Promise<void>;
  /** Resolves once every projection has processed the log as it is now, wherever they run. */
  catchUp(timeoutMs?: number): Promise<void>;
  /** Prometheus metrics (`GET /metrics`). */
  metrics: ShopMetrics;
  /** Where projections record their progress (one checkpoint each, or one per Kafka partition). */
  checkpoints: CheckpointLayout;
  /**
   * Projection rebuilds into shadows, swapped in while the shop serves (admin route, erasures),
   * run by the process running the projections (with WORKERS > 1, the holder of their lease).
   */
  rebuilds: RebuildRequests;
  /** The read models rebuilt at start-up (another version of their projection, another log); readiness. */
  upgrades: ProjectionUpgrades;
  /** Cart and order audits (admin route, CLI). */
  audits: AuditRegistry;
  /** Erasure (forget me, admin forget) and the person's data export. */
  privacy: PrivacyDesk;
  /**
   * The sealing of an embedded log written before personal fields were sealed, run at start-up
   * beside serving (erasure waits for it); null on EventStoreDB, which is never rewritten.
   */
  logSealing: LogSealing | null;
  /** The keyed e-mail lookups (tools that find an account by e-mail use the shop's). */
  emails: EmailLookup;
  close(): Promise<void>;
}

export const allProjections: Projection[] = [catalogProjection, searchProjection, accountsProjection, shopperProjection, backOfficeGroup, gstProjection];

/**
 * The event store as the code reads it: each event in its type's current shape (UpcastingEventStore),
 * its personal fields opened with their person's key (SealingEventStore).
 */
export async function openEventStore(config: Config): Promise<EventStore> {
  return new UpcastingEventStore(await openSealedEventLog(config));
}

/** The log with personal fields sealed on append and opened on read, over the configured key store. */
export async function openSealedEventLog(config: Config): Promise<SealingEventStore> {
  return new SealingEventStore(await openEventLog(config), await openKeyStore(config));
}

/**
 * Where the people's keys live: beside the read models (a MongoDB collection of their own in the
 * distributed mode, where every process must see one key per person), else their own SQLite file
 * in the data folder. Never inside the event log, which is never rewritten.
 */
export async function openKeyStore(config: Config): Promise<PersonalKeyStore> {
  if (config.READ_STORE === 'mongodb') {
    const { MongoKeyStore } = await import('@shop/platform/privacy/mongodb-key-store');
    return MongoKeyStore.connect(config.MONGODB_URL, config.MONGODB_DB);
  }
  return new SqliteKeyStore(join(config.DATA_DIR, DATA_FOLDER.keyStore));
}

/** The keyed e-mail lookups: EMAIL_LOOKUP_SECRET, else a secret generated once into the data folder. */
export function openEmailLookup(config: Config): EmailLookup {
  const secret = config.EMAIL_LOOKUP_SECRET ?? loadOrCreateSecret(join(config.DATA_DIR, DATA_FOLDER.secrets, 'email-lookup-key'));
  return new EmailLookup(Buffer.from(hkdfSync('sha256', secret, 'shop-email-lookup', 'hmac-sha256 e-mail lookup key', 32)));
}

/** The configured log as written, versions and all: what log:export and log:import move. */
export async function openEventLog(config: Config): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    // Loaded only when chosen, so the embedded shop never pays for the gRPC client.
    const { EventStoreDbEventStore } = await import('@shop/platform/event-store/eventstoredb');
    return new EventStoreDbEventStore(config.EVENTSTORE_URL);
  }
  return new SqliteEventStore(join(config.DATA_DIR, DATA_FOLDER.eventLog), { synchronous: config.EVENT_LOG_SYNC });
}

/**
 * Where the account limits count: in this process's memory on the embedded shop (in the cluster's
 * primary when WORKERS > 1), in the MongoDB read store when there is one, so every API process of
 * the distributed mode enforces one limit.
 */
export async function openLimiters(config: Config, docs: DocumentStore, { clustered = false } = {}): Promise<LimiterFactory> {
  if (config.READ_STORE !== 'mongodb') return clustered ? clusterLimiters : memoryLimiters;
  const { MongoDocumentStore } = await import('@shop/platform/document-store/mongodb');
  return docs instanceof MongoDocumentStore ? mongoLimiters(docs.database) : memoryLimiters;
}

export async function openDocumentStore(config: Config): Promise<DocumentStore> {
  if (config.READ_STORE === 'mongodb') {
    const { MongoDocumentStore } = await import('@shop/platform/document-store/mongodb');
    return MongoDocumentStore.connect(config.MONGODB_URL, config.MONGODB_DB);
  }
  return new SqliteDocumentStore(join(config.DATA_DIR, DATA_FOLDER.readModels));
}

/**
 * One of several API processes on one data folder (WORKERS > 1): how it hears from the others,
 * and whether it is the one started first, alone (it seeds, upgrades and recovers).
 */
export interface SharedFolder {
  link: ProcessLink;
  first: boolean;
}

/** The composition root: the only place that picks adapters. */
export async function composeShop(config: Config, logger: Logger, { shared }: { shared?: SharedFolder } = {}): Promise<Shop> {
  // Replicas (PROJECTIONS=external) must verify each other's tokens: a secret generated into
  // one process's data folder would make every other replica reject its sign-ins.
  if (config.PROJECTIONS === 'external' && !config.JWT_SECRET) {
    throw new ConfigError(
      'Invalid configuration: JWT_SECRET: an API process with PROJECTIONS=external is one of several replicas, which must share one token secret; set JWT_SECRET (32+ characters) to the same value on each',
    );
  }
  // Replicas must look e-mails up under one key, or each would reserve every address again.
  if (config.PROJECTIONS === 'external' && !config.EMAIL_LOOKUP_SECRET) {
    throw new ConfigError(
      'Invalid configuration: EMAIL_LOOKUP_SECRET: an API process with PROJECTIONS=external is one of several replicas, which must look e-mails up under one key; set EMAIL_LOOKUP_SECRET (32+ characters) to the same value on each',
    );
  }
  const metrics = new ShopMetrics();
  const sealed = await openSealedEventLog(config);
  const opened = new UpcastingEventStore(sealed);
  const events = new TimedEventStore(shared ? new SharedLogEventStore(opened, shared.link) : opened, metrics);
  const docs = await openDocumentStore(config);
  const streams = new StreamCommands(events, undefined, shared !== undefined);
  const products = new CatalogProducts(docs);
  const cart = new CartCommands(streams, products);
  const gst = new GstInvoicing(streams, products, gstSettings(config));
  // One server secret signs tokens and, through derived keys, the hashes of one-time codes and gift card codes.
  const serverSecret = config.JWT_SECRET ?? loadOrCreateSecret(join(config.DATA_DIR, DATA_FOLDER.secrets, 'jwt-secret'));
  const giftCardCodes = new GiftCardCodes(deriveGiftCardKey(serverSecret));
  const checkout = new CheckoutProcess(streams, cart, config.COD_CONFIRM_WITHIN_MINUTES * 60_000, gst, giftCardCodes, { openForMs: config.PAYMENT_OPEN_MINUTES * 60_000, now: () => new Date() });
  const projections = allProjections;
  // PROJECTIONS=external: projector workers keep the read models; this process only reads their checkpoints.
  const external = config.PROJECTIONS === 'external';
  const checkpoints = external ? externalLayout(config.KAFKA_PARTITIONS) : embeddedLayout;
  const watcher = new CheckpointWatcher(docs, checkpoints, { pollMs: config.PROJECTION_POLL_MS, timeoutMs: config.PROJECTION_WAIT_MS });
  const bus = external ? await createKafkaBus(config, logger, 'api') : undefined;
  metrics.measureProjectionLag(() => measureLag(events, docs, checkpoints, projections.map((p) => p.name)));
  const runner = new ProjectionRunner(events, docs, external ? [] : projections, {
    onError: (projection, error) => logger.error({ err: error, projection }, 'projection failed; retrying'),
    onAdvanced: shared ? () => shared.link.projected() : undefined,
  });
  shared?.link.onProjectedElsewhere(() => watcher.nudge());
  const localRebuilds = new RebuildService({
    events,
    store: docs,
    projections,
    writers: bus ? new BusWriters(bus, docs, { topic: config.KAFKA_TOPIC, partitions: config.KAFKA_PARTITIONS }) : runnerWriters(runner),
    layout: checkpoints,
    logger,
  });
  // Read models of another projection version or another log are found before anything writes
  // to them, and rebuilt in the background once the shop serves (upgrades.start below).
  const upgrades = new ProjectionUpgrades({ events, store: docs, projections, layout: checkpoints, rebuilds: localRebuilds, logger });
  await upgrades.assess();
  // Processes of one data folder: one at a time (the lease's holder) runs the projections and the
  // read-model upgrades; the others read the checkpoints it writes (read-your-writes as external).
  const sharedLease = shared ? sharedFolderLease(config, logger) : undefined;
  const projectorRole = sharedLease ? new LeasedRole(docs, 'role:projector', projectorWork(runner, upgrades), sharedLease) : undefined;
  if (!projectorRole) await runner.start({ held: upgrades.fromAnotherLog() });
  // External projections: the workers write the read models, this process only reads them, but
  // a collection is declared before it is read (idempotent; the SQLite store needs it).
  if (external || shared) for (const spec of projections.flatMap((p) => p.collections)) await docs.defineCollection(spec);
  await projectorRole?.start();
  // The others show a read model current once its rebuild (in the holder) is in.
  if (projectorRole) upgrades.follow();
  // A rebuild holds the runner for its swap: of several processes, the holder of its lease runs them all.
  const rebuilds = new LeaseHolderRebuilds(
    localRebuilds,
    shared && projectorRole ? { link: shared.link, holdsProjections: () => projectorRole.active, waitForHolderMs: 2 * config.WORKER_LEASE_MS } : undefined,
  );
  /** Read-your-writes: from the runner where it runs here, else from the checkpoints in the store. */
  const awaitProjections = (position: bigint, names: string[], timeoutMs?: number): Promise<void> => {
    if (external || (projectorRole && !projectorRole.active)) return watcher.waitFor(position, names, timeoutMs);
    return position > 0n ? runner.waitFor(position, names, timeoutMs) : Promise.resolve();
  };
  const payments = createPaymentProvider(config);
  // Checkouts the last run left part-way are finished (or compensated) before serving anyone,
  // unless the checkouts read model comes from another log: then once its rebuild is in.
  const checkoutsFromAnotherLog = upgrades.fromAnotherLog().includes(shopperProjection.name);
  if (checkoutsFromAnotherLog) logger.warn('the checkouts read model comes from another log; checkouts left part-way are recovered once it is rebuilt');
  else if (!external) await awaitProjections(await events.headPosition(), [shopperProjection.name], 60_000);
  else await watcher.waitFor(await events.headPosition(), [shopperProjection.name], 60_000).catch((error: unknown) => logger.warn({ err: error }, 'checkouts read model is behind; recovering the checkouts it shows'));
  const mailer = createMailer(config, logger);
  // Started before the recovery, so orders the recovery places get their e-mails too.
  const orderMail = new OrderMailDesk(events, docs, streams, mailer, logger, config.PUBLIC_URL, {
    trackingUrlTemplate: config.TRACKING_URL_TEMPLATE,
    timeZone: config.SHOP_TIME_ZONE,
    giftCardCodes,
    attachmentsFor: async (orderId, mail) => gstMailAttachments(await streams.load(orderStream.at(orderId), { fresh: true }), mail, gst.settings),
  });
  // One process at a time sends the order mails and makes the refunds, so replicas never mail a
  // customer twice. Replicas need owners of their own; an embedded shop, alone on its data
  // folder, keeps one across restarts and takes its lease straight back after a crash.
  const deskLease = sharedLease ?? { ttlMs: config.DESK_LEASE_MS, owner: external ? `${hostname()}:${process.pid}:${randomUUID()}` : `${hostname()}:${config.DATA_DIR}`, logger };
  const orderMailRole = new LeasedRole(docs, 'role:order-mail', orderMail, deskLease);
  await orderMailRole.start();
  // One process recovers: of several on one folder, the one started first, alone.
  if (shared && !shared.first) {
    // Recovered by the first process.
  } else if (!checkoutsFromAnotherLog) await recoverCheckouts(docs, checkout, logger);
  else {
    void upgrades
      .whenCurrent(shopperProjection.name)
      .then(() => recoverCheckouts(docs, checkout, logger))
      .catch((error: unknown) => logger.error({ err: error }, 'recovering checkouts after the rebuild failed'));
  }
  if (!projectorRole) upgrades.start();
  const refunds = new RefundDesk(streams, docs, payments, logger);
  const refundRole = new LeasedRole(docs, 'role:refunds', { start: () => refunds.start(config.REFUND_SWEEP_MS), stop: () => refunds.stop() }, deskLease);
  await refundRole.start();
  metrics.measureRefundsOwed(() => refunds.owed());
  const codDesk = new CodDesk(streams, docs, logger);
  const codRole = new LeasedRole(docs, 'role:cod', { start: () => codDesk.start(config.COD_SWEEP_MS), stop: () => codDesk.stop() }, deskLease);
  await codRole.start();
  const invoiceDesk = new InvoiceDesk(events, docs, gst, logger);
  const invoiceRole = new LeasedRole(docs, 'role:gst-invoices', invoiceDesk, deskLease);
  await invoiceRole.start();
  const giftCardHolds = new GiftCardHoldDesk(streams, docs, config.GIFT_CARD_HOLD_MINUTES * 60_000, logger);
  const giftCardRole = new LeasedRole(docs, 'role:gift-card-holds', { start: () => giftCardHolds.start(config.GIFT_CARD_SWEEP_MS), stop: () => giftCardHolds.stop() }, deskLease);
  await giftCardRole.start();
  const limiters = await openLimiters(config, docs, { clustered: shared !== undefined });
  const delivery = shopDelivery(config);
  const emails = openEmailLookup(config);
  const accounts = new AccountCommands({
    streams,
    mailer,
    codeKey: deriveCodeKey(serverSecret),
    emails,
    logger,
    shopUrl: config.PUBLIC_URL,
    limiters,
    passwordHashCost: config.PASSWORD_HASH_COST,
  });
  const files = new LocalFolderFiles(join(config.DATA_DIR, DATA_FOLDER.uploads));
  // Another process's erasure: the person's keys and the states decided from their events go
  // here too, when it says so (at once, before it answers), or when the key store's count of
  // destroys shows it (a word missed, another replica).
  const dropForgotten = (subjects: readonly string[]) => {
    sealed.dropKeys(subjects);
    streams.forgetCached();
  };
  sealed.onKeysDestroyedElsewhere(() => streams.forgetCached());
  shared?.link.answer(KEYS_DESTROYED, (subjects) => {
    dropForgotten(Array.isArray(subjects) ? subjects.filter((subject): subject is string => typeof subject === 'string') : []);
    return 'dropped';
  });
  // The end of a financial year's GST retention destroys its key here and in every process.
  const gstRetention = new GstRetentionDesk(async (subjects) => {
    await sealed.forget(subjects);
    streams.forgetCached();
    if (shared) await shared.link.ask(KEYS_DESTROYED, subjects);
  }, config.SHOP_TIME_ZONE, logger);
  const gstRetentionRole = new LeasedRole(docs, 'role:gst-retention', { start: () => gstRetention.start(GST_RETENTION_SWEEP_MS), stop: () => gstRetention.stop() }, deskLease);
  await gstRetentionRole.start();
  // A log an older release wrote with people in clear is sealed where it lies, by one process,
  // while the shop serves; until then no process accepts an erasure.
  const logSealing =
    config.EVENT_STORE === 'sqlite' ? new LogSealing({ file: join(config.DATA_DIR, DATA_FOLDER.eventLog), sealed, rebuilds, docs, logger }) : null;
  const logSealingRole = logSealing ? new LeasedRole(docs, 'role:log-sealing', logSealing, deskLease) : null;
  await logSealingRole?.start();
  const forgetting = new Forgetting({
    accounts,
    streams,
    sealed,
    tellOthers: shared ? async (subjects) => void (await shared.link.ask(KEYS_DESTROYED, subjects)) : undefined,
    ledgerFile: erasureLedgerFile(config),
    files,
    rebuilds,
    docs,
    outbox: config.SMTP_URL ? null : join(config.DATA_DIR, 'outbox'),
    logger,
    notSealed: logSealing ? () => logSealing.refusal() : undefined,
  });
  /**
   * An export reads the person's events through the `personal-data` index: it waits until the
   * index has every event appended so far, and answers 503 while the index is still being built
   * (a new version of its group, rebuilt in the background after an upgrade) rather than give a
   * copy with some of the person missing.
   */
  const personalDataIndexCurrent = async (): Promise<void> => {
    const indexing = new HttpError(503, { error: true, msg: 'Your data export is being prepared. Please try again in a few minutes.' });
    if (upgrades.status().readModels.find((model) => model.name === backOfficeGroup.name)?.state !== 'current') throw indexing;
    await awaitProjections(await events.headPosition(), [backOfficeGroup.name], EXPORT_INDEX_WAIT_MS).catch(() => {
      throw indexing;
    });
  };
  return {
    config,
    logger,
    events,
    docs,
    projections,
    runner,
    catalog: new CatalogCommands(events, streams),
    streams,
    products,
    cart,
    checkout,
    // A token is refused once its user's password changed (or admin role was revoked) after it was issued.
    tokens: new TokenService(serverSecret, config.JWT_EXPIRES_IN as `${number}d`, new SessionCutoffs(docs)),
    mailer,
    files,
    publicUrls: new PublicUrls(config.PUBLIC_URL),
    google: config.GOOGLE_CLIENT_ID ? new JoseGoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL) : null,
    accounts,
    payments,
    refunds,
    cod: {
      settings: {
        maxAmount: config.COD_MAX_AMOUNT,
        fee: config.COD_FEE,
        maxOpenPerAccount: config.COD_MAX_OPEN_PER_ACCOUNT,
        maxOpenPerAddress: config.COD_MAX_OPEN_PER_ADDRESS,
        maxUnitsPerLine: config.COD_MAX_UNITS_PER_LINE,
        confirmWithinMs: config.COD_CONFIRM_WITHIN_MINUTES * 60_000,
      },
      availability: codByDeliveryZone(delivery),
      desk: codDesk,
    },
    gifting: {
      cards: {
        codes: giftCardCodes,
        minAmount: config.GIFT_CARD_MIN_AMOUNT,
        maxAmount: config.GIFT_CARD_MAX_AMOUNT,
        amounts: config.GIFT_CARD_AMOUNTS,
        holdMs: config.GIFT_CARD_HOLD_MINUTES * 60_000,
      },
      wrapFee: config.GIFT_WRAP_FEE,
      holdDesk: giftCardHolds,
    },
    orderMail,
    delivery,
    gst: { invoicing: gst, desk: invoiceDesk, retention: gstRetention },
    writes: new WriteThrottle(limiters, config.WRITE_BUDGET_SCALE),
    awaitProjections: (position, names) => awaitProjections(position, names),
    catchUp: async (timeoutMs = 60_000) => awaitProjections(await events.headPosition(), projections.map((p) => p.name), timeoutMs),
    metrics,
    checkpoints,
    rebuilds,
    upgrades,
    audits: new AuditRegistry([cartAudit(cartStream), orderAudit(orderStream)]),
    emails,
    logSealing,
    privacy: {
      forget: (userId, by, actorId) => forgetting.forget(userId, by, actorId),
      exportFor: async (userId) => {
        await personalDataIndexCurrent();
        return exportReply(await personalExport({ events, docs, newsletterStreamsOf: (email) => accounts.newsletter.streamsOf(email) }, userId));
      },
    },
    async close() {
      await localRebuilds.stop();
      await upgrades.stop();
      await refundRole.stop();
      await codRole.stop();
      await invoiceRole.stop();
      await gstRetentionRole.stop();
      await logSealingRole?.stop();
      await giftCardRole.stop();
      await orderMailRole.stop();
      if (projectorRole) await projectorRole.stop();
      else await runner.stop();
      await bus?.close();
      await events.close();
      await docs.close();
      await mailer.close();
    },
  };
}

/** How long an export waits for the `personal-data` index to reach the log's head. */
const EXPORT_INDEX_WAIT_MS = 10_000;

/** What a process tells the others after destroying keys (ProcessLink.ask): the subjects. */
const KEYS_DESTROYED = 'keys-destroyed';

/** The delivery settings, or a ConfigError naming SHOP_PINCODE when India Post does not list it. */
function shopDelivery(config: Config): DeliverySettings {
  try {
    return deliverySettingsFrom(config, config.SHOP_TIME_ZONE);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

/**
 * The lease of a process among several on one data folder: an owner of its own, and a short
 * life (WORKER_LEASE_MS), so a killed holder's projections and desks move within seconds.
 */
function sharedFolderLease(config: Config, logger: Logger) {
  return { ttlMs: config.WORKER_LEASE_MS, owner: `${hostname()}:${process.pid}:${randomUUID()}`, logger };
}

/**
 * The projections as a leased role: the runner follows the log from the checkpoints in the store
 * whenever this process wins the lease. Its commits compare-and-set the checkpoints, so a holder
 * that lost the lease but has not noticed yet cannot apply a batch twice. The read-model upgrades
 * (rebuilds at start-up) need the runner's pause and resume, so they run where it runs; a process
 * that loses the lease goes on following them until it holds it again.
 */
function projectorWork(runner: ProjectionRunner, upgrades: ProjectionUpgrades) {
  return {
    async start() {
      await runner.start({ held: upgrades.fromAnotherLog() });
      upgrades.start();
    },
    async stop() {
      upgrades.yieldRebuilds();
      await runner.stop();
    },
  };
}
