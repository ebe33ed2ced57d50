import { create } from 'zustand';

/** §3 Client state: login state is `sign-in` or `no-logged-in`. */
export type LoginState = 'sign-in' | 'no-logged-in';

/** Session and UI state only; the profile is server state in React Query (api/get-user-info). */
type SessionState = {
  loginState: LoginState;
  /** False until the session was first read (the desktop asks its host asynchronously). */
  sessionChecked: boolean;
  loginDialogOpen: boolean;
  /** §4/§6 The close message closes the dialog only where the route allows it. */
  loginDialogClosable: boolean;
  /** A token is present: signed in, the login dialog closes (§4). */
  markSignedIn: () => void;
  /** No token: no-logged-in (profile readers then show no user); the login dialog may stay. */
  clear: () => void;
  openLoginDialog: (options?: { closable?: boolean }) => void;
  closeLoginDialog: () => void;
};

export const useSessionStore = create<SessionState>((set) => ({
  loginState: 'no-logged-in',
  sessionChecked: false,
  loginDialogOpen: false,
  loginDialogClosable: true,
  markSignedIn: () => set({ loginState: 'sign-in', sessionChecked: true, loginDialogOpen: false }),
  clear: () => set({ loginState: 'no-logged-in', sessionChecked: true }),
  openLoginDialog: (options) =>
    set({ loginDialogOpen: true, loginDialogClosable: options?.closable ?? true }),
  closeLoginDialog: () => set({ loginDialogOpen: false, loginDialogClosable: true }),
}));
