// The canvas's tokens as they will be published, 12 a page (docs/requirements.md#studio-publish "studio preview, publish, share … 12"), read
// by the signed-in creator through the shared preview's token read.
import { useSelector } from '@xstate/react';
import { STUDIO_PREVIEW_PAGE_SIZE } from '../../../../domain/studioRules';
import { registeredLogin } from '../../../../machines/wallet/sessionSelectors';
import type { StudioCanvas } from '../../../../machines/studio/studioTypes';
import { useSystemActor } from '../../../app/appActorContext';
import { TokenMedia } from '../../../components/media/TokenMedia';
import { PagedGrid } from '../../../components/tokens/PagedGrid';
import { canvasPreviewTokensList } from '../../../services/flows/canvasPreview';
import type { CanvasPreviewRequest, CanvasPreviewToken } from '../../../services/studio/canvasPreview';

export function CanvasTokenGrid({ canvas, label }: { canvas: StudioCanvas; label: string }) {
  const wallet = useSystemActor('walletSession');
  const credentials = useSelector(wallet, (snapshot) => registeredLogin(snapshot));
  const params: CanvasPreviewRequest = { canvasId: canvas.id, credentials, ...(canvas.shareToken ? { share: canvas.shareToken } : {}) };
  return (
    <PagedGrid<CanvasPreviewToken, CanvasPreviewRequest>
      key={`${canvas.id}:${canvas.state}:${canvas.tokenCount}`}
      list={canvasPreviewTokensList}
      params={params}
      pageSize={STUDIO_PREVIEW_PAGE_SIZE}
      label={label}
      itemsName="tokens"
      emptyText="No tokens yet."
      itemKey={(token) => token.tokenId}
      renderItem={(token) => (
        <figure className="studio-preview-token">
          <TokenMedia
            token={{
              _id: token._id,
              name: token.name,
              mediaType: token.mediaType,
              mediaUrl: token.mediaUrl,
              thumbnailUrl: token.thumbnailUrl,
              attributes: token.attributes,
              collection: { attributes: canvas.attributes },
            }}
            variant="card"
          />
          <figcaption>{token.name}</figcaption>
        </figure>
      )}
    />
  );
}
