export * from './address';
export * from './legs';
export * from './sac';
export * from './series';
