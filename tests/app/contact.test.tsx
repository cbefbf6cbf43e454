import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formDraftsStored, readFormDraft, storeFormDraft } from '../../src/services/formDrafts';
import { renderApp } from './appHarness';
import { field, fillForm, json, optionsOf, stubContactNetwork } from './contactFixtures';

// The editorial pages "Contact" (docs/requirements.md#contact): the form with the ALTCHA check (the demo's config), its widget
// replaced by a stand-in that reports a payload the way <altcha-widget>'s 'verified' event does.

const altcha = vi.hoisted(() => ({ mounts: [] as Array<{ challengeUrl: string; onToken(token: string): void; onExpire(): void }> }));
vi.mock('../../src/services/contact/altchaWidget', () => ({
  mountAltcha: (container: HTMLElement, challengeUrl: string, options: { onToken(token: string): void; onExpire(): void }) => {
    const round = altcha.mounts.push({ challengeUrl, ...options });
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = "I'm not a robot";
    button.onclick = () => options.onToken(`altcha-payload-${round}`);
    container.append(button);
    return () => button.remove();
  },
}));

// Each test starts without the draft another one left (nothing typed is lost offline keeps what is typed across reloads).
beforeEach(async () => {
  storeFormDraft('contact', null);
  await formDraftsStored();
});

