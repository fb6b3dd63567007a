export * from './registry.ts';
export * from './timed-event-store.ts';
