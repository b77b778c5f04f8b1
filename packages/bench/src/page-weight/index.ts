export * from './plugin';
export * from './precompress';
