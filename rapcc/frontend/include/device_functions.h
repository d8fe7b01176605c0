/* rapcc stand-in for <device_functions.h> (declarations only): the device intrinsics
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_DEVICE_FUNCTIONS_H
#define RAPCC_DEVICE_FUNCTIONS_H
#include "rapcc_cuda_shim.h"
#endif
