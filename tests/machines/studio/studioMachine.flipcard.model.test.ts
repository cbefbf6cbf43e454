// The studio machine along the flipcard path (the creator studio: Flipcard details → upload flipcard → save preview → token details → preview → publish), model-based: every vertex of a new flipcard collection's graph
// by its shortest path plus the main line to publication, replayed on the real machine with every state asserted.
import { mediaPathSuite } from './studioSuites';

mediaPathSuite('multipart/image', ['details', 'upload', 'flipcardPreview', 'token', 'preview', 'publish'], false);
