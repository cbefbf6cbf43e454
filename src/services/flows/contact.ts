// The contact page's flows (the editorial pages), provided once: the form (POST /api/v1/connect; its draft in formDrafts) and the human check (the
// Turnstile site key and script, or the ALTCHA widget). Views run them with useFlow; unit tests replace them by
// machine id ('contactForm', 'humanCheck').
import { fromPromise } from 'xstate';
import { createContactFormMachine } from '../../../machines/contact/contactFormMachine';
import { createHumanCheckMachine } from '../../../machines/contact/humanCheckMachine';
import { sendContactMessage } from '../contact/contact';
import { readFormDraft, storeFormDraft } from '../formDrafts';
import { loadHumanCheck, reportMissingSiteKey } from '../contact/humanCheck';

const CONTACT_DRAFT_KEY = 'contact';

export const contactFormFlow = createContactFormMachine().provide({
  actors: {
    loadDraft: fromPromise(() => readFormDraft(CONTACT_DRAFT_KEY)),
    sendMessage: fromPromise(({ input, signal }) => sendContactMessage(input, signal)),
  },
  actions: {
    // What is typed survives a reload (nothing typed is lost offline); sent, it is forgotten.
    persistDraft: (_, params) => storeFormDraft(CONTACT_DRAFT_KEY, params.record),
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
