import type { FormAnswer } from '@lm/contracts/forms-api';
import { formKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A line of the user's forms (`GET forms`), and one form with its status history. */
export type { FormAnswer, FormListItem, FormStatusChange } from '@lm/contracts/forms-api';

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

/** `GET forms/{id}`: one of the artist's own forms, with its status and status history (issue 36). */
export function useMyForm(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: formKeys.form(id),
    queryFn: async () => (await api.get<FormAnswer>(`forms/${id}`, { silent: true })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/**
 * `POST forms/{id}`: the artist edits their form while it is Pending, or resubmits it when the team
 * asked for more information (it goes back to Pending and the team is told). Refreshes the form and
 * the lists.
 */
export function useUpdateForm(id: number) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post(`forms/${id}`, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: formKeys.form(id) }),
        client.invalidateQueries({ queryKey: ['list', 'forms'] }),
      ]),
  });
}
