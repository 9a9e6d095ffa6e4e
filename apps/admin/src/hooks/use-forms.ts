import { formKeys, type StoredPlaylistForm, staffKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A line of the staff forms list. */
export type { FormListItem as StaffFormItem } from '@lm/contracts/forms-api';

/** A form as `GET forms/{id}` answers it (spec section 3 "Playlist form"). */
export type StaffForm = StoredPlaylistForm & {
  id: number;
  user: { id: number; name: string; email: string };
  status_id: number;
  status: { id: number; name: string; kind: string };
  genre: string | null;
  track_file_url: string;
  cover_image_url: string;
  created_at: string;
  updated_at: string;
};

/** One form (VIEW_FORM). */
export function useStaffForm(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: formKeys.form(id),
    queryFn: async () => (await api.get<StaffForm>(`forms/${id}`)).data,
  });
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
