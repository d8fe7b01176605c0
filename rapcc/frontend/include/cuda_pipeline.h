/* rapcc stand-in for <cuda_pipeline.h> (declarations only): the pipeline
 * primitives that copy global memory into shared memory asynchronously
 * (LDGSTS), as the CUDA samples' globalToShmemAsyncCopy uses them. */
#ifndef RAPCC_CUDA_PIPELINE_H
#define RAPCC_CUDA_PIPELINE_H
/* The toolkit's own guards: a toolkit header that includes this one by a
 * quoted name (cuda_fp8.h's "cuda_fp16.h") finds it already defined. */
#define _CUDA_PIPELINE_H_
#include "rapcc_cuda_shim.h"
__device__ void __pipeline_memcpy_async(void *dst_shared, const void *src_global, size_t size_and_align,
                                        size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t prior);
#endif
