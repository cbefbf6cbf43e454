// The studio machine along the video path (the creator studio: Video details → upload video → thumbnail → token details → preview → publish), model-based: every vertex of a new video collection's graph
// by its shortest path plus the main line to publication, replayed on the real machine with every state asserted.
import { mediaPathSuite } from './studioSuites';

mediaPathSuite('video', ['details', 'upload', 'thumbnail', 'token', 'preview', 'publish'], true);
