import { useEffect, useSyncExternalStore } from 'react';
import { claimDeposit, depositsSnapshot, subscribeDeposits, type DepositView } from './depositRunner';

/** Every deposit running in this tab, as depositRunner.ts follows them. */
export function useDeposits(): readonly DepositView[] {
  return useSyncExternalStore(subscribeDeposits, depositsSnapshot);
}

/** The deposit `depositId` while it runs, shown by the calling form (the shell's banner leaves it). */
export function useDeposit(depositId: number | null): DepositView | null {
  const deposits = useDeposits();
  useEffect(() => (depositId === null ? undefined : claimDeposit(depositId)), [depositId]);
  return deposits.find((deposit) => deposit.depositId === depositId) ?? null;
}
