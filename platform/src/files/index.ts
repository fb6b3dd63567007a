export * from './port.ts';
export * from './images.ts';
export * from './serve.ts';
