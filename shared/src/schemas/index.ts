export * from './auth';
export * from './errors';
export * from './constants';
export * from './domain-management';
