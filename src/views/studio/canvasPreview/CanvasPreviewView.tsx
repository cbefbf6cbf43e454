import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { STUDIO_PREVIEW_PAGE_SIZE, MEDIA_TYPE_LABELS } from '../../../../domain/studioRules';
import { registeredLogin } from '../../../../machines/wallet/sessionSelectors';
import type { StudioCanvas } from '../../../services/studio/api';
import { useSystemActor } from '../../../app/appActorContext';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { IMAGE_SIZES, responsiveImage } from '../../../../domain/responsiveImage';
import { TokenMedia } from '../../../components/media/TokenMedia';
import { MediaTypeIcon, isLabelledMediaType } from '../../../components/media/MediaTypeIcon';
import { PagedGrid } from '../../../components/tokens/PagedGrid';
import { canvasPreviewTokensList } from '../../../services/flows/canvasPreview';
import type { CanvasPreviewRequest, CanvasPreviewToken } from '../../../services/studio/canvasPreview';
import '../../../styles/collection.css';
import '../../../styles/studioPreview.css';

const COVER_SIZE = 480;

/**
 * See docs/requirements.md#studio-publish "Shared canvas view / preview link": the collection's name, cover, description and its tokens, rendered
 * by the product's media viewers, 12 at a time; nothing here changes anything.
 */
export function CanvasPreviewView({ canvas, share }: { canvas: StudioCanvas; share?: string }) {
  useDocumentTitle(canvas.name);
  const wallet = useSystemActor('walletSession');
  const login = useSelector(wallet, registeredLogin, (a, b) => a?.address === b?.address && a?.key === b?.key);
  // The share token opens the canvas for anyone; without it only its creator's signed request does.
  const params = useMemo<CanvasPreviewRequest>(() => ({ canvasId: canvas.id, share, credentials: share ? null : login }), [canvas.id, share, login]);
  const typeLabel = isLabelledMediaType(canvas.mediaType) ? MEDIA_TYPE_LABELS[canvas.mediaType] : canvas.mediaType;

  return (
    <article className="collection-page canvas-preview" aria-labelledby="canvas-preview-name">
      <header className="collection-hero">
        <div className="collection-cover">
          {canvas.cover ? (
            <img {...responsiveImage(canvas.cover, IMAGE_SIZES.collectionCover)} alt={`Cover of ${canvas.name}`} width={COVER_SIZE} height={COVER_SIZE} decoding="async" />
          ) : (
            <div className="collection-cover-placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="collection-summary">
          {canvas.state !== 'published' && (
            <p className="canvas-preview-note" role="note">
              Preview: this collection is not published yet.
            </p>
          )}
          <h1 id="canvas-preview-name">{canvas.name}</h1>
          <p className="canvas-preview-type">
            <MediaTypeIcon mediaType={canvas.mediaType} />
            <span aria-hidden="true">{typeLabel}</span>
            <span>{`· ${canvas.tokenCount} ${canvas.tokenCount === 1 ? 'artwork' : 'artworks'}`}</span>
          </p>
          <p className="canvas-preview-description">{canvas.description}</p>
        </div>
      </header>
      <section className="collection-tokens" aria-labelledby="canvas-preview-tokens">
        <h2 id="canvas-preview-tokens">Artworks</h2>
        <PagedGrid<CanvasPreviewToken, CanvasPreviewRequest>
          // Another viewer (signed in or out) is another list.
          key={params.credentials?.address ?? 'anyone'}
          list={canvasPreviewTokensList}
          params={params}
          pageSize={STUDIO_PREVIEW_PAGE_SIZE}
          label={`Artworks of ${canvas.name}`}
          emptyText="This collection has no artworks yet."
          itemsName="artworks"
          itemKey={(token) => token._id}
          renderItem={(token) => (
            <article className="token-card" aria-label={token.name}>
              <div className="token-card-media">
                <TokenMedia token={{ ...token, collection: { attributes: canvas.attributes } }} variant="card" />
              </div>
              <div className="token-card-body">
                <h3 className="token-card-name">{token.name}</h3>
              </div>
            </article>
          )}
        />
      </section>
    </article>
  );
}
