// The contact form (the editorial pages): docs/requirements.md#contact "Contact message: category, topic, name, email,
// message, turnstile token", docs/requirements.md#contact "category, topic, name, email, message and a completed human-check token are all
// required before Send is enabled. Topic depends on category ... Text inputs are trimmed", docs/requirements.md#contact (the
// categories and topics, the 8000 ms retry). The contact form's machine and POST /api/v1/connect use these rules.
import * as z from 'zod/mini';
import { requiredEmail, requiredText } from './fields';
import { ENTER_VALID_EMAIL_MESSAGE } from './messages';

// See docs/requirements.md#contact, in the seed's order.
export const CONTACT_TOPICS = {
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
} as const satisfies Record<string, readonly string[]>;

export type ContactCategory = keyof typeof CONTACT_TOPICS;
export const CONTACT_CATEGORIES = Object.keys(CONTACT_TOPICS) as ContactCategory[];

/** The 'Other' category offers only 'Add topic': the user types the topic (a free-text topic). */
export const ADD_TOPIC = 'Add topic';
export const FREE_TOPIC_CATEGORY: ContactCategory = 'Other';

// The contact form's outcomes (docs/requirements.md#contact).
export const CONTACT_SENT_MESSAGE = 'Message sent successfully';
export const CONTACT_FAILED_MESSAGE = 'Message not sent. Please try again later.';
/** See docs/requirements.md#contact "Human-check retry 8000 ms": the site key is fetched again this often until it loads. */
export const HUMAN_CHECK_RETRY_MS = 8000;

// Not in the seeds: ours. Inputs stop at these lengths; only an API caller meets the messages.
export const CONTACT_NAME_MAX = 100;
export const CONTACT_TOPIC_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_TOKEN_MAX = 10_000;
export const CHOOSE_CATEGORY_MESSAGE = 'Choose a category';
export const CHOOSE_TOPIC_MESSAGE = 'Choose a topic';
export const HUMAN_CHECK_MESSAGE = 'Complete the human check';
export const maxContactCharactersMessage = (max: number) => `Maximum ${max} characters`;

const trimmedRequired = (max: number) => requiredText().check(z.maxLength(max, maxContactCharactersMessage(max)));

/** The topics offered for a category; none until a category is chosen (the topic select is disabled then). */
export function topicsFor(category: string): readonly string[] {
  return Object.hasOwn(CONTACT_TOPICS, category) ? CONTACT_TOPICS[category as ContactCategory] : [];
}

/** Whether the category takes a typed topic ('Other' → 'Add topic'). */
export function isFreeTopicCategory(category: string): boolean {
  return category === FREE_TOPIC_CATEGORY;
}

/**
 * One contact message as the form sends it and the server accepts it: every field trimmed and required; the
 * topic is one of the category's topics, or any typed text (up to CONTACT_TOPIC_MAX) for 'Other'; `turnstile`
 * is the human-check token (a Turnstile token, or the ALTCHA payload when the server has no Turnstile secret).
 */
export const contactMessageSchema = z
  .object({
    category: z.string({ error: CHOOSE_CATEGORY_MESSAGE }).check(
      z.trim(),
      z.refine((value) => Object.hasOwn(CONTACT_TOPICS, value), CHOOSE_CATEGORY_MESSAGE),
    ),
    topic: z.string({ error: CHOOSE_TOPIC_MESSAGE }).check(z.trim(), z.minLength(1, CHOOSE_TOPIC_MESSAGE), z.maxLength(CONTACT_TOPIC_MAX, maxContactCharactersMessage(CONTACT_TOPIC_MAX))),
    name: trimmedRequired(CONTACT_NAME_MAX),
    email: requiredEmail(ENTER_VALID_EMAIL_MESSAGE),
    message: trimmedRequired(CONTACT_MESSAGE_MAX),
    turnstile: z.string({ error: HUMAN_CHECK_MESSAGE }).check(z.trim(), z.minLength(1, HUMAN_CHECK_MESSAGE), z.maxLength(CONTACT_TOKEN_MAX, HUMAN_CHECK_MESSAGE)),
  })
  .check(
    z.refine(
      (m) => isFreeTopicCategory(m.category) ? m.topic !== ADD_TOPIC : topicsFor(m.category).includes(m.topic),
      { message: CHOOSE_TOPIC_MESSAGE, path: ['topic'] },
    ),
  );

export type ContactMessage = z.infer<typeof contactMessageSchema>;
