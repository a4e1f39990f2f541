import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MutationParameters } from 'relay-runtime';
import { describeUploadError } from './ApiError';
import { useCommit, type CommitConfig, type CommitOptions } from './commit';

/**
 * Runs a mutation with `uploadables` (see `uploadablesFor`) and follows it: `progress` is the
 * percentage sent (product.md §4: floor of loaded / total), null when idle; `cancel` aborts it (the
 * promise then rejects with CANCELLED, which no toast announces). Leaving the screen cancels.
 * A failure is announced by default with `describeUploadError`: the server's reason for a refused
 * file, « Réessayez plus tard. » for an unexpected failure.
 */
export function useUpload(): {
  start: <T extends MutationParameters>(config: CommitConfig<T>, options?: CommitOptions) => Promise<T['response']>;
  cancel: () => void;
  progress: number | null;
} {
  const commit = useCommit();
  const [progress, setProgress] = useState<number | null>(null);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async <T extends MutationParameters>(config: CommitConfig<T>, options?: CommitOptions) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setProgress(0);
      try {
        return await commit<T>(
          {
            ...config,
            signal: controller.signal,
            onUploadProgress: (sent) => {
              if (current.current !== controller) return;
              // The response often follows the last bytes at once and resets the bar: render the
              // completed bar right away so users (and tests) see it reach 100 %.
              if (sent.percent === 100) flushSync(() => setProgress(100));
              else setProgress(sent.percent);
              config.onUploadProgress?.(sent);
            },
          },
          { errorToast: describeUploadError, ...options },
        );
      } finally {
        if (current.current === controller) {
          current.current = null;
          setProgress(null);
        }
      }
    },
    [commit],
  );

  const cancel = useCallback(() => current.current?.abort(), []);

  return { start, cancel, progress };
}
