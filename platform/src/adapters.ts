// The embedded adapters behind the ports of `@shop/platform`, and the factories that pick one from
// the configuration. Only the composition root (server), tools and tests import them; business code
// (command-api, read-api, projections) sees the ports alone (a lint rule keeps it so). The external
// adapters have their own paths (`@shop/platform/event-store/eventstoredb`,
// `@shop/platform/document-store/mongodb`, `@shop/platform/bus/kafka`) so the embedded shop never
// loads their clients.
export * from './event-store/sqlite.ts';
export * from './document-store/sqlite.ts';
export * from './payments/test-provider.ts';
export * from './payments/razorpay.ts';
export * from './payments/create.ts';
export * from './mail/smtp.ts';
export * from './mail/outbox.ts';
export * from './mail/create.ts';
export * from './files/local-folder.ts';
export * from './bus/memory.ts';
export * from './bus/create.ts';
export * from './privacy/sqlite-key-store.ts';
export * from './privacy/seal-in-place.ts';
