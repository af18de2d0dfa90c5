export * from './pool';
export * from './health';
export * from './migrate';
export * from './outbox';
export * from './table-watch';
