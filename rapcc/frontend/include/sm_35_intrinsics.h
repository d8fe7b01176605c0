/* rapcc stand-in for <sm_35_intrinsics.h> (declarations only): the intrinsics
 * come from rapcc_cuda_shim.h, which rapcc force-includes before every parse. */
#ifndef RAPCC_SM_35_INTRINSICS_H
#define RAPCC_SM_35_INTRINSICS_H
#include "rapcc_cuda_shim.h"
#endif
