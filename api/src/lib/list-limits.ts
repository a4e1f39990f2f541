import { AppError } from '../errors.js';

/** The longest list any argument may carry (bill lines, file ids, node ids…), in GraphQL and REST. */
export const MAX_LIST_ITEMS = 1_000;

export const listTooLong = () =>
  new AppError('BAD_USER_INPUT', `Liste trop longue : ${MAX_LIST_ITEMS} éléments au plus.`, { reason: 'LIST_TOO_LONG' });
