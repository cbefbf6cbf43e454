import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import type { FocusEvent, KeyboardEvent } from 'react';
import { useFlow } from '../../app/flows';
import { IMAGE_SIZES, responsiveImage } from '../../../domain/responsiveImage';
import { homeCarouselFlow } from '../../services/flows/home';
import type { HomeSlide } from '../../services/home/homeData';


function SlideLink({ slide, active }: { slide: HomeSlide; active: boolean }) {
  const tabIndex = active ? undefined : -1;
  if (slide.link.kind === 'collection') {
    return (
      <Link
        to="/collection/$address/$chainId"
        params={{ address: slide.link.address, chainId: String(slide.link.chainId) }}
        className="button button-primary home-slide-link"
        tabIndex={tabIndex}
      >
        See the collection
      </Link>
    );
  }
  const label = slide.link.path === '/artists/apply' ? 'Apply as an artist' : 'Discover';
  return (
    <Link to={slide.link.path} className="button button-primary home-slide-link" tabIndex={tabIndex}>
      {label}
    </Link>
  );
}

/**
 * The home carousel (docs/requirements.md#home): one slide at a time, advancing every 5000 ms; held while the pointer is over
 * it or focus is in it and under prefers-reduced-motion; a pause button (aria-pressed), a collapse button
 * (aria-expanded), previous/next and a dot per slide; arrow keys move between slides. The behaviour is
 * machines/home/carouselMachine.ts; `data-state` and `data-index` say what it does.
 */
export default function HomeCarousel({ slides }: { slides: HomeSlide[] }) {
  const carousel = useFlow(homeCarouselFlow, { input: { count: slides.length } });
  const index = useSelector(carousel, (snapshot) => snapshot.context.index);
  const collapsed = useSelector(carousel, (snapshot) => snapshot.matches('collapsed'));
  const playing = useSelector(carousel, (snapshot) => snapshot.hasTag('playing'));
  const pausedByUser = useSelector(carousel, (snapshot) => snapshot.context.pausedByUser);
  const state = useSelector(carousel, (snapshot) =>
    snapshot.matches('collapsed') ? 'collapsed' : snapshot.matches({ expanded: 'paused' }) ? 'paused' : snapshot.matches({ expanded: 'held' }) ? 'held' : 'playing',
  );
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // Focus moving between the carousel's own controls is not leaving it.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.send({ type: 'carousel.focusOut' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (collapsed) return;
    if (event.key === 'ArrowRight') carousel.send({ type: 'carousel.next' });
    else if (event.key === 'ArrowLeft') carousel.send({ type: 'carousel.previous' });
  };

  return (
    <section
      className="home-carousel"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-state={state}
      data-paused={playing ? 'false' : 'true'}
      data-index={index}
      onPointerEnter={() => carousel.send({ type: 'carousel.pointerEnter' })}
      onPointerLeave={() => carousel.send({ type: 'carousel.pointerLeave' })}
      onFocus={() => carousel.send({ type: 'carousel.focusIn' })}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="home-carousel-bar">
        <button type="button" className="button home-carousel-toggle" aria-pressed={pausedByUser} onClick={() => carousel.send({ type: 'carousel.togglePlay' })} disabled={collapsed}>
          <span aria-hidden="true">{pausedByUser ? '▶' : '❚❚'}</span>
          <span>Pause slides</span>
        </button>
        <button
          type="button"
          className="button home-carousel-toggle"
          aria-expanded={!collapsed}
          aria-controls="home-carousel-slides"
          onClick={() => carousel.send({ type: 'carousel.toggleCollapse' })}
        >
          {collapsed ? 'Show highlights' : 'Hide highlights'}
        </button>
      </div>
      <div id="home-carousel-slides" className="home-carousel-body" hidden={collapsed}>
        <div className="home-carousel-viewport" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={slide.position}
              className="home-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}: ${slide.title}`}
              hidden={i !== index}
              data-active={i === index ? 'true' : 'false'}
            >
              <img className="home-slide-image" {...responsiveImage(slide.image, IMAGE_SIZES.banner)} alt={slide.alt} width={1600} height={600} loading={i === 0 ? 'eager' : 'lazy'} decoding="async" fetchPriority={i === 0 ? 'high' : 'auto'} />
              <div className="home-slide-text">
                <h2 className="home-slide-title">{slide.title}</h2>
                <p>{slide.text}</p>
                <SlideLink slide={slide} active={i === index} />
              </div>
            </div>
          ))}
        </div>
        <div className="home-carousel-nav">
          <button type="button" className="button home-carousel-arrow" aria-label="Previous slide" onClick={() => carousel.send({ type: 'carousel.previous' })}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="home-carousel-dots">
            {slides.map((slide, i) => (
              <button
                key={slide.position}
                type="button"
                className="home-carousel-dot"
                aria-label={`Slide ${i + 1}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => carousel.send({ type: 'carousel.goTo', index: i })}
              />
            ))}
          </div>
          <button type="button" className="button home-carousel-arrow" aria-label="Next slide" onClick={() => carousel.send({ type: 'carousel.next' })}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </section>
  );
}
