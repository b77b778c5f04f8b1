export * from './categories';
export * from './circles';
export * from './constants';
export * from './deals';
export * from './deliveries';
export * from './events';
export * from './gst';
export * from './gstin';
export * from './inventory/units';
export * from './languages';
export * from './lifecycle';
export * from './listing-languages';
export * from './matching';
export * from './messages';
export * from './money';
export * from './notifications';
export * from './phone';
export * from './plans';
export * from './roles';
// Saved searches: from '@barterads/core/saved-searches' (kept out of this barrel, so the web app's first load
// does not carry what only its saved-search screens use).
export * from './statuses';
export * from './tax';
export * from './text';
export * from './verification';
