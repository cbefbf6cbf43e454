import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createFormMachine, fieldChange, fieldError, formMachine, type FieldErrors, type FormRequest } from '../../machines/forms/formMachine';
import {
  COMMENT_EMPTY_MESSAGE,
  ENTER_VALID_EMAIL_MESSAGE,
  ENTER_VALID_URL_MESSAGE,
  FILE_NAME_MESSAGE,
  HASH_AMPERSAND_MESSAGE,
  INVALID_DESCRIPTION_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MINIMUM_PRICE_MESSAGE,
  PRICE_STEP_MESSAGE,
  REPLY_EMPTY_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  SELLER_CANNOT_ORDER_MESSAGE,
  collectionDescription,
  commentText,
  fileName,
  noHashOrAmpersand,
  optionalEmail,
  optionalUrl,
  price,
  profileEmail,
  profileFormFields,
  replyText,
  required,
  truncate,
  type ProfileValues,
} from '../../machines/forms/validators';
import { controlled, flush } from './support/modelTesting';

function startProfileForm(initial: Partial<ProfileValues> = {}) {
  const validateAsync = controlled<FieldErrors<ProfileValues>, FormRequest<ProfileValues>>();
  const submitForm = controlled<unknown, FormRequest<ProfileValues>>();
  const machine = createFormMachine<ProfileValues>().provide({ actors: { validateAsync: validateAsync.logic, submitForm: submitForm.logic } });
  const actor = createActor(machine, { input: { fields: profileFormFields(initial) } }).start();
  return { actor, validateAsync, submitForm };
}

