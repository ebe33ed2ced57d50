import { create } from 'zustand';
import type { CallResponse } from '@shared/contract/define';
import type { UserInfo, getDesignerStatus } from '@shared/contract/accounts';

/** §3 Client state: login state is `sign-in` or `no-logged-in`. */
export type LoginState = 'sign-in' | 'no-logged-in';

/** §3 User info as the header and side menu need it (filled by the accounts feature). */
export type SessionUser = Pick<
  UserInfo,
  'userId' | 'caiHongID' | 'userName' | 'smallHeadImg' | 'memberTypeName' | 'isExpVip'
> & { vipEndTime: number | null };

/** §3 User status: status ≠ 0 means a designer status; settleStatus 1 is a settled designer. */
export type SessionUserStatus = CallResponse<typeof getDesignerStatus>;

type SessionState = {
  loginState: LoginState;
  /** False until the session was first read (the desktop asks its host asynchronously). */
  sessionChecked: boolean;
  userInfo: SessionUser | null;
  userStatus: SessionUserStatus | null;
  loginDialogOpen: boolean;
  /** §4/§6 The close message closes the dialog only where the route allows it. */
  loginDialogClosable: boolean;
  /** A token is present: signed in, the login dialog closes (§4). */
  markSignedIn: () => void;
  setSignedIn: (user: SessionUser | null, status: SessionUserStatus | null) => void;
  /** No token: user info cleared, no-logged-in; the login dialog may stay. */
  clear: () => void;
  openLoginDialog: (options?: { closable?: boolean }) => void;
  closeLoginDialog: () => void;
};

export const useSessionStore = create<SessionState>((set) => ({
  loginState: 'no-logged-in',
  sessionChecked: false,
  userInfo: null,
  userStatus: null,
  loginDialogOpen: false,
  loginDialogClosable: true,
  markSignedIn: () => set({ loginState: 'sign-in', sessionChecked: true, loginDialogOpen: false }),
  setSignedIn: (userInfo, userStatus) =>
    set({ loginState: 'sign-in', sessionChecked: true, userInfo, userStatus }),
  clear: () =>
    set({ loginState: 'no-logged-in', sessionChecked: true, userInfo: null, userStatus: null }),
  openLoginDialog: (options) =>
    set({ loginDialogOpen: true, loginDialogClosable: options?.closable ?? true }),
  closeLoginDialog: () => set({ loginDialogOpen: false, loginDialogClosable: true }),
}));
