import type { LoginResult, SessionUser } from '@lm/contracts';
import type { OauthCompletion } from '@lm/contracts/sessions';
import { authKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { clearOauthBinding, readOauthBinding, saveOauthBinding } from '../routes/auth/oauth/mobile-oauth';

/** Google sign-in that still needs a user type and gender (`oauth/gmail/register/login`). */
export type { OauthCompletion } from '@lm/contracts/sessions';

export type Session = { token: string; user: SessionUser };

/** POST user/login: a session, or `{ two_factor: true, email }` when a code was emailed. */
export function useLogin() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      (await api.post<LoginResult>('user/login', body)).data,
  });
}

/** POST login-2fa: the second step with the emailed code. */
export function useLogin2fa() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { email: string; code: string }) =>
      (await api.post<Session>('login-2fa', body)).data,
  });
}

/** POST user/store-user: 201 `{ email }`; a 6-digit code is emailed. */
export function useRegister() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.post<{ email: string }>('user/store-user', body)).data,
  });
}

/** POST verify-user. */
export function useVerifyUser() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { email: string; code: string }) => api.post('verify-user', body),
  });
}

/** POST user/resend-code. */
export function useResendCode() {
  const { api } = useApi();
  return useMutation({ mutationFn: (email: string) => api.post('user/resend-code', { email }) });
}

/** POST forget-password. */
export function useForgotPassword() {
  const { api } = useApi();
  return useMutation({ mutationFn: (email: string) => api.post('forget-password', { email }) });
}

/** GET check/reset/token: resolves when the reset link is valid, fails (422) when it is not. */
export function useCheckResetToken(email: string, token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: authKeys.resetToken(email, token),
    queryFn: async () =>
      (await api.get<{ valid: true }>('check/reset/token', { query: { token, email }, silent: true })).data,
    enabled: Boolean(email && token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST user/reset-password. */
export function useResetPassword() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { email: string; token: string; password: string; password_confirmation: string }) =>
      api.post('user/reset-password', body),
  });
}

/** POST user/reset/password/login: change password (no current password when the change is forced). */
export function useChangePassword() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { current_password?: string; password: string; password_confirmation: string }) =>
      api.post('user/reset/password/login', body),
  });
}

/**
 * GET oauth/gmail/redirect: the Google consent URL. The binding secret of the answer is kept in this
 * tab, to be sent back with the code.
 */
export function useGoogleRedirect() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (authType: 'login' | 'register') => {
      const { data } = await api.get<{ url: string; binding: string }>('oauth/gmail/redirect', {
        query: { auth_type: authType },
      });
      saveOauthBinding(data.binding);
      return data.url;
    },
  });
}

/**
 * GET oauth/gmail/register/login: a session, or the data to complete the registration. Sends this tab's
 * binding secret with the code and state; the API refuses a sign-in another browser started.
 */
export function useGoogleLogin() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (query: { code: string; state?: string }) => {
      try {
        return (
          await api.get<Session | OauthCompletion>('oauth/gmail/register/login', {
            query: { ...query, binding: readOauthBinding() ?? undefined, auth_type: 'login' },
          })
        ).data;
      } finally {
        clearOauthBinding();
      }
    },
  });
}

/** POST oauth/gmail/register/complete. */
export function useCompleteGoogle() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { oauth_token: string; user_type_id: number; gender: string }) =>
      (await api.post<Session>('oauth/gmail/register/complete', body)).data,
  });
}
