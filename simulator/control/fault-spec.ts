// What a test queues through POST /__sim/faults: the shape alone, so the state can hold it.

export type FaultAction = 'respond' | 'hang' | 'reset';

export interface FaultSpec {
  /** Only requests with this method (case-insensitive); any method when absent. */
  method?: string;
  /** Only requests whose path (with query) contains this string. */
  pathIncludes?: string;
  delayMs?: number;
  action: FaultAction;
  /** 'after' runs the real handler first, so its side effects (a stored domain) happen. */
  when: 'before' | 'after';
  status?: number;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
}
