import { queryOptions } from '@tanstack/react-query';
import { fetchRuntimeInfo } from './api.ts';

export const runtimeQueries = {
  info: () =>
    queryOptions({
      queryKey: ['runtime-info'] as const,
      queryFn: fetchRuntimeInfo,
      staleTime: Infinity,
      retry: false,
    }),
};
