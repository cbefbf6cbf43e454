// Actions that need the network are disabled with a reason while the app is offline; trades (buy, offer, accept,
// list) also while any answer on screen is a stored copy, which could hide a sale. Read from the connectivity actor.
import { useSelector } from '@xstate/react';
import { useId, type ButtonHTMLAttributes } from 'react';
import { selectNetworkBlock, selectTradeBlock, type NetworkBlock } from '../../../machines/offline/connectivityMachine';
import { useSystemActor } from '../../app/appActorContext';
import '../../styles/offline.css';

export const OFFLINE_REASON = 'Needs a connection';
export const STORED_REASON = 'Needs current data: this page shows saved data';

/** 'network': like, comment, save, upload, publish, contact, sign-in; 'trade': buy, offer, accept, list. */
export type GateKind = 'network' | 'trade';

export interface NetworkGate {
  blocked: boolean;
  reason: string | null;
  /** The reason's element id, for aria-describedby on the disabled control. */
  reasonId: string;
  /** aria-describedby for the control: the reason's id while blocked. */
  describedBy: string | undefined;
}

const reasonOf = (block: NetworkBlock) => (block === 'offline' ? OFFLINE_REASON : block === 'stored' ? STORED_REASON : null);

export function useNetworkGate(kind: GateKind): NetworkGate {
  const connectivity = useSystemActor('connectivity');
  const block = useSelector(connectivity, kind === 'trade' ? selectTradeBlock : selectNetworkBlock);
  const reasonId = useId();
  const reason = reasonOf(block);
  return { blocked: reason !== null, reason, reasonId, describedBy: reason === null ? undefined : reasonId };
}

/**
 * The visible reason next to a disabled action (nothing while the action can run). `hidden`: read by assistive
 * technology only, for small controls repeated on every card (the app-wide status says it on screen).
 */
export function GateReason({ gate, hidden = false }: { gate: NetworkGate; hidden?: boolean }) {
  if (!gate.reason) return null;
  return (
    <span id={gate.reasonId} className={hidden ? 'network-gate-reason-hidden' : 'network-gate-reason'}>
      {gate.reason}
    </span>
  );
}

export interface GatedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Which gate holds the button (see GateKind). */
  gate: GateKind;
  /** The reason for assistive technology only (small controls repeated on every card). */
  hiddenReason?: boolean;
}

/**
 * A button that needs the network: disabled with its visible reason while the gate holds it (the reason described
 * by aria-describedby, after any description of its own). `disabled` is the button's own condition besides the gate.
 */
export function GatedButton({ gate: kind, hiddenReason = false, disabled, 'aria-describedby': ownDescription, type = 'button', ...button }: GatedButtonProps) {
  const gate = useNetworkGate(kind);
  const describedBy = [ownDescription, gate.describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <button {...button} type={type} disabled={Boolean(disabled) || gate.blocked} aria-describedby={describedBy} />
      <GateReason gate={gate} hidden={hiddenReason} />
    </>
  );
}
