export * from './port.ts';
export * from './signature.ts';
export * from './test-provider.ts';
export * from './razorpay.ts';
export * from './create.ts';
