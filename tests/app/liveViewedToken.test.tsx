// The viewed token lives in the liveEvents actor: a view not yet run by a flow says which token is on screen with
// useViewedToken, which sends live.viewToken through the actor system and clears it when it leaves.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { useViewedToken } from '../../src/services/live/viewedToken';
import { configAnswering, demoConfig } from './appHarness';

function Viewing({ id }: { id: string | null }) {
  useViewedToken(id);
  return null;
}

describe('useViewedToken', () => {
  it('behavior: sets the viewed token while mounted, follows a new id, clears it on leaving', () => {
    const appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
    const viewed = () => getAppActor(appActor, 'liveEvents').getSnapshot().context.viewedTokenId;
    const view = render(
      <AppActorProvider actor={appActor}>
        <Viewing id="12" />
      </AppActorProvider>,
    );
    expect(viewed()).toBe('12');
    view.rerender(
      <AppActorProvider actor={appActor}>
        <Viewing id="13" />
      </AppActorProvider>,
    );
    expect(viewed()).toBe('13');
    view.unmount();
    expect(viewed()).toBeNull();
  });

  it('behavior: leaving does not clear a token another page said it shows meanwhile', () => {
    const appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
    const live = getAppActor(appActor, 'liveEvents');
    const view = render(
      <AppActorProvider actor={appActor}>
        <Viewing id="12" />
      </AppActorProvider>,
    );
    live.send({ type: 'live.viewToken', id: '20' });
    view.unmount();
    expect(live.getSnapshot().context.viewedTokenId).toBe('20');
  });
});
