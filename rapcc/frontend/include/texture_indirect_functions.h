/* rapcc stand-in for <texture_indirect_functions.h> (declarations only): the texture-object fetches
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_TEXTURE_INDIRECT_FUNCTIONS_H
#define RAPCC_TEXTURE_INDIRECT_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
