import { useSelector } from '@xstate/react';
import { useCallback, type FormEvent } from 'react';
import { CONTACT_CATEGORIES, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_TOPIC_MAX, topicsFor } from '../../../domain/contact';
import { EMAIL_MAX_LENGTH } from '../../../domain/fields';
import { contactErrors, wantsTypedTopic, type ContactField as FieldName } from '../../../machines/contact/contactFormMachine';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { humanCheckProviderOf } from '../../services/contact/contact';
import { contactFormFlow } from '../../services/flows/contact';
import { GateReason, useNetworkGate } from '../../components/offline/networkGate';
import { Field } from '../../components/forms/Field';
import { ContactInfo } from './ContactInfo';
import { HumanCheck } from './HumanCheck';
import './contact.css';

/**
 * /contact-us (the editorial pages; docs/requirements.md#contact): category, then its topics ('Other' → 'Add topic' and a typed
 * topic), name, email, message and the human check; Send once all of them are complete. The outcome is said under
 * the form: 'Message sent successfully' (the form empties) or 'Message not sent. Please try again later.' (what was
 * typed stays).
 */
export function ContactView() {
  useDocumentTitle('Contact us');
  const form = useFlow(contactFormFlow);
  const config = useSystemActor('config');
  const provider = useSelector(config, (snapshot) => humanCheckProviderOf(snapshot.context.config));
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const touched = useSelector(form, (snapshot) => snapshot.context.touched);
  const token = useSelector(form, (snapshot) => snapshot.context.token);
  const checkRound = useSelector(form, (snapshot) => snapshot.context.checkRound);
  const sending = useSelector(form, (snapshot) => snapshot.matches('sending'));
  const sent = useSelector(form, (snapshot) => snapshot.matches('success'));
  const failed = useSelector(form, (snapshot) => snapshot.matches('failure'));
  const canSend = useSelector(form, (snapshot) => snapshot.can({ type: 'form.submit' }));
  const gate = useNetworkGate('network');

  const errors = contactErrors(values, token);
  const shownError = (name: FieldName) => (touched[name] ? (errors[name] ?? null) : null);
  const change = (name: FieldName) => (event: { target: { value: string } }) => form.send({ type: 'field.change', name, value: event.target.value });
  const blur = (name: FieldName) => () => form.send({ type: 'field.blur', name });
  const onToken = useCallback((value: string) => form.send({ type: 'check.solved', token: value }), [form]);
  const onExpire = useCallback(() => form.send({ type: 'check.expired' }), [form]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  const topics = topicsFor(values.category);

  return (
    <div className="page contact-page">
      <header className="page-header">
        <h1 className="page-title">Contact us</h1>
        <p className="page-subheading">Questions, ideas or trouble with a purchase: tell us, and a member of our team answers by email.</p>
      </header>
      <div className="contact-layout">
        <form className="contact-form" aria-labelledby="contact-form-title" noValidate onSubmit={submit}>
          <h2 id="contact-form-title" className="section-title">
            Send us a message
          </h2>
          <fieldset className="contact-fields" disabled={sending}>
            <Field variant="contact" id="contact-category" label="Category" error={shownError('category')}>
              {(describedBy) => (
                <select id="contact-category" value={values.category} required aria-invalid={Boolean(shownError('category'))} aria-describedby={describedBy} onChange={change('category')} onBlur={blur('category')}>
                  <option value="">Choose a category</option>
                  {CONTACT_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field variant="contact" id="contact-topic" label="Topic" error={shownError('topic')} hint={values.category ? undefined : 'Choose a category first.'}>
              {(describedBy) => (
                <select
                  id="contact-topic"
                  value={values.topic}
                  required
                  disabled={topics.length === 0}
                  aria-invalid={Boolean(shownError('topic'))}
                  aria-describedby={describedBy}
                  onChange={change('topic')}
                  onBlur={blur('topic')}
                >
                  <option value="">Choose a topic</option>
                  {topics.map((topic) => (
                    <option key={topic} value={topic}>
                      {topic}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {wantsTypedTopic(values) && (
              <Field variant="contact" id="contact-custom-topic" label="Your topic" error={shownError('customTopic')}>
                {(describedBy) => (
                  <input
                    id="contact-custom-topic"
                    type="text"
                    value={values.customTopic}
                    maxLength={CONTACT_TOPIC_MAX}
                    required
                    aria-invalid={Boolean(shownError('customTopic'))}
                    aria-describedby={describedBy}
                    onChange={change('customTopic')}
                    onBlur={blur('customTopic')}
                  />
                )}
              </Field>
            )}
            <Field variant="contact" id="contact-name" label="Name" error={shownError('name')}>
              {(describedBy) => (
                <input id="contact-name" type="text" autoComplete="name" value={values.name} maxLength={CONTACT_NAME_MAX} required aria-invalid={Boolean(shownError('name'))} aria-describedby={describedBy} onChange={change('name')} onBlur={blur('name')} />
              )}
            </Field>
            <Field variant="contact" id="contact-email" label="Email" error={shownError('email')} hint="We answer to this address.">
              {(describedBy) => (
                <input id="contact-email" type="email" autoComplete="email" value={values.email} maxLength={EMAIL_MAX_LENGTH} required aria-invalid={Boolean(shownError('email'))} aria-describedby={describedBy} onChange={change('email')} onBlur={blur('email')} />
              )}
            </Field>
            <Field variant="contact" id="contact-message" label="Message" error={shownError('message')} hint={`Up to ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters.`}>
              {(describedBy) => (
                <textarea id="contact-message" rows={7} value={values.message} maxLength={CONTACT_MESSAGE_MAX} required aria-invalid={Boolean(shownError('message'))} aria-describedby={describedBy} onChange={change('message')} onBlur={blur('message')} />
              )}
            </Field>
          </fieldset>
          {provider && <HumanCheck key={`${provider}-${checkRound}`} provider={provider} onToken={onToken} onExpire={onExpire} />}
          <div className="contact-actions">
            <button type="submit" className="button button-primary" disabled={!canSend || gate.blocked} aria-describedby={['contact-send-hint', gate.describedBy].filter(Boolean).join(' ')}>
              {sending ? 'Sending…' : 'Send'}
            </button>
            <GateReason gate={gate} />
            <p id="contact-send-hint" className="contact-field-hint">
              Send is available once every field is filled in and the human check is complete.
            </p>
          </div>
          <div role="status" className="contact-outcome">
            {sent && <p className="contact-success">Message sent successfully</p>}
          </div>
          <div role="alert" className="contact-outcome">
            {failed && <p className="contact-failure">Message not sent. Please try again later.</p>}
          </div>
        </form>
        <ContactInfo />
      </div>
    </div>
  );
}
