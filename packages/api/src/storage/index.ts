export * from './images';
export * from './local';
export * from './s3';
export * from './sniff';
export * from './storage';
export * from './stored-files';
export * from './uploads';
