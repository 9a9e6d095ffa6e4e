import { useApi } from '@lm/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A line of the user's forms (`GET forms`). */
export type { FormListItem } from '@lm/contracts/forms-api';

/** `POST user/new_form`: the artist's own playlist form; refreshes the lists. */
export function useCreateForm() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.post<{ id: number }>('user/new_form', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['list', 'forms'] }),
  });
}
