import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Accordion } from '../../src/components/data/Accordion';

const items = [
  { id: 'what', header: 'What is a flipcard?', content: 'A grid of images that flip on click.' },
  { id: 'fees', header: 'What are the fees?', content: 'The marketplace fee is shown before you sign.' },
];

describe('Accordion', () => {
  it('default: every header is a collapsed button in a heading, controlling its hidden region', () => {
    render(<Accordion label="Questions" items={items} />);
    expect(screen.getByRole('list', { name: 'Questions' })).toBeInTheDocument();
    for (const item of items) {
      const header = screen.getByRole('button', { name: item.header });
      expect(header).toHaveAttribute('aria-expanded', 'false');
      expect(header.closest('h3')).not.toBeNull();
      const panel = document.getElementById(header.getAttribute('aria-controls')!)!;
      expect(panel).not.toBeVisible();
      expect(panel).toHaveTextContent(item.content);
    }
  });

  it('behavior: opening one closes the other; a second click closes it', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<Accordion label="Questions" items={items} onToggle={onToggle} />);
    await user.click(screen.getByRole('button', { name: 'What is a flipcard?' }));
    expect(screen.getByRole('region', { name: 'What is a flipcard?' })).toHaveTextContent('A grid of images that flip on click.');
    expect(screen.getByRole('button', { name: 'What is a flipcard?' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'What are the fees?' }));
    expect(screen.getByRole('button', { name: 'What is a flipcard?' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'What is a flipcard?' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What are the fees?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'What are the fees?' }));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(onToggle.mock.calls).toEqual([
      ['what', true],
      ['fees', true],
      ['fees', false],
    ]);
  });

  it('parameters: multiple keeps several open; defaultOpen opens them first; headingLevel', async () => {
    const user = userEvent.setup();
    render(<Accordion label="Questions" items={items} multiple defaultOpen={['what']} headingLevel={2} />);
    expect(screen.getByRole('button', { name: 'What is a flipcard?' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'What is a flipcard?' }).closest('h2')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'What are the fees?' }));
    expect(screen.getAllByRole('region').map((region) => region.textContent)).toEqual([items[0]!.content, items[1]!.content]);
  });

  it('behavior: the keyboard opens a header (Enter, Space)', async () => {
    const user = userEvent.setup();
    render(<Accordion label="Questions" items={items} multiple />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'What is a flipcard?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });
});
