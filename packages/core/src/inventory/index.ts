export * from './attribute-fields';
export * from './cities';
export * from './schemas';
export * from './units';
