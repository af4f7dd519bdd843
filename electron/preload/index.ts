import { contextBridge, ipcRenderer } from 'electron';
import { API_GLOBAL, type AppApi, type GatewayStatus } from '../../shared/contract.ts';

// Exposes the contract and nothing else: the renderer never gets ipcRenderer itself.
const api: AppApi = {
  gatewayStatus: () => ipcRenderer.invoke('gatewayStatus') as Promise<GatewayStatus>,
};

contextBridge.exposeInMainWorld(API_GLOBAL, api);
