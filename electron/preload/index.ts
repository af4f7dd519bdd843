import { contextBridge, ipcRenderer } from 'electron';
import { API_GLOBAL } from '../../shared/contract.ts';
import { createDesktopBridge } from './desktop-bridge.ts';

// Exposes the contract's DesktopBridge and nothing else: no ipcRenderer, no Node.
contextBridge.exposeInMainWorld(API_GLOBAL, createDesktopBridge(ipcRenderer));
