// The studio machine along the gif path (the creator studio: GIF details → upload gif → thumbnail → token details → preview → publish), model-based: every vertex of a new gif collection's graph
// by its shortest path plus the main line to publication, replayed on the real machine with every state asserted.
import { mediaPathSuite } from './studioSuites';

mediaPathSuite('gif', ['details', 'upload', 'thumbnail', 'token', 'preview', 'publish'], true);
