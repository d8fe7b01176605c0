/* rapcc stand-in for <texture_fetch_functions.h> (declarations only): tex1Dfetch, tex2D and the other fetches
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_TEXTURE_FETCH_FUNCTIONS_H
#define RAPCC_TEXTURE_FETCH_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
