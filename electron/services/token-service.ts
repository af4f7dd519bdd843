import type { TokenInfo } from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { errorText } from '../../shared/error-text.ts';

/** Local access tokens, one per tool. A token's secret is returned once, by `create`. */
export class TokenService {
  private readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  list(): TokenInfo[] {
    return this.store.tokens.list();
  }

  create(name: string): { token: string; info: TokenInfo } {
    return this.store.tokens.create(name);
  }

  revoke(id: string): void {
    if (!this.store.tokens.revoke(id))
      throw new AppError('not_found', `No active token with id '${id}'.`, {
        i18n: errorText('settings.errors.tokens.notFound', { id }),
      });
  }
}
