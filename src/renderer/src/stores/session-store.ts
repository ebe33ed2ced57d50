import { create } from 'zustand';

/** §3 Client state: login state is `sign-in` or `no-logged-in`. */
export type LoginState = 'sign-in' | 'no-logged-in';

/** §3 User info as the header and side menu need it (filled by the accounts feature). */
export type SessionUser = {
  userId: number;
  caiHongID: string;
  userName: string;
  smallHeadImg: string;
  memberTypeName: string;
  vipEndTime: number | null;
  isExpVip: boolean;
};

/** §3 User status: status ≠ 0 means a designer status; settleStatus 1 is a settled designer. */
export type SessionUserStatus = { status: number; settleStatus: number };

type SessionState = {
  loginState: LoginState;
  userInfo: SessionUser | null;
  userStatus: SessionUserStatus | null;
  loginDialogOpen: boolean;
  setSignedIn: (user: SessionUser | null, status: SessionUserStatus | null) => void;
  clear: () => void;
  openLoginDialog: () => void;
  closeLoginDialog: () => void;
};

export const useSessionStore = create<SessionState>((set) => ({
  loginState: 'no-logged-in',
  userInfo: null,
  userStatus: null,
  loginDialogOpen: false,
  setSignedIn: (userInfo, userStatus) => set({ loginState: 'sign-in', userInfo, userStatus }),
  clear: () => set({ loginState: 'no-logged-in', userInfo: null, userStatus: null }),
  openLoginDialog: () => set({ loginDialogOpen: true }),
  closeLoginDialog: () => set({ loginDialogOpen: false }),
}));
