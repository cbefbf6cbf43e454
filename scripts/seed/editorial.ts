// The demo's editorial layer: artist pages, likes, comments, exhibitions and articles.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { artistSortKey } from '../../domain/artist.js';
import type { Db } from '../../server/db/client.js';
import { accounts, articles, artists, comments, likes, tokens } from '../../server/db/schema.js';
import type { MediaStore } from '../../server/media/store.js';
import { renderCover, renderImage } from './artwork/render.js';
import { people } from './content.js';
import { seedExhibitions } from './exhibitions.js';
import type { SeedSizes } from './media.js';

export async function seedEditorial(
  db: Db,
  store: MediaStore,
  { accountIds, addresses, sizes, collectionRowIds }: { accountIds: Map<number, number>; addresses: Map<number, string>; sizes: SeedSizes; collectionRowIds: number[] },
): Promise<void> {
  const all = await db
    .select({ id: tokens.id, collectionId: tokens.collectionId, creator: tokens.creator })
    .from(tokens)
    .where(inArray(tokens.collectionId, collectionRowIds))
    .orderBy(asc(tokens.id));
  const cover = async (seed: number) => store.put(await renderCover(seed, sizes.cover[0], sizes.cover[1]), 'image/png');

  // Likes: real rows by the two collectors, plus a deterministic spread of counts for the most-liked sort.
  const likers = [accountIds.get(3)!, accountIds.get(4)!];
  const liked = all.filter((_, i) => i % 3 === 0);
  await db.insert(likes).values(liked.flatMap((t, i) => (i % 2 === 0 ? likers : [likers[0]!]).map((accountId) => ({ tokenId: t.id, accountId }))));
  for (const [i, t] of all.entries()) {
    const real = liked.includes(t) ? (liked.indexOf(t) % 2 === 0 ? 2 : 1) : 0;
    await db.update(tokens).set({ likesCount: real + ((i * 37) % 23) }).where(sql`${tokens.id} = ${t.id}`);
  }

  // Comments with a reply, on the first tokens.
  const [first, second] = all;
  const [question] = await db.insert(comments).values({ tokenId: first!.id, accountId: likers[0]!, text: 'The way the arcs meet at the corner is wonderful. Is this part of a larger series?' }).returning({ id: comments.id });
  await db.insert(comments).values([
    { tokenId: first!.id, accountId: accountIds.get(1)!, parentId: question!.id, text: 'Thank you! Yes — six tiles so far, more to come this winter.' },
    { tokenId: first!.id, accountId: likers[1]!, text: 'Saw this on a big screen at the opening. Even better in person.' },
    { tokenId: second!.id, accountId: likers[1]!, text: 'Those colours!' },
  ]);

  // Artist pages for every creator (the artists' pages): cover at the profile's 939/480 crop, socials, highlights, a
  // portfolio of three images and one article each, so every section of the artist page shows.
  const html = (title: string, body: string) => new TextEncoder().encode(`<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`);
  const artistIds = new Map<number, number>();
  const coverWidth = sizes.cover[0];
  const portfolioSize = Math.min(sizes.image, 800);
  for (const person of people.filter((p) => p.isCreator)) {
    const address = addresses.get(person.account)!;
    const featured = all.find((t) => t.creator === address);
    const handle = person.alias.replace(/[^A-Za-z0-9_]/g, '');
    const socials = {
      web: person.web ?? `https://${handle}.art`,
      twitter: person.twitter ?? handle,
      instagram: person.instagram ?? `${handle}.studio`,
    };
    await db.update(accounts).set(socials).where(eq(accounts.id, accountIds.get(person.account)!));
    const portfolioItems = [];
    for (let i = 0; i < 3; i++) {
      const cid = await store.put(await renderImage(9300 + person.account * 10 + i, { size: portfolioSize }), 'image/png');
      portfolioItems.push({ mediaUrl: cid, description: `${person.firstName}, study ${i + 1} (${2023 + i})` });
    }
    const [row] = await db
      .insert(artists)
      .values({
        accountId: accountIds.get(person.account)!,
        sortKey: artistSortKey({ firstName: person.firstName, lastName: person.lastName, alias: person.alias, address }),
        cover: await store.put(await renderCover(9000 + person.account, coverWidth, Math.round((coverWidth * 480) / 939)), 'image/png'),
        description: person.bio,
        featuredTokenId: featured?.id ?? null,
        featuredArtworkDescription: `A key work by ${person.firstName} ${person.lastName ?? ''}`.trim() + ', chosen by the curators.',
        about: `${person.firstName} lives and works between the studio and the screen.`,
        highlights: [
          { date: '2023-03-18', achievement: 'Group show "New Systems", online' },
          { date: '2024-05-12', achievement: 'First solo show online' },
          { date: '2025-10-03', achievement: 'Joined Art Bazaar' },
        ],
        portfolio: { context: `Selected works by ${person.firstName}: studies made alongside the collections on Art Bazaar.`, items: portfolioItems },
      })
      .returning({ id: artists.id });
    artistIds.set(person.account, row!.id);
    const title = `${person.firstName} ${person.lastName ?? ''}`.trim();
    await db.insert(articles).values({
      type: 'interview',
      title: `A conversation with ${title}`,
      cover: await cover(9400 + person.account),
      ipfsHash: await store.put(html(`A conversation with ${title}`, `<p>${person.bio}</p><p>“The work starts with a rule and ends when the rule surprises me.”</p><p>Read on for how ${person.firstName} works, what the studio looks like and what comes next.</p>`), 'text/html'),
      artistId: row!.id,
    });
  }

  await seedExhibitions(db, { cover, collectionRowIds });

  // Editorial articles: HTML bodies in the media store.
  const pieces = [
    { type: 'interview', title: 'In the studio with Mara Vale', artist: 1, body: '<p>Mara Vale on tiles, grids and the pleasure of a small vocabulary.</p><p>“I give myself four shapes and a week. The constraint is the studio.”</p>' },
    { type: 'essay', title: 'What a seed remembers', artist: 5, body: '<p>Generative art is often described as random. It is the opposite: every seed is a precise instruction, replayed identically forever.</p>' },
    { type: 'news', title: 'Systems of Light opens', artist: null, body: '<p>Our new exhibition brings together eleven artists working with rules, seeds and fields.</p>' },
  ];
  for (const [i, a] of pieces.entries()) {
    await db.insert(articles).values({ type: a.type, title: a.title, cover: await cover(9200 + i), ipfsHash: await store.put(html(a.title, a.body), 'text/html'), isFeatured: i === 0, artistId: a.artist === null ? null : artistIds.get(a.artist) ?? null });
  }
}
