export * from './accounts.ts';
export * from './boms.ts';
export * from './contact.ts';
export * from './masterdata.ts';
export * from './organizations.ts';
export * from './production.ts';
export * from './reference.ts';
export * from './stock.ts';
