import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../../app/product';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useFlow } from '../../app/flows';
import { useMediaQuery } from '../../components/data/useMediaQuery';
import { homeArticleFlow, homeExhibitionFlow, homeFeaturedCollectionFlow, homeSlidesFlow, homeTrendingFlow } from '../../services/flows/home';
import { ChunkBoundary } from '../../components/data/ChunkBoundary';
import { DESKTOP_QUERY } from '../../../domain/layout';
import { NearSection } from './NearSection';
import './home.css';

// Each part below the hero is its own chunk, fetched when it is needed: the carousel on wide screens only, the
// sections when they come near the viewport.
const loadCarousel = () => import('./HomeCarousel');
const loadFeatured = () => import('./FeaturedCollectionSection');
const loadExhibition = () => import('./ExhibitionSection');
const loadTrending = () => import('./TrendingSection');
const loadArticle = () => import('./FeaturedArticleSection');
const HomeCarousel = retryableLazy(loadCarousel);
const FeaturedCollectionSection = retryableLazy(loadFeatured);
const ExhibitionSection = retryableLazy(loadExhibition);
const TrendingSection = retryableLazy(loadTrending);
const FeaturedArticleSection = retryableLazy(loadArticle);


/** The carousel (docs/requirements.md#home: desktop only): its slides are asked for only on a wide screen. */
function CarouselSlot() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const slidesFlow = useFlow(homeSlidesFlow);
  const slides = useSelector(slidesFlow, (snapshot) => snapshot.context.data);
  // Until the flow settles (idle, then loading) the slot holds the carousel's place, so the sections below never move.
  const absent = useSelector(slidesFlow, (snapshot) => snapshot.matches('absent'));
  // The flow asks for the slides once the screen is wide (src/services/flows/home.ts); the carousel's code with them.
  useEffect(() => {
    if (desktop) void loadCarousel().catch(() => undefined);
  }, [desktop]);
  if (!desktop) return null;
  const slot = <div className="home-slot home-carousel-slot" aria-hidden="true" />;
  if (!slides) return absent ? null : slot;
  return (
    // See docs/requirements.md#home: a part that cannot load (its code did not arrive) is left out.
    <ChunkBoundary fallback={null}>
      <Suspense fallback={slot}>
        <HomeCarousel slides={slides} />
      </Suspense>
    </ChunkBoundary>
  );
}

/**
 * Home (/; the editorial pages, docs/requirements.md#home): the product's name and tagline, the carousel on wide screens, then the featured
 * collection, the current exhibition, the trending collections, the featured article and the invitation to join.
 */
export function HomeView() {
  // See docs/requirements.md#home: the home page title is the product name.
  useDocumentTitle();
  return (
    <div className="page home">
      <section className="hero home-hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero-title">
          {PRODUCT_NAME}
        </h1>
        <p className="hero-tagline">{PRODUCT_TAGLINE}</p>
        <Link to="/explore" className="button button-primary button-large">
          Explore art
        </Link>
      </section>
      <CarouselSlot />
      <NearSection flow={homeFeaturedCollectionFlow} preload={loadFeatured} Section={FeaturedCollectionSection} slotClassName="home-featured-slot" />
      <NearSection flow={homeExhibitionFlow} preload={loadExhibition} Section={ExhibitionSection} slotClassName="home-exhibition-slot" />
      <NearSection flow={homeTrendingFlow} preload={loadTrending} Section={TrendingSection} slotClassName="home-trending-slot" />
      <NearSection flow={homeArticleFlow} preload={loadArticle} Section={FeaturedArticleSection} slotClassName="home-article-slot" />
      <section className="home-section home-join" aria-labelledby="join-title">
        <h2 id="join-title" className="section-title">
          Join the community
        </h2>
        <p className="home-join-text">Artists publish whole collections in one transaction; collectors buy in ETH from their own wallet.</p>
        <div className="home-join-actions">
          <Link to="/studio" className="button button-primary">
            Share art
          </Link>
          <Link to="/explore" className="button">
            Collect art
          </Link>
        </div>
      </section>
    </div>
  );
}
