import { notFound } from '@tanstack/react-router';
import { getAppActor } from '../../../../machines/app/appMachine';
import { registeredLogin } from '../../../../machines/wallet/sessionSelectors';
import type { AppActor } from '../../../app/appActorContext';
import { fetchCanvasPreview } from '../../../services/studio/canvasPreview';
import { settledWalletSession } from '../../../services/wallet/routeGuard';

export { validateCanvasPreviewSearch, type CanvasPreviewSearch } from './canvasPreviewSearch';

/**
 * The canvas for /preview/canvas/{id} and /canvas/{id}: with the share token for anyone; without it, signed with the
 * restored login, so its creator sees it. No such canvas for this viewer is the 404 page.
 */
export async function loadCanvasPreview({ appActor, canvasId, share, signal }: { appActor: AppActor; canvasId: string; share?: string; signal: AbortSignal }) {
  const credentials = share ? null : registeredLogin(await settledWalletSession(getAppActor(appActor, 'walletSession')));
  const canvas = await fetchCanvasPreview({ canvasId, share, credentials }, signal);
  if (!canvas) throw notFound();
  return canvas;
}
