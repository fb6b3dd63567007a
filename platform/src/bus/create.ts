import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { MessageBus } from './port.ts';

/** The Kafka bus from configuration; kafkajs is loaded only when a bus is asked for. */
export async function createKafkaBus(config: Config, logger: Logger, role: string): Promise<MessageBus> {
  const { KafkaBus } = await import('./kafka.ts');
  return new KafkaBus({
    brokers: config.KAFKA_BROKERS,
    clientId: `${config.KAFKA_CLIENT_ID}-${role}`,
    logger,
    // Every partition must be able to move on while another is held by a rebuild.
    concurrency: Math.max(config.KAFKA_PARTITIONS, 1),
    sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
  });
}
