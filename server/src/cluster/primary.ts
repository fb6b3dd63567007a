import cluster, { type Worker } from 'node:cluster';
import { keepClusterLimits } from '@shop/command-api';
import type { Config, Logger } from '@shop/platform';
import { isShopMessage, isShopQuestion, type ShopQuestion } from './process-link.ts';

/** A worker that dies sooner than this after it was started waits before it is started again. */
const QUICK_DEATH_MS = 10_000;
const RESTART_DELAY_MS = 1000;
/**
 * How long a question waits for a worker's answer. Answers are quick (they start work, they do
 * not wait for it): a worker silent this long has its event loop stuck, and the asker goes on
 * with the answers of the others rather than hang an admin's request.
 */
const ANSWER_WITHIN_MS = 10_000;

/** Set on the worker forked first, alone (see runPrimary). */
export const FIRST_WORKER_ENV = 'SHOP_FIRST_WORKER';

/**
 * The primary of WORKERS processes on one port (node:cluster): it serves nothing itself, it
 * starts the workers, passes their words to each other (ProcessLink), starts again any that
 * dies, and stops them all on SIGTERM or SIGINT.
 *
 * The first worker starts alone and the others once it listens: it seeds a new shop, upgrades
 * read models and recovers checkouts left part-way, work that must run once and before anyone is
 * served; the others then find a current shop and start in parallel. Connections are dealt to the
 * workers in turn (the cluster module's round robin), whichever is free.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const startedAt = new Map<Worker, number>();
  let stopping = false;
  let port = config.PORT;

  const fork = (env: Record<string, string> = {}) => {
    const worker = cluster.fork(env);
    startedAt.set(worker, Date.now());
    return worker;
  };

  // The per-user and per-address limits, counted here for every worker (clusterLimiters).
  keepClusterLimits();
  const questions = new QuestionRelay();
  cluster.on('message', (from, message: unknown) => {
    if (isShopQuestion(message)) return questions.received(from, message);
    if (!isShopMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
  cluster.on('exit', (worker) => questions.gone(worker));

  const first = fork({ [FIRST_WORKER_ENV]: '1' });
  port = await new Promise<number>((resolve, reject) => {
    first.once('listening', (address) => resolve(address.port));
    first.once('exit', (code, signal) => reject(new Error(`the first worker exited before it listened (${code ?? signal})`)));
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  const others = Array.from({ length: config.WORKERS - 1 }, () => fork());
  await Promise.all(others.map((worker) => new Promise((resolve) => worker.once('listening', resolve))));

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a shop process died; starting another');
    setTimeout(() => !stopping && fork(), lived < QUICK_DEATH_MS ? RESTART_DELAY_MS : 0);
  });

  logger.info({ workers: config.WORKERS, dataDir: config.DATA_DIR }, 'shop ready');
  console.log(`\n  Shop running at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}/ (${config.WORKERS} processes)\n`);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    // Each worker finishes its requests and closes its stores (its own SIGTERM handler).
    void Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/**
 * The primary's part in the workers' questions (ProcessLink.ask): a question goes to every other
 * worker, and their answers go back to the asker together, once each has answered, exited, or
 * taken longer than ANSWER_WITHIN_MS.
 */
class QuestionRelay {
  private readonly open = new Map<string, { asker: Worker; waitingFor: Set<Worker>; answers: unknown[]; timer: NodeJS.Timeout }>();
  /** Workers whose link listens; one still loading its code would lose a question and be waited for in vain. */
  private readonly linked = new Set<Worker>();

  received(from: Worker, message: ShopQuestion): void {
    if (message.shop === 'linked') {
      this.linked.add(from);
      return;
    }
    if (message.shop === 'answer') {
      const question = this.open.get(message.id);
      if (!question?.waitingFor.delete(from)) return;
      question.answers.push(message.answer);
      this.settleIfAnswered(message.id);
      return;
    }
    if (message.shop !== 'ask') return;
    const others = [...this.linked].filter((worker) => worker !== from && worker.isConnected());
    const timer = setTimeout(() => this.settle(message.id), ANSWER_WITHIN_MS);
    this.open.set(message.id, { asker: from, waitingFor: new Set(others), answers: [], timer });
    for (const worker of others) worker.send(message);
    this.settleIfAnswered(message.id);
  }

  /** A worker that exited answers nothing more; the questions it asked are dropped with it. */
  gone(worker: Worker): void {
    this.linked.delete(worker);
    for (const [id, question] of this.open) {
      if (question.asker === worker) {
        clearTimeout(question.timer);
        this.open.delete(id);
      } else if (question.waitingFor.delete(worker)) this.settleIfAnswered(id);
    }
  }

  private settleIfAnswered(id: string): void {
    if (this.open.get(id)?.waitingFor.size === 0) this.settle(id);
  }

  private settle(id: string): void {
    const question = this.open.get(id);
    if (!question) return;
    clearTimeout(question.timer);
    this.open.delete(id);
    if (question.asker.isConnected()) question.asker.send({ shop: 'answers', id, answers: question.answers } satisfies ShopQuestion);
  }
}
