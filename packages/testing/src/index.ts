export * from './database';
export * from './documents';
export * from './fake-razorpay';
export * from './fake-whatsapp';
export * from './mail-server';
export * from './webhook-receiver';