afterEach(() => {
  altcha.mounts.length = 0;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ADA = { category: 'Collector Support', topic: 'Offers & Purchased Tokens', name: '  Ada Lovelace ', email: ' ada@example.com  ', message: '  My offer on Dawn Study is not in Sent offers.  ' };
const ADA_SENT = {
  category: 'Collector Support',
  topic: 'Offers & Purchased Tokens',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'My offer on Dawn Study is not in Sent offers.',
  turnstile: 'altcha-payload-1',
};

describe('/contact-us', { timeout: 30_000 }, () => {
  it('the form and the info box: FAQ, apply and social links', async () => {
    stubContactNetwork();
    await renderApp('/contact-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(document.title).toContain('Contact us');
    const info = screen.getByRole('complementary', { name: 'Before you write' });
    expect(within(info).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(info).getByRole('link', { name: 'apply to become an artist' })).toHaveAttribute('href', '/artists/apply');
    const socials = within(within(info).getByRole('list', { name: 'Art Bazaar on social media' })).getAllByRole('link');
    expect(socials.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href'), link.getAttribute('target')])).toEqual([
      ['Website (opens in a new tab)', 'https://artbazaar.art', '_blank'],
      ['YouTube (opens in a new tab)', 'https://www.youtube.com/@artbazaar', '_blank'],
      ['X (opens in a new tab)', 'https://x.com/artbazaar', '_blank'],
      ['Instagram (opens in a new tab)', 'https://www.instagram.com/artbazaar', '_blank'],
    ]);
    expect(field.send()).toBeDisabled();
    expect(field.name()).toHaveAttribute('maxLength', '100');
    expect(field.message()).toHaveAttribute('maxLength', '5000');
    // The ALTCHA widget, with the server's challenge.
    expect(await screen.findByRole('button', { name: "I'm not a robot" })).toBeInTheDocument();
    expect(altcha.mounts.map((mount) => mount.challengeUrl)).toEqual(['/api/v1/connect/challenge']);
  });

  it('topic is disabled until a category is chosen, and offers exactly the seed\'s topics of that category', async () => {
    stubContactNetwork();
    const user = userEvent.setup();
    await renderApp('/contact-us');
    expect(optionsOf(await screen.findByRole('combobox', { name: 'Category' }))).toEqual([
      'Choose a category',
      'Artist Support',
      'Collector Support',
      'Feedback & Ideas',
      'Exhibitions & Curation',
      'Other',
    ]);
    expect(field.topic()).toBeDisabled();
    expect(optionsOf(field.topic())).toEqual(['Choose a topic']);

    const topics: Record<string, string[]> = {
      'Artist Support': [
        'Minting & Uploading',
        'Managing Collections',
        'Payments & Offers',
        'Artist Profile & Portfolio',
        'Exhibitions',
        "I'd Like to Be Interviewed",
        'Suggest an Art Format',
        'Other',
      ],
      'Collector Support': ['Buying Art', 'Wallet & Transactions', 'Offers & Purchased Tokens', 'Other'],
      'Feedback & Ideas': ['Bug or Technical Issue', 'Suggest a Feature', 'Design & Usability', 'General Feedback'],
      'Exhibitions & Curation': ['Curate or Propose a Theme', 'Exhibition Questions'],
      Other: ['Add topic'],
    };
    for (const [category, list] of Object.entries(topics)) {
      await user.selectOptions(field.category(), category);
      expect(field.topic()).toBeEnabled();
      expect(optionsOf(field.topic())).toEqual(['Choose a topic', ...list]);
    }
    // A new category starts the topic again.
    await user.selectOptions(field.category(), 'Feedback & Ideas');
    await user.selectOptions(field.topic(), 'Suggest a Feature');
    await user.selectOptions(field.category(), 'Exhibitions & Curation');
    expect(field.topic()).toHaveValue('');
    expect(optionsOf(field.topic())).toEqual(['Choose a topic', 'Curate or Propose a Theme', 'Exhibition Questions']);
    // Its message waits until the new topic select is left without a choice.
    expect(field.topic()).not.toHaveAccessibleDescription('Choose a topic');
    field.topic().focus();
    await user.tab();
    expect(field.topic()).toHaveAccessibleDescription('Choose a topic');
  });

  it('a field says what is wrong once touched: Required Field, Enter a valid email address', async () => {
    stubContactNetwork();
    const user = userEvent.setup();
    await renderApp('/contact-us');
    await user.click(await screen.findByRole('textbox', { name: 'Name' }));
    expect(screen.queryByText('Required Field')).not.toBeInTheDocument();
    await user.tab();
    expect(field.name()).toHaveAccessibleDescription('Required Field');
    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
    await user.type(field.email(), 'ada@');
    expect(field.email()).toHaveAccessibleDescription('We answer to this address. Enter a valid email address');
    await user.type(field.email(), 'example.com');
    expect(field.email()).toHaveAccessibleDescription('We answer to this address.');
    await user.type(field.name(), '   ');
    expect(field.name()).toHaveAccessibleDescription('Required Field');
  });

  it('Send waits for every field and the human check; the trimmed message is sent; success empties the form', async () => {
    const network = stubContactNetwork();
    const user = userEvent.setup();
    await renderApp('/contact-us');
    await screen.findByRole('button', { name: "I'm not a robot" });
    await fillForm(user, ADA);
    expect(field.send()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: "I'm not a robot" }));
    expect(field.send()).toBeEnabled();
    await user.click(field.send());

    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Message sent successfully');
    expect(network.posts).toEqual([ADA_SENT]);
    // The form is empty again, with a new human check (the last token is spent).
    expect(field.category()).toHaveValue('');
    expect(field.topic()).toBeDisabled();
    expect(field.name()).toHaveValue('');
    expect(field.email()).toHaveValue('');
    expect(field.message()).toHaveValue('');
    expect(field.send()).toBeDisabled();
    await waitFor(() => expect(altcha.mounts).toHaveLength(2));
    expect(screen.getAllByRole('button', { name: "I'm not a robot" })).toHaveLength(1);
    // The next edit clears the message.
    await user.selectOptions(field.category(), 'Other');
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });

  it("'Other' → 'Add topic' reveals a typed topic, which is sent trimmed in place of 'Add topic'", async () => {
    const network = stubContactNetwork();
    const user = userEvent.setup();
    await renderApp('/contact-us');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Other');
    expect(screen.queryByRole('textbox', { name: 'Your topic' })).not.toBeInTheDocument();
    await user.selectOptions(field.topic(), 'Add topic');
    expect(field.typedTopic()).toHaveAttribute('maxLength', '100');
    await user.type(field.name(), 'Grace Hopper');
    await user.type(field.email(), 'grace@example.org');
    await user.type(field.message(), 'Could we reproduce one of your exhibition texts in our magazine?');
    await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
    // The typed topic is still missing.
    expect(field.send()).toBeDisabled();
    await user.click(field.typedTopic());
    await user.tab();
    expect(field.typedTopic()).toHaveAccessibleDescription('Choose a topic');
    await user.type(field.typedTopic(), '  Press enquiry  ');
    expect(field.send()).toBeEnabled();
    await user.click(field.send());
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    expect(network.posts).toEqual([
      {
        category: 'Other',
        topic: 'Press enquiry',
        name: 'Grace Hopper',
        email: 'grace@example.org',
        message: 'Could we reproduce one of your exhibition texts in our magazine?',
        turnstile: 'altcha-payload-1',
      },
    ]);
  });

  it.each([
    ['the server refuses it (503)', () => json({ error: 'unavailable', message: 'Turnstile could not be reached' }, 503)],
    ['the server refuses the human check (403)', () => json({ error: 'human_check_failed', message: 'The human check failed' }, 403)],
    ['too many messages (429)', () => json({ error: 'rate_limited', message: 'Too many requests' }, 429)],
    ['no answer (network error)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 200 that does not confirm it (not the answer contract)', () => json({ success: false })],
  ])('failure when %s: the message says so and everything typed is kept; a new check lets it be sent again', async (_title, post) => {
    let refuse = true;
    const network = stubContactNetwork({ post: () => (refuse ? post() : json({ success: true })) });
    const user = userEvent.setup();
    await renderApp('/contact-us');
    await fillForm(user, ADA);
    await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
    await user.click(field.send());

    expect(await screen.findByText('Message not sent. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Message not sent. Please try again later.');
    expect(field.category()).toHaveValue(ADA.category);
    expect(field.topic()).toHaveValue(ADA.topic);
    expect(field.name()).toHaveValue(ADA.name);
    // (An email input drops the spaces around its value, as browsers do.)
    expect(field.email()).toHaveValue('ada@example.com');
    expect(field.message()).toHaveValue(ADA.message);
    // The token was spent: a new human check before Send again.
    expect(field.send()).toBeDisabled();
    await waitFor(() => expect(altcha.mounts).toHaveLength(2));
    refuse = false;
    await user.click(screen.getByRole('button', { name: "I'm not a robot" }));
    await user.click(field.send());
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    expect(network.posts).toEqual([ADA_SENT, { ...ADA_SENT, turnstile: 'altcha-payload-2' }]);
  });

  it('an expired check disables Send until it is solved again', async () => {
    stubContactNetwork();
    const user = userEvent.setup();
    await renderApp('/contact-us');
    await fillForm(user, ADA);
    await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
    expect(field.send()).toBeEnabled();
    altcha.mounts[0]!.onExpire();
    await waitFor(() => expect(field.send()).toBeDisabled());
    await user.click(screen.getByRole('button', { name: "I'm not a robot" }));
    expect(field.send()).toBeEnabled();
  });

  it('draft: what is typed survives a reload, is sent only on Send, and is forgotten once sent', async () => {
    const network = stubContactNetwork();
    const user = userEvent.setup();
    const first = await renderApp('/contact-us');
    await screen.findByRole('button', { name: "I'm not a robot" });
    await fillForm(user, ADA);
    await formDraftsStored();
    first.unmount();

    await renderApp('/contact-us');
    await waitFor(() => expect(field.message()).toHaveValue(ADA.message));
    expect(field.category()).toHaveValue(ADA.category);
    expect(field.topic()).toHaveValue(ADA.topic);
    expect(field.name()).toHaveValue(ADA.name);
    // An email input reads its value without the surrounding spaces.
    expect(field.email()).toHaveValue(ADA.email.trim());
    // Nothing is sent by the reload: the human check waits, and so does Send.
    expect(network.posts).toEqual([]);
    expect(field.send()).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
    await user.click(field.send());
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    // The second page's human check is the widget's second mount.
    expect(network.posts).toEqual([{ ...ADA_SENT, turnstile: 'altcha-payload-2' }]);
    await formDraftsStored();
    expect(await readFormDraft('contact')).toBeNull();
  });
});
