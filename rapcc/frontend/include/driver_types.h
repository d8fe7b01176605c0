/* rapcc stand-in for <driver_types.h> (declarations only): the runtime's types and enums
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_DRIVER_TYPES_H
#define RAPCC_DRIVER_TYPES_H
#include "rapcc_cuda_shim.h"
#endif
