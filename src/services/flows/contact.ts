// The contact page's flows (issue 16), provided once: the form (POST /api/v1/connect) and the human check (the
// Turnstile site key and script, or the ALTCHA widget). Views run them with useFlow; unit tests replace them by
// machine id ('contactForm', 'humanCheck').
import { fromPromise } from 'xstate';
import { createContactFormMachine } from '../../../machines/contact/contactFormMachine';
import { createHumanCheckMachine } from '../../../machines/contact/humanCheckMachine';
import { sendContactMessage } from '../contact/contact';
import { loadHumanCheck, reportMissingSiteKey } from '../contact/humanCheck';

export const contactFormFlow = createContactFormMachine().provide({
  actors: {
    sendMessage: fromPromise(({ input, signal }) => sendContactMessage(input, signal)),
  },
});

export const humanCheckFlow = createHumanCheckMachine().provide({
  actors: {
    loadHumanCheck: fromPromise(({ input, signal }) => loadHumanCheck(input.provider, signal)),
  },
  actions: {
    reportMissingKey: () => reportMissingSiteKey(),
  },
});
