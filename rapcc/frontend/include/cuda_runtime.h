/* rapcc stand-in for <cuda_runtime.h> (declarations only): the CUDA runtime declarations
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_CUDA_RUNTIME_H
#define RAPCC_CUDA_RUNTIME_H
#include "rapcc_cuda_shim.h"
#endif
