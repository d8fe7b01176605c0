/* rapcc stand-in for <cuda_texture_types.h> (declarations only): the legacy texture<> template
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_CUDA_TEXTURE_TYPES_H
#define RAPCC_CUDA_TEXTURE_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
