import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isInsideFolder } from './fs/private.ts';
import { TRACKING_NUMBER_PLACEHOLDER } from '@shop/contracts/order-rules';
import { DEFAULT_SHOP_TIME_ZONE, GST_RATES, GST_STATE_CODES, gstinProblem, hsnCode, indianStateField, isTimeZone } from '@shop/contracts';

const gstRateSetting = z.coerce.number().refine((rate) => (GST_RATES as readonly number[]).includes(rate), `a GST rate is one of ${GST_RATES.join(', ')}`).transform((rate) => rate as (typeof GST_RATES)[number]);
/** A document series' prefix: with `/yy-yy/` and six digits, at most 16 characters, as rule 46 allows. */
const seriesPrefix = z.string().regex(/^[A-Z0-9]{1,3}$/, 'a series prefix is 1 to 3 capital letters or digits');

const list = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean));

/** Working days as "min-max" (e.g. "2-4"), at most 30, min not above max. */
const deliveryDays = z
  .string()
  .max(5)
  .regex(/^\d{1,2}-\d{1,2}$/, 'delivery days are "min-max" working days, e.g. 2-4')
  .transform((value) => value.split('-').map(Number) as [number, number])
  .refine(([min, max]) => min >= 0 && max >= min && max <= 30, 'delivery days are "min-max" with min ≤ max ≤ 30');

