#ifndef LEDMARQUEE_FRIBIDI_SHIM_H
#define LEDMARQUEE_FRIBIDI_SHIM_H

// GNU FriBidi (Debian libfribidi-dev): the bidirectional algorithm and
// Arabic joining/shaping. Its functions, types and the flag and direction
// constants the sign uses import into Swift as they are.
#include <fribidi/fribidi.h>

#endif
