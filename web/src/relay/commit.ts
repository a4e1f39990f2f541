import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay/hooks';
import { commitMutation, type Environment, type IEnvironment, type MutationConfig, type MutationParameters } from 'relay-runtime';
import { useToast } from '../ui/toasts';
import { ApiError, describeError, isCancelled } from './ApiError';
import type { NetworkMetadata } from './environment';
import type { UploadProgress } from './multipart';

export interface CommitConfig<T extends MutationParameters> extends Omit<
  MutationConfig<T>,
  'onCompleted' | 'onError' | 'onUnsubscribe' | 'cacheConfig'
> {
  /** Upload progress of a mutation with `uploadables` (product.md §4: floor of loaded / total). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the request (an upload's 'Annuler'); the promise rejects with CANCELLED. */
  signal?: AbortSignal;
}

/** Runs a mutation as a promise: resolves with its response, rejects with an ApiError. */
export function commit<T extends MutationParameters>(
  environment: Environment | IEnvironment,
  { onUploadProgress, signal, ...config }: CommitConfig<T>,
): Promise<T['response']> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new ApiError('CANCELLED', 'Request cancelled');
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const metadata: NetworkMetadata = { onUploadProgress };
    const disposable = commitMutation<T>(environment, {
      ...config,
      cacheConfig: { metadata: metadata as Record<string, unknown> },
      onCompleted: (response) => resolve(response),
      onError: (error) => reject(error instanceof ApiError ? error : new ApiError('NETWORK_ERROR', error.message)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        disposable.dispose();
        reject(cancelled());
      },
      { once: true },
    );
  });
}

export interface CommitOptions {
  /**
   * What to tell the user when the mutation fails: by default a toast with the server's French
   * message; `false` for none (the screen shows the error itself); a function to choose the
   * text (null: no toast). A cancelled request is never announced.
   */
  errorToast?: false | ((error: unknown) => string | null);
}

/**
 * `commit` bound to the current environment, announcing failures with a French toast (§8).
 * The returned promise still rejects, so a form can stop its spinner.
 */
export function useCommit(): <T extends MutationParameters>(config: CommitConfig<T>, options?: CommitOptions) => Promise<T['response']> {
  const environment = useRelayEnvironment();
  const toast = useToast();
  return useCallback(
    async <T extends MutationParameters>(config: CommitConfig<T>, options: CommitOptions = {}) => {
      try {
        return await commit<T>(environment, config);
      } catch (error) {
        if (!isCancelled(error) && options.errorToast !== false) {
          const message = options.errorToast ? options.errorToast(error) : describeError(error);
          if (message) toast('error', message);
        }
        throw error;
      }
    },
    [environment, toast],
  );
}
