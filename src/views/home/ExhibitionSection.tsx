import { Link } from '@tanstack/react-router';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { exhibitionDates, type ExhibitionCard } from '../../services/home/homeData';

/** See docs/requirements.md#exhibitions "Current exhibition card; clicking goes to exhibitions". */
export default function ExhibitionSection({ data: exhibition }: { data: ExhibitionCard }) {
  const image = exhibition.coverThumbnail ?? exhibition.cover;
  return (
    <section className="home-section home-exhibition" aria-labelledby="home-exhibition-title">
      <h2 id="home-exhibition-title" className="section-title">
        Current exhibition
      </h2>
      <Link to="/exhibitions" className="home-exhibition-card">
        {image ? <img className="home-exhibition-cover" {...responsiveImage(image, IMAGE_SIZES.wideCard)} alt="" width={480} height={270} loading="lazy" decoding="async" /> : null}
        <span className="home-exhibition-body">
          <span className="home-exhibition-name">{exhibition.title}</span>
          {exhibition.subtitle ? <span className="home-exhibition-subtitle">{exhibition.subtitle}</span> : null}
          <span className="home-exhibition-dates">{exhibitionDates(exhibition.startDate, exhibition.endDate)}</span>
          {exhibition.artistNamesFormatted ? <span className="home-exhibition-artists">{exhibition.artistNamesFormatted}</span> : null}
        </span>
      </Link>
    </section>
  );
}
