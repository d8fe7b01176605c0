/* rapcc stand-in for <cuda_profiler_api.h> (declarations only): cudaProfilerStart
 * and cudaProfilerStop come from rapcc_cuda_shim.h, which rapcc force-includes. */
#ifndef RAPCC_CUDA_PROFILER_API_H
#define RAPCC_CUDA_PROFILER_API_H
#include "rapcc_cuda_shim.h"
#endif
