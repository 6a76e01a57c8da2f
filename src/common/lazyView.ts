import { lazy, type ComponentType } from 'react';

/**
 * A named export of a lazily loaded module as a component, so a resource's views download only
 * when one of its routes opens: `list: lazyView(() => import('./VideoList'), 'VideoList')`.
 */
export const lazyView = <K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
