import { createElement, useEffect, useSyncExternalStore } from 'react';
import type { DropdownProps } from 'antd';
import type AntDropdown from 'antd/es/dropdown';
import { importWithReload } from '../../lib/chunk-reload';

// antd's Dropdown, and the Menu it draws, for the header's 更多 and account menus: loaded once the
// header has rendered instead of in every page's initial JavaScript (docs/fast-pages.md). Until it
// is in, the trigger shows as it will; the menu opens on hover or click once it has loaded.

let loaded: typeof AntDropdown | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the Dropdown chunk (once); resolves when it is ready to render. */
export function loadDropdown(): Promise<void> {
  loading ??= importWithReload(() => import('antd/es/dropdown')).then(
    (m) => {
      loaded = m.default;
      for (const listener of listeners) listener();
    },
    () => {
      // A failed chunk has reloaded the page (§8) or will be asked for again on the next render.
      loading = null;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => loaded;

/** antd's Dropdown once its chunk is in (at once when it already is); its trigger alone until then. */
export function LazyDropdown(props: DropdownProps) {
  const dropdown = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    void loadDropdown();
  }, []);
  // The same component every render once loaded (a module-level value), so no state is lost.
  return dropdown ? createElement(dropdown, props) : props.children;
}
