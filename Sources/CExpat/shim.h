#ifndef LEDMARQUEE_EXPAT_SHIM_H
#define LEDMARQUEE_EXPAT_SHIM_H

// expat (Debian libexpat1-dev): the streaming XML parser that reads RSS,
// RDF and Atom feeds (docs/feeds.md, "Parsing"). Chosen over libxml2
// because it never fetches or reads an external entity unless asked to
// (no handler is set), and from 2.4 limits entity expansion itself
// (billion laughs); the feed reader also refuses any entity declaration.
// Headers only: the library is loaded on first use (CLazyLibraries).
#include <expat.h>

#endif
