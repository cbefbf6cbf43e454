// The contact page's app-test network: POST /api/v1/connect and GET /api/v1/connect/turnstile-site-key answered
// by fixtures, with every request recorded (the multipart body read back as an object).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface ContactNetwork {
  posts: Array<Record<string, FormDataEntryValue>>;
  siteKeyRequests: number;
}

export interface ContactAnswers {
  post?: () => Response | Promise<Response>;
  siteKey?: (attempt: number) => Response;
}

export function stubContactNetwork(answers: ContactAnswers = {}): ContactNetwork {
  const network: ContactNetwork = { posts: [], siteKeyRequests: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/v1/connect' && init?.method === 'POST') {
        network.posts.push(Object.fromEntries((init.body as FormData).entries()));
        return answers.post ? answers.post() : json({ success: true });
      }
      if (url === '/api/v1/connect/turnstile-site-key') {
        network.siteKeyRequests += 1;
        return answers.siteKey ? answers.siteKey(network.siteKeyRequests) : json({ siteKey: '1x00000000000000000000AA' });
      }
      return json({ error: 'not_found', message: 'Not found' }, 404);
    }),
  );
  return network;
}

export const field = {
  category: () => screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement,
  topic: () => screen.getByRole('combobox', { name: 'Topic' }) as HTMLSelectElement,
  typedTopic: () => screen.getByRole('textbox', { name: 'Your topic' }),
  name: () => screen.getByRole('textbox', { name: 'Name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  message: () => screen.getByRole('textbox', { name: 'Message' }),
  send: () => screen.getByRole('button', { name: 'Send' }),
};

export const optionsOf = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

/** Fills every field but the human check, checking that Send stays disabled on the way. */
export async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { category: string; topic: string; typedTopic?: string; name: string; email: string; message: string }) {
  await user.selectOptions(field.category(), values.category);
  expect(field.send()).toBeDisabled();
  await user.selectOptions(field.topic(), values.topic);
  expect(field.send()).toBeDisabled();
  if (values.typedTopic !== undefined) await user.type(field.typedTopic(), values.typedTopic);
  await user.type(field.name(), values.name);
  expect(field.send()).toBeDisabled();
  await user.type(field.email(), values.email);
  expect(field.send()).toBeDisabled();
  await user.type(field.message(), values.message);
}
