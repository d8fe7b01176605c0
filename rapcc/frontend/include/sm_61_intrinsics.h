/* rapcc stand-in for <sm_61_intrinsics.h> (declarations only): __dp4a and the other intrinsics
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_61_INTRINSICS_H
#define RAPCC_SM_61_INTRINSICS_H
#include "rapcc_cuda_shim.h"
#endif
