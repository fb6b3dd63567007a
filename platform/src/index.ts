// Ports and pure helpers only: what business code (command-api, read-api, projections) may use.
// The adapters behind the ports come from `@shop/platform/adapters` (embedded ones and the factories
// that pick one from config) or, for the external ones, their own paths
// (`@shop/platform/event-store/eventstoredb`, `.../document-store/mongodb`, `.../bus/kafka`).
export * from './event-store/port.ts';
export * from './event-store/upcasting.ts';
export * from './event-store/forwarding.ts';
export * from './privacy/key-store.ts';
export * from './privacy/sealing.ts';
export * from './document-store/port.ts';
export * from './document-store/leased-role.ts';
export * from './config.ts';
export * from './logger.ts';
export * from './http/index.ts';
export * from './identity/tokens.ts';
export * from './payments/index.ts';
export * from './mail/index.ts';
export * from './files/index.ts';
export * from './identity/google.ts';
export * from './bus/port.ts';
export * from './bus/partition.ts';
export * from './metrics/index.ts';
