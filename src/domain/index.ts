export * from './enums';
export * from './limits';
export * from './messages';
export * from './rules';
export * from './html';
export * from './records';
export * from './entity';
export * from './declared';
export { USER_TEXTS } from './entities/users';
