export * from './database';
export * from './fake-razorpay';
export * from './mail-server';
export * from './webhook-receiver';
