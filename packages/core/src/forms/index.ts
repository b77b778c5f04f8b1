/**
 * Zod schemas of the forms, shared by the server (procedure inputs) and the apps (@mantine/form's
 * schemaResolver). A separate entry point, `@barterads/core/forms`, so pages without forms do not load zod.
 */
export * from './accounts';
export * from './address';
export * from './circles';
export * from './contact';
export * from './deals';
export * from './fields';
