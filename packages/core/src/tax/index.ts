export * from './legs';
export * from './sac';
