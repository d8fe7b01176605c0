/* rapcc stand-in for <device_launch_parameters.h> (declarations only): threadIdx, blockIdx, blockDim, gridDim and warpSize
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_DEVICE_LAUNCH_PARAMETERS_H
#define RAPCC_DEVICE_LAUNCH_PARAMETERS_H
#include "rapcc_cuda_shim.h"
#endif
