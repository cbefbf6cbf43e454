import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { profileDraftKey } from '../../machines/profile/profileFormDraft';
import { formDraftsStored, readFormDraft, storeFormDraft } from '../../src/services/formDrafts';
import { renderApp } from './appHarness';
import { browserStructuredClone } from './studioBrowserClone';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const account = {
  id: '2',
  address: ALICE.toLowerCase(),
  alias: 'lumen',
  email: 'lumen@example.com',
  avatar: null,
  isCreator: false,
  isBanned: false,
};

let requests: Array<{ url: string; method: string; headers: Headers; body: unknown }>;
let putAnswer: () => Response;

// Each test starts without the draft another one left (nothing typed is lost offline keeps what is typed across reloads).
beforeEach(async () => {
  storeFormDraft(profileDraftKey(ALICE), null);
  await formDraftsStored();
  requests = [];
  putAnswer = () => new Response(JSON.stringify({ ...account, alias: 'new alias' }), { headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ url: String(input), method, headers: new Headers(init.headers), body: init.body });
    if (method === 'PUT') return putAnswer();
    return new Response(JSON.stringify(account), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openProfile() {
  const stored = loginOf(ALICE);
  const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored });
  const app = await renderApp('/profile', { walletSession: session.machine });
  const form = await screen.findByRole('form', { name: 'General' });
  // The form reads its stored draft first (nothing typed is lost offline); Save waits for that.
  await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
  return { ...app, form, session, stored };
}

describe('profile (general tab)', () => {
  it('default: loads the own account with the signed headers and fills alias and email; only the General tab exists', async () => {
    const { form } = await openProfile();
    expect(within(form).getByLabelText('Alias')).toHaveValue('lumen');
    expect(within(form).getByLabelText('Email')).toHaveValue('lumen@example.com');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['General']);
    const get = requests.find((request) => request.url === `/api/v1/account/${ALICE}`)!;
    expect(get.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
    expect(get.headers.get('Nonce')).toMatch(/^\d+-[0-9a-f]+$/);
  });

  it('validation: alias required, email required and valid; Save disabled until both pass', async () => {
    const { form } = await openProfile();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();

    await userEvent.clear(within(form).getByLabelText('Alias'));
    expect(within(form).getByText('Required Field')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Alias'), 'new alias');
    expect(save).toBeEnabled();

    const email = within(form).getByLabelText('Email');
    await userEvent.clear(email);
    expect(within(form).getByText('Required Field')).toBeInTheDocument();
    await userEvent.type(email, 'not-an-email');
    expect(within(form).getByText('Invalid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    expect(within(form).queryByText('Invalid email')).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('behavior: Save sends PUT /api/v1/account/:id as multipart and shows the success notice', async () => {
    const { form } = await openProfile();
    await userEvent.clear(within(form).getByLabelText('Alias'));
    await userEvent.type(within(form).getByLabelText('Alias'), 'new alias');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe(`/api/v1/account/${ALICE}`);
    expect(put.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
    const body = put.body as FormData;
    expect(body.get('alias')).toBe('new alias');
    expect(body.get('email')).toBe('lumen@example.com');
    expect(body.get('avatarChanged')).toBe('false');
    expect(body.get('avatar')).toBeNull();
  });

  it('behavior: after a save the header shows the new alias and avatar without a reload; the stored login is rewritten once', async () => {
    const avatar = '/ipfs/bafkreinewavatar';
    putAnswer = () => new Response(JSON.stringify({ ...account, alias: 'new alias', avatar }), { headers: { 'Content-Type': 'application/json' } });
    const { form, session, stored, appActor } = await openProfile();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Profile of lumen' }).querySelector('.account-avatar-initials')).toHaveAttribute('data-initials', 'LU');
    expect(session.calls.stored).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Alias'));
    await userEvent.type(within(form).getByLabelText('Alias'), 'new alias');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();

    const link = await within(header).findByRole('link', { name: 'Profile of new alias' });
    expect(link.querySelector('img')).toHaveAttribute('src', avatar);
    expect(within(header).queryByRole('link', { name: 'Profile of lumen' })).not.toBeInTheDocument();
    const wallet = getAppActor(appActor, 'walletSession');
    expect(wallet.getSnapshot().hasTag('registered')).toBe(true);
    expect(wallet.getSnapshot().context.account).toMatchObject({ alias: 'new alias', avatar });
    // Written by the session's storeApiKey alone, with the key the session already held.
    expect(session.calls.stored).toEqual([{ account: { ...account, alias: 'new alias', avatar }, apiKey: stored.apiKey }]);
  });

  it("behavior: a failed save shows the error's message", async () => {
    putAnswer = () => new Response(JSON.stringify({ error: 'invalid_input', message: 'Invalid email' }), { status: 400, headers: { 'Content-Type': 'application/json' } });
    const { form } = await openProfile();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Invalid email'));
    expect(screen.getByText('Invalid email', { selector: '.notification-text' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Profile of lumen' })).toBeInTheDocument();
  });

  it('validation: an avatar file name with special characters is refused before cropping', async () => {
    const { form } = await openProfile();
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([1, 2, 3])], 'me&you.png', { type: 'image/png' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('File Upload Failed. Remove special characters from filename');
    expect(screen.queryByRole('group', { name: 'Crop the avatar' })).not.toBeInTheDocument();
  });
});

describe('profile (general tab) drafts', () => {
  it('what is typed survives a reload, nothing is sent until Save, and the draft is forgotten once saved', async () => {
    const user = userEvent.setup();
    const first = await openProfile();
    await user.clear(within(first.form).getByLabelText('Alias'));
    await user.type(within(first.form).getByLabelText('Alias'), 'draft alias');
    await user.clear(within(first.form).getByLabelText('Email'));
    await user.type(within(first.form).getByLabelText('Email'), 'draft@example.com');
    await formDraftsStored();
    first.unmount();

    const { form } = await openProfile();
    expect(within(form).getByLabelText('Alias')).toHaveValue('draft alias');
    expect(within(form).getByLabelText('Email')).toHaveValue('draft@example.com');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    const body = requests.find((request) => request.method === 'PUT')!.body as FormData;
    expect(body.get('alias')).toBe('draft alias');
    expect(body.get('email')).toBe('draft@example.com');
    await formDraftsStored();
    expect(await readFormDraft(profileDraftKey(ALICE))).toBeNull();
  });

  it('a restored avatar not saved yet is shown and sent on Save; a failed save keeps the draft', async () => {
    // IndexedDB keeps a Blob as a Blob (jsdom's Blob is not one Node's structuredClone knows).
    vi.stubGlobal('structuredClone', browserStructuredClone);
    URL.createObjectURL = vi.fn(() => 'blob:draft-avatar');
    URL.revokeObjectURL = vi.fn();
    const avatar = new Blob(['square'], { type: 'image/png' });
    storeFormDraft(profileDraftKey(ALICE), { version: 1, alias: 'lumen', email: 'lumen@example.com', avatar, avatarNotKept: null });
    await formDraftsStored();
    putAnswer = () => new Response(JSON.stringify({ message: 'Email already registered' }), { status: 409, headers: { 'Content-Type': 'application/json' } });

    const user = userEvent.setup();
    const { form } = await openProfile();
    expect(await within(form).findByRole('img', { name: 'New avatar' })).toHaveAttribute('src', 'blob:draft-avatar');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const body = requests.find((request) => request.method === 'PUT')!.body as FormData;
    expect(body.get('avatarChanged')).toBe('true');
    expect(body.get('avatar')).toBeInstanceOf(Blob);
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await formDraftsStored();
    expect(await readFormDraft(profileDraftKey(ALICE))).toMatchObject({ version: 1, alias: 'lumen', email: 'lumen@example.com' });
  });

  it('an avatar too large to keep is named: the typed text comes back', async () => {
    storeFormDraft(profileDraftKey(ALICE), { version: 1, alias: 'big', email: 'lumen@example.com', avatar: null, avatarNotKept: 'huge.png' });
    await formDraftsStored();
    const { form } = await openProfile();
    expect(within(form).getByLabelText('Alias')).toHaveValue('big');
    expect(within(form).getByText('"huge.png" was too large to keep as a draft (over 100 MB): choose it again.')).toBeInTheDocument();
  });
});
