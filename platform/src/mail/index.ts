export * from './port.ts';
export * from './smtp.ts';
export * from './outbox.ts';
export * from './create.ts';
