/**
 * Progress of the multipart request in flight, so any form can draw a progress bar without
 * threading callbacks through react-admin's save pipeline.
 */
import { useSyncExternalStore } from 'react';

export type UploadProgress = { resource: string; loaded: number; total: number };

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

export function reportUploadProgress(progress: UploadProgress | null) {
  current = progress;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Percentage (0–100) of the upload running for `resource`, or null when none is running. */
export function useUploadProgress(resource: string): number | null {
  const progress = useSyncExternalStore(subscribe, () => current);
  if (!progress || progress.resource !== resource || progress.total === 0) return null;
  return Math.round((progress.loaded / progress.total) * 100);
}
