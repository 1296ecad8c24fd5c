// Messages (product rules 8 and 27): the provider's inbox and everyone's 'My messages' (threads a
// page at a time, with how many have something unread), one thread, and the commands: contact a
// professional, reply, mark read or unread.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { MESSAGES_PAGE_SIZE, UNREAD_THREADS_HEADER, type ThreadDetail, type ThreadSummary, type ThreadWriteResult } from '../../../core/messages';
import type { NewMessageInput } from '../../../core/message-inputs';
import { getJson, postJson } from './client';
import { fetchListPage, type ListPage } from './list-fetch';

export type MessageBox = 'inbox' | 'sent';

export function useThreads(box: MessageBox, enabled = true) {
  const getKey = (index: number, previous: ListPage<ThreadSummary> | null): string | null => {
    if (!enabled || (previous && index * MESSAGES_PAGE_SIZE >= previous.total)) return null;
    return `/api/messages/${box}?limit=${MESSAGES_PAGE_SIZE}&offset=${index * MESSAGES_PAGE_SIZE}`;
  };
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite(getKey, (path: string) => fetchListPage<ThreadSummary>(path), {
    revalidateFirstPage: false,
  });
  const pages = data ?? [];
  const threads = pages.flatMap((page) => page.items);
  const total = pages[0]?.total;
  return {
    threads: data ? threads : undefined,
    total,
    unreadThreads: pages[0]?.count(UNREAD_THREADS_HEADER) ?? 0,
    error: error as unknown,
    isLoading,
    isLoadingMore: !error && data !== undefined && size > data.length,
    hasMore: total !== undefined && threads.length < total,
    loadMore: () => void setSize(size + 1),
    reload: () => mutate(),
  };
}

export function threadKey(id: number): string {
  return `/api/messages/threads/${id}`;
}

export function useThread(id: number | null) {
  const { data, error, isLoading, mutate } = useSWR(id === null ? null : threadKey(id), (path: string) => getJson<ThreadDetail>(path));
  return { thread: data ?? undefined, error: error as unknown, isLoading, mutate };
}

export function contactProfessional(professionalId: number, message: NewMessageInput) {
  return postJson<ThreadWriteResult>(`/api/professionals/${professionalId}/messages`, message);
}

export function replyToThread(threadId: number, content: string) {
  return postJson<ThreadWriteResult>(`/api/messages/threads/${threadId}/replies`, { content });
}

export function markThread(threadId: number, read: boolean) {
  return postJson<ThreadDetail>(`/api/messages/threads/${threadId}/read`, { read });
}
