// Redis is optional at run time (README « When Redis is away »): its clients reconnect by
// themselves, commands that need an answer now fail at once while it is away (their callers fall
// back on this instance alone), and each client says once that Redis is gone and once that it is
// back, not at every failed command or reconnection attempt.
import { Redis } from 'ioredis';

/**
 * A command without an answer after this long (Redis unreachable, its connection not yet seen as
 * lost) fails: a login or a publication never waits on Redis longer.
 */
const COMMAND_TIMEOUT_MS = 1000;

/** A client whose commands fail at once while disconnected: no offline queue, no retry. */
export const fastFailingRedis = (url: string) =>
  new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: COMMAND_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });

/** QUIT needs a connection: while Redis is away the client just stops reconnecting. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

export interface OutageLog {
  /** A failure: logged when it is the first since Redis was last reachable. */
  lost(error: Error): void;
  /** Redis answers again: logged when an outage was. */
  back(): void;
}

export function outageLog(lostMessage: string, backMessage: string, log = (message: string) => console.error(message)): OutageLog {
  let down = false;
  return {
    lost(error) {
      if (down) return;
      down = true;
      log(`${lostMessage} : ${error.message}`);
    },
    back() {
      if (!down) return;
      down = false;
      log(backMessage);
    },
  };
}
