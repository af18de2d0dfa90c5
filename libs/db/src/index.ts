export * from './pool';
export * from './health';
export * from './migrate';
export * from './outbox';
