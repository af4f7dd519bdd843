import type { SettingsRepo } from '../store/settings-repo.ts';
import type { ToolId } from './connector.ts';
import type { ConnectionRecord, ConnectionRecords } from './tool-connections.ts';

const keyOf = (id: ToolId) => `toolConnection.${id}`;

const isRecord = (value: unknown): value is ConnectionRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConnectionRecord).tokenId === 'string' &&
  Array.isArray((value as ConnectionRecord).files);

/** Connection records kept in the app's settings table, one key per tool. */
export function settingsRecords(settings: SettingsRepo): ConnectionRecords {
  return {
    read: (id) => settings.get<ConnectionRecord | null>(keyOf(id), null, isRecord),
    write: (id, record) => settings.set(keyOf(id), record),
    remove: (id) => {
      settings.delete(keyOf(id));
    },
  };
}
