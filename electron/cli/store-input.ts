import { DuplicateNameError, InvalidInputError } from '../store/index.ts';
import { InputError } from './usage-error.ts';

/** Runs a store write; what the store refuses (worded for people already) becomes an input error. */
export function storeInput<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof DuplicateNameError)
      throw new InputError(error.message, { cause: error });
    throw error;
  }
}
