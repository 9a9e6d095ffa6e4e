import type { MongoAbility } from '@casl/ability';
import type { AbilityRule } from '@lm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../api/api-context';
import { ApiRequestError } from '../api/api-error';
import type { ApiPath } from '../api/api-paths';
import { requestState } from '../api/request-state';
import { type SessionState, sessionReducer } from './session-reducer';
import { clearToken, readToken, writeToken } from './storage-keys';

/** CASL ability of the signed-in user or admin: action `call`, subject = permission name. */
export type AppAbility = MongoAbility<['call', string]>;

/**
 * Builds the CASL ability from the rules returned at login (spec section 6). CASL is loaded on
 * demand: the login screen does not need it (bundle budget).
 */
export async function buildAbility(rules: readonly AbilityRule[] | undefined): Promise<AppAbility> {
  const { createMongoAbility } = await import('@casl/ability');
  return createMongoAbility<['call', string]>((rules ?? []) as AbilityRule[]);
}

/** Session checks sent while the app boots ({@link prefetchSessionInfo}), by info path, until taken. */
const earlyInfo = new Map<string, Promise<{ data: unknown }>>();

/**
 * Sends the stored token's check (`GET user/info` or `admin/info`, silently) before the app has
 * rendered, so that it travels with the app's first chunks instead of after them; the
 * {@link SessionProvider} of the same `infoPath` takes this answer for its first check. Does nothing
 * without a stored token. A failure is handled by the provider, as if it had sent the request.
 * @param api the app's API client (`createApiClients(...).api`)
 */
export function prefetchSessionInfo(
  api: ApiClient,
  tokenKey: string,
  infoPath: ApiPath<'get'>,
): Promise<{ data: unknown }> | undefined {
  if (!readToken(tokenKey)) return undefined;
  const sent = earlyInfo.get(infoPath);
  if (sent) return sent;
  const request = api.get<unknown>(infoPath, { silent: true });
  // Its rejection is read by the provider; until then it must not count as unhandled.
  request.catch(() => undefined);
  earlyInfo.set(infoPath, request);
  return request;
}

/** The boot-time check of `infoPath`, once (the provider's first check); undefined when none was sent. */
function takeEarlyInfo<U>(infoPath: ApiPath<'get'>): Promise<{ data: U }> | undefined {
  const request = earlyInfo.get(infoPath);
  earlyInfo.delete(infoPath);
  return request as Promise<{ data: U }> | undefined;
}

/** Wait before checking a stored token again after a failure that was not a refusal (network, 5xx). */
const SESSION_RETRY_MS = 5_000;

/** Ability of nobody (no session yet): every check fails. */
const NO_ABILITY = { can: () => false, cannot: () => true } as unknown as AppAbility;

interface SessionUserShape {
  abilities?: AbilityRule[];
}

export interface SessionContextValue<U> extends SessionState<U> {
  ability: AppAbility;
  /** True after the user signed out here: guards then go to login without remembering the screen. */
  signedOut: boolean;
  /** Stores the token (local + session storage) and the user: USER_LOGIN. */
  login(token: string, user: U): void;
  /** Calls the logout endpoint (silently), clears the stored session and the cache: USER_LOGOUT. */
  logout(): Promise<void>;
  /** Re-reads the user from the info endpoint: USER_MY_PROFILE. */
  refresh(): Promise<U | null>;
  /** Replaces the user data: USER_MY_PROFILE. */
  setUser(user: U): void;
  /** UPDATE_USER_BALANCE. */
  setBalance(balance: number): void;
}

const SessionContext = createContext<SessionContextValue<unknown> | null>(null);

export interface SessionProviderProps {
  /** `AUTH_TOKEN` or `USER_TOKEN`. */
  tokenKey: string;
  /** `user/info` or `admin/info`. */
  infoPath: ApiPath<'get'>;
  /** `user/logout` or `logout`. */
  logoutPath: ApiPath<'post'>;
  children: ReactNode;
}

/**
 * Holds the session of one app. On start, a stored token is checked with the info endpoint
 * (silently); a token the API refuses (401) is dropped; one that could not be checked (maintenance,
 * offline, server error) is kept and checked again.
 */
