export * from './errors.ts';
export * from './auth.ts';
export * from './reply-cache.ts';
export * from './public-urls.ts';