describe('formMachine', () => {
  it('default: Save is disabled until alias and a valid email are filled; then check and submit', async () => {
    const { actor, validateAsync, submitForm } = startProfileForm();
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send(fieldChange<ProfileValues, 'alias'>('alias', 'Ada'));
    actor.send(fieldChange<ProfileValues, 'email'>('email', 'ada@'));
    expect(fieldError(actor.getSnapshot().context, 'email')).toBe(INVALID_EMAIL_MESSAGE);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send(fieldChange<ProfileValues, 'email'>('email', 'ada@example.com'));
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    validateAsync.last().resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(submitForm.last().input).toEqual({ values: { alias: 'Ada', email: 'ada@example.com' } });
    submitForm.last().resolve({ id: 'acc-1' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context.result).toEqual({ id: 'acc-1' });
  });

  it('behavior: an async error blocks submit until that field changes', async () => {
    const { actor, validateAsync } = startProfileForm({ alias: 'Ada', email: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    validateAsync.last().resolve({ alias: 'Alias taken' });
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(fieldError(actor.getSnapshot().context, 'alias')).toBe('Alias taken');
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', name: 'email', value: 'ada@example.org' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'field.change', name: 'alias', value: 'Ada L.' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('behavior: a failed save returns to editing with the error message (profile save failure shows it)', async () => {
    const { actor, validateAsync, submitForm } = startProfileForm({ alias: 'Ada', email: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    validateAsync.last().resolve({});
    await flush();
    submitForm.last().reject(new Error('Email already registered'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.submitError).toBe('Email already registered');
    actor.send({ type: 'field.change', name: 'alias', value: 'Ada' });
    expect(actor.getSnapshot().context.submitError).toBeNull();
  });

  it('behavior: editing during the async check cancels it; reset restores the initial values', () => {
    const { actor, validateAsync } = startProfileForm({ alias: 'Ada', email: 'ada@example.com' });
    actor.send({ type: 'form.submit' });
    const { signal } = validateAsync.last();
    actor.send({ type: 'field.change', name: 'alias', value: 'Grace' });
    expect(signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context).toMatchObject({ values: { alias: 'Ada', email: 'ada@example.com' }, touched: {} });
  });

  it('parameters: cross-field rules see all values; the untyped formMachine works with any fields', async () => {
    const submitForm = controlled<unknown, FormRequest<Record<string, unknown>>>();
    const actor = createActor(formMachine.provide({ actors: { submitForm: submitForm.logic } }), {
      input: {
        fields: {
          password: { value: 'secret' },
          confirm: { value: '', validate: (value, values) => (value === values.password ? null : 'Passwords differ') },
        },
      },
    }).start();
    expect(actor.getSnapshot().context.errors.confirm).toBe('Passwords differ');
    actor.send({ type: 'field.change', name: 'confirm', value: 'secret' });
    actor.send({ type: 'form.submit' });
    await flush();
    // The default validateAsync has no checks: straight on to submitting.
    expect(submitForm.last().input).toEqual({ values: { password: 'secret', confirm: 'secret' } });
  });
});

describe('validators (requirements: validation)', () => {
  it('profile: alias required, email required and valid', () => {
    expect(required('', {})).toBe(REQUIRED_FIELD_MESSAGE);
    expect(required('  ', {})).toBe(REQUIRED_FIELD_MESSAGE);
    expect(required('Ada', {})).toBeNull();
    expect(profileEmail('', {})).toBe(REQUIRED_FIELD_MESSAGE);
    for (const bad of ['ada', 'ada@', 'ada@example', 'a da@example.com', 'ada@@example.com', 'a@b.c']) expect(profileEmail(bad, {})).toBe(INVALID_EMAIL_MESSAGE);
    expect(profileEmail('ada.lovelace+art@example.co.uk', {})).toBeNull();
  });

  it('other messages: email, URL, # and &, description, file name', () => {
    expect(optionalEmail('', {})).toBeNull();
    expect(optionalEmail('nope', {})).toBe(ENTER_VALID_EMAIL_MESSAGE);
    expect(optionalUrl('https://example.com/art', {})).toBeNull();
    expect(optionalUrl('example', {})).toBe(ENTER_VALID_URL_MESSAGE);
    expect(optionalUrl('javascript:alert(1)', {})).toBe(ENTER_VALID_URL_MESSAGE);
    expect(noHashOrAmpersand('Rock & roll', {})).toBe(HASH_AMPERSAND_MESSAGE);
    expect(noHashOrAmpersand('#1', {})).toBe(HASH_AMPERSAND_MESSAGE);
    expect(noHashOrAmpersand('Rock and roll', {})).toBeNull();
    expect(collectionDescription('Études (2024): "light", shade_1, a=b+c - d.', {})).toBeNull();
    expect(collectionDescription('<script>', {})).toBe(INVALID_DESCRIPTION_MESSAGE);
    expect(collectionDescription('', {})).toBe(REQUIRED_FIELD_MESSAGE);
    expect(fileName('my art_01-final.png', {})).toBeNull();
    expect(fileName('my/art.png', {})).toBe(FILE_NAME_MESSAGE);
  });

  it('price: required, minimum 0.0001, step 0.0001', () => {
    expect(price('', {})).toBe(REQUIRED_FIELD_MESSAGE);
    expect(price('0.00009', {})).toBe(MINIMUM_PRICE_MESSAGE);
    expect(price('0', {})).toBe(MINIMUM_PRICE_MESSAGE);
    expect(price('-1', {})).toBe(MINIMUM_PRICE_MESSAGE);
    expect(price('abc', {})).toBe(MINIMUM_PRICE_MESSAGE);
    expect(price('0.0001', {})).toBeNull();
    expect(price('12.5', {})).toBeNull();
    expect(price('1.00015', {})).toBe(PRICE_STEP_MESSAGE);
  });

  it('comment and reply: trimmed text must not be empty; a max length truncates', () => {
    expect(commentText('   ', {})).toBe(COMMENT_EMPTY_MESSAGE);
    expect(replyText('\n', {})).toBe(REPLY_EMPTY_MESSAGE);
    expect(commentText('Lovely', {})).toBeNull();
    expect(truncate('abcdef', 4)).toBe('abcd');
    expect(SELLER_CANNOT_ORDER_MESSAGE).toBe('Sorry. Order cannot be placed as you are the seller');
  });
});
