import { authKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

/** `GET admin/check/reset/token`: is the e-mailed link still usable, and is it an invitation? */
export function useCheckAdminResetToken(email: string, token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: authKeys.resetToken(email, token),
    queryFn: async () =>
      (
        await api.get<{ valid: true; invitation: boolean }>('admin/check/reset/token', {
          query: { token, email },
          silent: true,
        })
      ).data,
    enabled: Boolean(email && token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST admin/reset-password`: set the password with the e-mailed link (single use). */
export function useAdminResetPassword() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { email: string; token: string; password: string; password_confirmation: string }) =>
      api.post('admin/reset-password', body),
  });
}

/** `POST admin/password`: the signed-in admin changes their own password (current one required). */
export function useChangeOwnPassword() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { current_password: string; password: string; password_confirmation: string }) =>
      api.post('admin/password', body),
  });
}
