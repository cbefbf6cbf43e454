// The demo's exhibitions (the editorial pages; docs/requirements.md#exhibitions): one running now and two that have closed, each
// hung from the demo's published tokens by name. The current one and "Weather Systems" show more than five artists
// (the viewer's two columns of names); "Paper and Signal" keeps the literal intro 'undefined', the case where the
// app shows the curatorial statement instead.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';
import { exhibitionArtworks, exhibitions, tokens } from '../../server/db/schema.js';

const DAY = 86_400_000;

/** How the viewer's card names a work's medium, by media type. */
const MEDIUM: Record<string, string> = {
  image: 'Digital image',
  gif: 'Animated GIF',
  'multipart/image': 'Flipcard, front and back',
  'multipart/mixed': 'Generative program (p5.js)',
  video: 'Looping video',
};

interface DemoExhibition {
  title: string;
  subtitle: string;
  coverSeed: number;
  /** Days from the seeding moment: negative in the past. */
  startDay: number;
  endDay: number;
  exhibitionIntro: string;
  curatorialStatement: string;
  curator: string;
  isFeatured: boolean;
  /** Token names, in viewer order. */
  works: readonly string[];
}

const DEMO_EXHIBITIONS: readonly DemoExhibition[] = [
  {
    title: 'Systems of Light',
    subtitle: 'Generative and geometric work, rules that draw',
    coverSeed: 9101,
    startDay: -10,
    endDay: 40,
    isFeatured: true,
    curator: 'Hanna Weiss',
    exhibitionIntro:
      'Seven artists who let a rule do the drawing: a grammar of quarter circles, a program that charts imaginary skies, wind traced across an empty page. Move through the works one by one, or jump ahead with the rail below.',
    curatorialStatement:
      'Every work in this exhibition starts from a rule: a grid, a seed, a field of forces. The artists write the rule and then step back, but never quite far enough to let it decide everything. Mara Vale limits herself to four shapes; Ines Kodama hands each night sky to a random seed and keeps only the charts that surprise her; Leo Marchetti lets a flow field carry his line and corrects it by hand. What they share is patience with systems and a refusal to let the system have the last word. Look for the places where the rule bends: a tile turned the wrong way, a star left unjoined, a stripe a little wider than the score allows. That is where the artist is.',
    works: ['Azulejo I', 'Chart 0417', 'Swell', 'Mistral', 'Score No. 1', 'Echo Chamber', 'Haze', 'Red Quarter', 'Chart 2048', 'Standing Wave', 'Bora', 'Overtone', 'Bloom', 'Score No. 4'],
  },
  {
    title: 'Paper and Signal',
    subtitle: 'Still and moving images',
    coverSeed: 9102,
    startDay: -120,
    endDay: -60,
    isFeatured: false,
    curator: 'Tomasz Wren',
    // Stored as the literal text, as older records have it: the app falls back to the curatorial statement.
    exhibitionIntro: 'undefined',
    curatorialStatement:
      'Cut paper horizons next to looping films: two ways of slowing time down. Oskar Lind reduces a landscape to a sun and a few folded hills, as if cut with scissors from coloured card; Nadia Rahimi films generated light that rises, ripples and breathes without ever arriving anywhere. Between them, Mara Vale\'s twelve-frame tides go in and out on the hour. None of these works tells a story. Each one holds a single moment and asks you to stay in it a little longer than is comfortable.',
    works: ['Morning Over Hills', 'Sunrise, Looped', 'Salt Flats', 'Slack Water', 'Ripples', 'Afterglow', 'Breathing Room'],
  },
  {
    title: 'Weather Systems',
    subtitle: 'Wind, water and light, observed by code',
    coverSeed: 9103,
    startDay: -260,
    endDay: -190,
    isFeatured: false,
    curator: 'Hanna Weiss',
    exhibitionIntro:
      'Seven artists forecast a weather of their own: tides that interfere, winds that write, rings that hum and skies that were never there.',
    curatorialStatement:
      'Weather is the oldest generative system we know: a handful of rules, pressure and heat and the turning of the earth, and no two days alike. The artists in this exhibition borrow its methods rather than its pictures. Felix Arden draws the interference of slow waves line by line; Leo Marchetti names each flow field after a wind; Ada Nwosu lets concentric rings expand like sound in a still room; Kai Sørensen blurs colour until it behaves like haze. Oskar Lind and Nadia Rahimi bring the light, Ines Kodama the night. Read the works as forecasts: precise about the rules, honest that the outcome cannot be known until it arrives.',
    works: ['Undertow', 'Sirocco', 'Standing Note', 'Vapour', 'Late Harvest', 'Broadcast', 'Chart 5150', 'Fetch', 'Chinook', 'Hum'],
  },
];

export async function seedExhibitions(
  db: Db,
  { cover, collectionRowIds }: { cover: (seed: number) => Promise<string>; collectionRowIds: number[] },
): Promise<void> {
  const published = await db
    .select({ id: tokens.id, name: tokens.name, mediaType: tokens.mediaType })
    .from(tokens)
    .where(inArray(tokens.collectionId, collectionRowIds));
  const byName = new Map(published.map((token) => [token.name, token]));
  const now = Date.now();
  for (const exhibition of DEMO_EXHIBITIONS) {
    const [row] = await db
      .insert(exhibitions)
      .values({
        title: exhibition.title,
        subtitle: exhibition.subtitle,
        cover: await cover(exhibition.coverSeed),
        startDate: new Date(now + exhibition.startDay * DAY),
        endDate: new Date(now + exhibition.endDay * DAY),
        exhibitionIntro: exhibition.exhibitionIntro,
        curatorialStatement: exhibition.curatorialStatement,
        curator: exhibition.curator,
        isFeatured: exhibition.isFeatured,
      })
      .returning({ id: exhibitions.id });
    await db.insert(exhibitionArtworks).values(
      exhibition.works.map((name, order) => {
        const token = byName.get(name);
        if (!token) throw new Error(`The exhibition "${exhibition.title}" names "${name}", which is not a published demo token.`);
        return { exhibitionId: row!.id, tokenId: token.id, order: order + 1, medium: MEDIUM[token.mediaType] ?? null };
      }),
    );
  }
}
