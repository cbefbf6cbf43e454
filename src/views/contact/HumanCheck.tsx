import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { HumanCheckProvider } from '../../../machines/contact/humanCheckMachine';
import { useFlow } from '../../app/flows';
import { humanCheckFlow } from '../../services/flows/contact';
import { mountHumanCheck } from '../../services/contact/humanCheck';

export interface HumanCheckProps {
  /** Which implementation the server verifies (public config `humanCheck.provider`). */
  provider: HumanCheckProvider;
  /** The solved check's token (Turnstile's token or the ALTCHA payload). Keep it stable (useCallback). */
  onToken(token: string): void;
  /** The token expired or the widget failed: the form must not send until it is solved again. */
  onExpire(): void;
}

/**
 * The contact form's human check, one interface for both implementations: Cloudflare Turnstile (the widget shown
 * once the site key and Cloudflare's script have loaded; retried every 8000 ms until then) or the self-hosted
 * ALTCHA proof of work. A missing site key shows nothing (the flow reports it as an internal error).
 */
export function HumanCheck({ provider, onToken, onExpire }: HumanCheckProps) {
  const check = useFlow(humanCheckFlow, { input: { provider } });
  const shown = useSelector(check, (snapshot) => snapshot.hasTag('widget'));
  const waiting = useSelector(check, (snapshot) => snapshot.matches('loading') || snapshot.matches('retrying'));
  const siteKey = useSelector(check, (snapshot) => snapshot.context.siteKey);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!shown || !element) return undefined;
    return mountHumanCheck(provider, element, {
      siteKey,
      onToken: (token) => {
        check.send({ type: 'check.solved', token });
        onToken(token);
      },
      onExpire: () => {
        check.send({ type: 'check.expired' });
        onExpire();
      },
    });
  }, [shown, provider, siteKey, check, onToken, onExpire]);

  if (!shown && !waiting) return null;
  return (
    <div className="contact-human-check" role="group" aria-label="Human check">
      {waiting && <p className="contact-human-check-loading">Loading the human check…</p>}
      <div ref={container} className="contact-human-check-widget" data-provider={provider} hidden={!shown} />
    </div>
  );
}
