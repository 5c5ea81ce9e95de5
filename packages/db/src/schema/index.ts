export * from './accounts.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './meta.ts';
export * from './persons.ts';
export * from './addresses.ts';
export * from './reports.ts';
export * from './ancestry.ts';
