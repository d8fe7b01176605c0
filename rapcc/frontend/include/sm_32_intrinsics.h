/* rapcc stand-in for <sm_32_intrinsics.h> (declarations only): __ldg and the other cache-hinted loads
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_32_INTRINSICS_H
#define RAPCC_SM_32_INTRINSICS_H
#include "rapcc_cuda_shim.h"
#endif
