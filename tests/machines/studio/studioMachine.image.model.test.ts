// The studio machine along the image path (the creator studio: Image details → upload images → token details → preview → publish), model-based: every vertex of a new image collection's graph
// by its shortest path plus the main line to publication, replayed on the real machine with every state asserted.
import { mediaPathSuite } from './studioSuites';

mediaPathSuite('image', ['details', 'upload', 'token', 'preview', 'publish'], false);
