import { create } from 'zustand';

/**
 * Whether the floating tools' conversation drawer is open. It lives outside the floating tools,
 * which unmount above 600px of scroll, so the conversation stays open whatever the page does.
 */
type ServiceDrawerState = {
  open: boolean;
  show: () => void;
  hide: () => void;
};

export const useServiceDrawerStore = create<ServiceDrawerState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
