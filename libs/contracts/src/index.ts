export * from './money';
export * from './common';
export * from './topics';
export * from './messaging';
export * from './user';
export * from './ledger';
export * from './problem';
export * from './identity';
