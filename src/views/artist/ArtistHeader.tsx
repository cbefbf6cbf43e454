import { SocialLinks } from '../../components/layout/SocialLinks';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import type { ArtistInfo } from '../../services/artists/artist';
import { artistSocialLinks } from './artistLinks';

// The cover at the profile's crop (docs/requirements.md#artists: 939/480), shown across the page.
const COVER_WIDTH = 939;
const COVER_HEIGHT = 480;

/** Header: display name, description, the artist's social links (new tab), the cover. */
export function ArtistHeader({ artist }: { artist: ArtistInfo }) {
  const links = artistSocialLinks(artist.account);
  return (
    <header className="artist-header">
      {artist.cover && (
        <img className="artist-cover" {...responsiveImage(artist.cover, IMAGE_SIZES.banner)} alt={`Cover of ${artist.displayName}`} width={COVER_WIDTH} height={COVER_HEIGHT} decoding="async" />
      )}
      <div className="artist-header-text">
        <h1 className="page-title">{artist.displayName}</h1>
        {artist.description && <p className="artist-description">{artist.description}</p>}
        <SocialLinks links={links} label={`Links of ${artist.displayName}`} />
      </div>
    </header>
  );
}
