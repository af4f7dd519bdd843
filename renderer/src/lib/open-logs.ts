import { EMPTY_LOG_FORM } from '../stores/log-filter.ts';
import { useLogsStore } from '../stores/logs-store.ts';
import { hashFor } from './routes.ts';

/** Opens the Logs page with one request's details in its drawer. */
export function openLogEntry(requestId: string): void {
  useLogsStore.getState().select(requestId);
  window.location.hash = hashFor('logs');
}

/** Opens the Logs page filtered to the requests a model route moved on from a model for. */
export function openRouteFallbacks(route: string): void {
  useLogsStore.getState().setForm({ ...EMPTY_LOG_FORM, modelRoute: route, status: 'fellBack' });
  window.location.hash = hashFor('logs');
}
