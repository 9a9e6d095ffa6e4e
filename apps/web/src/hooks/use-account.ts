import type { SessionUser } from '@lm/contracts';
import type { UserSession } from '@lm/contracts/sessions';
import { accountKeys, useApi, useSession } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** An active session (signed-in device) of the user: the contract's type, imported as a type only. */
export type { UserSession } from '@lm/contracts/sessions';

/** POST user/update-user/{id}: saves profile fields and replaces the session user. */
export function useUpdateProfile() {
  const { api } = useApi();
  const session = useSession<SessionUser>();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.post<SessionUser>(`user/update-user/${session.user?.id}`, body)).data,
    onSuccess: (user) => session.setUser(user),
  });
}

/** GET user/sessions. */
export function useSessions() {
  const { api } = useApi();
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () => (await api.get<UserSession[]>('user/sessions')).data,
  });
}

/** DELETE user/sessions/{id}. */
export function useRevokeSession() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`user/sessions/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** DELETE user/sessions: signs out every other session; the answer's message is toasted. */
export function useRevokeOtherSessions() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('user/sessions'),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** POST user/two-factor: turns the emailed sign-in code on or off (password confirms it). */
export function useTwoFactor() {
  const { api } = useApi();
  const session = useSession<SessionUser>();
  return useMutation({
    mutationFn: (body: { enabled: boolean; password: string }) => api.post('user/two-factor', body),
    onSuccess: () => session.refresh(),
  });
}
