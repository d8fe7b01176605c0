/* rapcc stand-in for <cuda_runtime_api.h> (declarations only): the CUDA runtime API declarations
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_CUDA_RUNTIME_API_H
#define RAPCC_CUDA_RUNTIME_API_H
#include "rapcc_cuda_shim.h"
#endif
