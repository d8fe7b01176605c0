/* rapcc stand-in for <cuda_pipeline_primitives.h>: the same primitives as cuda_pipeline.h. */
#ifndef RAPCC_CUDA_PIPELINE_PRIMITIVES_H
#define RAPCC_CUDA_PIPELINE_PRIMITIVES_H
#include "cuda_pipeline.h"
#endif
