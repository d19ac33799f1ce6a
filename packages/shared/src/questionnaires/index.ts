export * from './api';
export * from './link-types';
export * from './templates';
