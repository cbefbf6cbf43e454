// The demo's curated content: who the artists are and what they publish. Account numbers are the
// standard Hardhat test accounts (#0 deployer, #1 and #2 creators, #3 and #4 collectors).
import type { CompositionName } from './artwork/compositions.js';
import type { SketchName } from './artwork/generative.js';

export interface DemoPerson {
  account: number;
  alias: string;
  firstName: string;
  lastName?: string;
  bio: string;
  twitter?: string;
  instagram?: string;
  web?: string;
  isCreator: boolean;
}

export const people: readonly DemoPerson[] = [
  { account: 1, alias: 'mara.vale', firstName: 'Mara', lastName: 'Vale', isCreator: true, twitter: 'maravale', web: 'https://maravale.art', bio: 'Mara Vale builds quiet geometric systems from a small alphabet of arcs and squares, drawing on Bauhaus textile patterns and Lisbon tiles.' },
  { account: 2, alias: 'oskar.lind', firstName: 'Oskar', lastName: 'Lind', isCreator: true, instagram: 'oskarlind.studio', bio: 'Oskar Lind paints landscapes that have forgotten their places: horizons, suns and folded hills reduced to flat colour.' },
  { account: 3, alias: 'collector.june', firstName: 'June', lastName: 'Okafor', isCreator: false, bio: 'Collector of generative and geometric work since 2019.' },
  { account: 4, alias: 'theo.h', firstName: 'Theo', lastName: 'Hartmann', isCreator: false, bio: 'Collects moving images and anything with a loop.' },
  { account: 5, alias: 'ines.kodama', firstName: 'Ines', lastName: 'Kodama', isCreator: true, twitter: 'ineskodama', bio: 'Ines Kodama writes small programs that draw star charts for skies that never existed. Every seed is a new night.' },
  { account: 6, alias: 'felix.arden', firstName: 'Felix', lastName: 'Arden', isCreator: true, web: 'https://felixarden.com', bio: 'Felix Arden studies water through code: tides, interference and the slow drift of lines across a page.' },
  { account: 7, alias: 'nadia.r', firstName: 'Nadia', lastName: 'Rahimi', isCreator: true, instagram: 'nadia.moving', bio: 'Nadia Rahimi makes short looping films from generated light, meant to be watched for longer than they last.' },
  { account: 8, alias: 'leo.marchetti', firstName: 'Leo', lastName: 'Marchetti', isCreator: true, bio: 'Leo Marchetti traces flow fields by hand and by machine; his drawings sit between weather maps and calligraphy.' },
  { account: 9, alias: 'sol.ibarra', firstName: 'Sol', lastName: 'Ibarra', isCreator: true, twitter: 'solibarra', bio: 'Sol Ibarra works in stripes: colour as rhythm, the canvas as a score read left to right.' },
  { account: 10, alias: 'ada.nwosu', firstName: 'Ada', lastName: 'Nwosu', isCreator: true, bio: 'Ada Nwosu animates concentric forms, sound-wave diagrams and the echoes between them.' },
  { account: 11, alias: 'kai.sorensen', firstName: 'Kai', lastName: 'Sørensen', isCreator: true, web: 'https://kaisorensen.dk', bio: 'Kai Sørensen paints with blur: soft fields of colour that resolve only at a distance.' },
  { account: 0, alias: 'artbazaar', firstName: 'Art Bazaar', isCreator: false, bio: 'The curators of the Art Bazaar demo marketplace.' },
];

export type DemoMedia =
  | { type: 'image'; style: CompositionName }
  | { type: 'gif'; style: CompositionName }
  | { type: 'multipart/image'; style: CompositionName }
  | { type: 'multipart/mixed'; sketch: SketchName }
  | { type: 'video' }
  | { type: 'sound'; style: CompositionName };

export type Listing = 'each' | 'allOut' | 'none';

export interface DemoCollection {
  artist: number;
  name: string;
  symbol: string;
  description: string;
  media: DemoMedia;
  tokens: readonly string[];
  priceEth: readonly string[]; // per token; cycles when shorter
  listing: Listing;
  featured?: boolean;
}

