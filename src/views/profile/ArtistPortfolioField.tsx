import { useRef, type ChangeEvent } from 'react';
import { useSelector } from '@xstate/react';
import { PORTFOLIO_CAPTION_MAX, PORTFOLIO_CONTEXT_MAX, PORTFOLIO_IMAGE_TYPES, PORTFOLIO_IMAGES_MAX } from '../../../domain/artist';
import type { PortfolioItemValue } from '../../../machines/profile/artistProfileForm';
import { shownError, type ArtistProfileActor } from '../../../machines/profile/artistProfileMachine';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { useObjectUrl } from '../../components/upload/useObjectUrl';
import { ArtistTextField } from './ArtistTextField';

const THUMBNAIL_SIZE = 160;

function PortfolioImagePreview({ item, number }: { item: PortfolioItemValue; number: number }) {
  const newUrl = useObjectUrl(item.image.kind === 'new' ? item.image.file : null);
  const src = item.image.kind === 'kept' ? item.image.thumbnailUrl : newUrl;
  if (!src) return null;
  return <img className="artist-portfolio-image" {...responsiveImage(src, IMAGE_SIZES.portfolioPreview)} alt={`Portfolio image ${number}`} width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} loading="lazy" />;
}

/** Portfolio: a context text and up to 9 PNG, JPEG or WebP images, each with a caption (docs/requirements.md#artists). */
export function ArtistPortfolioField({ form }: { form: ArtistProfileActor }) {
  const context = useSelector(form, (snapshot) => snapshot.context);
  const canAdd = useSelector(form, (snapshot) => snapshot.can({ type: 'portfolio.add', files: [] }));
  const input = useRef<HTMLInputElement>(null);
  const { portfolio, portfolioContext } = context.values;

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].map((file) => ({ file, name: file.name }));
    event.target.value = '';
    if (files.length) form.send({ type: 'portfolio.add', files });
  };

  return (
    <fieldset className="artist-profile-group">
      <legend>Portfolio</legend>
      <ArtistTextField
        id="artist-portfolio-context"
        label="Portfolio context"
        multiline
        maxLength={PORTFOLIO_CONTEXT_MAX}
        value={portfolioContext}
        error={shownError(context, 'portfolioContext')}
        onChange={(value) => form.send({ type: 'field.change', name: 'portfolioContext', value })}
      />
      <ol className="artist-portfolio-items">
        {portfolio.map((item, index) => (
          <li key={item.key} className="artist-portfolio-item">
            <PortfolioImagePreview item={item} number={index + 1} />
            <ArtistTextField
              id={`artist-portfolio-${item.key}-caption`}
              label={`Caption of image ${index + 1}`}
              maxLength={PORTFOLIO_CAPTION_MAX}
              value={item.description}
              error={shownError(context, `portfolio.${index}.description`)}
              onChange={(value) => form.send({ type: 'portfolio.caption', index, value })}
            />
            <button type="button" className="button" onClick={() => form.send({ type: 'portfolio.remove', index })}>
              {`Remove image ${index + 1}`}
            </button>
          </li>
        ))}
      </ol>
      <input
        ref={input}
        id="artist-portfolio-files"
        type="file"
        multiple
        accept={PORTFOLIO_IMAGE_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Portfolio image files"
        onChange={onFiles}
      />
      <button type="button" className="button" disabled={!canAdd} onClick={() => input.current?.click()}>
        Add portfolio images
      </button>
      <p className="form-hint">{`Up to ${PORTFOLIO_IMAGES_MAX} images: PNG, JPEG or WebP.`}</p>
      {context.fileError && (
        <p className="field-error" role="alert">
          {context.fileError}
        </p>
      )}
    </fieldset>
  );
}
