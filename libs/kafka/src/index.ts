export * from './client';
export * from './headers';
export * from './topics';
export * from './batching-producer';
export * from './consumer';
export * from './request-reply';
export * from './replies';
export * from './outbox-publisher';
