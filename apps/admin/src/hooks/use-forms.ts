import type { FormAnswer } from '@lm/contracts/forms-api';
import { formKeys, staffKeys, useApi } from '@lm/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGet } from './use-admin-api';

/** A line of the staff forms list, and a form as `GET forms/{id}` answers it. */
export type { FormAnswer as StaffForm, FormListItem as StaffFormItem } from '@lm/contracts/forms-api';

/** One form (VIEW_FORM). */
export function useStaffForm(id: number) {
  return useGet<FormAnswer>(formKeys.form(id), `forms/${id}`);
}

/** Status, edit and delete of a form; each refreshes the form and the lists. */
export function useFormActions(id: number) {
  const { api } = useApi();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: formKeys.form(id) }),
      client.invalidateQueries({ queryKey: ['list', 'forms'] }),
      client.invalidateQueries({ queryKey: staffKeys.todos }),
    ]);
  return {
    status: useMutation({
      mutationFn: (status: number) => api.put(`change_form_status/${id}/${status}`),
      onSuccess: refresh,
    }),
    edit: useMutation({
      mutationFn: (body: Record<string, unknown>) => api.post(`forms/${id}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: () => api.delete(`delete-forms/${id}`),
      onSuccess: () => client.invalidateQueries({ queryKey: ['list', 'forms'] }),
    }),
  };
}