export function SessionProvider<U extends SessionUserShape>({
  tokenKey,
  infoPath,
  logoutPath,
  children,
}: SessionProviderProps) {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const initialToken = useRef(readToken(tokenKey)).current;
  const [state, dispatch] = useReducer(sessionReducer<U>, {
    token: initialToken,
    user: null,
    loading: initialToken !== null,
    balance: null,
  });

  const refresh = useCallback(async (): Promise<U | null> => {
    if (!readToken(tokenKey)) return null;
    try {
      const res = await api.get<U>(infoPath, { silent: true });
      dispatch({ type: 'USER_MY_PROFILE', user: res.data });
      return res.data;
    } catch {
      return null;
    }
  }, [api, infoPath, tokenKey]);

  // A failed check of the stored token drops it only when the API refused the token (401). During
  // maintenance (503), offline or on a server error the session is kept and checked again: when
  // maintenance ends, or after SESSION_RETRY_MS ("Try again" after maintenance led to
  // the login page).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!initialToken || attempt < 0) return;
    let current = true;
    let stopWaiting = () => {};
    dispatch({ type: 'USER_INFO_LOADING_START' });
    (takeEarlyInfo<U>(infoPath) ?? api.get<U>(infoPath, { silent: true }))
      .then((res) => {
        if (current) dispatch({ type: 'USER_LOGIN', token: initialToken, user: res.data });
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 401) {
          clearToken(tokenKey);
          dispatch({ type: 'USER_LOGOUT' });
          return;
        }
        const again = () => {
          stopWaiting();
          if (current) setAttempt((n) => n + 1);
        };
        if (requestState.get().maintenance) {
          stopWaiting = requestState.subscribe(() => {
            if (!requestState.get().maintenance) again();
          });
        } else {
          const timer = setTimeout(again, SESSION_RETRY_MS);
          stopWaiting = () => clearTimeout(timer);
        }
      });
    return () => {
      current = false;
      stopWaiting();
    };
  }, [api, infoPath, initialToken, tokenKey, attempt]);

  const [signedOut, setSignedOut] = useState(false);

  const login = useCallback(
    (token: string, user: U) => {
      writeToken(tokenKey, token);
      queryClient.clear();
      setSignedOut(false);
      dispatch({ type: 'USER_LOGIN', token, user });
    },
    [queryClient, tokenKey],
  );

  const logout = useCallback(async () => {
    // The local session ends at once (USER_LOGOUT); the server is told with the token it had.
    const token = readToken(tokenKey);
    clearToken(tokenKey);
    queryClient.clear();
    setSignedOut(true);
    dispatch({ type: 'USER_LOGOUT' });
    if (token) {
      await api
        .post(logoutPath, undefined, { silent: true, headers: { Authorization: `Bearer ${token}` } })
        .catch(() => undefined);
    }
  }, [api, logoutPath, queryClient, tokenKey]);

  const setUser = useCallback((user: U) => dispatch({ type: 'USER_MY_PROFILE', user }), []);
  const setBalance = useCallback((balance: number) => dispatch({ type: 'UPDATE_USER_BALANCE', balance }), []);

  // The ability of the current user, rebuilt only when the rules change (a profile update keeps
  // it); the session counts as loading until it is built.
  const rulesKey = state.user ? JSON.stringify(state.user.abilities ?? []) : '';
  const [built, setBuilt] = useState<{ key: string; ability: AppAbility }>({ key: '', ability: NO_ABILITY });
  useEffect(() => {
    if (!rulesKey) return;
    let current = true;
    void buildAbility(JSON.parse(rulesKey) as AbilityRule[]).then((ability) => {
      if (current) setBuilt({ key: rulesKey, ability });
    });
    return () => {
      current = false;
    };
  }, [rulesKey]);
  const abilityReady = !rulesKey || built.key === rulesKey;
  const ability = rulesKey && abilityReady ? built.ability : NO_ABILITY;

  const value = useMemo<SessionContextValue<U>>(
    () => ({
      ...state,
      loading: state.loading || !abilityReady,
      ability,
      signedOut,
      login,
      logout,
      refresh,
      setUser,
      setBalance,
    }),
    [state, abilityReady, ability, signedOut, login, logout, refresh, setUser, setBalance],
  );

  return (
    <SessionContext.Provider value={value as SessionContextValue<unknown>}>
      {children}
    </SessionContext.Provider>
  );
}

/** The session of the app (typed by the app: `useSession<SessionUser>()`). */
export function useSession<U>(): SessionContextValue<U> {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs a <SessionProvider>');
  return value as SessionContextValue<U>;
}
