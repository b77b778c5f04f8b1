export * from './categories';
export * from './constants';
export * from './gstin';
export * from './messages';
export * from './phone';
export * from './plans';
export * from './roles';
export * from './verification';
