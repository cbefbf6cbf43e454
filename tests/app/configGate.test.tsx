import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RegionBlockedError, ServiceError } from '../../src/services/errors';
import { configAnswering, demoConfig, renderApp } from './appHarness';

describe('config gate', () => {
  it('behavior: a region error shows the geofence page instead of the route', async () => {
    await renderApp('/under-construction', { config: configAnswering(async () => Promise.reject(new RegionBlockedError('Not available in your region'))) });
    expect(await screen.findByRole('heading', { name: 'Art Bazaar is not available in your region' })).toBeInTheDocument();
    expect(screen.getByText('Not available in your region')).toBeInTheDocument();
    expect(screen.queryByText('Under Maintenance')).not.toBeInTheDocument();
  });

  it('behavior: any other failure shows the error page; Try again reloads the config and shows the route', async () => {
    let attempts = 0;
    await renderApp('/under-construction', {
      config: configAnswering(async () => {
        attempts += 1;
        if (attempts === 1) throw new ServiceError('Could not load the configuration.');
        return demoConfig;
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Could not load the configuration.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Under Maintenance' })).toBeInTheDocument());
    expect(attempts).toBe(2);
  });
});