export const demoCollections: readonly DemoCollection[] = [
  { artist: 1, name: 'Quiet Geometry', symbol: 'QGEO', featured: true, listing: 'each', media: { type: 'image', style: 'bauhaus' },
    description: 'Six tiles from a grammar of quarter circles and diagonals. Each composition is assembled from the same parts in a different order.',
    tokens: ['Azulejo I', 'Azulejo II', 'Weaving Room', 'Red Quarter', 'Night Loom', 'Workshop Door'], priceEth: ['0.12', '0.15', '0.2', '0.12', '0.25'] },
  { artist: 1, name: 'Tidal Loops', symbol: 'TLOOP', listing: 'each', media: { type: 'gif', style: 'horizon' },
    description: 'A sun that rises and sets over folded hills, twelve frames at a time, looping forever.',
    tokens: ['Slack Water', 'Spring Tide', 'Neap', 'Ebb'], priceEth: ['0.3', '0.35', '0.4'] },
  { artist: 2, name: 'Paper Suns', symbol: 'PSUN', featured: true, listing: 'each', media: { type: 'image', style: 'horizon' },
    description: 'Horizons cut from coloured paper: one sun, a few hills, nothing else.',
    tokens: ['Morning Over Hills', 'Late Harvest', 'Salt Flats', 'The Long Field', 'Afterglow'], priceEth: ['0.08', '0.09', '0.11'] },
  { artist: 2, name: 'Two Faces', symbol: 'TWOF', listing: 'allOut', media: { type: 'multipart/image', style: 'bauhaus' },
    description: 'Flipcards: every token has a front and a back. Turn them over to see the other half of the pattern.',
    tokens: ['Janus', 'Recto / Verso', 'Obverse', 'Mirror Card'], priceEth: ['0.18'] },
  { artist: 5, name: 'Constellations', symbol: 'CNST', featured: true, listing: 'each', media: { type: 'multipart/mixed', sketch: 'constellation' },
    description: 'A p5.js program that draws a star chart for every seed. Stars closer than a hand span are joined into figures.',
    tokens: ['Chart 0417', 'Chart 1129', 'Chart 2048', 'Chart 3301', 'Chart 5150', 'Chart 7777'], priceEth: ['0.05', '0.06', '0.07'] },
  { artist: 6, name: 'Tidal Lines', symbol: 'TIDL', listing: 'each', media: { type: 'multipart/mixed', sketch: 'tidal' },
    description: 'Interference of slow waves, drawn line by line from a single seed.',
    tokens: ['Swell', 'Undertow', 'Standing Wave', 'Fetch', 'Backwash'], priceEth: ['0.09', '0.1'] },
  { artist: 7, name: 'Slow Signals', symbol: 'SLOW', listing: 'each', media: { type: 'video' },
    description: 'Four short films of generated light. Watch them on repeat.',
    tokens: ['Sunrise, Looped', 'Ripples', 'Breathing Room', 'Broadcast'], priceEth: ['0.45', '0.5'] },
  { artist: 8, name: 'Field Notes', symbol: 'FNOT', listing: 'each', media: { type: 'image', style: 'flow' },
    description: 'Flow fields traced across an empty page, like wind on a map.',
    tokens: ['Mistral', 'Sirocco', 'Föhn', 'Bora', 'Chinook'], priceEth: ['0.14', '0.16'] },
  { artist: 9, name: 'Chromatic Rhythms', symbol: 'CHRM', listing: 'allOut', media: { type: 'image', style: 'stripes' },
    description: 'Stripes as a score: the whole collection is for sale at one price per piece.',
    tokens: ['Score No. 1', 'Score No. 2', 'Score No. 3', 'Score No. 4', 'Score No. 5', 'Score No. 6'], priceEth: ['0.07'] },
  { artist: 10, name: 'Resonance', symbol: 'RSNC', listing: 'each', media: { type: 'gif', style: 'rings' },
    description: 'Concentric rings that never stop expanding.',
    tokens: ['Echo Chamber', 'Standing Note', 'Overtone', 'Hum'], priceEth: ['0.22', '0.26'] },
  { artist: 11, name: 'Soft Matter', symbol: 'SOFT', featured: true, listing: 'each', media: { type: 'image', style: 'orbs' },
    description: 'Colour fields out of focus, each with one sharp line.',
    tokens: ['Haze', 'Bloom', 'Vapour', 'Pollen', 'Drift'], priceEth: ['0.2', '0.3', '0.28'] },
  { artist: 9, name: 'Rhythm Studies', symbol: 'RSTD', listing: 'none', media: { type: 'image', style: 'stripes' },
    description: 'Sketches for Chromatic Rhythms, kept by the artist and not for sale yet.',
    tokens: ['Study A', 'Study B', 'Study C'], priceEth: ['0.1'] },
  // The sound media type (docs/requirements.md#media; added by the marketplace gaps review): every token plays a short synthesized piece under the collection's cover.
  { artist: 10, name: 'Tone Poems', symbol: 'TONE', listing: 'each', media: { type: 'sound', style: 'rings' },
    description: 'Four short pieces of synthesized sound: a slow drone and bells from a pentatonic scale. Press play on a token page.',
    tokens: ['Bell Garden', 'Low Drone', 'Glass Harbour', 'Night Chime'], priceEth: ['0.04', '0.05'] },
];
