import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import type { ApiPath } from '../api/api-paths';
import { ticketKeys } from '../query-keys/tickets';
import type { Ticket, TicketContext, TicketOption, TicketReplyItem, TicketReplying } from './ticket-types';

/** `GET ticket/{id}`. */
export function useTicket(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: ticketKeys.ticket(id),
    queryFn: async () => (await api.get<Ticket>(`ticket/${id}`)).data,
    enabled: id > 0,
  });
}

/** `GET ticket_replies/{id}`: the conversation (a user never receives internal notes). */
export function useTicketReplies(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: ticketKeys.replies(id),
    queryFn: async () => (await api.get<TicketReplyItem[]>(`ticket_replies/${id}`)).data,
    enabled: id > 0,
  });
}

/**
 * A picker's options from a lookup path (`tickets_department_q`, `tickets_priority_q`...); `params` are
 * further query parameters (part of the path's cache key).
 */
export function useTicketLookup<T extends TicketOption = TicketOption>(
  path: ApiPath<'get'> | null,
  q = '',
  params: Record<string, string> = {},
) {
  const { api } = useApi();
  const extra = new URLSearchParams(params).toString();
  return useQuery({
    queryKey: ticketKeys.lookup(`${path ?? ''}${extra ? `?${extra}` : ''}`, q),
    queryFn: async () => {
      const query = new URLSearchParams({ limit: '100', ...params, ...(q ? { q } : {}) });
      return (await api.get<T[]>(path!, { query })).data;
    },
    enabled: path !== null,
    staleTime: 60_000,
  });
}

/** Invalidates a ticket, its conversation and every list (after any change). */
function useRefreshTicket() {
  const client = useQueryClient();
  return (id?: number) => {
    if (id) {
      void client.invalidateQueries({ queryKey: ticketKeys.ticket(id) });
      void client.invalidateQueries({ queryKey: ticketKeys.replies(id) });
    }
    void client.invalidateQueries({ queryKey: ['list'] });
  };
}

/** `POST tickets`. */
export function useCreateTicket() {
  const { api } = useApi();
  const refresh = useRefreshTicket();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await api.post<{ id: number }>('tickets', body)).data,
    onSuccess: () => refresh(),
  });
}

/**
 * `POST ticket_reply` (staff may mark it internal). Staff pages send `last_seen_reply_id` (the newest
 * reply they showed, issue 36 reply collisions): after the server's 409 `TICKET_REPLY_COLLISION`
 * (its message is the error toast) the conversation is read again, so the new reply shows.
 */
export function useReplyTicket(id: number) {
  const { api } = useApi();
  const refresh = useRefreshTicket();
  return useMutation({
    mutationFn: async (body: {
      message: string;
      is_internal?: boolean;
      attachments: string[];
      last_seen_reply_id?: number | null;
      send_anyway?: boolean;
    }) => (await api.post<{ id: number }>('ticket_reply', { ticket_id: id, ...body })).data,
    onSuccess: () => refresh(id),
    onError: () => refresh(id),
  });
}

/** Seconds between two "replying" heartbeats, and between two reads of who is replying. */
export const REPLYING_BEAT_SECONDS = 15;

/**
 * The other agents replying on ticket `id` (issue 36 reply collisions). While `typing` (the agent has
 * text in the answer box) each read is a heartbeat (`PUT admin/tickets/{id}/replying`, every 15 s);
 * otherwise a plain read (`GET`) on the same beat. When typing stops or the page closes, the
 * agent's row is cleared (`DELETE`). Staff only: `enabled` false on the user's side.
 */
export function useReplyingAgents(id: number, typing: boolean, enabled: boolean) {
  const { api } = useApi();
  useEffect(() => {
    if (!enabled || !typing) return;
    return () => {
      void api.delete(`admin/tickets/${id}/replying`, { silent: true }).catch(() => undefined);
    };
  }, [api, id, typing, enabled]);
  return useQuery({
    queryKey: ticketKeys.replying(id, typing),
    queryFn: async () =>
      (typing
        ? await api.put<TicketReplying[]>(`admin/tickets/${id}/replying`, undefined, { silent: true })
        : await api.get<TicketReplying[]>(`admin/tickets/${id}/replying`, { silent: true })
      ).data,
    enabled: enabled && id > 0,
    refetchInterval: REPLYING_BEAT_SECONDS * 1000,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** A ticket call: its method and a path the API answers with that method. */
export type TicketCall =
  | { method: 'put'; path: ApiPath<'put'>; body?: unknown }
  | { method: 'post'; path: ApiPath<'post'>; body?: unknown }
  | { method: 'delete'; path: ApiPath<'delete'>; body?: undefined };

/** A ticket action answered with a message only (close, rate, status, update, delete). */
export function useTicketAction(id: number) {
  const { api } = useApi();
  const refresh = useRefreshTicket();
  return useMutation({
    mutationFn: async (call: TicketCall) =>
      call.method === 'delete'
        ? await api.delete(call.path)
        : call.method === 'put'
          ? await api.put(call.path, call.body)
          : await api.post(call.path, call.body),
    onSuccess: () => refresh(id),
  });
}

/**
 * Download an attachment through its access-checked route (`GET ticket_attachments/{id}`): fetched
 * with the session's bearer token, then saved under its name (there is no public link).
 */
export function useDownloadAttachment() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (file: { id: number; name: string }) => {
      const response = await fetch(`${api.options.baseUrl}/ticket_attachments/${file.id}`, {
        headers: { Authorization: `Bearer ${api.token() ?? ''}`, 'X-Lang': api.options.getLanguage() },
      });
      if (!response.ok) throw new Error(`download failed: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    },
  });
}

/**
 * `GET admin/tickets/{id}/context`: the ticket user's other tickets and recent campaigns beside the
 * thread (staff; each list null when the reader may not open its pages).
 */
export function useTicketContext(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: ticketKeys.context(id),
    queryFn: async () => (await api.get<TicketContext>(`admin/tickets/${id}/context`)).data,
    enabled: id > 0,
  });
}

/** Add (`POST admin/tickets/{id}/tags`) or remove (`DELETE .../tags/{tag}`) a ticket's tag (staff). */
export function useTicketTag(id: number) {
  const { api } = useApi();
  const refresh = useRefreshTicket();
  return useMutation({
    mutationFn: async ({ tag, remove }: { tag: string; remove?: boolean }) =>
      remove
        ? (await api.delete<string[]>(`admin/tickets/${id}/tags/${encodeURIComponent(tag)}`)).data
        : (await api.post<string[]>(`admin/tickets/${id}/tags`, { tag })).data,
    onSuccess: () => refresh(id),
  });
}

/** `POST admin/tickets/{id}/merge`: merge ticket `id` into `target_id` (staff). */
export function useMergeTicket(id: number) {
  const { api } = useApi();
  const refresh = useRefreshTicket();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (targetId: number) => api.post(`admin/tickets/${id}/merge`, { target_id: targetId }),
    onSuccess: (_data, targetId) => {
      refresh(id);
      refresh(targetId);
      void client.invalidateQueries({ queryKey: ticketKeys.contexts });
    },
  });
}
