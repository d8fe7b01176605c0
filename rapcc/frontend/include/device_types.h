/* rapcc stand-in for <device_types.h> (declarations only): the device types
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_DEVICE_TYPES_H
#define RAPCC_DEVICE_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
