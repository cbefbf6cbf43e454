import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';

const HEADING = "Oooooops! We couldn't find the page you're looking for :(";
const TEXT = "This page does not exist or you don't have access to it";

describe('404 page', () => {
  it.each(['/no-such-page', '/deeply/nested/unknown', '/404'])('behavior: %s shows both texts and a Go to main page link', async (path) => {
    await renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: HEADING })).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to main page' })).toHaveAttribute('href', '/');
    // The page sits inside the main layout.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Art Bazaar');
  });
});
