import type { AppServices } from '../services/app-services-api.ts';
import { EVENT_CHANNEL } from '../preload/ipc-channels.ts';
import type { WebContentsLike } from './electron-like.ts';

/**
 * Sends every contract event to the window's page as `app:event (name, payload)`. The window can
 * be closed and reopened (the app lives on in the tray), so the target is looked up per event;
 * events while no window is open are dropped: a new page asks for the state it needs on load.
 */
export function forwardEvents(
  services: Pick<AppServices, 'subscribe'>,
  target: () => WebContentsLike | null,
): () => void {
  return services.subscribe((name, payload) => {
    const contents = target();
    if (!contents || contents.isDestroyed()) return;
    contents.send(EVENT_CHANNEL, name, payload);
  });
}
