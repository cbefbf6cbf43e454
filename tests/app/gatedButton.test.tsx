import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { GatedButton } from '../../src/components/offline/networkGate';
import { reportAnswer, reportReadFailure } from '../../src/services/offline/answerSource';
import { configAnswering, demoConfig } from './appHarness';

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function renderButtons(props: { busy?: boolean } = {}) {
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig) });
  const onSave = vi.fn();
  render(
    <AppActorProvider actor={appActor}>
      <p id="own-hint">Saves the collection</p>
      <GatedButton gate="network" className="button" disabled={props.busy} aria-describedby="own-hint" onClick={onSave}>
        Save
      </GatedButton>
      <GatedButton gate="network" hiddenReason type="submit">
        Share
      </GatedButton>
      <GatedButton gate="trade">List for sale</GatedButton>
    </AppActorProvider>,
  );
  return { onSave };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GatedButton', () => {
  it('default: online it is a plain button with its own type, class, description and click', () => {
    const { onSave } = renderButtons();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    expect(save).toHaveAttribute('type', 'button');
    expect(save).toHaveClass('button');
    expect(descriptionOf(save)).toBe('Saves the collection');
    expect(screen.getByRole('button', { name: 'Share' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByText('Needs a connection')).toBeNull();
    save.click();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('parameters: its own disabled condition holds it online too', () => {
    renderButtons({ busy: true });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByText('Needs a connection')).toBeNull();
  });

  it('behavior: offline every gated button is disabled with "Needs a connection" (visible or for assistive technology only); back online they work again', () => {
    const { onSave } = renderButtons();
    const save = screen.getByRole('button', { name: 'Save' });
    const share = screen.getByRole('button', { name: 'Share' });
    act(() => reportReadFailure());
    expect(save).toBeDisabled();
    expect(share).toBeDisabled();
    expect(descriptionOf(save)).toBe('Saves the collection | Needs a connection');
    expect(descriptionOf(share)).toBe('Needs a connection');
    const reasons = screen.getAllByText('Needs a connection');
    expect(reasons.map((reason) => reason.className)).toEqual(['network-gate-reason', 'network-gate-reason-hidden', 'network-gate-reason']);
    save.click();
    expect(onSave).not.toHaveBeenCalled();

    act(() => reportAnswer({ key: 'getCanvas:{"id":"1"}', storedAt: null }));
    expect(save).toBeEnabled();
    expect(share).toBeEnabled();
    expect(descriptionOf(save)).toBe('Saves the collection');
    expect(screen.queryByText('Needs a connection')).toBeNull();
  });

  it('behavior: a stored answer on screen holds only trade buttons, with their own reason', () => {
    renderButtons();
    act(() => reportAnswer({ key: 'getTokenFromHolding:{"id":"11"}', storedAt: Date.now() - 60_000 }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    const list = screen.getByRole('button', { name: 'List for sale' });
    expect(list).toBeDisabled();
    expect(descriptionOf(list)).toBe('Needs current data: this page shows saved data');
  });
});
