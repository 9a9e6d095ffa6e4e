import type { BulkResult } from '@lm/contracts/bulk';
import type { FormAnswer, FormStatusOption } from '@lm/contracts/forms-api';
import { formKeys, staffKeys, useApi } from '@lm/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGet } from './use-admin-api';

/** A line of the staff forms list, a form as `GET forms/{id}` answers it, and a status option. */
export type {
  FormAnswer as StaffForm,
  FormListItem as StaffFormItem,
  FormStatusChange,
  FormStatusOption,
} from '@lm/contracts/forms-api';

/** One form (VIEW_FORM). */
export function useStaffForm(id: number) {
  return useGet<FormAnswer>(formKeys.form(id), `forms/${id}`);
}

/**
 * The form statuses as the API lists them (`GET forms/statuses`, issue 36): names in the reader's
 * language, which need a message, and where staff may move a form from each.
 */
export function useFormStatuses() {
  const { i18n } = useTranslation();
  return useGet<FormStatusOption[]>(formKeys.statuses(i18n.language), 'forms/statuses', {
    staleTime: 60 * 60_000,
  });
}

/**
 * Bulk status of the forms list (`POST admin/forms/bulk/status`): each form through the single
 * change's rules; answers per form what was done or refused. Refreshes the lists and the to-dos.
 */
export function useFormBulkStatus() {
  const { api } = useApi();
  const client = useQueryClient();
  return async (ids: number[], statusId: number, message: string): Promise<BulkResult> => {
    const res = await api.post<BulkResult>('admin/forms/bulk/status', {
      ids,
      status_id: statusId,
      ...(message ? { message } : {}),
    });
    await Promise.all([
      client.invalidateQueries({ queryKey: formKeys.all }),
      client.invalidateQueries({ queryKey: staffKeys.todos }),
    ]);
    return res.data;
  };
}

/** Status (with staff's message to the artist), edit and delete of a form; each refreshes the form and the lists. */
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
      mutationFn: (input: { status: number; message?: string }) =>
        api.put(
          `change_form_status/${id}/${input.status}`,
          input.message ? { message: input.message } : undefined,
        ),
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
