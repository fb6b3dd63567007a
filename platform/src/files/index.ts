export * from './port.ts';
export * from './local-folder.ts';
export * from './images.ts';
export * from './serve.ts';
