/* rapcc stand-in for <texture_types.h> (declarations only): the texture types
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_TEXTURE_TYPES_H
#define RAPCC_TEXTURE_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
