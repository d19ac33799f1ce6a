export * from './forms';
export * from './payment';
export * from './schemas';
