import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { NOTIFICATION_HIDE_MS, NOTIFICATION_KINDS } from '../../machines/notifications/constants';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';

const start = () => createActor(notificationsMachine).start();
const shown = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.current?.text ?? null;
const waiting = (actor: ReturnType<typeof start>) => actor.getSnapshot().context.stickies.map((n) => n.text);

const APPROVE = 'Approve in wallet';
const REJECTED = 'You canceled the request in your wallet.';

describe('notificationsMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('seed delays: success 15000, info 4000, warning 4000, error 15000, sticky 1000000', () => {
    expect(NOTIFICATION_HIDE_MS).toEqual({ success: 15000, info: 4000, warning: 4000, error: 15000, sticky: 1000000 });
    const delays = notificationsMachine.implementations.delays;
    expect(delays).toEqual({ successHide: 15000, infoHide: 4000, warningHide: 4000, errorHide: 15000, stickyHide: 1000000 });
  });

  it.each(NOTIFICATION_KINDS)('behavior: a %s notification auto-hides after exactly its delay', (kind) => {
    const actor = start();
    actor.send({ type: 'notify.show', kind, text: `a ${kind}` });
    expect(actor.getSnapshot().context.current).toEqual({ id: 1, kind, text: `a ${kind}` });
    expect(actor.getSnapshot().matches({ shown: kind })).toBe(true);
    vi.advanceTimersByTime(NOTIFICATION_HIDE_MS[kind] - 1);
    expect(shown(actor)).toBe(`a ${kind}`);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ current: null, stickies: [] });
    actor.stop();
  });

  it('behavior: a new notification replaces the one shown at once, with its own full delay', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'success', text: 'Comment posted' });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'notify.show', kind: 'success', text: 'Comment updated' });
    expect(shown(actor)).toBe('Comment updated');
    vi.advanceTimersByTime(12000); // the first one's timer would have fired here
    expect(shown(actor)).toBe('Comment updated');
    vi.advanceTimersByTime(2999);
    expect(shown(actor)).toBe('Comment updated');
    vi.advanceTimersByTime(1);
    expect(shown(actor)).toBeNull();
    actor.stop();
  });

  it('behavior: an info after a success hides after 4000 ms, not after the success delay', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'success', text: 'Token listed' });
    actor.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' });
    vi.advanceTimersByTime(4000);
    expect(shown(actor)).toBeNull();
    actor.stop();
  });

  it('behavior: close hides the shown one; a close with the id of one already replaced does nothing', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'error', text: 'Transaction rejected' });
    const firstId = actor.getSnapshot().context.current!.id;
    actor.send({ type: 'notify.show', kind: 'info', text: 'Sale cancelled' });
    actor.send({ type: 'notify.dismiss', id: firstId });
    expect(shown(actor)).toBe('Sale cancelled');
    actor.send({ type: 'notify.dismiss', id: actor.getSnapshot().context.current!.id });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'notify.dismiss' })).toBe(false);
    actor.send({ type: 'notify.show', kind: 'warning', text: 'careful' });
    actor.send({ type: 'notify.dismiss' });
    expect(shown(actor)).toBeNull();
    actor.stop();
  });

  it('behavior: a sticky with the text of a waiting sticky is never duplicated', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    expect(actor.getSnapshot().context.stickies).toEqual([{ id: 1, kind: 'sticky', text: APPROVE }]);
    actor.send({ type: 'notify.show', kind: 'error', text: REJECTED });
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    expect(shown(actor)).toBe(REJECTED);
    expect(waiting(actor)).toEqual([APPROVE]);
    actor.stop();
  });

  it('behavior: the sticky comes back after an error shown meanwhile hides, while its flow still waits', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    actor.send({ type: 'notify.show', kind: 'error', text: REJECTED });
    expect(shown(actor)).toBe(REJECTED);
    vi.advanceTimersByTime(15000);
    expect(actor.getSnapshot().context.current).toEqual({ id: 1, kind: 'sticky', text: APPROVE });
    expect(actor.getSnapshot().matches({ shown: 'sticky' })).toBe(true);
    // Closing the notice shown over it brings it back as well.
    actor.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' });
    actor.send({ type: 'notify.dismiss' });
    expect(shown(actor)).toBe(APPROVE);
    actor.stop();
  });

  it('behavior: a sticky whose flow ended meanwhile does not come back', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    actor.send({ type: 'notify.show', kind: 'success', text: 'Comment updated' });
    actor.send({ type: 'notify.dismissSticky', text: APPROVE });
    expect(shown(actor)).toBe('Comment updated');
    expect(waiting(actor)).toEqual([]);
    vi.advanceTimersByTime(15000);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('behavior: notify.dismissSticky hides the shown sticky; another text leaves it', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    actor.send({ type: 'notify.dismissSticky', text: 'Some other sticky' });
    expect(shown(actor)).toBe(APPROVE);
    actor.send({ type: 'notify.dismissSticky', text: APPROVE });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });

  it('behavior: a sticky closed by the user or by its 1000000 ms timeout does not come back', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    actor.send({ type: 'notify.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    vi.advanceTimersByTime(999_999);
    expect(shown(actor)).toBe(APPROVE);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(waiting(actor)).toEqual([]);
    actor.stop();
  });

  it('behavior: of two waiting stickies the newer shows; when its flow ends the older comes back', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'sticky', text: "Switching to 'Hardhat' network" });
    actor.send({ type: 'notify.show', kind: 'sticky', text: APPROVE });
    expect(shown(actor)).toBe(APPROVE);
    actor.send({ type: 'notify.show', kind: 'error', text: REJECTED });
    vi.advanceTimersByTime(15000);
    expect(shown(actor)).toBe(APPROVE);
    actor.send({ type: 'notify.dismissSticky', text: APPROVE });
    expect(shown(actor)).toBe("Switching to 'Hardhat' network");
    actor.send({ type: 'notify.dismissSticky', text: "Switching to 'Hardhat' network" });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.stop();
  });
  it('behavior: hovered or focused (notify.pause) a success notice stays past 15000 ms; left, it hides 15000 ms later', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'success', text: 'Comment posted' });
    vi.advanceTimersByTime(10000);
    actor.send({ type: 'notify.pause' });
    vi.advanceTimersByTime(60000);
    expect(shown(actor)).toBe('Comment posted');
    actor.send({ type: 'notify.resume' });
    vi.advanceTimersByTime(14999);
    expect(shown(actor)).toBe('Comment posted');
    vi.advanceTimersByTime(1);
    expect(shown(actor)).toBeNull();
    actor.stop();
  });

  it('behavior: a new notice while one is paused replaces it and runs its own delay (info 4000 ms)', () => {
    const actor = start();
    actor.send({ type: 'notify.show', kind: 'error', text: REJECTED });
    actor.send({ type: 'notify.pause' });
    actor.send({ type: 'notify.show', kind: 'info', text: 'Token has been sold' });
    vi.advanceTimersByTime(4000);
    expect(shown(actor)).toBeNull();
    actor.stop();
  });
});
