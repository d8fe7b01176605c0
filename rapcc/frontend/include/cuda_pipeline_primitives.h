/* rapcc stand-in for <cuda_pipeline_primitives.h>: the same primitives as cuda_pipeline.h. */
#ifndef RAPCC_CUDA_PIPELINE_PRIMITIVES_H
#define RAPCC_CUDA_PIPELINE_PRIMITIVES_H
/* The toolkit's own guards: a toolkit header that includes this one by a
 * quoted name (cuda_fp8.h's "cuda_fp16.h") finds it already defined. */
#define _CUDA_PIPELINE_PRIMITIVES_H_
#include "cuda_pipeline.h"
#endif
