export * from './pool';
export * from './migrate';
