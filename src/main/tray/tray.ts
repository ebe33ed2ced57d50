// Electron glue of the tray: the icon, tooltip and menu tray-state.ts computes. Thin on purpose.
import { Menu, Tray, nativeImage } from 'electron';
import type { MenuItemConstructorOptions } from 'electron';
import { trayIconBitmap } from './tray-icon';
import type { TrayMenuAction, TrayView } from './tray-state';

const ICON_SIZE = 32;

export type UploadTray = {
  show(view: TrayView): void;
  destroy(): void;
};

/** The tray icon, or null where the desktop has no tray (some Linux desktops). */
export function createUploadTray(options: {
  initial: TrayView;
  onAction: (action: TrayMenuAction) => void;
  /** A click on the icon itself (Windows, Linux): open the window. */
  onClick: () => void;
}): UploadTray | null {
  const image = (view: TrayView) =>
    nativeImage.createFromBitmap(trayIconBitmap(view.mode, ICON_SIZE), {
      width: ICON_SIZE,
      height: ICON_SIZE,
    });
  let tray: Tray;
  try {
    tray = new Tray(image(options.initial));
  } catch (error) {
    console.warn('[wenyang] 没有系统托盘 / No system tray:', error);
    return null;
  }
  tray.on('click', options.onClick);
  let shownMode = options.initial.mode;
  const show = (view: TrayView) => {
    if (view.mode !== shownMode) {
      tray.setImage(image(view));
      shownMode = view.mode;
    }
    tray.setToolTip(view.tooltip);
    const template: MenuItemConstructorOptions[] = [
      { label: view.status, enabled: false },
      { type: 'separator' },
      ...view.menu.map((entry): MenuItemConstructorOptions => ({
        label: entry.label,
        click: () => options.onAction(entry.action),
      })),
    ];
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };
  show(options.initial);
  return { show, destroy: () => tray.destroy() };
}
