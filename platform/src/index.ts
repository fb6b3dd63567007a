// The EventStoreDB and MongoDB adapters are imported by path (`@shop/platform/event-store/eventstoredb`)
// so the embedded shop never loads their clients.
export * from './event-store/port.ts';
export * from './event-store/sqlite.ts';
export * from './document-store/port.ts';
export * from './document-store/sqlite.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './http/index.ts';
export * from './identity/tokens.ts';
export * from './payments/index.ts';
export * from './mail/index.ts';
export * from './files/index.ts';
export * from './identity/google.ts';
// The Kafka adapter is imported by path (`@shop/platform/bus/kafka`), like the other external ones.
export * from './bus/port.ts';
export * from './bus/memory.ts';
export * from './bus/partition.ts';
export * from './metrics/index.ts';
export * from './bus/create.ts';
