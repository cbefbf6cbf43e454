import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToHashTargets } from '../../src/app/hashScroll';
import { followHashTarget, HASH_SETTLE_MS } from '../../src/app/hashTarget';

// Hash links scroll smoothly: a hash target rendered after the route (comments loading on a first visit) is scrolled to once it
// exists, smoothly unless the user prefers reduced motion.
const flushMutations = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let scrollTo: ReturnType<typeof vi.fn>;
let reduced = false;

beforeEach(() => {
  document.body.innerHTML = '<header class="site-header"></header><main></main>';
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  window.scrollTo = scrollTo as never;
  reduced = false;
  window.matchMedia = ((query: string) => ({ matches: reduced && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const addTarget = (id: string) => {
  const section = document.createElement('section');
  section.id = id;
  document.querySelector('main')!.append(section);
};

describe('hash scroll', () => {
  it('waits for a target rendered later, then scrolls smoothly to it', async () => {
    const stop = followHashTarget('comments');
    await flushMutations();
    expect(scrollTo).not.toHaveBeenCalled();
    addTarget('comments');
    await flushMutations();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    stop();
  });

  it('jumps at once under prefers-reduced-motion', () => {
    reduced = true;
    addTarget('comments');
    const stop = followHashTarget('comments');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    stop();
  });

  it('stops following once stopped (the next navigation): a later target is not scrolled to', async () => {
    const stop = followHashTarget('later');
    stop();
    addTarget('later');
    await flushMutations();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('the user scrolling takes over; the settle time ends the following', () => {
    vi.useFakeTimers();
    try {
      addTarget('comments');
      followHashTarget('comments');
      expect(scrollTo).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(HASH_SETTLE_MS);
      window.dispatchEvent(new Event('wheel'));
      expect(scrollTo).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the hash of every rendered navigation, and none without a hash', async () => {
    let listener: ((event: { toLocation: { hash: string } }) => void) | undefined;
    const router = { subscribe: (_type: 'onRendered', fn: typeof listener) => ((listener = fn), () => undefined) };
    scrollToHashTargets(router as never);
    addTarget('comments');
    listener!({ toLocation: { hash: '' } });
    expect(scrollTo).not.toHaveBeenCalled();
    listener!({ toLocation: { hash: 'comments' } });
    // The follower loads with the first hash.
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });
});
