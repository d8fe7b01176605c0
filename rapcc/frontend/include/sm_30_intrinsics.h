/* rapcc stand-in for <sm_30_intrinsics.h> (declarations only): the warp shuffle and vote intrinsics
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_30_INTRINSICS_H
#define RAPCC_SM_30_INTRINSICS_H
#include "rapcc_cuda_shim.h"
#endif
