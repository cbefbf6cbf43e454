// The studio's collection details form through /studio/create and /studio/edit/$containerId: the seed's validation
// messages, the save, the locked media type, the generative and flipcard fields.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './appHarness';
import { creatorSession, scriptedStudio, studioCanvas, stubStudioFetch } from './studioFixtures';

// Whole pages through the router on a shared, slow machine.
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => stubStudioFetch());
afterEach(() => vi.unstubAllGlobals());

const form = () => screen.getByRole('form', { name: 'Collection details' });

async function openCreate(studio = scriptedStudio()) {
  const view = await renderApp('/studio/create', { walletSession: creatorSession() }, studio.flows);
  await screen.findByRole('heading', { level: 1, name: 'Details' }, { timeout: 5000 });
  return { ...view, studio };
}

describe('studio details form', () => {
  it('default: the stepper names the steps, and the form starts with the suggested royalty and a supply of 1', async () => {
    await openCreate();
    const stepper = screen.getByRole('navigation', { name: 'Studio steps' });
    expect(within(stepper).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1Details', '2Upload', '3Token details', '4Preview', '5Publish']);
    expect(within(stepper).getByText('Details').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByLabelText('Royalties (basis points)')).toHaveValue('500');
    expect(screen.getByLabelText('Supply per token')).toHaveValue('1');
    expect(screen.getByLabelText('Media type')).toBeEnabled();
  });

  it('behavior: Next with missing fields says to fill them all and marks each one', async () => {
    const { studio } = await openCreate();
    await userEvent.click(within(form()).getByRole('button', { name: 'Next' }));
    expect(within(form()).getByRole('alert')).toHaveTextContent('Please fill all necessary fields');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/Required Field/);
    expect(studio.calls.saveDetails).toEqual([]);
  });

  it('behavior: royalties give the minimum, integer and maximum messages', async () => {
    await openCreate();
    const royalties = screen.getByLabelText('Royalties (basis points)');
    await userEvent.clear(royalties);
    expect(await screen.findByText('Minimum value is 0')).toBeInTheDocument();
    await userEvent.type(royalties, '12.5');
    expect(await screen.findByText('Please enter an integer value')).toBeInTheDocument();
    await userEvent.clear(royalties);
    await userEvent.type(royalties, '20000');
    expect(await screen.findByText('Maximum value is 10000')).toBeInTheDocument();
    await userEvent.clear(royalties);
    await userEvent.type(royalties, '250');
    await waitFor(() => expect(royalties).toHaveAttribute('aria-invalid', 'false'));
  });

  it('behavior: a valid form creates the collection with numbers, then goes to the upload at the collection\'s address', async () => {
    const { studio, router } = await openCreate(scriptedStudio({ keepsRecords: true }));
    await userEvent.type(screen.getByLabelText('Name'), 'Dawn');
    await userEvent.type(screen.getByLabelText('Symbol'), 'DAWN');
    await userEvent.type(screen.getByLabelText('Description'), 'Morning light over the bay');
    await userEvent.selectOptions(screen.getByLabelText('Media type'), 'Image');
    await userEvent.click(within(form()).getByRole('button', { name: 'Next' }));
    // The created collection's own page: a new studio there reads back what the form stored, and shows the upload.
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio/edit/c-new'));
    await screen.findByRole('heading', { level: 1, name: 'Upload images' });
    expect(await screen.findByLabelText('Choose images')).toBeInTheDocument();
    expect(studio.calls.saveDetails).toEqual([
      {
        canvasId: null,
        details: { name: 'Dawn', symbol: 'DAWN', description: 'Morning light over the bay', royaltiesBasispoints: 500, supplyPerToken: 1, mediaType: 'image' },
        attributes: null,
        cover: null,
      },
    ]);
    expect(await screen.findByText('Collection created')).toBeInTheDocument();
  });

  it('behavior: once created, /studio/create offers nothing to act on until the collection\'s page replaces it', async () => {
    // The move to /studio/edit/c-new held back: the moment between the save and the new page, made long.
    const studio = scriptedStudio();
    await renderApp('/studio/create', { walletSession: creatorSession() }, { studio: studio.flows.studio.provide({ actions: { goToCanvas: () => {} } }) });
    await screen.findByRole('heading', { level: 1, name: 'Details' }, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Name'), 'Dawn');
    await userEvent.type(screen.getByLabelText('Symbol'), 'DAWN');
    await userEvent.type(screen.getByLabelText('Description'), 'Morning light over the bay');
    await userEvent.selectOptions(screen.getByLabelText('Media type'), 'Image');
    await userEvent.click(within(form()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Collection created')).toBeInTheDocument();
    expect(screen.getByText('Loading …')).toBeInTheDocument();
    expect(screen.getByText('Loading …').closest('.studio-page')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByLabelText('Choose images')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Studio steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('parameters: generative shows the disabled p5 library and requires the seed identifier; flipcard shows its 1 × 2 grid', async () => {
    await openCreate();
    await userEvent.selectOptions(screen.getByLabelText('Media type'), 'Generative Art');
    expect(screen.getByLabelText('Generative library')).toBeDisabled();
    expect(screen.getByLabelText('Generative library')).toHaveValue('p5');
    expect(screen.getByLabelText('Seed identifier')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('Media type'), 'Flipcard');
    expect(screen.queryByLabelText('Seed identifier')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Rows')).toHaveValue('1');
    expect(screen.getByLabelText('Columns')).toHaveValue('2');
    await userEvent.clear(screen.getByLabelText('Rows'));
    await userEvent.type(screen.getByLabelText('Rows'), '0');
    expect(await screen.findByText('Invalid input')).toBeInTheDocument();
  });

  it('behavior: editing an existing collection locks its media type and saves to it', async () => {
    const studio = scriptedStudio({ canvas: studioCanvas({ tokenCount: 2 }) });
    await renderApp('/studio/edit/c1', { walletSession: creatorSession() }, studio.flows);
    await screen.findByRole('heading', { level: 1, name: 'Preview' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit collection' }));
    await screen.findByRole('heading', { level: 1, name: 'Update' });
    expect(screen.getByLabelText('Name')).toHaveValue('Dawn');
    expect(screen.getByLabelText('Media type')).toBeDisabled();
    expect(screen.getByText('The media type cannot change once the collection exists.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Symbol'), 'X');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Preview' });
    expect(studio.calls.saveDetails[0]).toMatchObject({ canvasId: 'c1', details: { symbol: 'DAWNX', mediaType: 'image' } });
    expect(await screen.findByText('Collection updated')).toBeInTheDocument();
  });
});
