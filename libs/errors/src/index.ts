export * from './codes';
export * from './app-error';
export * from './problem';
export * from './failures';
export * from './rejected';
