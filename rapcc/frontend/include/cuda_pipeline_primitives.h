/* rapcc stand-in for <cuda_pipeline_primitives.h>: see cuda_pipeline.h. */
#include "cuda_pipeline.h"
