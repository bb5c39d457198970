import { useEffect, useState } from 'react';
import type { DisplayMessage } from '../../../core/schemas/display';
import { subscribeDisplay } from '../../lib/display-channel';
import { connectDisplay, type ServerPairing } from './display-connection';
import { readToken } from './display-store';

/** How long a new display listens for a till on this computer before it asks the server for a code. */
const LOCAL_WAIT_MS = 1200;

export interface DisplayFeed {
  /** The newest bill, from the till on this computer or through the server. */
  message: DisplayMessage | null;
  /** Sales the server says are paid (the provider confirmed them, or a person did). */
  paid: ReadonlySet<string>;
  /** A till on this computer publishes: no pairing is needed. */
  local: boolean;
  /** With the server: the code to enter at the counter, or paired (null: not asked, or not yet). */
  pairing: ServerPairing | null;
  /** The server's stream is down (offline): what is shown may be old. */
  disconnected: boolean;
}

/**
 * What the display shows, from both of its sources: the till on the same computer (BroadcastChannel, no
 * network), and the server's stream for a tablet paired with a till. A display already paired connects at
 * once; a new one first listens for a till on this computer and asks for a code only when none answers.
 * The newest bill (by `seq`) wins, whichever way it came.
 */
export function useDisplayFeed(): DisplayFeed {
  const [message, setMessage] = useState<DisplayMessage | null>(null);
  const [paid, setPaid] = useState<ReadonlySet<string>>(() => new Set());
  const [local, setLocal] = useState(false);
  const [pairing, setPairing] = useState<ServerPairing | null>(null);
  const [disconnected, setDisconnected] = useState(false);

  useEffect(() => {
    let seen = 0;
    let hereToo = false;
    let stopServer: (() => void) | null = null;
    let serverPaired = false;
    const take = (m: DisplayMessage) => {
      if (m.seq <= seen) return;
      seen = m.seq;
      setMessage(m);
    };
    const startServer = () => {
      stopServer ??= connectDisplay({
        pairing: (p) => {
          serverPaired = p.kind === 'paired';
          setPairing(p);
        },
        connected: (up) => setDisconnected(!up),
        message: take,
        paid: (orderId) => setPaid((s) => new Set(s).add(orderId)),
      });
    };
    const stopLocal = subscribeDisplay((m) => {
      if (!hereToo) {
        hereToo = true;
        setLocal(true);
        // a till on this computer: a code waiting to be entered is not needed
        if (!serverPaired && stopServer) {
          stopServer();
          stopServer = null;
          setPairing(null);
          setDisconnected(false);
        }
      }
      take(m);
    });
    const wait = setTimeout(() => !hereToo && startServer(), readToken() ? 0 : LOCAL_WAIT_MS);
    return () => {
      clearTimeout(wait);
      stopLocal();
      stopServer?.();
    };
  }, []);

  return { message, paid, local, pairing, disconnected };
}