/**
 * Every setting the shop reads, from the environment. Defaults give the embedded shop: SQLite
 * files under DATA_DIR, no external service.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address printed and used in e-mails; defaults to http://HOST:PORT. */
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    /**
     * The erasure ledger: the key store subjects of every person forgotten (ids only). A restore of
     * an older backup destroys their keys again from it, so keep it where a lost data folder does
     * not take it along (the backup volume). Absent: DATA_DIR/erasures.jsonl, which each backup copies.
     */
    ERASURE_LEDGER: z.preprocess((v) => v || undefined, z.string().min(1).optional()),
    /**
     * A file holding 64 hex digits (`openssl rand -hex 32`): `npm run backup` seals every file of
     * the backup under this key (AES-256-GCM) and `npm run restore` opens them. Keep it apart from
     * the backups (another machine or volume, a secrets manager). Absent: backups are not encrypted.
     */
    BACKUP_KEY_FILE: z.preprocess((v) => v || undefined, z.string().min(1).optional()),
    EVENT_STORE: z.enum(['sqlite', 'eventstoredb']).default('sqlite'),
    /**
     * How the embedded event log commits: `full` syncs the WAL before a command is acknowledged;
     * `normal` loses acknowledged commands on power loss and exists for benchmarks only.
     */
    EVENT_LOG_SYNC: z.enum(['full', 'normal']).default('full'),
    EVENTSTORE_URL: z.string().default('esdb://localhost:2113?tls=false'),
    READ_STORE: z.enum(['sqlite', 'mongodb']).default('sqlite'),
    MONGODB_URL: z.string().default('mongodb://localhost:27017/?replicaSet=rs0'),
    MONGODB_DB: z.string().default('shop'),
    CORS_ORIGINS: list,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seed the demo catalog when the event log has none (first start). */
    SEED_CATALOG: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Signs bearer tokens. Absent: generated on first start and kept in DATA_DIR/secrets. */
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    /**
     * Keys the hashes e-mails are looked up by (one account per e-mail, sign-in, the newsletter),
     * so the log shows no address and no guessed one can be confirmed against it. Absent:
     * generated on first start and kept in DATA_DIR/secrets (backed up with it). Never change it on
     * a shop that has accounts: every address would be looked up under another name.
     */
    EMAIL_LOOKUP_SECRET: z.string().min(32, 'EMAIL_LOOKUP_SECRET must be at least 32 characters').optional(),
    JWT_EXPIRES_IN: z.string().regex(/^\d+[smhd]$/, 'JWT_EXPIRES_IN is a duration such as 7d or 12h').default('7d'),
    /** Built storefront to serve; absent folder means API only. */
    UI_DIST: z.string().default('ui/dist'),
    /** Outgoing mail, e.g. smtp://user:pass@host:587. Absent: messages go to DATA_DIR/outbox as .eml files. */
    SMTP_URL: z.preprocess((v) => v || undefined, z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
    MAIL_FROM: z.string().min(3).default('Gift & Gear Shop <no-reply@localhost>'),
    /** Google sign-in: the OAuth web client id. Absent: Google sign-in is off. */
    GOOGLE_CLIENT_ID: z.preprocess((v) => v || undefined, z.string().min(1).optional()),
    /** Where Google's signing keys are published (tests point it at a local JWKS). */
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    /**
     * The carrier's tracking page, with {trackingNumber} where the number goes (URL-encoded): the
     * order page and the shipped e-mail link to it so a shopper can follow the parcel. The default
     * is a tracker that knows India Post and the private couriers alike; set your carrier's own.
     * Only a link: nothing in the shop fetches it.
     */
    TRACKING_URL_TEMPLATE: z
      .url({ protocol: /^https?$/, error: 'TRACKING_URL_TEMPLATE must be an http(s) URL' })
      .refine((url) => url.includes(TRACKING_NUMBER_PLACEHOLDER), `TRACKING_URL_TEMPLATE must contain ${TRACKING_NUMBER_PLACEHOLDER}`)
      .default(`https://t.17track.net/en#nums=${TRACKING_NUMBER_PLACEHOLDER}`),
    /** Card payments: the offline test provider (default) or Razorpay. */
    PAYMENTS: z.enum(['test', 'razorpay']).default('test'),
    /**
     * The offline test provider takes no money, so with NODE_ENV=production it is refused unless
     * this says the shop is a demo.
     */
    ALLOW_TEST_PAYMENTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * Proxies in front of the shop whose X-Forwarded-For entries are believed (0: none, the
     * socket's address is the client's). Set it to the number of hops you run (1 behind one
     * load balancer); any more lets clients pick their own address for the per-address limits.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    /** Checks `X-Razorpay-Signature` on webhooks; without it webhooks are refused. */
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    /**
     * Multiplies every per-user budget of the signed-in writes (checkouts, cart and My List
     * changes, reviews, profile saves). 1 in a shop; load benchmarks that drive a few hundred
     * shoppers at thousands of commands a second raise it.
     */
    WRITE_BUDGET_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
    /** How often the refund desk looks for refunds owed (a failed one is tried again then). */
    REFUND_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    /**
     * The order mail desk and the refund desk run in one API process at a time, the holder of a
     * lease in the read store: another process takes over this long after the holder died.
     */
    DESK_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
    /**
     * Cash on delivery is offered only for orders up to this many rupees (fee included): a parcel
     * refused at the door costs the shop two shipments, and the dearer it is the likelier that is.
     */
    COD_MAX_AMOUNT: z.coerce.number().int().min(0).max(10_000_000).default(5000),
    /** Whole rupees added to a cash-on-delivery order for the courier's cash handling (0: none). */
    COD_FEE: z.coerce.number().int().min(0).max(100_000).default(0),
    /**
     * How long a shopper has to confirm a cash-on-delivery order (the code in the order e-mail)
     * before it is cancelled and its stock goes back: unconfirmed COD orders are the ones that
     * come back undelivered, and the stock they hold is refused to every other shopper meanwhile,
     * so the hold is short (an hour; the code arrives by e-mail within a minute).
     */
    COD_CONFIRM_WITHIN_MINUTES: z.coerce.number().int().min(1).max(30 * 24 * 60).default(60),
    /**
     * Unconfirmed cash-on-delivery orders one account may have open at once (the accounts of one
     * mailbox, plus-addresses and Gmail dots aside, count as one); the next one is refused until one
     * is confirmed, cancelled or past its time (it holds stock nobody paid for).
     */
    COD_MAX_OPEN_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(2),
    /** The same for one delivery address (its pincode and address line), whichever accounts order to it. */
    COD_MAX_OPEN_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
    /** Units of one item a cash-on-delivery order may hold (more is paid online): one order never takes a product's stock. */
    COD_MAX_UNITS_PER_LINE: z.coerce.number().int().min(1).max(10_000).default(5),
    /** How often unconfirmed cash-on-delivery orders past their time are looked for and cancelled. */
    COD_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** Where projections run: in the API process (embedded) or in projector workers fed by Kafka (external). */
    PROJECTIONS: z.enum(['embedded', 'external']).default('embedded'),
    /** External mode: how long a command's reply waits for its projections, and how often it looks. */
    PROJECTION_WAIT_MS: z.coerce.number().int().min(100).default(5000),
    PROJECTION_POLL_MS: z.coerce.number().int().min(1).max(1000).default(20),
    /** Kafka brokers (host:port, comma-separated), the events topic, its partitions, the projector group. */
    KAFKA_BROKERS: z
      .string()
      .default('localhost:9092')
      .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean)),
    KAFKA_TOPIC: z.string().regex(/^[A-Za-z0-9._-]+$/, 'KAFKA_TOPIC may hold letters, digits, dot, dash and underscore').default('shop.events'),
    KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
    KAFKA_GROUP: z.string().min(1).default('projectors'),
    KAFKA_CLIENT_ID: z.string().min(1).default('shop'),
    /**
     * How long the projector group waits for a worker that stopped answering (killed, frozen)
     * before another takes its partitions over: those partitions' read models stall this long.
     * Shorter moves them sooner but drops a worker that pauses longer (a long GC, a slow disk);
     * the broker bounds it (group.min.session.timeout.ms, 6 s by default).
     */
    KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /** Serve Prometheus metrics at /metrics. */
    METRICS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * `/metrics` on the shop's port answers only a scraper sending `Authorization: Bearer
     * <METRICS_TOKEN>`; without it, metrics are served only on HEALTH_PORT.
     */
    METRICS_TOKEN: z.preprocess((v) => v || undefined, z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').max(512).optional()),
    /**
     * Avatar uploads: bodies the process reads at once (each user holds at most one), how long a
     * body may take to arrive (a trickling client gets 408 then, instead of holding its slot for
     * Node's five minutes), and the bytes of avatar files one user may keep.
     */
    UPLOAD_SLOTS: z.coerce.number().int().min(1).max(1000).default(16),
    UPLOAD_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
    /**
     * Other sites storefront pages may show images from (comma-separated https origins, e.g. a
     * CDN that product image URLs point at); the page's CSP allows images only from the shop and these.
     */
    IMAGE_HOSTS: list.pipe(z.array(z.url({ protocol: /^https$/, error: 'each entry must be an https:// origin' }).transform((url) => new URL(url).origin))),
    /**
     * Take reviews only from verified buyers (shoppers with a delivered order holding the
     * product). Off by default: every signed-in shopper may review, and verified buyers' reviews
     * carry a "Verified buyer" badge either way. Turn it on when unverified reviews are abused.
     */
    REVIEWS_VERIFIED_BUYERS_ONLY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * The shop's time zone (an IANA name): the dashboard's days run midnight to midnight here, and
     * e-mails and invoices print dates in it. Orders are recorded in UTC, so changing it needs no
     * rebuild; an order placed at 02:00 IST counts on that Indian day, not on UTC's yesterday.
     */
    SHOP_TIME_ZONE: z.string().max(64).refine(isTimeZone, 'SHOP_TIME_ZONE must be a time zone name such as Asia/Kolkata').default(DEFAULT_SHOP_TIME_ZONE),
    /** The dashboard lists a product as "low on stock" at this many left or fewer (lowest first). */
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(100_000).default(5),
    /**
     * The shop's own pincode, where parcels leave from: delivery zones (same city, same state,
     * metro to metro, rest of India, remote and north-east) are decided from it. Must be in India
     * Post's directory (checked at start). The demo ships from Indiranagar, Bengaluru.
     */
    SHOP_PINCODE: z.string().regex(/^[1-9]\d{5}$/, 'SHOP_PINCODE must be a six-digit Indian pincode').default('560038'),
    /**
     * Whole rupees of delivery charged on an order whose lines come to less than the free-delivery
     * threshold (Rs 299, the promise the storefront makes); orders from the threshold up ship free.
     */
    DELIVERY_FEE: z.coerce.number().int().min(0).max(10_000).default(40),
    /**
     * Working days promised per delivery zone, as "min-max" (Sundays are not counted). The
     * defaults are what surface couriers quote from a metro; a shop far from one sets its own.
     */
    DELIVERY_DAYS_SAME_CITY: deliveryDays.prefault('1-2'),
    DELIVERY_DAYS_SAME_STATE: deliveryDays.prefault('2-4'),
    DELIVERY_DAYS_METRO_TO_METRO: deliveryDays.prefault('2-4'),
    DELIVERY_DAYS_REST_OF_INDIA: deliveryDays.prefault('4-7'),
    DELIVERY_DAYS_REMOTE: deliveryDays.prefault('6-10'),
    /**
     * Zones where cash on delivery is not offered (comma-separated: sameCity, sameState,
     * metroToMetro, restOfIndia, remote). Couriers limit cash collection in the remote and
     * north-eastern zone, and returned COD parcels cost most there.
     */
    DELIVERY_NO_COD_ZONES: list.pipe(z.array(z.enum(['sameCity', 'sameState', 'metroToMetro', 'restOfIndia', 'remote']))).default(['remote']),
    /**
     * API processes serving one port on the embedded store (node:cluster): one Node thread answers
     * every request of a process, so a shop uses one core per process. All of them read and write
     * the same SQLite files; one at a time, the holder of a lease, runs the projections, the mail
     * and refund desks and the sweeps, and takes every rebuild (an admin's, an erasure's) the
     * others are asked for. Default: one per core the machine offers this process, so a bigger
     * server serves more without a setting; the test harness sets 1 unless WORKERS is given.
     */
    WORKERS: z.coerce.number().int().min(1).max(256).default(() => availableParallelism()),
    /**
     * The scrypt cost of new password hashes, log2 N (r = 8, p = 1): 15 takes 32 MiB and ~75 ms
     * of a core per hash; each step doubles both (17 is OWASP's advice, 128 MiB a sign-in).
     * Stored hashes name their own cost, so a change applies to passwords set from then on and
     * every older one still verifies. NODE_ENV=production refuses less than 15; the test harness
     * uses 10 (about 2 ms), since its hundreds of sign-ups are not guarding a real password.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(17).default(15),
    /**
     * With WORKERS > 1: how long the process running projections, desks and sweeps may be gone
     * (killed, or its event loop stuck) before another takes them over. Short, because every
     * command's read-your-writes waits on the projections; renewed every third of it.
     */
    WORKER_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(5000),
    /**
     * The seller as every tax invoice and credit note names it (CGST Rules, rule 46): legal name,
     * address, state and GSTIN. The GSTIN is checked (format, check character) and its first two
     * digits must be the state's GST code, since invoices within that state charge CGST + SGST and
     * to any other IGST. The defaults are a demo seller in Bengaluru, Karnataka (code 29).
     */
    GST_SELLER_LEGAL_NAME: z.string().trim().min(1).max(120).default('Gift & Gear Retail Private Limited'),
    GST_SELLER_ADDRESS: z.string().trim().min(1).max(300).default('12, 100 Feet Road, Indiranagar, Bengaluru 560038, Karnataka'),
    GST_SELLER_STATE: indianStateField.default('Karnataka'),
    GSTIN: z
      .string()
      .trim()
      .max(15, 'a GSTIN is 15 characters')
      .transform((value) => value.toUpperCase())
      .superRefine((value, ctx) => {
        const problem = gstinProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .default('29AAACG1234A1ZA'),
    /**
     * When an order gets its tax invoice: `payment` (default) invoices an order paid online as it
     * is placed (the money is in), `dispatch` when it ships. A cash-on-delivery order is invoiced
     * when it ships under either: GST wants a goods invoice at the latest when the goods leave,
     * and its cash only comes at the door, after that.
     */
    GST_INVOICE_AT: z.enum(['payment', 'dispatch']).default('payment'),
    /** The prefixes of the invoice and credit-note series, e.g. GG/26-27/000123 (each series restarts every 1 April). */
    GST_INVOICE_PREFIX: seriesPrefix.default('GG'),
    GST_CREDIT_NOTE_PREFIX: seriesPrefix.default('GC'),
    /** The HSN code and rate of a product whose product and category have none set (the seed's categories all have theirs). */
    GST_DEFAULT_HSN: hsnCode.default('9999'),
    GST_DEFAULT_RATE: gstRateSetting.default(18),
    /** The delivery and cash-on-delivery fees are courier services: their SAC and rate on the invoice. */
    GST_FEE_SAC: hsnCode.default('996812'),
    GST_FEE_RATE: gstRateSetting.default(18),
    /**
     * The amounts (whole rupees) a gift card is issued or sold for: the gift-card product's
     * variants and an admin's card must lie in this range. The upper bound limits what one
     * leaked code can be worth.
     */
    GIFT_CARD_MIN_AMOUNT: z.coerce.number().int().min(1).max(100_000).default(500),
    GIFT_CARD_MAX_AMOUNT: z.coerce.number().int().min(1).max(100_000).default(10_000),
    /**
     * The amounts (whole rupees, comma-separated) shoppers can buy a gift card for on the Gift
     * cards page. A fixed set rather than any amount in the range: the shopper picks one, and the
     * server charges exactly the one picked, so a request cannot name an odd amount.
     */
    GIFT_CARD_AMOUNTS: z
      .string()
      .max(200)
      .regex(/^\s*\d{1,6}\s*(?:,\s*\d{1,6}\s*){0,19}$/, 'GIFT_CARD_AMOUNTS is up to 20 whole rupee amounts, comma-separated, e.g. 500,1000,2000')
      .default('500,1000,2000,5000,10000')
      .transform((value) => [...new Set(value.split(',').map((amount) => Number(amount.trim())))].sort((a, b) => a - b)),
    /**
     * How long a checkout holds the part of a gift card it debited while its payment is open: an
     * unpaid payment gives it back after this (as long as a provider's checkout page stays usable).
     */
    GIFT_CARD_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    /** How often debits of unpaid payments past their hold are looked for and given back. */
    GIFT_CARD_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /**
     * How long an opened payment may be paid: one paid later is refused at confirmation (and
     * refunded, its money being taken by then), since its prices and promotions were decided then.
     */
    PAYMENT_OPEN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
    /** Whole rupees for gift wrap, a line of its own on a gift order (0: wrapped free). */
    GIFT_WRAP_FEE: z.coerce.number().int().min(0).max(10_000).default(50),
    /** Port of a separate /healthz and /metrics listener (0 = none): relay, projector workers and the API process. */
    HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  })
  .superRefine((c, ctx) => {
    if (c.GSTIN.slice(0, 2) !== GST_STATE_CODES[c.GST_SELLER_STATE]) {
      ctx.addIssue({ code: 'custom', path: ['GSTIN'], message: `a GSTIN of ${c.GST_SELLER_STATE} starts with ${GST_STATE_CODES[c.GST_SELLER_STATE]} (GST_SELLER_STATE)` });
    }
    if (c.GST_INVOICE_PREFIX === c.GST_CREDIT_NOTE_PREFIX) {
      ctx.addIssue({ code: 'custom', path: ['GST_CREDIT_NOTE_PREFIX'], message: 'invoices and credit notes are numbered in series of their own: give them different prefixes' });
    }
    if (c.NODE_ENV === 'production' && c.PAYMENTS === 'test' && !c.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message:
          'the offline test provider (PAYMENTS=test) takes no money and is refused with NODE_ENV=production: set PAYMENTS=razorpay, or ALLOW_TEST_PAYMENTS=true if this shop is a demo',
      });
    }
    if (c.NODE_ENV === 'production' && c.PASSWORD_HASH_COST < 15) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'production hashes passwords at a cost of 15 or more (each step less halves the work of guessing a stolen hash)' });
    }
    // Both exist to outlive a lost data folder: inside it, they are lost with it.
    for (const setting of ['ERASURE_LEDGER', 'BACKUP_KEY_FILE'] as const) {
      const path = c[setting];
      if (path !== undefined && isInsideFolder(path, c.DATA_DIR)) {
        ctx.addIssue({ code: 'custom', path: [setting], message: `${setting} must lie outside DATA_DIR: a data folder that is lost takes it along` });
      }
    }
    if (c.GIFT_CARD_MIN_AMOUNT > c.GIFT_CARD_MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['GIFT_CARD_MIN_AMOUNT'], message: 'GIFT_CARD_MIN_AMOUNT must not be above GIFT_CARD_MAX_AMOUNT' });
    }
    if (c.GIFT_CARD_AMOUNTS.some((amount) => amount < c.GIFT_CARD_MIN_AMOUNT || amount > c.GIFT_CARD_MAX_AMOUNT)) {
      ctx.addIssue({ code: 'custom', path: ['GIFT_CARD_AMOUNTS'], message: 'every GIFT_CARD_AMOUNTS amount must lie between GIFT_CARD_MIN_AMOUNT and GIFT_CARD_MAX_AMOUNT' });
    }
  })
  .transform((c) => ({
    ...c,
    DATA_DIR: resolve(c.DATA_DIR),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
