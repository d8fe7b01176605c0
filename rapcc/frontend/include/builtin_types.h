/* rapcc stand-in for <builtin_types.h> (declarations only): the built-in CUDA types
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_BUILTIN_TYPES_H
#define RAPCC_BUILTIN_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
