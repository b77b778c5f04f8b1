import { describe, expect, it } from 'vitest';
import { callsProcedure } from './trpc';

describe('callsProcedure', () => {
  const send = callsProcedure('messages.send');
  const at = (path: string) => new URL(path, 'http://localhost:4310');

  it('matches the call alone and inside a batch, wherever it stands', () => {
    expect(send(at('/trpc/messages.send'))).toBe(true);
    expect(send(at('/trpc/messages.send?batch=1'))).toBe(true);
    expect(send(at('/trpc/messages.list,messages.send?batch=1&input=%7B%7D'))).toBe(true);
    expect(send(at('/trpc/messages.list%2Cmessages.send?batch=1'))).toBe(true);
  });

  it('matches no other procedure, nor a name that merely starts the same, nor another path', () => {
    expect(send(at('/trpc/messages.list?batch=1'))).toBe(false);
    expect(send(at('/trpc/messages.sendTyping,messages.list?batch=1'))).toBe(false);
    expect(send(at('/api/messages.send'))).toBe(false);
    expect(send(at('/trpc/'))).toBe(false);
  });
});
