// §4 The login message's isNewRegister is remembered for the tab, so the registration-interest
// dialog asks a new registrant for a role after the page reloads.

const KEY = 'wenyang.isNewRegister';

export function rememberNewRegister(isNewRegister: boolean): void {
  try {
    if (isNewRegister) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: the server's isNewRegister still applies.
  }
}

export function isRememberedNewRegister(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
