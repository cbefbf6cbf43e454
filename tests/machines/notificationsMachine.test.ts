import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTIFICATION_HIDE_MS, NOTIFICATION_KINDS } from '../../machines/notifications/constants';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';

const start = () => createActor(notificationsMachine).start();
const texts = (actor: ReturnType<typeof start>) => {
  const { current, queue } = actor.getSnapshot().context;
  return { current: current?.text ?? null, queue: queue.map((n) => n.text) };
};

describe('notificationsMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('seed delays: success 15000, info 4000, warning 4000, error 15000, sticky 1000000', () => {
    expect(NOTIFICATION_HIDE_MS).toEqual({ success: 15000, info: 4000, warning: 4000, error: 15000, sticky: 1000000 });
  });

  it.each(NOTIFICATION_KINDS)('behavior: a %s notification auto-hides after exactly its delay', (kind) => {
    const actor = start();
    actor.send({ type: 'notify.show', kind, text: `a ${kind}` });
    expect(actor.getSnapshot().context.current).toEqual({ id: 1, kind, text: `a ${kind}` });
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS[kind] - 1);
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.current).toBeNull();
    actor.stop();
  });

  it('behavior: one at a time; the next shows when the current hides, with its own full delay', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'info', text: 'first' });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'notify.show', kind: 'success', text: 'second' });
    expect(texts(actor)).toEqual({ current: 'first', queue: ['second'] });
    vi.advanceTimersByTime(1000);
    expect(texts(actor)).toEqual({ current: 'second', queue: [] });
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS.success - 1);
    expect(texts(actor).current).toBe('second');
    vi.advanceTimersByTime(1);
    expect(texts(actor).current).toBeNull();
    actor.stop();
  });

  it('behavior: notify.dismiss closes the shown one and restarts the timer for the next', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'error', text: 'Transaction rejected' });
    actor.send({ type: 'notify.show', kind: 'info', text: 'next' });
    vi.advanceTimersByTime(10000);
    actor.send({ type: 'notify.dismiss' });
    expect(texts(actor)).toEqual({ current: 'next', queue: [] });
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS.info - 1);
    expect(texts(actor).current).toBe('next');
    actor.send({ type: 'notify.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'notify.dismiss' })).toBe(false);
    actor.stop();
  });

  it('behavior: notify.dismiss with the id of one already hidden does not close the next', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'info', text: 'first' });
    actor.send({ type: 'notify.show', kind: 'info', text: 'second' });
    const firstId = actor.getSnapshot().context.current!.id;
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS.info);
    actor.send({ type: 'notify.dismiss', id: firstId });
    expect(texts(actor).current).toBe('second');
    actor.send({ type: 'notify.dismiss', id: actor.getSnapshot().context.current!.id });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('behavior: a sticky with the text of the shown sticky is not duplicated', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    expect(texts(actor)).toEqual({ current: 'Approve in wallet', queue: [] });
    actor.stop();
  });

  it('behavior: a sticky with the text of a queued sticky is not duplicated; other texts and kinds are', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'success', text: 'Token listed' });
    actor.send({ type: 'notify.show', kind: 'sticky', text: "Switching to 'Hardhat' network" });
    actor.send({ type: 'notify.show', kind: 'sticky', text: "Switching to 'Hardhat' network" });
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    actor.send({ type: 'notify.show', kind: 'success', text: 'Token listed' });
    expect(texts(actor)).toEqual({
      current: 'Token listed',
      queue: ["Switching to 'Hardhat' network", 'Approve in wallet', 'Token listed'],
    });
    expect(actor.getSnapshot().context.queue.map((n) => n.id)).toEqual([2, 3, 4]);
    actor.stop();
  });

  it('behavior: notify.dismissSticky removes the shown sticky and shows the next', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    actor.send({ type: 'notify.show', kind: 'error', text: 'You canceled the request in your wallet.' });
    actor.send({ type: 'notify.dismissSticky', text: 'Some other sticky' });
    expect(texts(actor).current).toBe('Approve in wallet');
    actor.send({ type: 'notify.dismissSticky', text: 'Approve in wallet' });
    expect(texts(actor)).toEqual({ current: 'You canceled the request in your wallet.', queue: [] });
    actor.send({ type: 'notify.dismiss' });
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    actor.send({ type: 'notify.dismissSticky', text: 'Approve in wallet' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('behavior: notify.dismissSticky removes a queued sticky, leaving the shown one', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'warning', text: 'careful' });
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    actor.send({ type: 'notify.show', kind: 'info', text: 'later' });
    actor.send({ type: 'notify.dismissSticky', text: 'Approve in wallet' });
    expect(texts(actor)).toEqual({ current: 'careful', queue: ['later'] });
    actor.send({ type: 'notify.dismissSticky', text: 'careful' });
    expect(texts(actor).current).toBe('careful');
    actor.stop();
  });

  it('behavior: a sticky stays for 1000000 ms unless dismissed', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: 'Approve in wallet' });
    vi.advanceTimersByTime(999_999);
    expect(texts(actor).current).toBe('Approve in wallet');
    vi.advanceTimersByTime(1);
    expect(texts(actor).current).toBeNull();
    actor.stop();
  });
});
