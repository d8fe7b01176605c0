/* rapcc stand-in for <vector_types.h> (declarations only): the vector types (float4, int2, ...) and dim3
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_VECTOR_TYPES_H
#define RAPCC_VECTOR_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
