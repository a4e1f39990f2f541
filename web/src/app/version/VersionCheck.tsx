import { useEffect } from 'react';
import { Button } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { fr } from '../../i18n/fr';
import { useToast } from '../../ui/toasts';
import { appVersion } from '../../version';
import { isNewerVersion } from './compareVersions';

// A long-lived tab learns about a release when it comes back to the foreground, and at least
// every quarter of an hour.
const CHECK_EVERY_MS = 15 * 60 * 1000;
const toastId = 'version-update';

/** product.md §4: the newest version wins over whatever the browser kept: caches go, then a reload. */
async function restart(): Promise<void> {
  try {
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    }
  } finally {
    window.location.reload();
  }
}

/**
 * product.md §4 "Version check": compares this build with the server's /meta.json and, when the server
 * runs a newer version, shows the persistent 'Mise à jour' notice with 'Redémarrer'.
 */
export function VersionCheck() {
  const toast = useToast();
  useEffect(() => {
    let announced = false;
    const check = async () => {
      if (announced) return;
      try {
        const response = await fetch('/meta.json', { cache: 'no-store' });
        if (!response.ok) return;
        const { version } = (await response.json()) as { version?: unknown };
        if (typeof version !== 'string' || !isNewerVersion(version, appVersion)) return;
        announced = true;
        toast('info', fr.versionCheck.title, {
          id: toastId,
          timeout: -1,
          body: fr.versionCheck.message,
          footer: (
            <Button size="small" appearance="primary" icon={<ArrowClockwiseRegular />} onClick={() => void restart()}>
              {fr.versionCheck.restart}
            </Button>
          ),
        });
      } catch {
        // Offline or the server is restarting: the next check will tell.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [toast]);
  return null;
}
