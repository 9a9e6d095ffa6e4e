/**
 * Session state and actions of spec section 4: USER_LOGIN stores user and token; USER_LOGOUT
 * clears them; USER_MY_PROFILE replaces user data; USER_INFO_LOADING_START/END toggle loading;
 * UPDATE_USER_BALANCE stores the balance.
 */
export interface SessionState<U> {
  token: string | null;
  user: U | null;
  loading: boolean;
  balance: number | null;
}

export type SessionAction<U> =
  | { type: 'USER_LOGIN'; token: string; user: U }
  | { type: 'USER_LOGOUT' }
  | { type: 'USER_MY_PROFILE'; user: U }
  | { type: 'USER_INFO_LOADING_START' }
  | { type: 'USER_INFO_LOADING_END' }
  | { type: 'UPDATE_USER_BALANCE'; balance: number };

function balanceOf(user: unknown): number | null {
  const balance = (user as { balance?: unknown } | null)?.balance;
  return typeof balance === 'number' ? balance : null;
}

/** Pure reducer of the session actions. */
export function sessionReducer<U>(state: SessionState<U>, action: SessionAction<U>): SessionState<U> {
  switch (action.type) {
    case 'USER_LOGIN':
      return { token: action.token, user: action.user, loading: false, balance: balanceOf(action.user) };
    case 'USER_LOGOUT':
      return { token: null, user: null, loading: false, balance: null };
    case 'USER_MY_PROFILE':
      return { ...state, user: action.user, balance: balanceOf(action.user) ?? state.balance };
    case 'USER_INFO_LOADING_START':
      return { ...state, loading: true };
    case 'USER_INFO_LOADING_END':
      return { ...state, loading: false };
    case 'UPDATE_USER_BALANCE':
      return { ...state, balance: action.balance };
  }
}
