/** Curated palettes: background first, then accents. Chosen to read as gallery work, not test patterns. */
export interface Palette {
  name: string;
  background: string;
  ink: string;
  colors: readonly string[];
}

export const palettes: readonly Palette[] = [
  { name: 'Bauhaus', background: '#f2ebdc', ink: '#1d1d1b', colors: ['#d9412b', '#f2b134', '#1f4e8c', '#1d1d1b', '#e8d9b5'] },
  { name: 'Nocturne', background: '#0f1021', ink: '#e9e4d4', colors: ['#3a2e6e', '#7b4fa1', '#e05c79', '#f4a261', '#2ec4b6'] },
  { name: 'Terracotta', background: '#efe2d0', ink: '#3b2a20', colors: ['#c8553d', '#f28f3b', '#588b8b', '#2d3047', '#ffd5c2'] },
  { name: 'Fjord', background: '#e8eef2', ink: '#14213d', colors: ['#14213d', '#2f6690', '#3a7ca5', '#81c3d7', '#d9dcd6'] },
  { name: 'Riso', background: '#fbf7ef', ink: '#222222', colors: ['#ff48b0', '#0078bf', '#ffe800', '#00a95c', '#222222'] },
  { name: 'Moss', background: '#1e2a22', ink: '#e6e1cf', colors: ['#4f6d3a', '#94a35b', '#d9c27e', '#b5651d', '#e6e1cf'] },
  { name: 'Dusk', background: '#2b1b2f', ink: '#f7e9d7', colors: ['#f25f5c', '#ffe066', '#247ba0', '#70c1b3', '#f7e9d7'] },
  { name: 'Porcelain', background: '#f7f5f0', ink: '#1b365d', colors: ['#1b365d', '#5d8aa8', '#a7c7e7', '#c9a227', '#e4ded2'] },
  { name: 'Ember', background: '#14110f', ink: '#f3e9dc', colors: ['#d8572a', '#f7b538', '#c32f27', '#780116', '#f3e9dc'] },
  { name: 'Pastel Garden', background: '#fdf6f0', ink: '#4a4e69', colors: ['#f4acb7', '#9d8189', '#b5e2fa', '#cdeac0', '#ffd6a5'] },
];

export function paletteFor(seed: number): Palette {
  return palettes[Math.abs(seed) % palettes.length]!;
}
