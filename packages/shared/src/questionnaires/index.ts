export * from './api';
export * from './templates';
