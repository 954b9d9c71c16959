export * from './auth';
export * from './errors';
export * from './constants';
export * from './security';
export * from './domain-management';
