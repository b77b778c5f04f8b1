import { isTRPCClientError } from '@barterads/api-client';
import { useEffect, useState } from 'react';

/** The part of a @mantine/form form that server issues are written into. */
interface FieldErrorTarget {
  setFieldError(path: string, error: string): void;
}

/**
 * Puts the server's field issues (the contract's `issues: [{ path, message }]`) under the form's fields, so
 * a refusal reads the same as the client's own check. True when at least one issue named a field of `fields`.
 */
export function applyServerIssues(
  form: FieldErrorTarget,
  error: unknown,
  fields: readonly string[],
): boolean {
  const issues = isTRPCClientError(error) ? error.data?.issues : undefined;
  let applied = false;
  for (const issue of issues ?? []) {
    if (fields.includes(issue.path)) {
      form.setFieldError(issue.path, issue.message);
      applied = true;
    }
  }
  return applied;
}

/**
 * Seconds left until `until` (a Date.now() value), ticking once a second; 0 when past or null. Driven by
 * timers, so Playwright's clock can run it.
 */
export function useSecondsLeft(until: number | null): number {
  const compute = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [left, setLeft] = useState(compute);
  // compute reads only `until`.
  useEffect(() => {
    setLeft(compute());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
