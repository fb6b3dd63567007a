export * from './port.ts';
export * from './signature.ts';
