// Whether the SPA shows the maintenance gate instead of the site: set from the start-up probe
// (main.tsx), cleared when an admin signs in at the gate. A tiny store rather than React state,
// because main.tsx learns the answer outside React (and may learn it after the first render).
import { useSyncExternalStore } from 'react';

let isOn = false;
const listeners = new Set<() => void>();

export function setMaintenanceGate(value: boolean): void {
  if (value === isOn) return;
  isOn = value;
  for (const listener of listeners) listener();
}

export function isMaintenanceGateShown(): boolean {
  return isOn;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsMaintenanceGateShown(): boolean {
  return useSyncExternalStore(subscribe, isMaintenanceGateShown, () => false);
}
