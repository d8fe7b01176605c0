/* rapcc stand-in for <host_defines.h> (declarations only): the __global__/__device__/... qualifiers
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_HOST_DEFINES_H
#define RAPCC_HOST_DEFINES_H
#include "rapcc_cuda_shim.h"
#endif
